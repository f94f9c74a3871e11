@_spi(Benchmarks) import CAMath
import CAMathFuzzDriver
import CAMathFuzzSupport
import Foundation

// Layer trees built from fuzz bytes (up to 24 layers, any geometry, flags, special values, transform
// layers): hitTest, convert and frame must agree between the Layer objects, the LayerTree snapshot and the
// batch paths, and no transform layer is ever hit; bulk autoresizing equals the rule, and a bounds change
// cascades through the tree without trapping.
func fuzzLayerTrees(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzBytes(data, size)
    let count = 1 + input.int(below: 24)
    // The batch calls run on the configuration the bytes choose, exact (their answers must be the objects' bits).
    var options = input.configuration()
    options.precision = .exact
    var layers: [Layer] = []
    for i in 0..<count {
        var g = LayerGeometry()
        g.bounds = CGRect(x: input.double(), y: input.double(), width: input.double(), height: input.double())
        g.position = CGPoint(x: input.double(), y: input.double())
        if input.bool() { g.anchorPoint = CGPoint(x: input.double(), y: input.double()) }
        if input.bool() { g.anchorPointZ = input.double(); g.zPosition = input.double() }
        g.transform = input.transform()
        if input.bool() { g.sublayerTransform = input.transform() }
        let flags = input.byte()
        g.isGeometryFlipped = flags & 1 != 0
        g.masksToBounds = flags & 2 != 0
        g.isHidden = flags & 12 == 12
        let layer = flags & 48 == 48 ? TransformLayer(geometry: g) : Layer(geometry: g)
        if i > 0 { layers[input.int(below: i)].addSublayer(layer) }
        layers.append(layer)
    }
    let root = layers[0], tree = LayerTree(root: root)
    var order: [Layer] = []
    var stack = [root]
    while let layer = stack.popLast() {
        order.append(layer)
        stack += (layer.sublayers ?? []).reversed()
    }
    precondition(tree.count == order.count)
    var points: [CGPoint] = []
    while points.count < 16 && !input.isExhausted { points.append(CGPoint(x: input.double(), y: input.double())) }
    guard let batchHits = try? Batch.hitTest(points, in: tree, options: options),
        let batchFrames = try? Batch.frames(of: tree, options: options)
    else { preconditionFailure("a batch call threw on \(options)") }
    for (k, p) in points.enumerated() {
        let hit = root.hitTest(p).flatMap { h in order.firstIndex { $0 === h } }
        precondition(tree.hitTest(p) == hit, "LayerTree.hitTest differs from Layer.hitTest")
        precondition(batchHits[k] == hit, "Batch.hitTest differs on \(options)")
        if !p.x.isFinite || !p.y.isFinite { precondition(hit == nil, "a non-finite point hit a layer") }
        if let hit { precondition(!(order[hit] is TransformLayer), "a transform layer was hit") }
        let a = order[k % order.count], b = order[(k * 7 + 3) % order.count]
        let q = a.convert(p, to: b), r = tree.convert(p, from: k % order.count, to: (k * 7 + 3) % order.count)
        requireExact([Double(q.x), Double(q.y)], [Double(r.x), Double(r.y)], .bitwise, "Layer and LayerTree convert")
        _ = a.convert(CGRect(origin: p, size: CGSize(width: 3, height: -2)), to: b)
    }
    // Autoresizing: the bulk kernel against the rule, then a real bounds change cascading down the tree.
    let oldSize = root.bounds.size, newSize = CGSize(width: input.double(), height: input.double())
    for layer in order { layer.autoresizingMask = AutoresizingMask(rawValue: UInt32(input.byte())) }
    let frames = order.map(\.frame), masks = order.map(\.autoresizingMask)
    guard
        let resized = try? Batch.autoresize(frames, masks: masks, oldSuperlayerSize: oldSize, newSuperlayerSize: newSize, options: options)
    else { preconditionFailure("Batch.autoresize threw") }
    for (k, r) in resized.enumerated() {
        let expected =
            LayerAutoresizing.resizedFrame(frames[k], mask: masks[k], oldSuperlayerSize: oldSize, newSuperlayerSize: newSize) ?? frames[k]
        requireExact(
            [r.origin.x, r.origin.y, r.size.width, r.size.height].map(Double.init),
            [expected.origin.x, expected.origin.y, expected.size.width, expected.size.height].map(Double.init), .bitwise,
            "autoresize of layer \(k)")
    }
    for (k, layer) in order.enumerated() {
        let f = layer.frame, s = batchFrames[k]
        requireExact(
            [s.origin.x, s.origin.y, s.size.width, s.size.height].map(Double.init),
            [f.origin.x, f.origin.y, f.size.width, f.size.height].map(Double.init), .bitwise, "frame of layer \(k)")
    }
    root.bounds.size = newSize
    root.layoutIfNeeded()
    return 0
}

exit(camath_fuzz_run(CommandLine.argc, CommandLine.unsafeArgv) { data, size in fuzzLayerTrees(data!, size) })
