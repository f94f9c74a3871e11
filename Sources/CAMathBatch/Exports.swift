// The batch API takes and returns CAMathCore's types, so `import CAMathBatch` alone is enough to call it.
@_exported import CAMathCore
