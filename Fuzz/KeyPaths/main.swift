import CAMath
import CAMathFuzzDriver
import CAMathFuzzSupport
import Foundation

// Key-path strings and Layer.setTransformValue(_:forKeyPath:) / transformValue(forKeyPath:) on fuzz-built strings,
// values and transforms. Checks: a parsed key path spells the string; an unknown one is named in the
// error; a refused or non-finite write leaves the layer unchanged; reads never trap.
func fuzzKeyPaths(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzBytes(data, size)
    let layer = Layer()
    layer.transform = input.transform()
    layer.sublayerTransform = input.transform()
    let keyPath: String
    switch input.byte() % 4 {
    case 0: keyPath = input.string(maxLength: 64)
    case 1: keyPath = ["transform.", "sublayerTransform.", ""][input.int(below: 3)] + TransformKeyPath.allCases[input.int(below: 12)].rawValue
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
            requireExact(layer.transform.elements + layer.sublayerTransform.elements, before.0.elements + before.1.elements,
                         .bitwise, "a non-finite write changed the layer")
        }
    } catch {
        requireExact(layer.transform.elements + layer.sublayerTransform.elements, before.0.elements + before.1.elements,
                     .bitwise, "a refused write (\(error)) changed the layer")
    }
    _ = try? layer.transformValue(forKeyPath: keyPath)
    return 0
}

exit(camath_fuzz_run(CommandLine.argc, CommandLine.unsafeArgv) { data, size in fuzzKeyPaths(data!, size) })
