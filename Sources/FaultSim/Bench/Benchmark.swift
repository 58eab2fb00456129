import Dispatch
import Policies

/// Repeated timings of one workload on some number of threads.
public struct BenchMeasurement: Sendable {
    public var runs: Int64
    public var events: Int64
    public var jobs: Int
    /// Wall-clock seconds of every timing, in the order taken.
    public var timings: [Double]

    public init(runs: Int64, events: Int64, jobs: Int, timings: [Double]) {
        precondition(!timings.isEmpty)
        self.runs = runs
        self.events = events
        self.jobs = jobs
        self.timings = timings
    }

    /// The median timing (the mean of the middle two for an even count): one slow timing,
    /// from another tenant of the machine, does not move it.
    public var seconds: Double {
        let sorted = timings.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
    public var fastest: Double { timings.min()! }
    public var slowest: Double { timings.max()! }

    public var runsPerSecond: Double { Double(runs) / seconds }
    /// Runs per second in the fastest timing: what the machine does when nothing else
    /// competes for it.
    public var bestRunsPerSecond: Double { Double(runs) / fastest }
    public var eventsPerSecond: Double { Double(events) / seconds }
    public var eventsPerRun: Double { Double(events) / Double(max(runs, 1)) }
    /// Wall-clock nanoseconds per event; on one thread, the cost of an event.
    public var nanosecondsPerEvent: Double { seconds * 1e9 / Double(max(events, 1)) }
}

/// Times designs and the bare-engine floor through the same harness as `simrun run`: the
/// same `ChunkPlan` split over threads, worlds reused across runs, counts merged at the end.
/// Wall clock comes from Dispatch's monotonic clock, read only before and after a batch.
public enum Benchmark {
    /// One timing of runs 0..<`runs` of `design` on `jobs` threads, and the tally it produced.
    public static func time(_ design: Design, scenario: Scenario, runs: Int, jobs: Int) -> (seconds: Double, tally: DesignTally) {
        precondition(runs >= 1)
        let started = DispatchTime.now().uptimeNanoseconds
        let tally = Runner.run(scenario: scenario, designs: [design], runs: 0..<UInt64(runs), jobs: jobs)[0]
        return (seconds(since: started), tally)
    }

    /// One timing of runs 0..<`runs` of the bare engine (`EngineFloor`), `eventsPerRun` events
    /// each, on `jobs` threads; the checksum of everything drawn is the same for any `jobs`.
    public static func timeFloor(seed: UInt64, eventsPerRun: Int, runs: Int, jobs: Int)
        -> (seconds: Double, events: Int64, checksum: UInt64) {
        precondition(runs >= 1)
        let started = DispatchTime.now().uptimeNanoseconds
        let plan = ChunkPlan(runs: 0..<UInt64(runs), jobs: jobs, chunkSize: Runner.defaultChunkSize)
        let collector = WorkerResults<(Int64, UInt64)>(workers: plan.workers)
        DispatchQueue.concurrentPerform(iterations: plan.workers) { worker in
            var floor = EngineFloor(seed: seed, eventsPerRun: eventsPerRun)
            plan.forEachChunk(of: worker) { chunk in
                for run in chunk { floor.run(run) }
            }
            collector.store(worker: worker, (floor.events, floor.checksum))
        }
        let totals = collector.results.reduce((Int64(0), UInt64(0))) { ($0.0 + $1.0, $0.1 &+ $1.1) }
        return (seconds(since: started), totals.0, totals.1)
    }

    static func seconds(since started: UInt64) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    }
}
