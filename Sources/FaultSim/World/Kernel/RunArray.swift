/// A growable array of one run's records (intents, transactions, requests...) whose element
/// accesses cost a load or a store: no bounds check in release builds and no copy-on-write
/// check per write.
///
/// `Array` checks uniqueness on every element write and bounds on every access; in the world's
/// handlers those checks were about a quarter of a run's instructions. Run arrays are only
/// ever copied together (a world's, or a queue's, private to it), so they share one
/// uniqueness check per run, at the start of every run: the first array is checked
/// (`makeUnique()` answers whether it was shared) and the rest are emptied with
/// `removeAll(shared:)`, which trusts that answer. A copy (of a `World` between runs) shares
/// storage until either side's next run, and that run first takes private storage. So a
/// `RunArray` is a value, at run granularity, as long as its mutations between two such
/// checks happen in one copy; `World` guarantees it, because only `run(_:)` mutates its
/// arrays and `run(_:)` begins with `reset`.
///
/// Elements must be plain values (no references), so slots need no deinitialising; bounds are
/// checked in debug builds (`swift test`), by `runArrayIndex`.
struct RunArray<Element>: RandomAccessCollection {
    /// Owns the block and decides, by its reference count, whether a copy shares it.
    private var storage: RunArrayStorage<Element>
    /// `storage.base` and `storage.capacity`, held here too so that an access is one load
    /// from the array's owner instead of two (owner, then storage object): a tenth fewer
    /// instructions in the world's handlers. Set only by `adopt`.
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    /// Elements in use: `base[0..<count]`.
    private(set) var count = 0

    init(capacity: Int = 16) {
        precondition(_isPOD(Element.self), "a run array holds plain values only")
        storage = RunArrayStorage(capacity: Swift.max(capacity, 1))
        base = storage.base
        self.capacity = storage.capacity
    }

    /// Makes `newStorage` this array's storage.
    @inline(__always)
    private mutating func adopt(_ newStorage: RunArrayStorage<Element>) {
        storage = newStorage
        base = newStorage.base
        capacity = newStorage.capacity
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    /// The element at `index` (< `count`). Writing through it touches only that element's
    /// fields, in place. The setter is `mutating`, so only a `var` array can be written: a
    /// `let` copy cannot write into storage it shares with another copy.
    /// - Complexity: O(1): one load or store in release builds.
    subscript(index: Int) -> Element {
        @inline(__always) unsafeAddress {
            UnsafePointer(base + checked(index))
        }
        @inline(__always) mutating unsafeMutableAddress {
            base + checked(index)
        }
    }

    /// Appends `element`, doubling the storage when it is full (a run that needs more room
    /// than any before it; the steady state never allocates).
    /// - Complexity: amortised O(1).
    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { adopt(storage.copy(count: count, capacity: 2 * capacity)) }
        (base + count).initialize(to: element)
        count &+= 1  // below `capacity`, itself at most `Int32.max` (`RunArrayStorage.init`)
    }

    /// `count` as the `Int32` the world numbers its records by (a transaction, a request): the
    /// storage never holds more than `Int32.max` slots, so the conversion needs no range check.
    var count32: Int32 {
        @inline(__always) get { Int32(truncatingIfNeeded: count) }
    }

    /// Empties the array without a uniqueness check of its own, for arrays that are always
    /// copied together with one that was checked: `World` and `EventQueue` check one storage
    /// per run and pass the answer here. `shared` must be true whenever this storage may be
    /// shared (it then takes a fresh one); false is a promise that it is not.
    /// - Complexity: O(1); allocates only when `shared`.
    @inline(__always)
    mutating func removeAll(shared: Bool) {
        if shared { adopt(RunArrayStorage(capacity: capacity)) }
        count = 0
    }

    /// Makes the storage this copy's own, keeping the elements: the one uniqueness check that
    /// a user of `baseAddress` does per run. Returns whether the storage was shared (and so
    /// copied), which also tells whether arrays copied together with this one are shared.
    /// - Complexity: O(1), or O(count) when the storage is shared.
    mutating func makeUnique() -> Bool {
        if isKnownUniquelyReferenced(&storage) { return false }
        adopt(storage.copy(count: count, capacity: capacity))
        return true
    }

    /// The first element's address, for code that walks the elements itself (the event
    /// queue's insertions). Valid until the next `append`; writes through it follow the rule
    /// of the type's comment (one writing copy between two checks).
    var baseAddress: UnsafeMutablePointer<Element> {
        @inline(__always) get { base }
    }

    /// `index`, checked against `count` in debug builds.
    @inline(__always)
    private func checked(_ index: Int) -> Int {
        #if DEBUG
        runArrayIndex(index, count: count)
        #else
        index
        #endif
    }
}

/// `index` when it lies in `0..<count`; else stops. A call per access in debug builds, out of
/// line because Swift 6.3's whole-module optimiser crashes (signal 11 in
/// `SILInlineCloner::getOrCreateInlineScope`) inlining the accessors when they branch.
@inline(never)
func runArrayIndex(_ index: Int, count: Int) -> Int {
    if index < 0 || index >= count { fatalError("run array index \(index) out of 0..<\(count)") }
    return index
}

/// `@unchecked`: `base` is only a cached copy of `storage.base`, so a `RunArray` is exactly as
/// sendable as its `RunArrayStorage` (see there); the compiler cannot see that for the raw
/// pointer.
extension RunArray: @unchecked Sendable where Element: Sendable {}

/// The heap block behind a `RunArray`: `capacity` slots of plain values.
///
/// `@unchecked Sendable`: the raw pointer is written only by the `RunArray` that holds the
/// storage uniquely (see `RunArray`), so two threads never write one storage, and a copy sent
/// to another thread only reads it.
final class RunArrayStorage<Element>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Element>
    let capacity: Int

    init(capacity: Int) {
        // Elements are numbered by `Int32` (`RunArray.count32`); growth checks it here, once.
        precondition(capacity <= Int(Int32.max), "a run array holds at most Int32.max elements")
        base = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
        self.capacity = capacity
    }

    /// A new storage of `capacity` slots holding copies of the first `count` elements.
    func copy(count: Int, capacity: Int) -> RunArrayStorage {
        let copy = RunArrayStorage(capacity: capacity)
        copy.base.initialize(from: base, count: count)
        return copy
    }

    /// The slots hold plain values, so freeing the block is all there is to do.
    deinit { base.deallocate() }
}
