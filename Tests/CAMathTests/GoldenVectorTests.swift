import _CAMathTestSupport
import Foundation
import Testing

/// Replays every case of every `Tests/Fixtures/*.json` through the public API.
@Suite struct GoldenVectorTests {
    @Test(arguments: GoldenFixtures.fileNames())
    func replay(file: String) throws {
        let cases = try GoldenFixtures.cases(in: file)
        #expect(!cases.isEmpty, "\(file) holds no cases")
        let outcomes = cases.map { GoldenReplay.run($0) }
        print(GoldenReplay.summary(file: file, outcomes: outcomes))
        for failure in outcomes.flatMap(\.failures) {
            Issue.record(Comment(rawValue: failure))
        }
    }

    @Test func fixturesOfTheLandedModulesArePresent() {
        let files = Set(GoldenFixtures.fileNames())
        for required in [
            "transform3d.json", "affine.json", "frame.json", "set_frame.json", "convert.json", "hit_test.json", "key_paths.json",
            "decomposition.json", "blend.json",
            "autoresizing.json", "constraint_layout.json",
            "timing_function.json", "media_timing.json", "animation_values.json", "spring.json"
        ] {
            #expect(files.contains(required), "Tests/Fixtures/\(required) is missing")
        }
    }

    /// Each case's `source` ends with `— rule: <doc:Module/Article>`, an article of the module's catalogue that
    /// states the rule the case checks (Tests/Fixtures/README.md).
    @Test func everyCaseNamesTheArticleOfItsRule() throws {
        let sources = GoldenFixtures.directory.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")
        for file in GoldenFixtures.fileNames() {
            let data = try Data(contentsOf: GoldenFixtures.directory.appendingPathComponent(file))
            let cases = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
            for c in cases {
                let id = c["id"] as? String ?? "?", source = c["source"] as? String ?? ""
                guard let rule = source.range(of: " — rule: <doc:"), source.hasSuffix(">") else {
                    Issue.record("\(file) \(id): its source names no article")
                    continue
                }
                let link = source[rule.upperBound...].dropLast().split(separator: "/")
                guard link.count == 2 else { Issue.record("\(file) \(id): the article link is not Module/Article"); continue }
                let article = sources.appendingPathComponent("\(link[0])/\(link[0]).docc/\(link[1]).md")
                #expect(FileManager.default.fileExists(atPath: article.path), "\(file) \(id): no article \(link[0])/\(link[1])")
            }
        }
    }

    @Test func caseIdsAreUniqueAcrossFiles() throws {
        var seen: [String: String] = [:]
        for file in GoldenFixtures.fileNames() {
            for c in try GoldenFixtures.cases(in: file) {
                #expect(seen[c.id] == nil, "id \(c.id) appears in \(seen[c.id] ?? "") and \(file)")
                seen[c.id] = file
            }
        }
    }

    @Test func everyOpOfTheVectorsReadmeHasAnOperation() {
        let readmeOps = [
            "CATransform3DMakeTranslation", "CATransform3DMakeScale", "CATransform3DMakeRotation",
            "CATransform3DTranslate", "CATransform3DScale", "CATransform3DRotate", "CATransform3DConcat",
            "CATransform3DInvert", "CATransform3DIsIdentity", "CATransform3DEqualToTransform",
            "CATransform3DIsAffine", "CATransform3DMakeAffineTransform", "CATransform3DGetAffineTransform",
            "CATransform3DApplyToPoint", "matrixFromQuaternion",
            "CGAffineTransform.init(rotationAngle:)", "CGAffineTransform.translatedBy", "CGAffineTransform.scaledBy",
            "CGAffineTransform.rotated", "CGAffineTransform.inverted", "CGAffineTransform.concatenating",
            "CGPoint.applying", "CGSize.applying", "CGRect.applying",
            "CALayer.frame", "CALayer.setFrame", "CALayer.convertPoint(_:to:)", "CALayer.convertPoint(_:from:)",
            "CALayer.convertRect(_:to:)", "CALayer.convertRect(_:from:)", "CALayer.affineTransform",
            "CALayer.hitTest", "CALayer.contains", "CALayer.valueForKeyPath", "CALayer.setValueForKeyPath",
            "decomposeEuler", "decompose2D", "decompose3D", "decomposeRecompose", "blend",
            "CALayer.resize(withOldSuperlayerSize:)", "CALayer.setBounds(autoresize)", "CALayer.setFrame(autoresize)",
            "CALayer.resizeSublayers(withOldSize:)", "NSView.resize(withOldSuperviewSize:)",
            "CAConstraintLayoutManager.layoutSublayers",
            "CAMediaTimingFunction.getControlPoint", "CAMediaTimingFunction.evaluate", "UnitBezier.solveExtrapolating",
            "UnitBezier.solveCurveX.roundTrip", "CALayer.convertTime(_:from:)", "CALayer.convertTime(_:to:)",
            "CAMediaTiming.defaults", "CAMediaTiming.activeDuration", "CAAnimation.localTime",
            "CABasicAnimation.value", "CAKeyframeAnimation.value", "CALayer.presentation(at:)",
            "CASpringAnimation.settlingDuration", "CASpringAnimation.fraction"
        ]
        for op in readmeOps {
            #expect(GoldenOperations.table[op] != nil, "no operation for \(op)")
        }
    }

    // MARK: the loader itself must be able to fail

    static func singleCase(_ json: String) throws -> GoldenCase {
        try GoldenFixtures.cases(fromJSON: Data("[\(json)]".utf8))[0]
    }

    @Test func aWrongExpectationFailsAndNamesTheCase() throws {
        let c = try Self.singleCase(
            """
            {"id": "T1", "source": "test", "op": "CATransform3DMakeTranslation", "input": {"tx": 2, "ty": 3, "tz": 4},
             "expected": {"matrix": [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 2, 3, 5, 1]}, "exact": true}
            """)
        let outcome = GoldenReplay.run(c)
        #expect(!outcome.passed)
        #expect(outcome.failures.allSatisfy { $0.hasPrefix("T1 ") })
        #expect(outcome.failures.contains { $0.contains("matrix[14]") })
    }

    @Test func anUnknownOpFails() throws {
        let c = try Self.singleCase(
            """
            {"id": "T2", "source": "test", "op": "CATransform3DFrobnicate", "input": {}, "expected": {"bool": true}, "exact": true}
            """)
        #expect(GoldenReplay.run(c).failures == ["T2 (CATransform3DFrobnicate): unknown op"])
    }

    @Test func aMissingResultFieldOrMalformedInputFails() throws {
        let noField = try Self.singleCase(
            """
            {"id": "T3", "source": "test", "op": "CATransform3DIsAffine", "input": {"t": [1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,1]},
             "expected": {"matrix": [1]}, "exact": true}
            """)
        #expect(!GoldenReplay.run(noField).passed)
        let badInput = try Self.singleCase(
            """
            {"id": "T4", "source": "test", "op": "CATransform3DIsAffine", "input": {"t": [1, 0]}, "expected": {"bool": true}, "exact": true}
            """)
        #expect(!GoldenReplay.run(badInput).passed)
    }

    @Test func aWrongOrMissingLayerFrameFails() throws {
        let tree = """
            "tree": {"name": "sup", "bounds": [0, 0, 100, 100], "sublayers": [{"name": "sub", "frame": [10, 20, 50, 40], "autoresizingMask": 18}]},
            "newBounds": [0, 0, 200, 300]
            """
        let wrong = try Self.singleCase(
            """
            {"id": "T5", "source": "test", "op": "CALayer.setBounds(autoresize)", "input": {\(tree)},
             "expected": {"frames": {"sub": [10, 20, 150, 241]}}, "exact": true}
            """)
        #expect(GoldenReplay.run(wrong).failures.contains { $0.contains("frames.sub[3]") })
        let missing = try Self.singleCase(
            """
            {"id": "T6", "source": "test", "op": "CALayer.setBounds(autoresize)", "input": {\(tree)},
             "expected": {"frames": {"other": [10, 20, 150, 240]}}, "exact": true}
            """)
        #expect(GoldenReplay.run(missing).failures.contains { $0.contains("frames.other") })
    }

    /// A conversion whose answer depends on every ancestor: it must run on the whole tree (a superlayer is
    /// weak, so a tree nobody holds falls apart before the conversion runs).
    static let nestedTree = """
        [{"name": "root", "bounds": [0, 0, 100, 100], "position": [60, 70], "sublayers": [
          {"name": "mid", "bounds": [0, 0, 40, 40], "position": [40, 30], "sublayers": [
            {"name": "leaf", "bounds": [0, 0, 10, 10], "position": [15, 25]}]},
          {"name": "side", "bounds": [0, 0, 20, 20], "position": [80, 90]}]}]
        """

    @Test func conversionsRunOnTheWholeTree() throws {
        let toRoot = try Self.singleCase(
            """
            {"id": "T5", "source": "test", "op": "CALayer.convertPoint(_:to:)",
             "input": {"roots": \(Self.nestedTree), "receiver": "leaf", "other": "side", "point": [1, 2]},
             "expected": {"point": [-39, -48]}, "exact": true}
            """)
        #expect(GoldenReplay.run(toRoot).failures == [])
        let hit = try Self.singleCase(
            """
            {"id": "T6", "source": "test", "op": "CALayer.hitTest",
             "input": {"roots": \(Self.nestedTree), "receiver": "root", "point": [41, 52]}, "expected": {"layer": "leaf"}, "exact": true}
            """)
        #expect(GoldenReplay.run(hit).failures == [])
    }

    @Test func anEvaluationOnADetachedLayerFails() throws {
        let roots = try JSONDecoder().decode(GoldenValue.self, from: Data(Self.nestedTree.utf8))
        #expect(throws: GoldenFormatError.self) {
            try GoldenLayers.evaluate(roots: roots) { layers in try layers.named("mid").removeFromSuperlayer() }
        }
        try GoldenLayers.evaluate(roots: roots) { layers in try layers.requireWhole() }
    }

    @Test func comparisonRules() {
        let tol = GoldenTolerance.within(abs: 1e-9, rel: 0)
        #expect(GoldenComparison.numberMatches(expected: .nan, got: .nan, tolerance: tol, angle: false))
        #expect(!GoldenComparison.numberMatches(expected: 1, got: .nan, tolerance: tol, angle: false))
        #expect(!GoldenComparison.numberMatches(expected: 1, got: .infinity, tolerance: tol, angle: false))
        #expect(!GoldenComparison.numberMatches(expected: .infinity, got: 1e308, tolerance: tol, angle: false))
        #expect(GoldenComparison.numberMatches(expected: 0, got: -0.0, tolerance: .exact, angle: false))
        #expect(GoldenComparison.numberMatches(expected: Double.pi, got: -Double.pi, tolerance: tol, angle: true))
        #expect(!GoldenComparison.numberMatches(expected: Double.pi, got: -Double.pi, tolerance: tol, angle: false))
        #expect(!GoldenComparison.numberMatches(expected: 1, got: 1 + 1e-8, tolerance: tol, angle: false))
    }
}
