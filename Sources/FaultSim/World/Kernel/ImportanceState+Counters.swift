extension ImportanceState {
    /// What a weighted run writes as it reads its points: each component's log-likelihood ratio,
    /// each kind's reads and firings and each tail bin's draws (in `EliteRuns`' order), and per
    /// kind the last nominal probability seen, the largest, and each component's two log factors
    /// at that probability (p/q and (1 − p)/(1 − q) at `kind·K + c`), so a point pays logarithms
    /// only when its kind's probability changes.
    ///
    /// Raw memory, allocated once per world: a write is a store, with no uniqueness check and no
    /// bounds check but the preconditions on indices the caller computes from `FaultKind` and
    /// `TailSlot`, which cannot be out of range.
    ///
    /// `@unchecked Sendable`: the memory is written only through the one `ImportanceState` that
    /// holds this object alone (`ImportanceState.start` takes a copy when the reference is
    /// shared), so no two threads ever write it, and a reader reads its own world's.
    final class Counters: @unchecked Sendable {
        static let kinds = FaultKind.allCases.count
        static let readsOffset = 0
        static let firesOffset = kinds
        static let tailOffset = 2 * kinds
        static let countsSize = 2 * kinds + 3 * TailSlot.allCases.count

        let components: Int
        private let ratios: UnsafeMutablePointer<Int64>
        private let counts: UnsafeMutablePointer<Int32>
        /// The cached nominal probability per kind at `k` (−1: none yet), the largest at `kinds + k`.
        private let nominals: UnsafeMutablePointer<Double>
        /// The fire factors at `k·K + c`, the quiet factors at `(kinds + k)·K + c`.
        private let factors: UnsafeMutablePointer<Int64>
        /// The iOS trait's factors at probability `traitShare` (−1: none yet): below at `c`, above at `K + c`.
        private(set) var traitShare = -1.0
        private let traitFactors: UnsafeMutablePointer<Int64>

        init(components: Int) {
            precondition(components > 0, "at least one component")
            self.components = components
            ratios = .allocate(capacity: components)
            ratios.initialize(repeating: 0, count: components)
            counts = .allocate(capacity: Self.countsSize)
            counts.initialize(repeating: 0, count: Self.countsSize)
            nominals = .allocate(capacity: 2 * Self.kinds)
            nominals.initialize(repeating: -1, count: Self.kinds)
            (nominals + Self.kinds).initialize(repeating: 0, count: Self.kinds)
            factors = .allocate(capacity: 2 * Self.kinds * components)
            factors.initialize(repeating: 0, count: 2 * Self.kinds * components)
            traitFactors = .allocate(capacity: 2 * components)
            traitFactors.initialize(repeating: 0, count: 2 * components)
        }

        convenience init(copying other: Counters) {
            self.init(components: other.components)
            ratios.update(from: other.ratios, count: components)
            counts.update(from: other.counts, count: Self.countsSize)
            nominals.update(from: other.nominals, count: 2 * Self.kinds)
            factors.update(from: other.factors, count: 2 * Self.kinds * components)
            traitShare = other.traitShare
            traitFactors.update(from: other.traitFactors, count: 2 * components)
        }

        deinit {
            ratios.deallocate()
            counts.deallocate()
            nominals.deallocate()
            factors.deallocate()
            traitFactors.deallocate()
        }

        /// Zero ratios and counts; the cached factors and largest probabilities stay.
        func startRun() {
            ratios.update(repeating: 0, count: components)
            counts.update(repeating: 0, count: Self.countsSize)
        }

        /// Each component's ratio, read while this object is held.
        var ratioBuffer: UnsafeBufferPointer<Int64> { UnsafeBufferPointer(start: ratios, count: components) }

        @inline(__always)
        func count(at index: Int) -> Int32 { counts[index] }

        @inline(__always)
        func cachedNominal(_ k: Int) -> Double { nominals[k] }

        func largestNominal(_ k: Int) -> Double { nominals[Self.kinds + k] }

        func setCachedNominal(_ k: Int, _ p: Double) {
            precondition(k >= 0 && k < Self.kinds, "a fault kind")
            nominals[k] = p
        }

        func setFactors(_ k: Int, _ c: Int, fire: Int64, quiet: Int64) {
            precondition(k >= 0 && k < Self.kinds && c >= 0 && c < components, "a fault kind and a component")
            factors[k * components + c] = fire
            factors[(Self.kinds + k) * components + c] = quiet
        }

        /// A point of kind `k`, nominal probability `p` (the cached one), read: counted, and its
        /// factor (fired or quiet) added to every component's ratio.
        /// - Complexity: O(components).
        @inline(__always)
        func count(_ k: Int, fired: Bool, nominal p: Double) {
            precondition(k >= 0 && k < Self.kinds, "a fault kind")
            counts[Self.readsOffset + k] &+= 1
            if fired { counts[Self.firesOffset + k] &+= 1 }
            if p > nominals[Self.kinds + k] { nominals[Self.kinds + k] = p }
            addRow(factors + (fired ? k : Self.kinds + k) * components)
        }

        /// A tail draw in bin `index` (`3·slot + bin`) counted, its factors (`factors`, rows of
        /// `components`) added.
        func countTail(_ index: Int, factors table: UnsafeBufferPointer<Int64>) {
            precondition(index >= 0 && index < 3 * TailSlot.allCases.count && (index + 1) * components <= table.count, "a tail bin")
            counts[Self.tailOffset + index] &+= 1
            addRow(table.baseAddress! + index * components)
        }

        /// The iOS trait's factors at probability `share`: `factor(c)` gives component c's (below, above).
        func setTraitFactors(share: Double, _ factor: (Int) -> (below: Int64, above: Int64)) {
            for c in 0..<components { (traitFactors[c], traitFactors[components + c]) = factor(c) }
            traitShare = share
        }

        /// The iOS trait's factors (`setTraitFactors`) added, below or above.
        func addTraitFactors(below: Bool) {
            precondition(traitShare >= 0, "the trait's factors set")
            addRow(traitFactors + (below ? 0 : components))
        }

        /// One factor per component (`row[c]`) added to every component's ratio.
        @inline(__always)
        private func addRow(_ row: UnsafePointer<Int64>) {
            for c in 0..<components { ratios[c] &+= row[c] }
        }
    }
}
