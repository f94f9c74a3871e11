import CAMathAnimation
@_spi(Benchmarks) import CAMathBatch
import _CAMathKernels

extension Batch {
    /// The lane form of the media-timing model at `instructionSet`'s level — what the animation batches run
    /// block by block — for the tests that hold it to `ResolvedMediaTiming.evaluate(parentTime:removedOnCompletion:)`
    /// bit for bit: timing i, removed on completion when `removed[i]`, at parent time `times[i]`. The phase is
    /// not computed (the batches need only whether it contributes); it is reported as `.active`. Throws when
    /// the level cannot run here or the counts differ. Cost: O(n).
    @_spi(Testing) public static func mediaTimingLanes(
        _ timings: [ResolvedMediaTiming], removed: [Bool],
        at times: [Double], instructionSet: InstructionSet
    )
        throws(BatchError) -> [MediaTimingEvaluation]
    {
        try BatchError.check("removed", removed.count, equals: timings.count)
        try BatchError.check("times", times.count, equals: timings.count)
        let (_, _, kernels) = try schedule(
            .animateTransforms, count: timings.count, options: BatchOptions(path: .simd, threads: 1, instructionSet: instructionSet))
        guard !timings.isEmpty else { return [] }
        let rows = timings.map(\.laneFields), fields = (0..<Int(CAMATH_TIMING_FIELDS)).flatMap { k in rows.map { $0[k] } }
        let flags = zip(timings, removed).map { $0.laneFlags(removedOnCompletion: $1) }
        let n = timings.count
        var contributes = [UInt8](repeating: 0, count: n), basic = [Double](repeating: 0, count: n)
        var progress = [Double](repeating: 0, count: n), cycle = [Double](repeating: 0, count: n)
        kernels.k.media_timing(fields, n, flags, times, 1, &contributes, &basic, &progress, &cycle, n)
        return (0..<n).map { i in
            var e = MediaTimingEvaluation.none(.active)
            (e.contributes, e.basicTime, e.progress, e.cycle) = (contributes[i] != 0, basic[i], progress[i], cycle[i])
            return e
        }
    }
}
