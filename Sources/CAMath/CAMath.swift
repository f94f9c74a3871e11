@_exported import CAMathCore
