import CAMathAnimationBatch
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
    /// Every node's parent and local time — with a patch, only its nodes' and their ancestors' (elsewhere 0, or an
    /// earlier frame's time when the columns are reused; nothing reads them there).
    let parentTimes: [Double]
    let localTimes: [Double]

    /// The context of a frame of `batch` at media time `t` with `options`, evaluating `patch` (or everything), its time
    /// columns written over `columns` (taken; an earlier frame's) when they have the tree's size. Throws what
    /// `Batch.schedule` throws. Cost: one clock per timed node, and O(layers) when the columns are new.
    init(
        _ batch: PresentationBatch, atMediaTime t: Double, options: BatchOptions, patch: FramePatch? = nil,
        reusing columns: inout (parent: [Double], local: [Double])?
    ) throws(BatchError) {
        let schedule = try Batch.schedule(.presentationFrames, count: batch.model.count, options: options)
        (path, threads) = (schedule.path, schedule.threads)
        mediaTime = t
        self.patch = schedule.path == .scalar ? nil : patch
        var (parent, local) = columns ?? ([], [])
        columns = nil
        batch.times(atMediaTime: t, of: self.patch?.timed, parent: &parent, local: &local)
        (parentTimes, localTimes) = (parent, local)
    }

    /// The context of a frame of `batch` at media time `t` with `options`, evaluating `patch` (or everything), on new
    /// time columns.
    init(_ batch: PresentationBatch, atMediaTime t: Double, options: BatchOptions, patch: FramePatch? = nil) throws(BatchError) {
        var columns: (parent: [Double], local: [Double])? = nil
        try self.init(batch, atMediaTime: t, options: options, patch: patch, reusing: &columns)
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
