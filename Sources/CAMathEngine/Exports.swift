// The engine drives the animation batches over layer trees, so `import CAMathEngine` alone is enough to use it.
@_exported import CAMathAnimationBatch
