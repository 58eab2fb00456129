/// Which design an answer leads with: the one definition every part of the tool uses (the
/// report's answer, `robust`'s baseline leader, the table's "best").
///
/// The leader loses the fewest orders. When several lose equally few, it is the first of them
/// (in the order given) that has no more of any other blemish than the rest (`Outcome.blemishes`:
/// lost sales, mis-deliveries, duplicates, double charges), or else simply the first: the tie's
/// other designs are measured against it, so it should be the one a reader would pick among them.
public enum Leader {
    /// The leader among designs given by their blemish counts, each in `Outcome.blemishes`
    /// order (lost orders first); a caller that knows only lost orders gives one count each, and
    /// the rule is then the first of the fewest. Nil for no designs.
    /// - Complexity: O(designs² · counts).
    public static func index(of counts: [[Int64]]) -> Int? {
        guard let minimum = counts.map({ $0[0] }).min() else { return nil }
        let fewest = counts.indices.filter { counts[$0][0] == minimum }
        return fewest.first { a in fewest.allSatisfy { b in noMore(counts[a], than: counts[b]) } } ?? fewest[0]
    }

    /// The leader among tallies.
    public static func index(of tallies: [DesignTally]) -> Int? { index(of: tallies.map(blemishCounts)) }

    /// A tally's counts of every blemish, in `Outcome.blemishes` order.
    public static func blemishCounts(_ tally: DesignTally) -> [Int64] { Outcome.blemishes.map { $0.total(tally) } }

    /// `a` has no more of any blemish than `b`.
    public static func noMore(_ a: [Int64], than b: [Int64]) -> Bool { zip(a, b).allSatisfy { $0 <= $1 } }
}
