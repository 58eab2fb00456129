/// Where a weighted estimate of lost orders gets its mean and its variance: the lost runs of one
/// design grouped by **mechanism**, the rare draws that importance sampling biases and the run
/// had (each fault kind that fired at a nominal probability below `rareBelow`, each delay's
/// upper or deepest tail bin drawn, the iOS trait below 15), with per mechanism the lost runs,
/// Σ Y and Σ Y² (Y: the run's weight times its lost intents). Kept only when asked
/// (`simrun run --importance --mechanisms-out`).
///
/// Why: a weighted estimate's variance is Σ Y² over the runs, and when one mechanism's lost runs
/// weigh on average k times the others', the mixture draws that mechanism about k times too
/// rarely for the weight it carries (equal mean weights are the allocation of least variance).
/// For the committed pair on `default` (results/importance-default-mechanisms.csv), mechanisms
/// drawn more than ten times too rarely hold 51% of `seed001-weiai`'s Σ Y² and 8% of its
/// estimate (an Apple outage, then a user who never returns: 50 lost runs in 10^6, 21% of Σ Y²),
/// 89% and 36% of the recommended design's. Traced by hand before this table existed (200,000
/// runs), each of `seed001-weiai`'s mechanisms had weights within 1.0 to 1.9 times their squared
/// mean: the variance comes from how the mixture divides its runs among mechanisms, not from
/// weights spread within one. The table says which mechanisms a better bias must reach; the
/// guard's flags (`WeightedPanel+Estimates.swift`) only say that something is wrong.
///
/// Keys are the pilot's signature bits (`DrawBits`, as the pilot's `BiasPilot.signature`: kind k at bit k, tail slot s's
/// bins at `tailBit + 2s` and `+ 1`, the trait at `traitBit`), kept sorted, so sums merged from
/// threads and chunks in any order give the same bytes.
public struct WeightedMechanisms: Sendable, Equatable {
    public private(set) var keys: [DrawSignature] = []
    public private(set) var lostRuns: [Int64] = []
    public private(set) var sums: [ExactSum] = []
    public private(set) var squares: [ExactSum] = []

    /// A kind fired at a nominal probability at or above this is common, not part of a mechanism
    /// (a warm return at 0.5, support contact at 0.3 per undelivered charge: consequences and
    /// everyday events, which would split every mechanism in two).
    public static let rareBelow = 0.2

    public init() {}

    /// Adds a lost run of mechanism `key` and weighted count `y`.
    /// - Complexity: O(log mechanisms), and O(mechanisms) the first time a mechanism is seen.
    mutating func add(_ key: DrawSignature, y: Double) {
        let at = index(of: key)
        lostRuns[at] += 1
        sums[at].add(y)
        squares[at].add(y * y)
    }

    /// Adds another's mechanisms (of other runs).
    mutating func merge(_ other: WeightedMechanisms) {
        for index in other.keys.indices {
            let at = self.index(of: other.keys[index])
            lostRuns[at] += other.lostRuns[index]
            sums[at].add(other.sums[index])
            squares[at].add(other.squares[index])
        }
    }

    /// The index of `key`'s sums, inserted empty in key order if it is new.
    private mutating func index(of key: DrawSignature) -> Int {
        var low = 0, high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < key { low = middle + 1 } else { high = middle }
        }
        if low == keys.count || keys[low] != key {
            keys.insert(key, at: low)
            lostRuns.insert(0, at: low)
            sums.insert(ExactSum(), at: low)
            squares.insert(ExactSum(), at: low)
        }
        invariant(keys[low] == key && keys.count == sums.count, "one sum per mechanism, keys in order")
        return low
    }

    /// The mechanism of the run `state` read: its rare firings, tail bins and trait.
    static func key(_ state: ImportanceState) -> DrawSignature {
        DrawBits.of(fired: { state.fires($0) > 0 && state.lastNominal($0) < rareBelow }, drewTail: { state.tailBins($0) > 0 },
                           below: state.traitBelow)
    }

    /// A mechanism's name: its fault kinds, then its tail bins and the trait, joined by " + ";
    /// "none" when the run had no rare draw.
    public static func name(_ key: DrawSignature) -> String {
        var parts = FaultKind.allCases.filter { key & (1 << DrawSignature($0.rawValue)) != 0 }.map(\.row.name)
        for slot in TailSlot.allCases {
            for (bin, label) in [(1, "tail"), (2, "deepest tail")] where key & DrawBits.tailBinBit(slot, bin) != 0 {
                parts.append("\(slot.name) \(label)")
            }
        }
        if key & (1 << DrawSignature(DrawBits.traitBit)) != 0 { parts.append("device.belowIOS15") }
        return parts.isEmpty ? "none" : parts.joined(separator: " + ")
    }
}
