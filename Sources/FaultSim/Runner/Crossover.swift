import Policies

/// Where a finding stops holding as one scenario parameter moves: the value at which design A
/// stops losing fewer orders than design B (paired runs, McNemar), or at which one design's
/// lost rate crosses a target (Wilson). Found by bisection on the sign of the difference,
/// every point simulated on the same runs, so neighbouring values are compared like for like.
public enum Crossover {
    /// One evaluated parameter value.
    public struct Point: Sendable, Equatable {
        public let value: Double
        /// The difference's point estimate, per intent: (A's lost − B's lost) for a pair,
        /// (lost rate − target) for a threshold.
        public let difference: Double
        /// The difference's sign is significant at the 5% level (McNemar's p < 0.05, or the
        /// target outside the 95% Wilson interval).
        public let significant: Bool
        /// A short account for people: "A 412 / B 9 discordant, p = 3e-12".
        public let detail: String

        public init(value: Double, difference: Double, significant: Bool, detail: String) {
            self.value = value
            self.difference = difference
            self.significant = significant
            self.detail = detail
        }
    }

    /// What a search found.
    public struct Result: Sendable, Equatable {
        /// Every value evaluated, in increasing order.
        public let points: [Point]
        /// The last bracket: the difference is ≤ 0 at `below` and > 0 at `above`; nil when it
        /// does not change sign over the range.
        public let bracket: (below: Double, above: Double)?
        /// Where the crossover can lie given the noise: from the largest value with a
        /// significantly negative difference to the smallest with a significantly positive one
        /// (the range's ends when none is significant on a side).
        public let interval: (low: Double, high: Double)?

        /// The bracket's midpoint.
        public var estimate: Double? { bracket.map { ($0.below + $0.above) / 2 } }

        public static func == (lhs: Result, rhs: Result) -> Bool {
            lhs.points == rhs.points && lhs.bracket?.below == rhs.bracket?.below && lhs.bracket?.above == rhs.bracket?.above
                && lhs.interval?.low == rhs.interval?.low && lhs.interval?.high == rhs.interval?.high
        }
    }

    /// The value of the parameter `set` writes at which `a` stops losing fewer intents than
    /// `b` (or starts, if it loses more at the low end).
    /// - Complexity: (2 + `steps`) paired simulations of `runs`.
    public static func between(
        _ a: Design, _ b: Design, in scenario: Scenario, over range: ClosedRange<Double>, steps: Int,
        runs: Range<UInt64>, jobs: Int, set: (inout Scenario, Double) -> Void
    ) -> Result {
        between(a, b, over: range, steps: steps, runs: runs, jobs: jobs) { value in
            var world = scenario
            set(&world, value)
            return world
        }
    }

    /// The same search with the scenario at each value made by `scenarioAt`: for a key
    /// that is set through the scenario file (`ScenarioSource.load(setting:to:)`), as `simrun
    /// crossover` and `Sweep.crossover` do.
    public static func between(
        _ a: Design, _ b: Design, over range: ClosedRange<Double>, steps: Int, runs: Range<UInt64>, jobs: Int,
        scenarioAt: (Double) -> Scenario
    ) -> Result {
        bisect(range, steps: steps) { value in
            let scenario = scenarioAt(value)
            return pairedPoint(value, a: a.name, b: b.name,
                               Runner.compare(scenario: scenario, designs: scenario.definitions(of: [a, b]), runs: runs, jobs: jobs))
        }
    }

    /// The point for two designs' paired result at `value` (designs 0 and 1 of `result`).
    public static func pairedPoint(_ value: Double, a: String, b: String,
                                   _ result: (tallies: [DesignTally], pairs: PairedLosses)) -> Point {
        let onlyA = result.pairs.lostOnlyBy(0, notBy: 1), onlyB = result.pairs.lostOnlyBy(1, notBy: 0)
        let logP = result.pairs.mcNemarLogPValue(0, 1)
        let intents = Double(max(result.tallies[0].intents, 1))
        let p = PValue.text(logP: logP)
        return Point(value: value, difference: Double(onlyA - onlyB) / intents, significant: logP < Significance.logLevel,
                     detail: "\(a) lost \(onlyA) intents only it lost, \(b) \(onlyB); exact McNemar p \(p.hasPrefix("<") ? p : "= " + p)")
    }

    /// The value of the parameter `set` writes at which `design`'s lost rate crosses `target`.
    /// - Complexity: (2 + `steps`) simulations of `runs`.
    public static func threshold(
        _ design: Design, lostRate target: Double, in scenario: Scenario, over range: ClosedRange<Double>,
        steps: Int, runs: Range<UInt64>, jobs: Int, set: (inout Scenario, Double) -> Void
    ) -> Result {
        threshold(design, lostRate: target, over: range, steps: steps, runs: runs, jobs: jobs) { value in
            var world = scenario
            set(&world, value)
            return world
        }
    }

    /// The same search with the scenario at each value made by `scenarioAt`.
    public static func threshold(
        _ design: Design, lostRate target: Double, over range: ClosedRange<Double>, steps: Int, runs: Range<UInt64>, jobs: Int,
        scenarioAt: (Double) -> Scenario
    ) -> Result {
        bisect(range, steps: steps) { value in
            thresholdPoint(value, design: design.name, target: target,
                           Runner.run(scenario: scenarioAt(value), designs: [design], runs: runs, jobs: jobs)[0])
        }
    }

    /// The point for one design's tally at `value` against a target lost rate.
    public static func thresholdPoint(_ value: Double, design: String, target: Double, _ tally: DesignTally) -> Point {
        let rate = tally.lostRate
        return Point(value: value, difference: rate.rate - target, significant: rate.low > target || rate.high < target,
                     detail: "\(design) lost \(tally.lost) of \(tally.intents), 95% interval "
                        + "[\(FixedPoint.format(rate.low * 100, places: 2))%, \(FixedPoint.format(rate.high * 100, places: 2))%]")
    }

    /// Bisection on the sign of `evaluate`'s difference over `range`, `steps` halvings after
    /// the two ends: the engine of `between` and `threshold`, for any other measure.
    public static func bisect(_ range: ClosedRange<Double>, steps: Int, _ evaluate: (Double) -> Point) -> Result {
        var points = [evaluate(range.lowerBound), evaluate(range.upperBound)]
        let lowSign = points[0].difference > 0, highSign = points[1].difference > 0
        var bracket: (below: Double, above: Double)?
        if lowSign != highSign {
            // Orient so that `below` is where the difference is ≤ 0.
            var below = lowSign ? range.upperBound : range.lowerBound
            var above = lowSign ? range.lowerBound : range.upperBound
            for _ in 0..<steps {
                let middle = (below + above) / 2
                let point = evaluate(middle)
                points.append(point)
                if point.difference > 0 { above = middle } else { below = middle }
            }
            bracket = (below, above)
        }
        points.sort { $0.value < $1.value }
        guard bracket != nil else { return Result(points: points, bracket: nil, interval: nil) }
        // The interval runs from the last significant point on the bracket's `below` side to
        // the first significant point on its `above` side.
        let ascending = !lowSign
        let negative = points.filter { $0.significant && $0.difference <= 0 }.map(\.value)
        let positive = points.filter { $0.significant && $0.difference > 0 }.map(\.value)
        let interval: (low: Double, high: Double) = ascending
            ? (negative.max() ?? range.lowerBound, positive.min() ?? range.upperBound)
            : (positive.max() ?? range.lowerBound, negative.min() ?? range.upperBound)
        return Result(points: points, bracket: bracket, interval: interval)
    }
}
