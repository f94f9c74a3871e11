#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A CBLAS library loaded at run time with `dlopen`, so the package builds and runs without one.
///
/// Search order: the library named by `CAMATH_CBLAS` (a path or soname; when set, it must load — no
/// silent fallback), else `libopenblas.so.0`, `libopenblas.so`, `libcblas.so.3`, `libblis.so.4`,
/// `libblas.so.3`. OpenBLAS is set to one thread: CAMath splits batches itself. Only 32-bit-integer
/// (LP64) CBLAS is supported; an ILP64 OpenBLAS (`USE64BITINT` in its config) is refused.
@_spi(Benchmarks) public final class CBLAS: @unchecked Sendable {
    typealias Dgemm =
        @convention(c) (
            Int32, Int32, Int32, Int32, Int32, Int32, Double, UnsafePointer<Double>?, Int32,
            UnsafePointer<Double>?, Int32, Double, UnsafeMutablePointer<Double>?, Int32
        ) -> Void

    /// The library that loaded (a path or soname).
    public let path: String
    /// `openblas_get_config()` when available, else a short note.
    public let configuration: String
    private let dgemmFunction: Dgemm

    /// The shared library, or why none could be loaded. Loaded once, on first use.
    public static let shared: Result<CBLAS, CBLASLoadError> = load()

    /// The loaded library, or `nil` (see ``shared`` for the reason).
    public static var available: CBLAS? { try? shared.get() }

    static func load() -> Result<CBLAS, CBLASLoadError> {
        if let requested = getenv("CAMATH_CBLAS").map({ String(cString: $0) }) {
            return open(requested)
        }
        let candidates = ["libopenblas.so.0", "libopenblas.so", "libcblas.so.3", "libblis.so.4", "libblas.so.3"]
        var reasons: [String] = []
        for name in candidates {
            switch open(name) {
            case .success(let library): return .success(library)
            case .failure(let error): reasons.append(error.reason)
            }
        }
        return .failure(CBLASLoadError(tried: candidates, reason: reasons.last ?? "no candidates"))
    }

    private static func open(_ name: String) -> Result<CBLAS, CBLASLoadError> {
        func failure(_ reason: String) -> Result<CBLAS, CBLASLoadError> { .failure(CBLASLoadError(tried: [name], reason: reason)) }
        guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
            return failure(dlerror().map { String(cString: $0) } ?? "dlopen(\(name)) failed")
        }
        guard let symbol = dlsym(handle, "cblas_dgemm") else {
            dlclose(handle)
            return failure("\(name) has no cblas_dgemm")
        }
        var configuration = "(not OpenBLAS)"
        if let get = dlsym(handle, "openblas_get_config") {
            typealias GetConfig = @convention(c) () -> UnsafePointer<CChar>?
            configuration = unsafeBitCast(get, to: GetConfig.self)().map { String(cString: $0) } ?? ""
            if configuration.contains("USE64BITINT") {
                dlclose(handle)
                return failure("\(name) is an ILP64 build (64-bit integers); CAMath calls LP64 CBLAS")
            }
        }
        if let set = dlsym(handle, "openblas_set_num_threads") {
            typealias SetThreads = @convention(c) (Int32) -> Void
            unsafeBitCast(set, to: SetThreads.self)(1)
        }
        return .success(CBLAS(path: name, configuration: configuration, dgemm: unsafeBitCast(symbol, to: Dgemm.self)))
    }

    private init(path: String, configuration: String, dgemm: @escaping Dgemm) {
        self.path = path
        self.configuration = configuration
        self.dgemmFunction = dgemm
    }

    /// Whether dgemm may take `rows` rows of `columns` doubles each, `stride` doubles apart: every entry finite
    /// and below 2^500 in magnitude. Then no product of two entries and no sum of a few products overflows, and
    /// whatever order and fused multiply-adds a library uses stays within the budget. Outside that range the
    /// library's result can differ in kind — a fused multiply-add adds an overflowing product exactly where the
    /// reference rounds it to ±∞ first (∞ against NaN) — so such a chunk runs the exact SIMD kernel instead.
    /// Cost: one branch-free pass over the entries.
    static func takes(_ p: UnsafePointer<Double>, rows: Int, columns: Int, stride: Int) -> Bool {
        var refused: UInt8 = 0
        for i in 0..<rows {
            for j in 0..<columns { refused |= abs(p[i * stride + j]) < 0x1p500 ? 0 : 1 }
        }
        return refused == 0
    }

    /// `C = A·B + beta·C`, row-major, no transposes: A is m×k (row stride lda), B k×n (ldb), C m×n (ldc).
    func gemm(
        m: Int, n: Int, k: Int, _ a: UnsafePointer<Double>, lda: Int, _ b: UnsafePointer<Double>, ldb: Int,
        beta: Double, _ c: UnsafeMutablePointer<Double>, ldc: Int
    ) {
        let rowMajor: Int32 = 101, noTranspose: Int32 = 111
        dgemmFunction(
            rowMajor, noTranspose, noTranspose, Int32(m), Int32(n), Int32(k), 1, a, Int32(lda), b, Int32(ldb),
            beta, c, Int32(ldc))
    }
}

/// Why no CBLAS library could be loaded.
@_spi(Benchmarks) public struct CBLASLoadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The names tried, in order.
    public let tried: [String]
    /// The last failure.
    public let reason: String
    /// The names tried and the last reason.
    public var description: String { "no CBLAS library loaded (tried \(tried.joined(separator: ", "))): \(reason)" }
}
