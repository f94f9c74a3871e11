@_exported import CAMathCore
@_exported import CAMathLayer
