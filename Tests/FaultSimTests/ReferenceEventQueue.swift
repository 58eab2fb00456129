@testable import FaultSim

/// The event queue as it was before issue 31 specialised it (commit 3365159, verbatim but for
/// its name): keys sorted latest first in a `RunArray`, payloads in another, the insertion
/// walk bounded by an index test. `EventQueueTests` checks the specialised queue against it,
/// event for event, so the two fire in exactly the same order (time, then insertion order).
struct ReferenceEventQueue {
    /// Pending keys, latest first: `keys[0..<count]`.
    var keys: RunArray<UInt64>
    /// The payload of every event scheduled this run, by insertion number.
    var payloads: RunArray<WorldEvent>
    /// Pending events: `keys[0..<count]`.
    private(set) var count = 0
    /// The time of the event most recently popped.
    private(set) var now: SimTime = 0

    /// Above this many pending keys, `schedule` finds its slot by binary search.
    static var linearScanLimit: Int { 16 }

    init(capacity: Int = 256) {
        keys = RunArray(capacity: capacity)
        payloads = RunArray(capacity: capacity)
    }

    var isEmpty: Bool { count == 0 }

    /// The time of the earliest pending event, or nil when none is pending.
    /// - Complexity: O(1).
    var nextTime: SimTime? { count > 0 ? SimTime(keys[count - 1] >> Event.sequenceBits) : nil }

    /// Empties the queue and rewinds the clock, keeping the storage (made this queue's own).
    /// Returns whether the storage was shared with another copy: one uniqueness check stands
    /// for every array copied together with `keys` (`payloads` here, the world's arrays in
    /// `World.reset`), because a run's arrays are only ever copied all at once.
    /// - Complexity: O(1); allocates only when the storage was shared.
    @discardableResult
    mutating func reset() -> Bool {
        let shared = keys.makeUnique()
        payloads.removeAll(shared: shared)
        count = 0
        now = 0
        return shared
    }

    /// Schedules `event` at `time`, which must not be in the past.
    /// - Complexity: O(k), k the pending events that fire before this one (at most 16
    ///   compares, then O(log n) compares and one block move); no allocation once the storage
    ///   has grown to its working size.
    @inline(__always)
    mutating func schedule(_ event: WorldEvent, at time: SimTime) {
        invariant(time >= now && time <= Event.maxTime, "an event must lie between now and 2^42 ms")
        // Both conversions are of values known to be non-negative: no sign check needed.
        let sequence = UInt64(truncatingIfNeeded: payloads.count)
        invariant(sequence < Event.maxSequence, "too many events scheduled in one run")
        payloads.append(event)
        let key = UInt64(truncatingIfNeeded: time) << Event.sequenceBits | sequence
        if count == keys.count { keys.append(key) }
        let end = count
        count &+= 1
        let sorted = keys.baseAddress
        if end <= ReferenceEventQueue.linearScanLimit {
            ReferenceEventQueue.insertByScan(key, end: end, in: sorted)
        } else {
            ReferenceEventQueue.insertBySearch(key, end: end, in: sorted)
        }
    }

    /// Removes and returns the earliest event, advancing `now` to its time.
    /// - Complexity: O(1).
    @inline(__always)
    mutating func pop() -> Event? {
        guard count > 0 else { return nil }
        count &-= 1
        let first = keys.baseAddress[count]
        let time = SimTime(first >> Event.sequenceBits)
        invariant(time >= now, "time went backwards")
        now = time
        return Event(key: first, payload: payloads[Int(first & (Event.maxSequence - 1))])
    }

    /// Inserts `key` into `sorted[0..<end]` (latest first), walking from the earliest end and
    /// shifting every key that fires before it one slot up. The key is the newest scheduled,
    /// so it is never equal to another; among equal times it goes after (below) them.
    @inline(__always)
    static func insertByScan(_ key: UInt64, end: Int, in sorted: UnsafeMutablePointer<UInt64>) {
        var slot = end
        while slot > 0 {
            let before = sorted[slot - 1]
            guard before < key else { break }
            sorted[slot] = before
            slot -= 1
        }
        sorted[slot] = key
    }

    /// The same insertion for a long queue: binary search for the slot, then one move.
    static func insertBySearch(_ key: UInt64, end: Int, in sorted: UnsafeMutablePointer<UInt64>) {
        // The first index whose key is below `key` (keys descend).
        var low = 0, high = end
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] > key { low = middle + 1 } else { high = middle }
        }
        (sorted + low + 1).update(from: sorted + low, count: end - low)
        sorted[low] = key
    }

    /// Checks that the keys are sorted and that nothing pending lies in the past (debug builds).
    func _checkInvariants() {
        #if DEBUG
        invariant(count <= keys.count, "more pending events than slots")
        for index in 1..<max(count, 1) {
            invariant(keys[index] < keys[index - 1], "pending events out of order")
        }
        if count > 0 { invariant(SimTime(keys[count - 1] >> Event.sequenceBits) >= now, "pending event in the past") }
        for index in 0..<count {
            invariant(Int(keys[index] & (Event.maxSequence - 1)) < payloads.count, "a pending key without its payload")
        }
        #endif
    }
}
