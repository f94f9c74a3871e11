@_spi(Benchmarks) import CAMathBatch

/// What one frame of a render tree computes once and hands to each of its steps (ending animations, the
/// presentation, the outputs, the presentation copies): the media time, the path and thread count of its batch
/// calls, and every node's parent and local times.
struct FrameContext {
    let mediaTime: Double
    let path: BatchPath
    let threads: Int
    let parentTimes: [Double]
    let localTimes: [Double]

    /// The context of a frame of `batch` at media time `t` with `options`. Throws what `Batch.schedule` throws.
    /// Cost: O(layers), one clock per layer.
    init(_ batch: PresentationBatch, atMediaTime t: Double, options: BatchOptions) throws(BatchError) {
        let schedule = try Batch.schedule(.presentationFrames, count: batch.model.count, options: options)
        (path, threads) = (schedule.path, schedule.threads)
        mediaTime = t
        (parentTimes, localTimes) = batch.times(atMediaTime: t)
    }
}
