import CAMathAnimation
import Testing

@Suite struct TimingFunctionTests {
    @Test func namedFunctionsEndExactly() {
        for name in [TimingFunctionName.linear, .easeIn, .easeOut, .easeInEaseOut, .default] {
            let f = TimingFunction(name: name)
            #expect(f.evaluate(0) == 0)
            #expect(f.evaluate(1) == 1)
        }
    }
}
