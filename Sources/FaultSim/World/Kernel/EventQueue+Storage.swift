/// The two blocks behind an `EventQueue`: `slots` payload slots, one for every insertion number
/// a run may use, and `slots + 1` key slots whose first holds the sentinel (`UInt64.max`).
///
/// Both blocks are allocated at their largest (64 MiB of payloads and 32 MiB of keys) so that
/// the queue never grows and scheduling never calls out. That is address space, not memory:
/// blocks this large come from `mmap` (glibc's `malloc` maps anything above 32 MiB itself;
/// Darwin's large allocations likewise), and the system backs a page with memory only when it
/// is first written, so a queue costs the pages its longest run has touched (a few kilobytes:
/// runs keep at most a few hundred events) and the free at `deinit` returns them. Allocating
/// one needs the system to allow that much address space per queue: Linux's default
/// overcommit (heuristic) and macOS do; a strict accounting (`vm.overcommit_memory = 2`)
/// would count all 96 MiB against its limit for every world alive at once.
///
/// `@unchecked Sendable`: the raw pointers are written only by the `EventQueue` that holds the
/// storage uniquely (its `reset()` checks), so two threads never write one storage, and a copy
/// sent to another thread only reads it, exactly as `RunArrayStorage`.
final class EventQueueStorage: @unchecked Sendable {
    /// Payload slots: every insertion number a run may use (`Event.maxSequence`).
    static var slots: Int { Int(Event.maxSequence) }

    let keys: UnsafeMutablePointer<UInt64>
    let payloads: UnsafeMutablePointer<WorldEvent>

    init() {
        precondition(_isPOD(WorldEvent.self), "an event queue holds plain values")
        keys = UnsafeMutablePointer<UInt64>.allocate(capacity: EventQueueStorage.slots + 1)
        keys.initialize(to: UInt64.max)
        payloads = UnsafeMutablePointer<WorldEvent>.allocate(capacity: EventQueueStorage.slots)
    }

    /// The slots hold plain values, so freeing the blocks is all there is to do.
    deinit {
        keys.deallocate()
        payloads.deallocate()
    }
}
