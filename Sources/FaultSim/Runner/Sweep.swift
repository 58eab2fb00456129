import Policies

/// Every design at every value of one scenario parameter, on the same runs (common random
/// numbers: run i meets the same random draws at every value, so neighbouring values are
/// compared like for like). Each value is applied like `--set key=value`, so any key of the
/// scenario file can be swept, and a value the file could not hold is refused before anything
/// is simulated.
///
///     let source = ScenarioSource(.file(path: "scenarios/default.json"))
///     let sweep = try Sweep(key: "network.requestLossProbability", axis: SweepAxis(labels: ["0", "0.1", "0.3"]),
///                           source: source, runs: 20_000, designs: ["naive", "bliap"])
///     let result = sweep.run([.naive, .bliap], jobs: 4)
///     print(result.table(.lost), result.csv)
public struct Sweep: Sendable {
    /// The swept key path, as `--set` takes it.
    public let key: String
    public let axis: SweepAxis
    /// Where every value's scenario is loaded from.
    public let source: ScenarioSource
    /// The scenario at each value, in the axis' order, each with `runs` runs and `designs`.
    public let scenarios: [Scenario]

    /// Loads the scenario at every value of `axis` (all of them before anything is simulated),
    /// each with `runs` runs and the design list `designs`.
    public init(key: String, axis: SweepAxis, source: ScenarioSource, runs: Int, designs: [String]) throws(ParameterError) {
        precondition(!axis.labels.isEmpty, "a sweep has values")
        var scenarios: [Scenario] = []
        for label in axis.labels {
            var scenario = try source.load(setting: key, to: label)
            scenario.designs = designs
            scenario.runs = runs
            scenarios.append(scenario)
        }
        self.key = key
        self.axis = axis
        self.source = source
        self.scenarios = scenarios
    }

    public var runsPerValue: Int { scenarios[0].runs }

    /// How a partial result of this sweep (`--shard`) names what it holds.
    public var kind: PartialResult.Kind { .sweep(key: key, labels: axis.labels, logX: axis.logScale) }

    /// Every design at every value, on the same runs (`runs`, default all of them), with the
    /// paired counts a partial result keeps.
    /// - Complexity: one `Runner.compare` of `runs` per value.
    public func run(_ designs: [Design], runs: Range<UInt64>? = nil, jobs: Int, progress: ProgressCounter? = nil) -> SweepResult {
        let results = scenarios.map {
            Runner.compare(scenario: $0, designs: $0.definitions(of: designs), runs: runs ?? 0..<UInt64(runsPerValue), jobs: jobs,
                           progress: progress)
        }
        let rows = zip(scenarios, results).map { scenario, result in
            zip(designs, result.tallies).map { ResultRow(scenario: scenario, design: $0.name, tally: $1) }
        }
        return SweepResult(key: key, axis: axis, scenario: scenarios[0].name, runsPerValue: runsPerValue,
                           designs: designs.map(\.name), rows: rows, pairs: results.map(\.pairs))
    }

    /// Where `a` stops losing fewer orders than `b` (or starts) between the smallest and the
    /// largest value, by bisection on paired runs (`Crossover.between`), each point on this
    /// sweep's runs; nil when the values are not numbers. A value whose scenario cannot be
    /// loaded is simulated at the first value instead.
    /// - Complexity: (2 + `steps`) paired simulations of `runsPerValue` runs.
    public func crossover(_ a: Design, _ b: Design, steps: Int = 7, jobs: Int) -> Crossover.Result? {
        guard let numbers = axis.numbers, let low = numbers.min(), let high = numbers.max() else { return nil }
        return Crossover.between(a, b, over: low...high, steps: steps, runs: 0..<UInt64(runsPerValue), jobs: jobs) { value in
            var scenario = (try? source.load(setting: key, to: SweepAxis.label(value))) ?? scenarios[0]
            scenario.runs = runsPerValue
            return scenario
        }
    }
}
