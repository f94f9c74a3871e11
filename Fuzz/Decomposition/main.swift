@_spi(Benchmarks) import CAMath
import CAMathFuzzDriver
@_spi(Benchmarks) import CAMathFuzzSupport
import Foundation

// Decomposition, key-path reads and writes, inversion and blending of arbitrary bit patterns, each
// against its CAMathCore's *Conventions* article, *Special values* rule, and the batch paths (the catalogue's entries) on more.
func fuzzDecomposition(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzBytes(data, size)
    let m = input.transform(), other = input.transform(), t = input.double()
    for method in [Transform3D.DecompositionMethod.keyPaths, .interpolation3D, .interpolation2D] {
        let d = m.decomposed(method)
        if !m.isFinite || m.m44 == 0 { precondition(d == nil, "\(method) decomposed a non-finite or m44 = 0 matrix") }
        if let d { _ = Transform3D(d, rotation: .eulerAngles); _ = Transform3D(d, rotation: .quaternion) }
    }
    let undecomposable = m.decomposed() == nil
    let path = TransformKeyPath.allCases[input.int(below: 12)]
    let read = m.value(for: path)
    if undecomposable { precondition(read == (path == .translation ? .size(width: 0, height: 0) : .number(0))) }
    let value: TransformKeyPathValue = path == .translation ? .size(width: input.double(), height: input.double()) : .number(input.double())
    switch Result(catching: { () throws(TransformKeyPathError) in try m.setting(path, to: value) }) {
    case .success(let written):
        let finite: Bool
        switch value {
        case .number(let x): finite = x.isFinite
        case .size(let w, let h): finite = w.isFinite && h.isFinite
        case .transform: finite = true
        }
        if !finite {
            precondition(written.elements.map(\.bitPattern) == m.elements.map(\.bitPattern))
        } else {
            precondition(!undecomposable, "an undecomposable matrix was written")
        }
    case .failure(.undecomposableTransform): precondition(undecomposable)
    case .failure(let error): preconditionFailure("unexpected \(error)")
    }
    let inverse = m.inverted()
    if let checked = m.invertedIfPossible() {
        precondition(checked.elements.map(\.bitPattern) == inverse.elements.map(\.bitPattern) && checked.isFinite)
    } else {
        precondition(inverse.elements.map(\.bitPattern) == m.elements.map(\.bitPattern))
    }
    let blended = m.interpolated(to: other, fraction: t)
    if !t.isFinite { precondition(blended.elements.allSatisfy(\.isNaN)) }
    // The batch decomposition, inversion and blend (the catalogue's entries) on matrices drawn from the rest, on
    // the configuration the bytes choose.
    var source: any CatalogueSource = input
    let options = source.configuration()
    for name in ["invert", "decompose", "blend"] {
        requireContract(BatchCatalogue.entry(name)!.generated(count: 3, from: &source), on: options)
    }
    return 0
}

exit(camath_fuzz_run(CommandLine.argc, CommandLine.unsafeArgv) { data, size in fuzzDecomposition(data!, size) })
