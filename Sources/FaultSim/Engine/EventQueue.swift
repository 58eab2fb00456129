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
public struct EventQueue: Sendable {
    var heap: ContiguousArray<Event> = []
    var nextSequence: UInt64 = 0
    /// The time of the event most recently popped.
    public private(set) var now: SimTime = 0

    public init(capacity: Int = 256) { heap.reserveCapacity(capacity) }

    public var isEmpty: Bool { heap.isEmpty }
    public var count: Int { heap.count }

    /// Empties the queue and rewinds the clock, keeping the storage.
    public mutating func reset() {
        heap.removeAll(keepingCapacity: true)
        nextSequence = 0
        now = 0
    }

    /// Schedules `kind` at `time`, which must not be in the past.
    /// - Complexity: O(log n); no allocation once the heap has grown to its working size.
    public mutating func schedule(_ kind: UInt8, at time: SimTime, _ a: Int32 = 0, _ b: Int32 = 0, _ c: Int32 = 0) {
        invariant(time >= now && time <= Event.maxTime, "an event must lie between now and 2^42 ms")
        invariant(nextSequence < Event.maxSequence, "too many events scheduled in one run")
        let key = UInt64(time) << Event.sequenceBits | nextSequence
        heap.append(Event(key: key, kind: kind, a: a, b: b, c: c))
        nextSequence &+= 1
        siftUp(heap.count - 1)
    }

    /// Removes and returns the earliest event, advancing `now` to its time.
    /// - Complexity: O(log n).
    public mutating func pop() -> Event? {
        guard let first = heap.first else { return nil }
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            siftDown(0)
        }
        invariant(first.time >= now, "time went backwards")
        now = first.time
        return first
    }

    mutating func siftUp(_ start: Int) {
        var child = start
        let moving = heap[child]
        while child > 0 {
            let parent = (child - 1) / 2
            guard moving.fires(before: heap[parent]) else { break }
            heap[child] = heap[parent]
            child = parent
        }
        heap[child] = moving
    }

    mutating func siftDown(_ start: Int) {
        var parent = start
        let moving = heap[parent]
        let count = heap.count
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
        for index in heap.indices.dropFirst() {
            invariant(!heap[index].fires(before: heap[(index - 1) / 2]), "event heap out of order")
        }
        if let first = heap.first { invariant(first.time >= now, "pending event in the past") }
        #endif
    }
}
