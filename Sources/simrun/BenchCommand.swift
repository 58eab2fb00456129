import FaultSim
import Policies

/// `simrun bench [scenario.json] [options]`: how fast each design runs, on one thread and on
/// all cores, against the bare engine (the floor).
enum BenchCommand: Command {
    /// Enough runs that a design takes about a second: shorter batches time mostly noise.
    static let defaultRuns = 1_000_000
    /// The median of three timings shrugs off one slow spell of a shared machine.

    static let runs = CommonOptions.runs.defaulting(to: "\(defaultRuns) per design and thread count; the scenario's \"runs\" is ignored")
    static let repeats = OptionSpec.integer("--repeat", valueName: "k", help: "Time every measurement k times (1 to 1000), 1 and all threads alternating, and report the median.",
                                            default: 3)
    static let floorEvents = OptionSpec(name: "--floor-events", valueName: "n", help: "Events per run of the engine floor, 1 to 200000.",
                                        defaultValue: "the designs' mean, rounded")
    static let out = CommonOptions.out("Also write the figures as CSV, one row per workload and thread count.")

    static let spec = CommandSpec.readingScenario(
        name: "bench",
        abstract: "Measure runs/s, events/s and memory for each design, on 1 thread and on --jobs threads, against the bare engine. Release builds only.",
        summary: "Measure runs/s, events/s and memory per design, against the bare engine.",
        options: [runs, CommonOptions.jobs, CommonOptions.designs, repeats, CommonOptions.seed, floorEvents, out, CommonOptions.set])

    static func execute(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        let runCount = context.runs ?? defaultRuns
        let repeatCount = try context.integerOrDefault(repeats, in: 1...1_000)
        let floorEventCount = try context.integer(floorEvents, in: 1...World.maxEventsPerRun)
        let source = try context.scenario(applying: [.seed, .designs])
        let targets = try context.outputs([out], inputs: source.inputs)
        let scenario = source.scenario
        ScenarioInput.warnAboutEventCap(source, designs: scenario.selectedDesigns)

        if MachineInfo.isDebugBuild {
            printError("""
                WARNING: this is a debug build. Its timings are NOT A MEASUREMENT of the simulator.
                         Build and run the release binary: swift run -c release simrun bench
                """)
        }
        let report = measure(scenario, runs: runCount, jobs: context.jobs, repeats: repeatCount, floorEvents: floorEventCount)
        try ScenarioInput.write([(targets[0], report.csv)])
        printOutput(report.text(shownPath: source.shownPath, runs: runCount, seed: scenario.seed, repeats: repeatCount), terminator: "")
        return report.deterministic ? ExitCode.success : ExitCode.software
    }

    /// Times every design, then the floor with the designs' mean events per run. Timings on
    /// 1 and `jobs` threads alternate, so a slow spell of the machine hits both alike.
    static func measure(_ scenario: Scenario, runs: Int, jobs: Int, repeats: Int, floorEvents: Int? = nil) -> BenchReport {
        var report = BenchReport(scenario: scenario.name, jobs: jobs, machine: MachineInfo.machine)
        let threadCounts = jobs > 1 ? [1, jobs] : [1]
        // Warm up (page in code and data, let the clock settle) so the first design timed is
        // not charged for the process's start.
        if let first = scenario.selectedDesigns.first {
            _ = Benchmark.time(first, scenario: scenario, runs: min(runs, 100_000), jobs: jobs)
        }
        for design in scenario.selectedDesigns {
            let (measurements, consistent) = alternate(threadCounts, repeats: repeats) { threads in
                let (seconds, tally) = Benchmark.time(design, scenario: scenario, runs: runs, jobs: threads)
                return (seconds, BenchOutcome(runs: tally.runs, events: tally.events, tally: tally))
            }
            if !consistent { report.deterministic = false }
            let row = BenchRow(name: design.name, single: measurements[0], parallel: measurements.dropFirst().first)
            printError("bench: \(design.name): \(Grouped.format(row.single.runsPerSecond)) runs/s on 1 thread"
                + (row.parallel.map { ", \(Grouped.format($0.runsPerSecond)) on \(jobs)" } ?? ""))
            report.designs.append(row)
        }

        let catalogEvents = report.designs.reduce(Int64(0)) { $0 + $1.single.events }
        let catalogRuns = report.designs.reduce(Int64(0)) { $0 + $1.single.runs }
        let floorEvents = floorEvents ?? max(1, Int((Double(catalogEvents) / Double(max(catalogRuns, 1))).rounded()))
        let (floorMeasurements, floorConsistent) = alternate(threadCounts, repeats: repeats) { threads in
            let timing = Benchmark.timeFloor(seed: scenario.seed, eventsPerRun: floorEvents, runs: runs, jobs: threads)
            return (timing.seconds, BenchOutcome(runs: Int64(runs), events: timing.events, checksum: timing.checksum))
        }
        if !floorConsistent { report.deterministic = false }
        report.floor = BenchRow(name: "engine floor (no model)", single: floorMeasurements[0],
                                parallel: floorMeasurements.dropFirst().first)
        report.peakResidentBytes = MachineInfo.peakResidentBytes
        return report
    }

    /// Times `timeOnce` `repeats` times on each thread count, the counts alternating; one
    /// measurement per thread count, and whether every timing produced the same outcome.
    static func alternate(_ threadCounts: [Int], repeats: Int, _ timeOnce: (Int) -> (Double, BenchOutcome))
        -> (measurements: [BenchMeasurement], consistent: Bool) {
        var timings = threadCounts.map { _ in [Double]() }
        var outcomes: [BenchOutcome] = []
        for _ in 0..<repeats {
            for (slot, threads) in threadCounts.enumerated() {
                let (seconds, outcome) = timeOnce(threads)
                timings[slot].append(seconds)
                outcomes.append(outcome)
            }
        }
        let measurements = zip(threadCounts, timings).map {
            BenchMeasurement(runs: outcomes[0].runs, events: outcomes[0].events, jobs: $0, timings: $1)
        }
        return (measurements, outcomes.allSatisfy { $0 == outcomes[0] })
    }
}

/// What one timing produced, compared across timings and thread counts: a design's tally, or
/// the floor's checksum.
struct BenchOutcome: Equatable {
    var runs: Int64
    var events: Int64
    var tally: DesignTally?
    var checksum: UInt64?

    init(runs: Int64, events: Int64, tally: DesignTally? = nil, checksum: UInt64? = nil) {
        self.runs = runs
        self.events = events
        self.tally = tally
        self.checksum = checksum
    }
}
