/// The two blocks behind an `EventQueue`: `capacity` payload slots, and `capacity + 1` key
/// slots whose first holds the sentinel (`UInt64.max`).
///
/// `@unchecked Sendable`: the raw pointers are written only by the `EventQueue` that holds the
/// storage uniquely (its `reset()` checks), so two threads never write one storage, and a copy
/// sent to another thread only reads it, exactly as `RunArrayStorage`.
final class EventQueueStorage: @unchecked Sendable {
    let keys: UnsafeMutablePointer<UInt64>
    let payloads: UnsafeMutablePointer<WorldEvent>
    let capacity: Int

    init(capacity: Int) {
        precondition(capacity >= 1 && _isPOD(WorldEvent.self), "an event queue holds plain values in at least one slot")
        keys = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity + 1)
        keys.initialize(to: UInt64.max)
        payloads = UnsafeMutablePointer<WorldEvent>.allocate(capacity: capacity)
        self.capacity = capacity
    }

    /// A new storage of `capacity` slots holding copies of the first `scheduled` payloads and
    /// of the sentinel and the `pending` keys after it.
    /// - Complexity: O(scheduled + pending).
    func copy(scheduled: Int, pending: Int, capacity: Int) -> EventQueueStorage {
        precondition(scheduled <= capacity && pending <= scheduled, "a copy holds what it copies")
        let copy = EventQueueStorage(capacity: capacity)
        copy.payloads.initialize(from: payloads, count: scheduled)
        (copy.keys + 1).initialize(from: keys + 1, count: pending)
        return copy
    }

    /// The slots hold plain values, so freeing the blocks is all there is to do.
    deinit {
        keys.deallocate()
        payloads.deallocate()
    }
}
