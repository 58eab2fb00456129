import FaultSim
import Testing

/// `FixedPoint.perMillionInterval`: an interval printed with enough digits to show its width.
@Suite("interval digits")
struct IntervalDigitsTests {
    @Test("A narrow interval gets the digits that tell its ends apart; a wide one keeps three significant digits")
    func narrowIntervalsShowTheirWidth() {
        #expect(FixedPoint.perMillionInterval(1.0013e-6, 1.0042e-6) == "[1.001, 1.004]")
        #expect(FixedPoint.perMillionInterval(0.99987e-6, 1.00013e-6) == "[0.9999, 1.0001]")
        #expect(FixedPoint.perMillionInterval(0.577e-6, 1.65e-6) == "[0.577, 1.65]")
        #expect(FixedPoint.perMillionInterval(7_064e-6, 7_717e-6) == "[7,064, 7,717]")
        #expect(FixedPoint.perMillionInterval(1_234.2e-6, 1_234.4e-6) == "[1,234.2, 1,234.4]")
        #expect(FixedPoint.perMillionInterval(0, 0) == "[0, 0]", "an interval of one value stays as it is")
        for (low, high) in [(1.00001e-6, 1.00002e-6), (3.1151e-6, 3.1152e-6), (241.01e-6, 241.02e-6), (0.99999e-6, 1.00001e-6)] {
            let text = FixedPoint.perMillionInterval(low, high)
            let ends = text.dropFirst().dropLast().split(separator: ",", maxSplits: 1).map { Double($0.trimmingPrefix(" ")) }
            #expect(ends.count == 2 && ends[0] != nil && ends[0] != ends[1], "\(text)")
        }
    }
}
