/// Virtual time in milliseconds since the run started. Integer, so no rounding drift.
public typealias SimTime = Int64

/// A pending event: when it fires, what it is (a small integer the model assigns meaning to),
/// and up to three integer arguments. A plain value of 24 bytes, stored inline in the heap.
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

    @inline(__always)
    func fires(before other: Event) -> Bool { key < other.key }
}

/// A binary min-heap of events ordered by (time, insertion order), reused across runs.
///
/// Like swift-nio's `EmbeddedEventLoop`, events at the same instant fire in the order they
/// were scheduled, and the clock (`now`) is set before an event is handed out and never
/// goes backwards.
///
/// The storage only grows: `slots[0..<count]` are the pending events and the slots past
/// `count` are kept for reuse, so a warmed-up queue never allocates. Sifting works on the
/// slots' raw address, with no bounds or uniqueness check per operation: the indices it
/// touches are all below `count`, which is at most `slots.count`, and `reset()` makes the
/// storage this queue's own (a copy of a queue shares its slots until either side's next
/// `reset()`; between two resets only one copy may be used, as `RunArray` explains).
public struct EventQueue: Sendable {
    var slots: RunArray<Event>
    /// Pending events: `slots[0..<count]`.
    public private(set) var count = 0
    var nextSequence: UInt64 = 0
    /// The time of the event most recently popped.
    public private(set) var now: SimTime = 0

    public init(capacity: Int = 256) { slots = RunArray(capacity: capacity) }

    public var isEmpty: Bool { count == 0 }

    /// The time of the earliest pending event, or nil when none is pending.
    /// - Complexity: O(1).
    public var nextTime: SimTime? { count > 0 ? slots[0].time : nil }

    /// Empties the queue and rewinds the clock, keeping the storage (made this queue's own).
    public mutating func reset() {
        slots.makeUnique()
        count = 0
        nextSequence = 0
        now = 0
    }

    /// Schedules `kind` at `time`, which must not be in the past.
    /// - Complexity: O(log n); no allocation once the heap has grown to its working size.
    @inline(__always)
    public mutating func schedule(_ kind: UInt8, at time: SimTime, _ a: Int32 = 0, _ b: Int32 = 0, _ c: Int32 = 0) {
        invariant(time >= now && time <= Event.maxTime, "an event must lie between now and 2^42 ms")
        invariant(nextSequence < Event.maxSequence, "too many events scheduled in one run")
        let event = Event(key: UInt64(time) << Event.sequenceBits | nextSequence, kind: kind, a: a, b: b, c: c)
        nextSequence &+= 1
        if count == slots.count { slots.append(event) }
        let slot = count
        count += 1
        EventQueue.siftUp(event, from: slot, in: slots.baseAddress)
    }

    /// Removes and returns the earliest event, advancing `now` to its time.
    /// - Complexity: O(log n).
    @inline(__always)
    public mutating func pop() -> Event? {
        guard count > 0 else { return nil }
        count -= 1
        let base = slots.baseAddress
        let first = base[0]
        if count > 0 { EventQueue.siftDown(base[count], count: count, in: base) }
        invariant(first.time >= now, "time went backwards")
        now = first.time
        return first
    }

    /// Moves `moving` from the hole at `start` towards the root until its parent fires first.
    @inline(__always)
    static func siftUp(_ moving: Event, from start: Int, in heap: UnsafeMutablePointer<Event>) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard moving.fires(before: heap[parent]) else { break }
            heap[child] = heap[parent]
            child = parent
        }
        heap[child] = moving
    }

    /// Places `moving` in the hole at the root of `heap[0..<count]` and sifts it down.
    @inline(__always)
    static func siftDown(_ moving: Event, count: Int, in heap: UnsafeMutablePointer<Event>) {
        var parent = 0
        while true {
            let left = 2 * parent + 1
            if left >= count { break }
            let right = left + 1
            var smallest = left
            if right < count && heap[right].fires(before: heap[left]) { smallest = right }
            guard heap[smallest].fires(before: moving) else { break }
            heap[parent] = heap[smallest]
            parent = smallest
        }
        heap[parent] = moving
    }

    /// Checks the heap property and that nothing pending lies in the past (debug builds).
    public func _checkInvariants() {
        #if DEBUG
        invariant(count <= slots.count, "more pending events than slots")
        for index in 1..<max(count, 1) {
            invariant(!slots[index].fires(before: slots[(index - 1) / 2]), "event heap out of order")
        }
        if count > 0 { invariant(slots[0].time >= now, "pending event in the past") }
        #endif
    }
}
