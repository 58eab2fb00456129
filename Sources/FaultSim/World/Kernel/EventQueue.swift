/// A popped event: when it fires and what it is.
struct Event: Sendable {
    /// Time in the high 42 bits, insertion order in the low 22: one integer comparison orders
    /// events by (time, insertion order), so ties fire first in, first out.
    var key: UInt64
    var payload: WorldEvent

    static var sequenceBits: UInt64 { 22 }
    /// Latest representable time: 2^42 ms, about 139 years.
    static var maxTime: SimTime { SimTime(1) << 42 - 1 }
    /// Most events one run may schedule.
    static var maxSequence: UInt64 { 1 << sequenceBits }

    var time: SimTime { SimTime(key >> Event.sequenceBits) }
}

/// The pending events of one run, ordered by (time, insertion order), reused across runs: a
/// queue specialised for the handful of events a run keeps pending.
///
/// Like swift-nio's `EmbeddedEventLoop`, events at the same instant fire in the order they
/// were scheduled, and the clock (`now`) is set before an event is handed out and never
/// goes backwards.
///
/// The queue holds keys only (time and insertion number in one `UInt64`), sorted latest
/// first in `keys[1...count]`, so the next event is the last key: popping is a load and a
/// decrement. `keys[0]` is a sentinel above every key (`UInt64.max`, a time past
/// `Event.maxTime`), so the insertion walk, from the earliest end towards the latest, needs
/// no bound test: it stops at the sentinel at the latest. That is O(pending) where a heap is
/// O(log pending), but a run keeps few events pending: at most 8, and at most 5 in 99% of
/// schedulings, in every committed scenario (measured over 20,000 runs each). For so few,
/// the sorted array does a third of a binary heap's work: no sift down on pop, and an
/// insertion that usually stops after one or two compares. Past `linearScanLimit` pending
/// keys, the slot is found by binary search and the keys move in one block, so even a
/// pathological scenario costs O(log n) compares per scheduling.
///
/// An event's kind and arguments sit in `payloads` at its insertion number, written when it is
/// scheduled and read when it fires. Both blocks are reserved at their largest when the queue
/// is made: a slot for every insertion number a run may use (2^22; the keys one more, for the
/// sentinel), as address space that the system backs with memory only where a run writes
/// (`EventQueueStorage` says why that is safe). So the queue never grows, and scheduling holds
/// no call: its one test (the bound on insertion numbers) traps when it fails, so the values
/// live around a scheduling need not be saved and reloaded around a call. The growth call
/// that stood there (taken a few times per queue, present at every scheduling) cost the engine
/// floor 197 of its 1,759 instructions per run, and the designs 7 to 41 (issue 31).
///
/// The blocks are walked through their raw addresses, with no bounds or uniqueness check per
/// operation. `reset()` makes the storage this queue's own (a copy of a queue shares its
/// storage until either side's next `reset()`; between two resets only one copy may be used,
/// as `RunArray` explains). Internal on purpose: only the kernel schedules and pops, always on
/// the world's own copy, so no caller can schedule on a copy whose storage another copy uses.
struct EventQueue {
    /// Owns both blocks; decides, by its reference count, whether a copy shares them.
    private var storage: EventQueueStorage
    /// `storage.keys` and `storage.payloads`, held here so that an access is one load.
    private var keys: UnsafeMutablePointer<UInt64>
    private var payloads: UnsafeMutablePointer<WorldEvent>
    /// Events scheduled this run: the next insertion number.
    private(set) var scheduled = 0
    /// Pending events: `keys[1...count]`.
    private(set) var count = 0
    /// The time of the event most recently popped.
    private(set) var now: SimTime = 0

    /// Above this many pending keys, `schedule` finds its slot by binary search.
    static var linearScanLimit: Int { 16 }

    init() {
        storage = EventQueueStorage()
        keys = storage.keys
        payloads = storage.payloads
    }

    var isEmpty: Bool { count == 0 }

    /// The time of the earliest pending event, or nil when none is pending.
    /// - Complexity: O(1).
    var nextTime: SimTime? { count > 0 ? SimTime(keys[count] >> Event.sequenceBits) : nil }

    /// Empties the queue and rewinds the clock, keeping the storage (made this queue's own).
    /// Returns whether the storage was shared with another copy: one uniqueness check stands
    /// for every array copied together with the queue (the world's, in `World.reset`), because
    /// a run's arrays are only ever copied all at once.
    /// - Complexity: O(1); allocates only when the storage was shared.
    @discardableResult
    @inline(__always)
    mutating func reset() -> Bool {
        let shared = !isKnownUniquelyReferenced(&storage)
        if shared { adopt(EventQueueStorage()) }
        scheduled = 0
        count = 0
        now = 0
        return shared
    }

    /// Schedules `event` at `time`, which must lie between now and `Event.maxTime`.
    /// - Complexity: O(k), k the pending events that fire before this one (at most 16
    ///   compares, then O(log n) compares and one block move); never allocates.
    @inline(__always)
    mutating func schedule(_ event: WorldEvent, at time: SimTime) {
        // One unsigned compare for both bounds: time − now wraps past maxTime − now when time < now.
        invariant(UInt64(bitPattern: time &- now) <= UInt64(bitPattern: Event.maxTime &- now),
                  "an event must lie between now and 2^42 ms")
        insert(event, at: time)
    }

    /// `schedule(_:at:)` for a time its caller has bounded already (`Kernel.schedule`: at most
    /// the horizon, itself at most `Event.maxTime`, and not before now).
    /// - Complexity: as `schedule(_:at:)`.
    @inline(__always)
    mutating func insert(_ event: WorldEvent, at time: SimTime) {
        // Every slot up to 2^22 exists, so the only limit is the insertion numbers'. A bare
        // `precondition` (a trap) rather than `invariant` (a call to `fatalError`): with a call
        // on the failing path, inline or out of line, the floor cost 61 instructions per run
        // more (measured), while the designs cost the same either way.
        precondition(scheduled != EventQueueStorage.slots, "too many events scheduled in one run")
        let sequence = scheduled
        (payloads + sequence).initialize(to: event)
        scheduled = sequence &+ 1
        // Both conversions are of values known to be non-negative: no sign check needed.
        let key = UInt64(truncatingIfNeeded: time) << Event.sequenceBits | UInt64(truncatingIfNeeded: sequence)
        let end = count &+ 1
        count = end
        if end <= EventQueue.linearScanLimit {
            EventQueue.insertByScan(key, end: end, in: keys)
        } else {
            EventQueue.insertBySearch(key, end: end, in: keys)
        }
    }

    /// Removes and returns the earliest event, advancing `now` to its time. The time is never
    /// before `now`: `schedule` admits no past time and keys leave in order (checked in
    /// `_checkInvariants`).
    /// - Complexity: O(1).
    @inline(__always)
    mutating func pop() -> Event? {
        let last = count
        guard last > 0 else { return nil }
        count = last &- 1
        let first = keys[last]
        now = SimTime(first >> Event.sequenceBits)
        return Event(key: first, payload: payloads[Int(first & (Event.maxSequence - 1))])
    }

    /// Inserts `key` into `sorted[1..<end]` (latest first) as slot `end` opens, walking from the
    /// earliest end and shifting every key that fires before it one slot up; the sentinel at
    /// `sorted[0]` stops the walk. The key is the newest scheduled, so it is never equal to
    /// another; among equal times it goes after (below) them.
    @inline(__always)
    static func insertByScan(_ key: UInt64, end: Int, in sorted: UnsafeMutablePointer<UInt64>) {
        var slot = end
        var before = sorted[slot &- 1]
        while before < key {
            sorted[slot] = before
            slot &-= 1
            before = sorted[slot &- 1]
        }
        sorted[slot] = key
    }

    /// The same insertion for a long queue: binary search for the slot, then one move.
    static func insertBySearch(_ key: UInt64, end: Int, in sorted: UnsafeMutablePointer<UInt64>) {
        // The first index in 1..<end whose key is below `key` (keys descend).
        var low = 1, high = end
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] > key { low = middle + 1 } else { high = middle }
        }
        (sorted + low + 1).update(from: sorted + low, count: end - low)
        sorted[low] = key
    }

    /// Makes `newStorage` this queue's storage.
    @inline(__always)
    private mutating func adopt(_ newStorage: EventQueueStorage) {
        storage = newStorage
        keys = newStorage.keys
        payloads = newStorage.payloads
    }

    /// Checks the sentinel, that the keys are sorted, that nothing pending lies in the past and
    /// that every pending key has its payload (debug builds).
    func _checkInvariants() {
        #if DEBUG
        invariant(count <= scheduled && scheduled <= EventQueueStorage.slots, "more pending or scheduled events than slots")
        invariant(keys[0] == UInt64.max, "the sentinel was overwritten")
        for index in stride(from: 2, through: count, by: 1) {
            invariant(keys[index] < keys[index - 1], "pending events out of order")
        }
        if count > 0 { invariant(SimTime(keys[count] >> Event.sequenceBits) >= now, "pending event in the past") }
        for index in stride(from: 1, through: count, by: 1) {
            invariant(Int(keys[index] & (Event.maxSequence - 1)) < scheduled, "a pending key without its payload")
        }
        #endif
    }
}

/// `@unchecked`: `keys` and `payloads` are only cached copies of `storage`'s pointers, so a
/// queue is exactly as sendable as its `EventQueueStorage` (see there); the compiler cannot see
/// that for raw pointers.
extension EventQueue: @unchecked Sendable {}
