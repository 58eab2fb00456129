@testable import FaultSim
import Foundation
import Testing

@Suite("Engine and statistics")
struct EngineTests {
    @Test("Events fire by time, ties in insertion order, and time never goes back")
    func eventOrder() {
        var queue = EventQueue()
        var generator = Xoshiro256(seed: 42)
        var expected: [(SimTime, Int32)] = []
        for label in Int32(0)..<2_000 {
            let time = SimTime(generator.nextInt(below: 50))
            queue.schedule(.intentStart(intent: label), at: time)
            expected.append((time, label))
        }
        expected.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
        var popped: [(SimTime, Int32)] = []
        var last: SimTime = 0
        while let event = queue.pop() {
            #expect(event.time >= last)
            #expect(queue.now == event.time)
            last = event.time
            popped.append((event.time, label(event)))
            queue._checkInvariants()
        }
        #expect(popped.map(\.1) == expected.map(\.1))
    }

    /// The queue walks a short queue and binary-searches a long one (past 16 pending): pops
    /// interleaved with schedulings move the pending count across that limit both ways.
    @Test("Interleaved schedulings and pops fire in (time, insertion) order, short queue or long")
    func interleavedEventOrder() {
        var queue = EventQueue()
        var generator = Xoshiro256(seed: 7)
        var pending: [(time: SimTime, label: Int32)] = []
        var label: Int32 = 0
        for step in 0..<20_000 {
            // Mostly schedule while the queue grows, mostly pop while it shrinks.
            let growing = (step / 500) % 2 == 0
            if pending.isEmpty || generator.nextInt(below: 4) < (growing ? 3 : 1) {
                let time = queue.now + SimTime(generator.nextInt(below: 20))
                queue.schedule(.intentStart(intent: label), at: time)
                pending.append((time, label))
                label += 1
            } else {
                let next = pending.indices.min { (pending[$0].time, pending[$0].label) < (pending[$1].time, pending[$1].label) }!
                let event = queue.pop()!
                #expect(event.time == pending[next].time && self.label(event) == pending[next].label)
                pending.remove(at: next)
            }
            #expect(queue.count == pending.count)
            queue._checkInvariants()
        }
    }

    /// The label the queue tests schedule: the intent number of an `intentStart`.
    func label(_ event: Event) -> Int32 {
        guard case .intentStart(let label) = event.payload else { return -1 }
        return label
    }

    @Test("Owned exp and log agree with the platform's to 1e-14")
    func ownedMath() {
        var generator = Xoshiro256(seed: 7)
        for _ in 0..<20_000 {
            let x = (generator.nextUnit() - 0.5) * 80
            let exact = Foundation.exp(x)
            #expect(abs(DeterministicMath.exp(x) - exact) <= 1e-14 * exact, "exp(\(x))")
            let y = DeterministicMath.exp(x)
            #expect(abs(DeterministicMath.log(y) - Foundation.log(y)) <= 1e-14 * max(1, abs(Foundation.log(y))), "log(\(y))")
        }
        #expect(DeterministicMath.log(1) == 0)
        #expect(DeterministicMath.exp(0) == 1)
    }

    @Test("Distribution quantiles hit their parameters")
    func quantiles() {
        let logNormal = DurationDistribution.logNormal(medianMs: 300, p99Ms: 5_000)
        #expect(logNormal.quantile(0.5) == 300)
        #expect(abs(logNormal.quantile(0.99) - 5_000) <= 1)
        #expect(abs(NormalQuantile.of(0.975) - 1.959963984540054) < 1e-8)
        let uniform = DurationDistribution.uniform(minMs: 10, maxMs: 19)
        #expect(uniform.quantile(0) == 10)
        #expect(uniform.quantile(0.999_999) == 19)
        #expect(DurationDistribution.exponential(meanMs: 1_000).quantile(1 - 1 / M_E) == 1_000)
        #expect(DurationDistribution.fixed(5).quantile(0.3) == 5)
        // Monotone in the uniform: more luck never means less latency.
        var previous: SimTime = 0
        for step in 0..<1_000 {
            let value = logNormal.quantile(Double(step) / 1_000)
            #expect(value >= previous)
            previous = value
        }
    }

    @Test("Wilson intervals match published values")
    func wilson() {
        let none = Wilson.interval(successes: 0, trials: 100)
        #expect(none.low == 0 && abs(none.high - 0.036995) < 1e-5)
        let half = Wilson.interval(successes: 50, trials: 100)
        #expect(abs(half.low - 0.403832) < 1e-5 && abs(half.high - 0.596168) < 1e-5)
    }

    @Test("Histogram quantiles are within one bucket, and merging equals recording")
    func histogram() {
        var all = DelayHistogram()
        var left = DelayHistogram()
        var right = DelayHistogram()
        for value in SimTime(1)...10_000 {
            all.record(value * 37)
            if value % 2 == 0 { left.record(value * 37) } else { right.record(value * 37) }
        }
        left.merge(right)
        #expect(left == all)
        let median = Double(all.quantile(0.5)!)
        #expect(abs(median - 185_000) / 185_000 < 0.016)
        #expect(DelayHistogram().quantile(0.5) == nil)
    }

    @Test("McNemar's p-value on known tables")
    func mcNemar() {
        let pairs = PairedLosses.recorded(Array(repeating: [1, 0], count: 10))
        // Exact: 2 · (1/2)^10 = 0.001953.
        #expect(abs(pairs.mcNemarPValue(0, 1) - 2.0 / 1_024) < 1e-12)
        let balanced = PairedLosses.recorded(Array(repeating: [[1, 0], [0, 1]], count: 10).flatMap { $0 })
        #expect(balanced.mcNemarPValue(0, 1) > 0.8)
        #expect(PairedLosses(designs: 2).mcNemarPValue(0, 1) == 1)
    }
}
