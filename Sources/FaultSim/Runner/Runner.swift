import Dispatch
import Foundation
import Policies

/// Runs many seeded runs of several designs, in parallel, with a result that does not depend
/// on the number of threads: run `i` depends only on (seed, i), every design sees the same
/// run indices, and tallies are integer counts merged by addition. Every simulation goes
/// through one loop, `simulate`; `run`, `compare`, `pair` and `panel` are views of it.
public enum Runner {
    /// Runs per unit of work handed to a thread. Changing it changes nothing in the result.
    public static let defaultChunkSize = 4_096

    /// Simulates runs `runs` of `scenario` for each design; one tally per design, in order.
    /// - Complexity: O(|runs| · |designs| · events per run).
    public static func run(
        scenario: Scenario, designs: [Design], runs: Range<UInt64>,
        jobs: Int, chunkSize: Int = defaultChunkSize, progress: ProgressCounter? = nil
    ) -> [DesignTally] {
        simulate(scenario: scenario, designs: designs, runs: runs, jobs: jobs, chunkSize: chunkSize, progress: progress) { TalliesOnly() }.tallies
    }

    /// Like `run`, and also the paired lost-intent comparison of every two designs (a panel of
    /// every pair on lost orders alone).
    public static func compare(
        scenario: Scenario, designs: [Design], runs: Range<UInt64>,
        jobs: Int, chunkSize: Int = defaultChunkSize, progress: ProgressCounter? = nil
    ) -> (tallies: [DesignTally], pairs: PairedLosses) {
        let result = panel(scenario: scenario, designs: designs, pairs: .all, outcomes: [.lost], pairsRequests: false, runs: runs,
                           jobs: jobs, chunkSize: chunkSize, progress: progress)
        return (result.tallies, result.pairedLosses)
    }

    /// Two designs over the same runs, every outcome counted per intent paired intent by intent,
    /// and each design's tally.
    public static func pair(
        scenario: Scenario, _ a: Design, _ b: Design, runs: Range<UInt64>, jobs: Int,
        chunkSize: Int = defaultChunkSize, progress: ProgressCounter? = nil
    ) -> (a: DesignTally, b: DesignTally, paired: PairedOutcomes) {
        let result = panel(scenario: scenario, designs: [a, b], pairs: .all, outcomes: Outcome.paired, pairsRequests: false, runs: runs,
                           jobs: jobs, chunkSize: chunkSize, progress: progress)
        return (result.tallies[0], result.tallies[1], result.pairedOutcomes(0, 1))
    }

    /// The first of the first `probe` runs of any design that reaches the event cap
    /// (`World.maxEventsPerRun`) before its horizon, with its design: a job with such runs will
    /// be slow, and those runs end early.
    /// - Complexity: at most `probe` runs of each design.
    public static func firstRunReachingCap(scenario: Scenario, designs: [Design], probe: UInt64 = 4) -> (design: Design, run: UInt64)? {
        for design in designs {
            var world = DesignWorlds(scenario: scenario, design: design)
            for run in 0..<min(UInt64(scenario.runs), probe) {
                world.run(run)
                if world.lastRunReachedCap { return (design, run) }
            }
        }
        return nil
    }

    /// How long `runs` runs of `designs` will take here, in seconds, timed on the first
    /// `sample` of them (wall-clock time: for a message, never for a result).
    public static func estimatedSeconds(scenario: Scenario, designs: [Design], runs: Int, jobs: Int, sample: Int = 20_000) -> Double {
        let timed = UInt64(max(1, min(runs, sample)))
        let started = DispatchTime.now().uptimeNanoseconds
        _ = run(scenario: scenario, designs: designs, runs: 0..<timed, jobs: jobs)
        return Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9 * Double(runs) / Double(timed)
    }

    /// The number of worker threads `--jobs auto` means on this machine.
    public static var automaticJobs: Int { ProcessInfo.processInfo.activeProcessorCount }
}

/// How runs are split among worker threads: into chunks of `chunkSize` consecutive runs,
/// worker `w` taking chunks w, w + workers, w + 2·workers, … A static split, so which thread
/// simulates a run never depends on timing (and never matters to the result).
public struct ChunkPlan: Sendable {
    public let runs: Range<UInt64>
    public let chunkSize: Int
    public let chunkCount: Int
    /// Threads actually used: `jobs`, or fewer when there are fewer chunks.
    public let workers: Int

    /// Any run range, thread count and chunk size: the arithmetic is done in UInt64 with no
    /// sum or product that can overflow (a chunk size near `Int.max` is one chunk).
    public init(runs: Range<UInt64>, jobs: Int, chunkSize: Int) {
        precondition(jobs >= 1 && chunkSize >= 1)
        self.runs = runs
        self.chunkSize = chunkSize
        let count = runs.upperBound - runs.lowerBound
        let size = UInt64(chunkSize)
        let chunks = count / size + (count % size == 0 ? 0 : 1)
        precondition(chunks <= UInt64(Int.max), "more chunks than an Int can count")
        chunkCount = Int(chunks)
        workers = max(1, min(jobs, chunkCount))
    }

    /// The run ranges of worker `worker`, in order: chunks worker, worker + workers, … (a
    /// sequence, so a loop over it captures nothing in a closure).
    public func chunks(of worker: Int) -> Chunks { Chunks(plan: self, chunk: worker) }

    /// The chunks of one worker.
    public struct Chunks: Sequence, IteratorProtocol {
        let plan: ChunkPlan
        var chunk: Int

        /// - Complexity: O(1) per chunk.
        public mutating func next() -> Range<UInt64>? {
            guard chunk < plan.chunkCount else { return nil }
            // chunk < ⌈count / size⌉, so chunk × size < count: neither the product nor the
            // sums below can overflow.
            let start = plan.runs.lowerBound + UInt64(chunk) * UInt64(plan.chunkSize)
            let (following, overflow) = chunk.addingReportingOverflow(plan.workers)
            chunk = overflow ? plan.chunkCount : following
            return start..<(start + Swift.min(UInt64(plan.chunkSize), plan.runs.upperBound - start))
        }
    }

    /// Calls `body` with each run range of worker `worker`, in order.
    /// - Complexity: O(chunks of the worker) calls; one closure call per chunk, not per run.
    public func forEachChunk(of worker: Int, _ body: (Range<UInt64>) -> Void) {
        for chunk in chunks(of: worker) { body(chunk) }
    }
}

/// Where worker threads leave their results, one slot per worker (so merging them in worker
/// order never depends on which thread finished first).
/// `@unchecked Sendable`: every access to `slots` holds `lock`, and `results` is read only
/// after `concurrentPerform` has returned (all workers done).
public final class WorkerResults<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Value?]

    public init(workers: Int) { slots = Array(repeating: nil, count: workers) }

    public func store(worker: Int, _ result: Value) {
        lock.lock()
        defer { lock.unlock() }
        slots[worker] = result
    }

    public var results: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return slots.map { $0! }
    }
}
