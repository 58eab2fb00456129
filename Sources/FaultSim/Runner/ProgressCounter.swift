import Synchronization

/// Runs finished so far, shared by the worker threads of one job: each worker adds a chunk's
/// runs when it finishes the chunk (one relaxed atomic add per chunk, never per run or event),
/// and a display thread reads it.
public final class ProgressCounter: Sendable {
    private let finished = Atomic<Int>(0)

    public init() {}

    /// Adds `runs` finished runs.
    public func add(_ runs: Int) { finished.add(runs, ordering: .relaxed) }

    /// Runs finished so far.
    public var value: Int { finished.load(ordering: .relaxed) }
}
