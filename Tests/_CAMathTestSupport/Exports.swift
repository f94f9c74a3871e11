// The catalogue's inputs (adversarial lists, special values, decomposition cases) and entries, for every test.
@_exported import _CAMathCatalogue
