@_spi(Benchmarks) import CAMath
import Foundation
import Testing

/// Code written for Apple platforms compiles unchanged against `import CAMath` and gives Apple's values.
@Suite struct AppleSourceCompatibilityTests {
    @Test func caTransform3DFunctions() {
        let t = CATransform3DRotate(CATransform3DMakeTranslation(10, 0, 0), .pi / 4, 0, 0, 1)
        #expect(t == CATransform3DConcat(CATransform3DMakeRotation(.pi / 4, 0, 0, 1), CATransform3DMakeTranslation(10, 0, 0)))
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        #expect(!CATransform3DIsAffine(p))
        #expect(CATransform3DIsIdentity(CATransform3DInvert(CATransform3DIdentity)))
        let s = CATransform3DScale(CATransform3DIdentity, 2, 3, 4)
        #expect(CATransform3DEqualToTransform(s, CATransform3DMakeScale(2, 3, 4)))
        #expect(CATransform3DTranslate(CATransform3DIdentity, 1, 2, 3) == CATransform3DMakeTranslation(1, 2, 3))
        let affine = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        #expect(CATransform3DGetAffineTransform(CATransform3DMakeAffineTransform(affine)) == affine)
    }

    @Test func cgFloatArgumentsConvertImplicitly() {
        let angle: CGFloat = .pi / 2
        let x: CGFloat = 0, y: CGFloat = 0, z: CGFloat = 1
        var t = CATransform3DMakeRotation(angle, x, y, z)
        t.m34 = CGFloat(-1) / 500
        #expect(t.m34 == -1.0 / 500)
        let a = CGAffineTransform(translationX: CGFloat(3), y: CGFloat(4))
        #expect(a.tx == 3 && a.ty == 4)
    }

    @Test func cgAffineTransformOverlay() {
        let r = CGRect(x: 0, y: 0, width: 10, height: 20).applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(abs(r.origin.x - -20) < 1e-12 && abs(r.origin.y) < 1e-12)
        #expect(abs(r.size.width - 20) < 1e-12 && abs(r.size.height - 10) < 1e-12)
        let t = CGAffineTransform.identity.translatedBy(x: 5, y: 6).scaledBy(x: 2, y: 2).rotated(by: 0)
        #expect(t == CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 5, ty: 6))
        #expect(t.inverted().concatenating(t).isIdentity)
        #expect(CGPoint(x: 1, y: 1).applying(t) == CGPoint(x: 7, y: 8))
        #expect(CGSize(width: 100, height: 50).applying(CGAffineTransform(scaleX: -1, y: 2)) == CGSize(width: -100, height: 100))
        #expect(CGRect.null.applying(t).isNull)
        #expect(CGRect.infinite.applying(t) == CGRect.infinite)
    }

    @Test func foundationNullAndInfiniteMatchTheSpec() {
        #expect(CGRect.null.origin.x == .infinity && CGRect.null.origin.y == .infinity)
        #expect(CGRect.null.size == .zero)
        #expect(Double(CGRect.infinite.origin.x) == Rect2D.infinite.x)
        #expect(Double(CGRect.infinite.size.width) == Rect2D.infinite.width)
    }
}

/// The README's examples: all of them as written (the ReadmeExamples target, built beside this test and run
/// here), and the first ones again with their stated results.
@Suite struct ReadmeExampleTests {
    @Test func everyExampleRunsAsWritten() throws {
        let examples = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("ReadmeExamples")
        let process = Process()
        process.executableURL = examples
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(
            process.terminationReason == .exit && process.terminationStatus == 0,
            "README.md's and GUIDE.md's examples stopped with an error")
    }

    @Test func usageExample() {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        let spin = CATransform3DRotate(CATransform3DMakeTranslation(10, 0, 0), .pi / 4, 0, 0, 1)
        let t = CATransform3DConcat(spin, perspective)
        let p = t.mapPoint(SIMD3(1, 0, 0))
        let undo = CATransform3DInvert(t)

        let box = CGRect(x: 0, y: 0, width: 10, height: 20)
            .applying(CGAffineTransform(rotationAngle: .pi / 2))

        #expect(abs(p.x - (10 + 0.5.squareRoot())) < 1e-12 && abs(p.y - 0.5.squareRoot()) < 1e-12 && p.z == 0)
        #expect(CATransform3DConcat(t, undo).maxDifference(to: CATransform3DIdentity) < 1e-15)
        #expect(abs(box.origin.x - -20) < 1e-12 && abs(box.origin.y) < 1e-12)
        #expect(abs(box.size.width - 20) < 1e-12 && abs(box.size.height - 10) < 1e-12)
    }
}

extension ReadmeExampleTests {
    /// The README's clock-hand example, with its stated numbers.
    @Test func clockHandExample() {
        let window = CALayer()
        window.frame = CGRect(x: 0, y: 0, width: 320, height: 480)
        let face = CALayer()
        face.frame = CGRect(x: 60, y: 100, width: 200, height: 200)
        let hand = CALayer()
        hand.bounds = CGRect(x: 0, y: 0, width: 10, height: 80)
        hand.anchorPoint = CGPoint(x: 0.5, y: 0.9) // pivot 72 pt down the hand
        hand.position = CGPoint(x: 100, y: 100) // the centre of the face
        hand.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1) // 12 o'clock → 3 o'clock
        window.addSublayer(face)
        face.addSublayer(hand)

        let tip = hand.convert(CGPoint(x: 5, y: 0), to: window) // ≈ (232, 200)
        let touch = CGPoint(x: 230, y: 201)
        let inHand = hand.convert(touch, from: window) // ≈ (6, 2)
        let hit = window.hitTest(touch) // hand
        let frame = hand.frame // ≈ (92, 95, 80, 10)

        #expect(abs(tip.x - 232) < 1e-12 && abs(tip.y - 200) < 1e-12)
        #expect(abs(inHand.x - 6) < 1e-12 && abs(inHand.y - 2) < 1e-12)
        #expect(hit === hand)
        #expect(window.hitTest(CGPoint(x: 160, y: 150)) === face)
        #expect(abs(frame.origin.x - 92) < 1e-12 && abs(frame.origin.y - 95) < 1e-12)
        #expect(abs(frame.size.width - 80) < 1e-12 && abs(frame.size.height - 10) < 1e-12)
    }
}

extension ReadmeExampleTests {
    /// The README's key-path example.
    @Test func keyPathExample() throws {
        let hand = Layer()
        hand.bounds = CGRect(x: 0, y: 0, width: 10, height: 80)
        hand.setValue(.pi, forKeyPath: "transform.rotation.z")
        let angle = hand.value(forKeyPath: "transform.rotation.z") as? CGFloat
        let width = hand.value(forKeyPath: "bounds.size.width") as? CGFloat
        let scale = Transform3D(scaleX: 2, y: 3, z: 4).value(for: .scale)
        let halfway = CATransform3DIdentity.interpolated(to: hand.transform, fraction: 0.5)
        #expect(abs(remainder(try #require(angle) - .pi, 2 * .pi)) < 1e-15)
        #expect(width == 10)
        #expect(scale == .number(3))
        #expect(halfway.maxDifference(to: CATransform3DMakeRotation(.pi / 2, 0, 0, 1)) < 1e-15)
    }
}

extension ReadmeExampleTests {
    /// The README's batch examples: the exact default and the `precision: .fast` line, held to its budget.
    @Test func batchExample() throws {
        var camera = CATransform3DMakeRotation(0.3, 0, 1, 0)
        camera.m34 = -1.0 / 500
        let points: [SIMD3<Double>] = (0..<100).map { i in
            let x = Double(i) - 50, y = Double(i % 7) * 3, z = Double(i % 5)
            return SIMD3(x, y, z)
        }
        let projected = try Batch.mapPoints(points, through: camera)
        let quick = try Batch.mapPoints(points, through: camera, options: BatchOptions(precision: .fast))
        let reference: [Double] = points.flatMap { p -> [Double] in
            let q = camera.mapPoint(p); return [q.x, q.y, q.z]
        }
        let exact: [Double] = projected.flatMap { q -> [Double] in [q.x, q.y, q.z] }
        let fast: [Double] = quick.flatMap { q -> [Double] in [q.x, q.y, q.z] }
        let bounds: [Double] = points.flatMap { ExactnessBudget.mapPoint($0, through: camera) }
        #expect(Exactness.bitwise.firstMismatch(exact, reference) == nil)
        #expect(Exactness.budget.firstMismatch(fast, reference, bounds: bounds) == nil)
    }
}

/// `CGAffineTransform` is `Codable` as on Apple platforms: an unkeyed list `[a, b, c, d, tx, ty]`.
@Suite struct AffineTransformCodableTests {
    @Test func encodesAsAppleDoesAndRoundTrips() throws {
        let t = CGAffineTransform(a: 1, b: 2, c: -3.5, d: 4, tx: 0.1, ty: -0.0)
        let data = try JSONEncoder().encode(t)
        #expect(String(decoding: data, as: UTF8.self) == "[1,2,-3.5,4,0.1,-0]")
        let back = try JSONDecoder().decode(CGAffineTransform.self, from: data)
        #expect(back == t && back.ty.sign == .minus)
        let nested = try JSONDecoder().decode([String: CGAffineTransform].self, from: Data(#"{"t": [1, 0, 0, 1, 5, 6]}"#.utf8))
        #expect(nested["t"] == CGAffineTransform(translationX: 5, y: 6))
    }

    @Test func badInputThrows() {
        for json in ["[1, 2, 3]", "{\"a\": 1}", "[1, 2, 3, 4, 5, \"x\"]", "null"] {
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(CGAffineTransform.self, from: Data(json.utf8)) }
        }
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(CGAffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)) }
    }
}

extension ReadmeExampleTests {
    /// The README's layout example, with its stated results.
    @Test func layoutExample() throws {
        let panel = CALayer()
        panel.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let badge = CALayer()
        badge.frame = CGRect(x: 10, y: 20, width: 50, height: 40)
        badge.autoresizingMask = [.layerMinXMargin, .layerWidthSizable]
        panel.addSublayer(badge)
        panel.bounds.size = CGSize(width: 200, height: 300)
        #expect(badge.frame == CGRect(x: 76, y: 20, width: 84, height: 40))
        let bar = CALayer()
        bar.name = "bar"
        bar.frame = CGRect(x: 3, y: 5, width: 40, height: 20)
        bar.addConstraint(CAConstraint(attribute: .midX, relativeTo: "superlayer", attribute: .midX))
        panel.layoutManager = CAConstraintLayoutManager()
        panel.addSublayer(bar)
        panel.layoutIfNeeded()
        #expect(bar.frame == CGRect(x: 80, y: 5, width: 40, height: 20))
        let many = try Batch.autoresize(
            [badge.frame, bar.frame], masks: [.layerWidthSizable, .layerMaxXMargin],
            oldSuperlayerSize: CGSize(width: 200, height: 300),
            newSuperlayerSize: CGSize(width: 320, height: 300))
        #expect(many == [CGRect(x: 76, y: 20, width: 204, height: 40), CGRect(x: 80, y: 5, width: 40, height: 20)])
    }
}
