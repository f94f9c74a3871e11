import CAMathCore
import CAMathLayer
import _CAMathTestSupport
import Foundation
import Testing

/// The index of many sublayers' hit regions lists every sublayer whose region may contain a point, front to back, and
/// a wide layer's hit tests answer like the full walk, cached or through a flattened tree.
@Suite struct SublayerRegionIndexTests {
    /// Seeded regions (small and huge boxes, rounding bounds up to the growth limit, `anywhere`, `nowhere`) and points
    /// on, near and far from them: the candidates hold every region that may contain the point, in descending order;
    /// a point the index does not cover lies outside every widened box.
    @Test(arguments: 0..<24)
    func candidatesHoldEveryRegionThatMayContainThePoint(seed: UInt64) throws {
        var s = SeededSource(seed: seed)
        let n = 2 + s.int(below: 400)
        let scale = [1.0, 1e-6, 1e6, 1e12][Int(seed % 4)]
        let regions: [HitRegion] = (0..<n).map { _ in
            switch s.int(below: 40) {
            case 0: return .anywhere
            case 1, 2: return .nowhere
            default:
                let x = s.value(in: -500...500) * scale, y = s.value(in: -500...500) * scale
                let w = (s.int(below: 10) == 0 ? s.value(in: 0...2000) : s.value(in: 0...20)) * scale
                let h = (s.int(below: 10) == 0 ? s.value(in: 0...2000) : s.value(in: 0...20)) * scale
                let error = s.int(below: 3) == 0 ? s.value(in: 0...1e-9) * scale : 0
                let growth = s.int(below: 3) == 0 ? s.value(in: 0...1) * HitRegion.growthLimit : 0
                return .box(minX: x, maxX: x + w, minY: y, maxY: y + h, error: error, growth: growth)
            }
        }
        guard let index = SublayerRegionIndex(regions) else {
            // Only a set where a quarter or more of the regions lie everywhere makes none here.
            #expect(4 * regions.filter { $0 == .anywhere }.count > n || regions.allSatisfy { $0 == .nowhere || $0 == .anywhere })
            return
        }
        var points: [SIMD2<Double>] = (0..<600).map { _ in SIMD2(s.value(in: -700...700) * scale, s.value(in: -700...700) * scale) }
        for case let .box(x0, x1, y0, y1, _, _) in regions.prefix(60) {
            for x in [x0, x1, x0.nextDown, x1.nextUp] { for y in [y0, y1, y0.nextDown, y1.nextUp] { points.append(SIMD2(x, y)) } }
        }
        points += [SIMD2(.nan, 0), SIMD2(0, .infinity), SIMD2(1e300, -1e300), SIMD2(-.greatestFiniteMagnitude, 0)]
        for p in points {
            let expected = regions.indices.filter { regions[$0].mayContain(p) && regions[$0] != .anywhere }
            guard var candidates = index.candidates(at: p) else {
                #expect(
                    expected.isEmpty || !(p.x.isFinite && p.y.isFinite) || max(abs(p.x), abs(p.y)) > 1e15 * scale,
                    "seed \(seed): \(p) is outside the grid but may hit \(expected.prefix(4))")
                continue
            }
            var listed: [Int] = []
            while let i = candidates.next() { listed.append(i) }
            #expect(listed == listed.sorted(by: >) && Set(listed).count == listed.count, "seed \(seed): \(p) listed out of order")
            let missing = Set(expected).subtracting(listed)
            #expect(missing.isEmpty, "seed \(seed): \(p) may hit \(missing.sorted().prefix(4)), not listed")
            for i in regions.indices where regions[i] == .anywhere { #expect(listed.contains(i), "seed \(seed): anywhere \(i) not listed") }
        }
    }

    /// The packed form a flattened tree scans among siblings answers as its region for every finite point: boxes of
    /// every scale with rounding bounds, `anywhere`, `nowhere`, and points on, just outside and far from them, signed
    /// zeros and the largest finite values included.
    @Test(arguments: 0..<8)
    func packedBoxesAnswerAsTheirRegions(seed: UInt64) {
        var s = SeededSource(seed: seed)
        let scale = [1.0, 1e-300, 1e-6, 1e6, 1e12, 1e300, 0x1p-1070, 1][Int(seed)]
        var regions: [HitRegion] = [.anywhere, .nowhere, .box(minX: -0.0, maxX: 0, minY: 0, maxY: -0.0, error: 0, growth: 0)]
        for _ in 0..<200 {
            let x = s.value(in: -500...500) * scale, y = s.value(in: -500...500) * scale
            let w = s.value(in: 0...20) * scale, h = s.value(in: 0...20) * scale
            let error = s.int(below: 2) == 0 ? s.value(in: 0...1e-9) * scale : 0
            let growth = s.int(below: 2) == 0 ? s.value(in: 0...1) * HitRegion.growthLimit : 0
            regions.append(.box(minX: x, maxX: x + w, minY: y, maxY: y + h, error: error, growth: growth))
        }
        var points: [SIMD2<Double>] = [
            SIMD2(0, 0), SIMD2(-0.0, -0.0), SIMD2(.greatestFiniteMagnitude, -.greatestFiniteMagnitude),
            SIMD2(.leastNonzeroMagnitude, 0)
        ]
        points += (0..<300).map { _ in SIMD2(s.value(in: -600...600) * scale, s.value(in: -600...600) * scale) }
        for case let .box(x0, x1, y0, y1, error, growth) in regions.prefix(40) {
            let far = 64 * (error + growth * max(abs(x1), abs(y1))) + 0x1p-1000
            for x in [x0, x1, x0 - far, x1 + far, (x0 - far).nextDown, (x1 + far).nextUp] {
                for y in [y0, y1, y0 - far, (y1 + far).nextUp] { points.append(SIMD2(x, y)) }
            }
        }
        for region in regions {
            let box = RegionBox(region)
            for p in points where box.mayContain(p) != region.mayContain(p) {
                Issue.record("seed \(seed): \(region) at \(p): packed \(box.mayContain(p)), region \(region.mayContain(p))")
            }
        }
    }

    /// What `HitRegion.of` relies on to map a box's corners without dividing: under an affine level (`h13 = h23 = ±0`,
    /// `h33 = 1`) a finite point's undivided image has the bits of `mapPoint`'s, and a point with an infinite
    /// coordinate maps to a non-finite one either way.
    @Test(arguments: 0..<4)
    func affineImagesNeedNoDivision(seed: UInt64) {
        var s = SeededSource(seed: 77 + seed)
        let specials: [Double] = [0, -0.0, 1, -1, 0x1p-1074, -0x1p-1022, 1e308, -1e308, .greatestFiniteMagnitude]
        func entry() -> Double {
            s.int(below: 4) == 0 ? specials[s.int(below: specials.count)] : s.value(in: -1e3...1e3) * [1, 1e-300, 1e300][s.int(below: 3)]
        }
        for _ in 0..<400 {
            let h = Homography(
                h11: entry(), h12: entry(), h13: s.int(below: 2) == 0 ? 0 : -0.0,
                h21: entry(), h22: entry(), h23: s.int(below: 2) == 0 ? 0 : -0.0, h31: entry(), h32: entry(), h33: 1)
            for _ in 0..<20 {
                let c = SIMD2(entry(), entry())
                let undivided = h.mapHomogeneous(c), divided = h.mapPoint(c)
                #expect(undivided.x.bitPattern == divided.x.bitPattern && undivided.y.bitPattern == divided.y.bitPattern, "\(h) at \(c)")
            }
            for c in [SIMD2(Double.infinity, 1), SIMD2(-1, -Double.infinity), SIMD2(.infinity, .infinity)] {
                let undivided = h.mapHomogeneous(c), divided = h.mapPoint(c)
                #expect(!(undivided.x.isFinite && undivided.y.isFinite) && !(divided.x.isFinite && divided.y.isFinite), "\(h) at \(c)")
            }
        }
    }

    @Test func fewOrUnboundedRegionsMakeNoIndex() {
        #expect(SublayerRegionIndex([HitRegion]()) == nil)
        #expect(SublayerRegionIndex([HitRegion.box(minX: 0, maxX: 1, minY: 0, maxY: 1, error: 0, growth: 0)]) == nil)
        #expect(SublayerRegionIndex([HitRegion](repeating: .anywhere, count: 100)) == nil)
        #expect(SublayerRegionIndex([HitRegion](repeating: .nowhere, count: 100)) == nil)
        let huge = HitRegion.box(minX: -.greatestFiniteMagnitude, maxX: .greatestFiniteMagnitude, minY: 0, maxY: 1, error: 0, growth: 0)
        #expect(SublayerRegionIndex([HitRegion](repeating: huge, count: 100)) == nil)
    }

    /// Regions a hierarchy of its own might give (NaN sides, reversed sides, a negative or NaN bound) are listed
    /// for every point: `mayContain` cannot bound them.
    @Test func boxesOutOfOrderAreListedEverywhere() throws {
        let odd: [HitRegion] = [
            .box(minX: .nan, maxX: 1, minY: 0, maxY: 1, error: 0, growth: 0),
            .box(minX: 5, maxX: 1, minY: 0, maxY: 1, error: 0, growth: 0),
            .box(minX: 0, maxX: 1, minY: 0, maxY: .nan, error: 0, growth: 0),
            .box(minX: 0, maxX: 1, minY: 0, maxY: 1, error: .nan, growth: 0),
            .box(minX: 0, maxX: 1, minY: 0, maxY: 1, error: -1, growth: 0)
        ]
        let regions =
            odd + (0..<60).map { k in HitRegion.box(minX: Double(k), maxX: Double(k) + 0.5, minY: 0, maxY: 1, error: 0, growth: 0) }
        let index = try #require(SublayerRegionIndex(regions))
        for x in stride(from: -2.0, through: 62, by: 0.25) {
            let p = SIMD2(x, 0.5)
            guard var candidates = index.candidates(at: p) else { continue }
            var listed: Set<Int> = []
            while let i = candidates.next() { listed.insert(i) }
            for i in regions.indices where regions[i].mayContain(p) { #expect(listed.contains(i), "\(p): region \(i)") }
            #expect(listed.isSuperset(of: 0..<5))
        }
    }

    /// 1 200 siblings in a grid, some overlapping, rotated, hidden, masked, in perspective or with sublayers of their
    /// own: `hitTest` through the layers' caches, through a flattened tree with its regions and indexes, and the
    /// uncached walk agree at points over the grid and far from it, before and after siblings move, hide, reorder,
    /// leave and join.
    @Test func aWideLayerAnswersLikeTheFullWalk() throws {
        let root = Layer(geometry: LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 1200, height: 1000), position: CGPoint(x: 600, y: 500)))
        var s = SeededSource(seed: 5)
        for k in 0..<1200 {
            let leaf = Layer(
                geometry: LayerGeometry(
                    bounds: CGRect(x: 0, y: 0, width: 11 + Double(k % 7), height: 9),
                    position: CGPoint(x: 6 + Double(k % 60) * 20, y: 6 + Double(k / 60) * 20)))
            switch k % 97 {
            case 3: leaf.transform = Transform3D(rotationAngle: s.value(in: -3...3), x: 0, y: 0, z: 1)
            case 7: leaf.isHidden = true
            case 11: leaf.bounds.size = CGSize(width: 400, height: 300)
            case 13: leaf.transform.m34 = -0.002
            case 17:
                leaf.masksToBounds = true
                leaf.addSublayer(
                    Layer(geometry: LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 30, height: 30), position: CGPoint(x: 0, y: 0))))
            case 19:
                leaf.addSublayer(
                    Layer(geometry: LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 4, height: 4), position: CGPoint(x: 40, y: 3))))
            default: break
            }
            root.addSublayer(leaf)
        }
        let reference = ObjectLayerHierarchy<Layer>()
        func points() -> [CGPoint] {
            var p: [CGPoint] = []
            for x in stride(from: -30.0, through: 1230, by: 17.3) {
                for y in stride(from: -30.0, through: 430, by: 11.9) { p.append(CGPoint(x: x, y: y)) }
            }
            return p + [CGPoint(x: 1e9, y: 5), CGPoint(x: -1e300, y: 1e300), CGPoint(x: 600, y: Double.nan)]
        }
        for pass in 0..<3 {
            let tree = LayerTree(root: root)
            let columns = HitRegionColumns(of: tree)
            let order = Dictionary(uniqueKeysWithValues: LayerTree.layers(of: root).enumerated().map { (ObjectIdentifier($1), $0) })
            #expect(columns.indexes[0] != nil, "pass \(pass): the wide root has an index")
            for p in points() {
                let expected = reference.hitTest(p, in: root)
                #expect(root.hitTest(p) === expected, "pass \(pass) at \(p)")
                let flat = columns.hitTest(p, in: tree)
                #expect(flat == expected.map { order[ObjectIdentifier($0)]! }, "pass \(pass) at \(p): flattened")
            }
            let leaves = root.sublayers!
            for (k, leaf) in leaves.enumerated() where k % 41 == pass {
                switch k % 4 {
                case 0: leaf.position.x += 17.5
                case 1: leaf.isHidden.toggle()
                case 2: root.insertSublayer(leaf, at: UInt32(s.int(below: leaves.count)))
                default: leaf.removeFromSuperlayer()
                }
            }
            root.addSublayer(
                Layer(geometry: LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 50, height: 50), position: CGPoint(x: 300, y: 300))))
        }
    }
}
