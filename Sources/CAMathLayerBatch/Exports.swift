// Layer batches take CAMathLayer's trees and return CAMathBatch's errors and paths, so `import CAMathLayerBatch`
// alone is enough to call them.
@_exported import CAMathBatch
@_exported import CAMathLayer
