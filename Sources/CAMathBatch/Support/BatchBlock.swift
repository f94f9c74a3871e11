import _CAMathKernels

extension Batch {
    /// Elements per block of every block loop (the C kernels' `CAMATH_BLOCK`, 256): kernel calls over scratch of
    /// one block, checks made per block, and the unit at which a batch is split among threads
    /// (`Parallel.chunkAlignment`). One constant, so that no split cuts a block a kernel decides over: threads
    /// never change results.
    package static let block = Int(CAMATH_BLOCK)
}
