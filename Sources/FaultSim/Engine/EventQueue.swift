/// Virtual time in milliseconds since the run started. Integer, so no rounding drift.
public typealias SimTime = Int64

/// A pending event: when it fires, what it is (a small integer the model assigns meaning to),
/// and up to three integer arguments.
/// Not generic on purpose: generic code called across files of a debug build is not
/// specialised, and looking up generic metadata per event made `swift test` ten times slower.
public struct Event: Sendable {
    /// Time in the high 42 bits, insertion order in the low 22: one integer comparison orders
    /// events by (time, insertion order), so ties fire first in, first out.
    var key: UInt64
    public var kind: UInt8
    public var a: Int32
    public var b: Int32
    public var c: Int32

    static var sequenceBits: UInt64 { 22 }
    /// Latest representable time: 2^42 ms, about 139 years.
    static var maxTime: SimTime { SimTime(1) << 42 - 1 }
    /// Most events one run may schedule.
    static var maxSequence: UInt64 { 1 << sequenceBits }

    public var time: SimTime { SimTime(key >> Event.sequenceBits) }
}

/// What an event carries besides its key: kept apart from the heap, in a table indexed by the
/// key's insertion number, so the heap moves and compares 8-byte keys only.
struct EventPayload: Sendable {
    var kind: UInt8
    var a: Int32
    var b: Int32
    var c: Int32
}

/// A binary min-heap of events ordered by (time, insertion order), reused across runs.
///
/// Like swift-nio's `EmbeddedEventLoop`, events at the same instant fire in the order they
/// were scheduled, and the clock (`now`) is set before an event is handed out and never
/// goes backwards.
///
/// The heap holds keys only (time and insertion number in one `UInt64`); an event's kind and
/// arguments sit in `payloads` at its insertion number, written when it is scheduled and read
/// when it fires. Sifting 8-byte keys instead of 24-byte events halved the heap's instructions.
///
/// The storage only grows: `keys[0..<count]` are the pending keys and the slots past `count`
/// are kept for reuse; `payloads` is emptied per run, keeping its capacity. So a warmed-up
/// queue never allocates. Sifting works on the keys' raw address, with no bounds or uniqueness
/// check per operation: the indices it touches are all below `count`, which is at most
/// `keys.count`, and `reset()` makes the storage this queue's own (a copy of a queue shares
/// its storage until either side's next `reset()`; between two resets only one copy may be
/// used, as `RunArray` explains).
public struct EventQueue: Sendable {
    var keys: RunArray<UInt64>
    /// Kind and arguments of every event scheduled this run, by insertion number.
    var payloads: RunArray<EventPayload>
    /// Pending events: `keys[0..<count]`.
    public private(set) var count = 0
    /// The time of the event most recently popped.
    public private(set) var now: SimTime = 0

    public init(capacity: Int = 256) {
        keys = RunArray(capacity: capacity)
        payloads = RunArray(capacity: capacity)
    }

    public var isEmpty: Bool { count == 0 }

    /// The time of the earliest pending event, or nil when none is pending.
    /// - Complexity: O(1).
    public var nextTime: SimTime? { count > 0 ? SimTime(keys[0] >> Event.sequenceBits) : nil }

    /// Empties the queue and rewinds the clock, keeping the storage (made this queue's own).
    public mutating func reset() {
        keys.makeUnique()
        payloads.removeAll()
        count = 0
        now = 0
    }

    /// Schedules `kind` at `time`, which must not be in the past.
    /// - Complexity: O(log n); no allocation once the storage has grown to its working size.
    @inline(__always)
    public mutating func schedule(_ kind: UInt8, at time: SimTime, _ a: Int32 = 0, _ b: Int32 = 0, _ c: Int32 = 0) {
        invariant(time >= now && time <= Event.maxTime, "an event must lie between now and 2^42 ms")
        let sequence = UInt64(payloads.count)
        invariant(sequence < Event.maxSequence, "too many events scheduled in one run")
        payloads.append(EventPayload(kind: kind, a: a, b: b, c: c))
        let key = UInt64(time) << Event.sequenceBits | sequence
        if count == keys.count { keys.append(key) }
        let slot = count
        count += 1
        EventQueue.siftUp(key, from: slot, in: keys.baseAddress)
    }

    /// Removes and returns the earliest event, advancing `now` to its time.
    /// - Complexity: O(log n).
    @inline(__always)
    public mutating func pop() -> Event? {
        guard count > 0 else { return nil }
        count -= 1
        let heap = keys.baseAddress
        let first = heap[0]
        if count > 0 { EventQueue.siftDown(heap[count], count: count, in: heap) }
        let time = SimTime(first >> Event.sequenceBits)
        invariant(time >= now, "time went backwards")
        now = time
        let payload = payloads[Int(first & (Event.maxSequence - 1))]
        return Event(key: first, kind: payload.kind, a: payload.a, b: payload.b, c: payload.c)
    }

    /// Moves `moving` from the hole at `start` towards the root until its parent fires first.
    @inline(__always)
    static func siftUp(_ moving: UInt64, from start: Int, in heap: UnsafeMutablePointer<UInt64>) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard moving < heap[parent] else { break }
            heap[child] = heap[parent]
            child = parent
        }
        heap[child] = moving
    }

    /// Places `moving` in the hole at the root of `heap[0..<count]` and sifts it down.
    @inline(__always)
    static func siftDown(_ moving: UInt64, count: Int, in heap: UnsafeMutablePointer<UInt64>) {
        var parent = 0
        while true {
            let left = 2 * parent + 1
            if left >= count { break }
            let right = left + 1
            var smallest = left
            if right < count && heap[right] < heap[left] { smallest = right }
            guard heap[smallest] < moving else { break }
            heap[parent] = heap[smallest]
            parent = smallest
        }
        heap[parent] = moving
    }

    /// Checks the heap property and that nothing pending lies in the past (debug builds).
    public func _checkInvariants() {
        #if DEBUG
        invariant(count <= keys.count, "more pending events than slots")
        for index in 1..<max(count, 1) {
            invariant(keys[index] > keys[(index - 1) / 2], "event heap out of order")
        }
        if count > 0 { invariant(SimTime(keys[0] >> Event.sequenceBits) >= now, "pending event in the past") }
        for index in 0..<count {
            invariant(Int(keys[index] & (Event.maxSequence - 1)) < payloads.count, "a pending key without its payload")
        }
        #endif
    }
}
