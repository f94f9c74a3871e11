@_spi(Benchmarks) import CAMathBatch

/// What one frame of a render tree computes once and hands to each of its steps (the presentation, the outputs,
/// the writes, the presentation copies): the media time, the path and thread count of its batch calls, the patch it
/// evaluates, and the parent and local times of the nodes it evaluates.
struct FrameContext {
    let mediaTime: Double
    let path: BatchPath
    let threads: Int
    /// The patch this frame evaluates (``FramePatch``), or `nil` for a whole evaluation.
    let patch: FramePatch?
    /// Every node's parent and local time — with a patch, only its nodes' and their ancestors' (0 elsewhere).
    let parentTimes: [Double]
    let localTimes: [Double]

    /// The context of a frame of `batch` at media time `t` with `options`, evaluating `patch` (or everything).
    /// Throws what `Batch.schedule` throws. Cost: O(layers) to allocate the times, one clock per timed node.
    init(_ batch: PresentationBatch, atMediaTime t: Double, options: BatchOptions, patch: FramePatch? = nil) throws(BatchError) {
        let schedule = try Batch.schedule(.presentationFrames, count: batch.model.count, options: options)
        (path, threads) = (schedule.path, schedule.threads)
        mediaTime = t
        self.patch = schedule.path == .scalar ? nil : patch
        (parentTimes, localTimes) = batch.times(atMediaTime: t, of: self.patch?.timed)
    }
}

/// The nodes a frame evaluates again when it patches the previous evaluation, each list in the tree's order: the
/// nodes whose presented values may differ from the model's and those whose model changed (`nodes`); them and
/// their sublayers, whose level maps are made again (`mapped`); them and their ancestors, whose times are needed
/// (`timed`).
struct FramePatch {
    let nodes: [Int]
    let mapped: [Int]
    let timed: [Int]
}
