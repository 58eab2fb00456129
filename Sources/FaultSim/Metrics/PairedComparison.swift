/// Paired comparison of designs over the same intents (common random numbers): for every
/// ordered pair (a, b), how many intents design a lost and design b did not. A view of a panel
/// (`PanelResult.pairedLosses`) that a shard's part stores; these raw counts merge by addition,
/// and McNemar's test on them says whether two lost rates really differ.
public struct PairedLosses: Sendable, Equatable {
    public let designs: Int
    /// `discordant[a * designs + b]`: intents lost by a but not by b.
    public private(set) var discordant: [Int64]

    public init(designs: Int) {
        self.designs = designs
        discordant = Array(repeating: 0, count: designs * designs)
    }

    /// Counts of a panel, or read back from a partial result: `discordant[a * designs + b]`.
    init(designs: Int, discordant: [Int64]) {
        precondition(discordant.count == designs * designs, "one count per ordered pair")
        self.designs = designs
        self.discordant = discordant
    }

    public mutating func merge(_ other: PairedLosses) {
        precondition(other.designs == designs)
        for index in discordant.indices { discordant[index] += other.discordant[index] }
    }

    /// Intents lost by `a` but not by `b`.
    public func lostOnlyBy(_ a: Int, notBy b: Int) -> Int64 { discordant[a * designs + b] }

    /// McNemar's exact test of "a and b lose equally often" (two-sided; the binomial tail over
    /// the discordant intents, as `simrun compare` uses): the p-value; 1 when the designs never
    /// disagree. Below about 1e-308 it is 0; `mcNemarLogPValue` keeps it.
    /// - Complexity: O(min(onlyA, onlyB)).
    public func mcNemarPValue(_ a: Int, _ b: Int) -> Double {
        DeterministicMath.exp(mcNemarLogPValue(a, b))
    }

    /// The natural logarithm of `mcNemarPValue`, exact however small.
    public func mcNemarLogPValue(_ a: Int, _ b: Int) -> Double {
        ExactMcNemar.logPValue(onlyA: lostOnlyBy(a, notBy: b), onlyB: lostOnlyBy(b, notBy: a))
    }
}
