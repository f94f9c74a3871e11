@_exported import CAMathAnimation
@_exported import CAMathAnimationBatch
@_exported import CAMathBatch
@_exported import CAMathCore
@_exported import CAMathEngine
@_exported import CAMathLayer
@_exported import CAMathLayerBatch
@_exported import CAMathQuartzCore
