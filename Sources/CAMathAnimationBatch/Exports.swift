// Animation batches take CAMathAnimation's animations and layer trees, so `import CAMathAnimationBatch` alone
// is enough to call them.
@_exported import CAMathAnimation
@_exported import CAMathLayerBatch
