/// One workload's figures: on one thread, and on all cores when more than one was asked for.
public struct BenchRow: Sendable {
    public var name: String
    public var single: BenchMeasurement
    public var parallel: BenchMeasurement?

    public init(name: String, single: BenchMeasurement, parallel: BenchMeasurement?) {
        self.name = name
        self.single = single
        self.parallel = parallel
    }

    /// The all-cores figure when there is one, else the single-thread one.
    public var allThreads: BenchMeasurement { parallel ?? single }
    public var speedup: Double? { parallel.map { single.seconds / $0.seconds } }
}

/// What `simrun bench` found, as a table for people (`BenchReport+Text`) and as CSV
/// (`BenchReport+CSV`), rendered here like every other report; the command measures and writes.
public struct BenchReport: Sendable {
    public var scenario: String
    public var jobs: Int
    /// Where the timings were taken: a figure means nothing without it.
    public var machine: BenchMachine
    public var designs: [BenchRow] = []
    public var floor: BenchRow?
    public var peakResidentBytes: Int64 = 0
    /// Every design gave the same tally, and the floor the same checksum, on 1 and `jobs` threads.
    public var deterministic = true

    public init(scenario: String, jobs: Int, machine: BenchMachine) {
        self.scenario = scenario
        self.jobs = jobs
        self.machine = machine
    }

    /// The catalog as one workload: every design back to back (total runs over total time);
    /// nil without designs.
    public var catalog: BenchRow? {
        func total(_ pick: (BenchRow) -> BenchMeasurement?) -> BenchMeasurement? {
            let parts = designs.compactMap(pick)
            guard parts.count == designs.count, let first = parts.first else { return nil }
            return BenchMeasurement(runs: parts.reduce(0) { $0 + $1.runs }, events: parts.reduce(0) { $0 + $1.events },
                                    jobs: first.jobs, timings: [parts.reduce(0) { $0 + $1.seconds }])
        }
        guard let single = total(\.single) else { return nil }
        return BenchRow(name: "catalog, back to back", single: single, parallel: total(\.parallel))
    }

    /// The mean over designs of each design's runs/s (on all cores when measured).
    public var meanRunsPerSecond: Double {
        designs.reduce(0) { $0 + $1.allThreads.runsPerSecond } / Double(max(designs.count, 1))
    }

    /// Like `meanRunsPerSecond`, from each design's fastest timing.
    public var meanBestRunsPerSecond: Double {
        designs.reduce(0) { $0 + $1.allThreads.bestRunsPerSecond } / Double(max(designs.count, 1))
    }

    /// The catalog's speedup from fastest timings: total fastest 1-thread time over total
    /// fastest all-threads time.
    public var bestSpeedup: Double? {
        guard designs.allSatisfy({ $0.parallel != nil }) else { return nil }
        return designs.reduce(0) { $0 + $1.single.fastest } / designs.reduce(0) { $0 + $1.parallel!.fastest }
    }

    public var slowest: BenchRow? { designs.min { $0.allThreads.runsPerSecond < $1.allThreads.runsPerSecond } }

    /// Single-thread cost per event of `row` over the floor's.
    public func floorRatio(_ row: BenchRow) -> Double? {
        floor.map { row.single.nanosecondsPerEvent / $0.single.nanosecondsPerEvent }
    }
}

/// Where a benchmark ran: cores, processor, system and build. The command reads them from its
/// process; the report only says them.
public struct BenchMachine: Sendable {
    public var cores: Int
    public var processor: String
    public var system: String
    /// "release", or "debug" for a build whose timings mean nothing.
    public var buildConfiguration: String

    public init(cores: Int, processor: String, system: String, buildConfiguration: String) {
        self.cores = cores
        self.processor = processor
        self.system = system
        self.buildConfiguration = buildConfiguration
    }

    public var isDebugBuild: Bool { buildConfiguration == "debug" }
}
