import Dispatch
import Foundation
import Policies

/// Runs many seeded runs of several designs, in parallel, with a result that does not depend
/// on the number of threads: run `i` depends only on (seed, i), every design sees the same
/// run indices, and tallies are integer counts merged by addition. Each design runs through its
/// `DesignWorlds`, so a StoreKit 2 design's runs below iOS 15 are its `olderOSDesign`'s.
public enum Runner {
    /// Runs per unit of work handed to a thread. Changing it changes nothing in the result.
    public static let defaultChunkSize = 4_096

    /// Simulates runs `runs` of `scenario` for each design; one tally per design, in order.
    ///
    /// - Parameters:
    ///   - jobs: worker threads (≥ 1).
    ///   - chunkSize: runs per work unit; worker `w` takes chunks w, w + jobs, w + 2·jobs, …
    /// - Complexity: O(|runs| · |designs| · events per run).
    public static func run(
        scenario: Scenario, designs: [Design], runs: Range<UInt64>,
        jobs: Int, chunkSize: Int = defaultChunkSize, progress: ProgressCounter? = nil
    ) -> [DesignTally] {
        compare(scenario: scenario, designs: designs, runs: runs, jobs: jobs, chunkSize: chunkSize, progress: progress).tallies
    }

    /// Like `run`, and also the paired lost-intent comparison of every two designs. `progress`,
    /// when given, counts finished runs (once per chunk).
    public static func compare(
        scenario: Scenario, designs: [Design], runs: Range<UInt64>,
        jobs: Int, chunkSize: Int = defaultChunkSize, progress: ProgressCounter? = nil
    ) -> (tallies: [DesignTally], pairs: PairedLosses) {
        let plan = ChunkPlan(runs: runs, jobs: jobs, chunkSize: chunkSize)
        let collector = WorkerResults<WorkerResult>(workers: plan.workers)
        DispatchQueue.concurrentPerform(iterations: plan.workers) { worker in
            var worlds = designs.map { DesignWorlds(scenario: scenario, design: $0) }
            var pairs = PairedLosses(designs: designs.count)
            var masks = [UInt64](repeating: 0, count: designs.count)
            plan.forEachChunk(of: worker) { chunk in
                for run in chunk {
                    for index in worlds.indices {
                        worlds[index].run(run)
                        masks[index] = worlds[index].lastRunLostMask
                    }
                    pairs.record(lostMasks: masks)
                }
                progress?.add(chunk.count)
            }
            collector.store(worker: worker, WorkerResult(tallies: worlds.map(\.tally), pairs: pairs))
        }
        var merged = [DesignTally](repeating: DesignTally(), count: designs.count)
        var pairs = PairedLosses(designs: designs.count)
        for perWorker in collector.results {
            for index in merged.indices { merged[index].merge(perWorker.tallies[index]) }
            pairs.merge(perWorker.pairs)
        }
        for tally in merged { tally._checkInvariants() }
        return (merged, pairs)
    }

    /// Two designs over the same runs, every blemished outcome paired intent by intent, and
    /// each design's tally.
    public static func pair(
        scenario: Scenario, _ a: Design, _ b: Design, runs: Range<UInt64>, jobs: Int,
        chunkSize: Int = defaultChunkSize, progress: ProgressCounter? = nil
    ) -> (a: DesignTally, b: DesignTally, paired: PairedOutcomes) {
        let plan = ChunkPlan(runs: runs, jobs: jobs, chunkSize: chunkSize)
        let collector = WorkerResults<(DesignTally, DesignTally, PairedOutcomes)>(workers: plan.workers)
        DispatchQueue.concurrentPerform(iterations: plan.workers) { worker in
            var first = DesignWorlds(scenario: scenario, design: a)
            var second = DesignWorlds(scenario: scenario, design: b)
            var paired = PairedOutcomes()
            plan.forEachChunk(of: worker) { chunk in
                for run in chunk {
                    first.run(run)
                    second.run(run)
                    paired.record(first.outcomeMasks, second.outcomeMasks, intents: scenario.user.intentsPerRun)
                }
                progress?.add(chunk.count)
            }
            collector.store(worker: worker, (first.tally, second.tally, paired))
        }
        var result = (a: DesignTally(), b: DesignTally(), paired: PairedOutcomes())
        for part in collector.results {
            result.a.merge(part.0)
            result.b.merge(part.1)
            result.paired.merge(part.2)
        }
        return result
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

    /// Calls `body` with each run range of worker `worker`, in order.
    /// - Complexity: O(chunks of the worker) calls; one closure call per chunk, not per run.
    public func forEachChunk(of worker: Int, _ body: (Range<UInt64>) -> Void) {
        var chunk = worker
        while chunk < chunkCount {
            // chunk < ⌈count / size⌉, so chunk × size < count: neither the product nor the
            // sums below can overflow.
            let start = runs.lowerBound + UInt64(chunk) * UInt64(chunkSize)
            body(start..<(start + min(UInt64(chunkSize), runs.upperBound - start)))
            let (next, overflow) = chunk.addingReportingOverflow(workers)
            if overflow { break }
            chunk = next
        }
    }
}

struct WorkerResult: Sendable {
    var tallies: [DesignTally]
    var pairs: PairedLosses
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
