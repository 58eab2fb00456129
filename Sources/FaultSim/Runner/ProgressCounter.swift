import Synchronization

/// Runs finished so far, shared by the worker threads of one job: each worker adds a chunk's
/// runs when it finishes the chunk (one relaxed atomic add per chunk, never per run or event),
/// and a display thread reads it.
public final class ProgressCounter: Sendable {
    private let finished = Atomic<Int>(0)
    private let added = Atomic<Int>(0)

    public init() {}

    /// Adds `runs` finished runs.
    public func add(_ runs: Int) { finished.add(runs, ordering: .relaxed) }

    /// Runs finished so far.
    public var value: Int { finished.load(ordering: .relaxed) }

    /// Sets the runs added to the phase's total: work found only as the phase goes (settings the
    /// guard flags, counted again on plain runs), shown on the same line rather than as a stall.
    public func setAddedTotal(_ runs: Int) { added.store(runs, ordering: .relaxed) }

    /// Runs added to the phase's total (`setAddedTotal`).
    public var addedTotal: Int { added.load(ordering: .relaxed) }
}

/// Who watches a long job as it goes, phase by phase (the command line draws a progress line
/// for each). Nothing it does reaches the result.
public protocol ProgressReporter: Sendable {
    /// A phase of about `totalRuns` runs (all designs of a run count as one) begins, the one
    /// before it, if any, having ended: the counter its workers add finished runs to.
    func begin(_ label: String, totalRuns: Int) -> ProgressCounter
}
