@_spi(Benchmarks) import CAMath
import CAMathFuzzDriver
import CAMathFuzzSupport
import Foundation

// Key-path strings and Layer.setTransformValue(_:forKeyPath:) / transformValue(forKeyPath:) on fuzz-built strings,
// values and transforms, and CALayer's Apple-shaped key-value coding (value(forKeyPath:),
// setValue(_:forKeyPath:)) on the same strings and on property paths. Checks: a parsed key path spells the
// string; an unknown one is named in the error; a refused or non-finite write leaves the layer unchanged;
// the Apple-shaped write of a transform key path leaves the same bits as the typed one; reads never trap.
func fuzzKeyPaths(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzBytes(data, size)
    let layer = Layer()
    layer.transform = input.transform()
    layer.sublayerTransform = input.transform()
    let keyPath: String
    switch input.byte() % 4 {
    case 0: keyPath = input.string(maxLength: 64)
    case 1:
        keyPath = ["transform.", "sublayerTransform.", ""][input.int(below: 3)] + TransformKeyPath.allCases[input.int(below: 12)].rawValue
    case 2: keyPath = ["transform", "sublayerTransform"][input.int(below: 2)]
    default: keyPath = "transform." + input.string(maxLength: 24)
    }
    switch Result(catching: { () throws(TransformKeyPathError) in try TransformKeyPath(parsing: keyPath) }) {
    case .success(let path): precondition(path.rawValue == keyPath)
    case .failure(.unknownKeyPath(let name)): precondition(name == keyPath)
    case .failure(let error): preconditionFailure("parsing threw \(error)")
    }
    let value: TransformKeyPathValue
    switch input.byte() % 3 {
    case 0: value = .number(input.double())
    case 1: value = .size(width: input.double(), height: input.double())
    default: value = .transform(input.transform())
    }
    let before = (layer.transform, layer.sublayerTransform)
    _ = try? layer.transformValue(forKeyPath: keyPath)
    do {
        try layer.setTransformValue(value, forKeyPath: keyPath)
        let finite: Bool
        switch value {
        case .number(let x): finite = x.isFinite
        case .size(let w, let h): finite = w.isFinite && h.isFinite
        case .transform: finite = true
        }
        if !finite {
            requireExact(
                layer.transform.elements + layer.sublayerTransform.elements, before.0.elements + before.1.elements,
                .bitwise, "a non-finite write changed the layer")
        }
    } catch {
        requireExact(
            layer.transform.elements + layer.sublayerTransform.elements, before.0.elements + before.1.elements,
            .bitwise, "a refused write (\(error)) changed the layer")
    }
    _ = try? layer.transformValue(forKeyPath: keyPath)
    let typed = Layer(layer: layer), appleShaped = Layer(layer: layer)
    let any: Any?
    switch value {
    case .number(let x): any = [CGFloat(x) as Any, x, NSNumber(value: x), Float(x), Int(exactly: x) as Any][input.int(below: 5)]
    case .size(let w, let h): any = CGSize(width: w, height: h)
    case .transform(let t): any = t
    }
    try? typed.setTransformValue(TransformKeyPathValue(keyValue: any) ?? value, forKeyPath: keyPath)
    appleShaped.setValue(any, forKeyPath: keyPath)
    if keyPath.hasPrefix("transform") || keyPath.hasPrefix("sublayerTransform"), TransformKeyPathValue(keyValue: any) != nil {
        requireExact(
            appleShaped.transform.elements + appleShaped.sublayerTransform.elements,
            typed.transform.elements + typed.sublayerTransform.elements, .bitwise,
            "setValue(_:forKeyPath: \(keyPath)) and setTransformValue disagree")
    }
    let property = [
        "bounds", "position", "anchorPoint", "frame", "zPosition", "opacity", "hidden", "name", "sublayers",
        "superlayer", "bounds.size.width", "position.x", "frame.origin.y", "bounds.origin", input.string(maxLength: 16)
    ]
    let path = property[input.int(below: property.count)]
    _ = appleShaped.value(forKeyPath: path)
    appleShaped.setValue(any, forKeyPath: path)
    appleShaped.setValue(any, forKey: path)
    _ = appleShaped.value(forKey: path)
    return 0
}

exit(camath_fuzz_run(CommandLine.argc, CommandLine.unsafeArgv) { data, size in fuzzKeyPaths(data!, size) })
