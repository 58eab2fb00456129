/// Importance sampling's sampling law (docs/model.md §14): a defensive mixture of the nominal
/// world and one or more biased worlds (`BiasedWorld`), one per compared design when the pilot
/// tunes them (each design's losses have their own mechanisms).
///
/// Run i draws from the nominal world with probability α (`nominalShare`) and otherwise from
/// biased world c, each with probability (1 − α)/K, by a trait uniform of (seed, i) alone
/// (`RunTrait.importance`): the same component for every design, so run i is still one world
/// for every design. A design's weight for the run is the balance heuristic of multiple
/// importance sampling (Veach and Guibas 1995; Owen, ch. 9.12):
/// W = 1 / (α + Σ_c (1 − α)/K · q_c(path)/p(path)), the path's likelihood under each component
/// accumulated whichever component drew it; W is at most 1/α (Hesterberg 1995), so no run can
/// hold the estimate. The biased worlds' shares need not be equal (`shares`): the pilot gives a
/// design several worlds, one per loss mechanism, each in proportion to the losses it explains,
/// and the balance heuristic then reads W = 1 / (α + Σ_c s_c · q_c(path)/p(path)).
public struct FaultBias: Sendable, Equatable {
    /// The biased worlds, each with its relative share of the biased runs (`BiasedWorld.share`).
    /// Adding or removing one returns every world to an equal share (a share belongs to the list
    /// it was given with).
    public var components: [BiasedWorld] {
        didSet { if components.count != oldValue.count { setShares(nil) } }
    }
    /// α: the share of runs drawn from the nominal world (the biased worlds share the rest).
    public var nominalShare: Double

    // The shares live in the worlds (an array, on the heap) and everything derived from them is
    // computed where it is used: a `FaultBias` is two words, as before shares existed, because a
    // world's kernel holds one inline and a larger kernel made every plain run copy it with
    // `memcpy` (about 110 instructions a run, measured by callgrind).

    /// Nothing biased: every run's weight is 1 and every outcome the plain run's.
    public static let identity = FaultBias(components: [.nominal], nominalShare: 0.1)

    /// `shares`: each world's relative share of the biased runs (normalised to add up to 1 − α);
    /// nil, equal shares.
    public init(components: [BiasedWorld], nominalShare: Double, shares: [Double]? = nil) {
        precondition(!components.isEmpty, "at least one biased world")
        precondition(nominalShare > 0 && nominalShare <= 1, "the nominal share is in (0, 1]")
        self.components = components
        self.nominalShare = nominalShare
        setShares(shares)
    }

    /// Sets the worlds' relative shares (nil or all equal: every world 1).
    private mutating func setShares(_ given: [Double]?) {
        if let given, given.contains(where: { $0 != given[0] }) {
            precondition(given.count == components.count && given.allSatisfy { $0 > 0 }, "one positive share per biased world")
            for index in components.indices { components[index].share = given[index] }
        } else {
            for index in components.indices { components[index].share = 1 }
        }
    }

    /// All shares equal: the component is chosen by the one division that chose it before
    /// shares existed, so every equal-share bias keeps its bytes.
    var equalShares: Bool { components.allSatisfy { $0.share == components[0].share } }

    /// The shares as given (`init`), which a bias file writes: normalising them again on reading
    /// gives the same bits, so a reused bias gives the same weights. Empty when equal.
    public var relativeShares: [Double] { equalShares ? [] : components.map(\.share) }

    /// World `c`'s share of all runs: (1 − α)/K each when equal, else its relative share
    /// normalised to add up to 1 − α (`total`: the relative shares' sum, in order).
    @inline(__always)
    func share(_ c: Int, total: Double, equal: Bool) -> Double {
        equal ? (1 - nominalShare) / Double(components.count) : components[c].share / total * (1 - nominalShare)
    }

    /// The relative shares' sum, added in order.
    var shareTotal: Double { components.reduce(0) { $0 + $1.share } }

    /// Each biased world's share of the runs, adding up to 1 − α.
    public var shares: [Double] {
        let total = shareTotal, equal = equalShares
        return components.indices.map { share($0, total: total, equal: equal) }
    }

    /// The mixture of the worlds tuned for any of `designs` (`BiasedWorld.designs`), with their
    /// relative shares and the same nominal share; the whole bias when none was (a bias read from
    /// a file tuned for other designs, or by hand). Any mixture that keeps the nominal world
    /// weighs its runs without bias; this one spends no runs on worlds aimed at other designs'
    /// losses.
    /// - Complexity: O(worlds · designs).
    public func narrowed(to designs: [String]) -> FaultBias {
        let kept = components.filter { world in world.designs.contains { designs.contains($0) } }
        guard !kept.isEmpty, kept.count < components.count else { return self }
        return FaultBias(components: kept, nominalShare: nominalShare, shares: kept.map(\.share))
    }

    /// One biased world.
    public init(firing: [Double], nominalShare: Double, tails: [Double]? = nil) {
        self.init(components: [BiasedWorld(firing: firing, tails: tails)], nominalShare: nominalShare)
    }

    /// The component run `index` draws from: nil for the nominal world.
    func component(seedKey: UInt64, run index: UInt64) -> Int? {
        let uniform = RandomStreams.traitUnit(seedKey: seedKey, run: index, .importance)
        guard uniform >= nominalShare else { return nil }
        if equalShares { return min(components.count - 1, Int((uniform - nominalShare) / (1 - nominalShare) * Double(components.count))) }
        var edge = nominalShare
        let total = shareTotal
        for index in components.indices {
            edge += share(index, total: total, equal: false)
            if uniform < edge { return index }
        }
        return components.count - 1
    }

    /// Whether the worlds' shares differ (a bias file then writes each world's share).
    public var hasUnequalShares: Bool { !equalShares }

    /// The units of a run's log-likelihood ratios: 2^-40 nats. Integer addition makes a run's
    /// ratio independent of the order its factors came in, and a factor rounded to 2^-41
    /// relative changes a weight by less than 10^-8 over 10^4 draws.
    public static let logScale = 0x1p40

    /// `ln(x)` in units of 2^-40, with the project's own logarithm (the same bits everywhere).
    static func fixedLog(_ x: Double) -> Int64 {
        Int64((DeterministicMath.log(x) * logScale).rounded(.toNearestOrEven))
    }

    /// The two log factors of a draw of nominal probability `p` read at biased probability `q`:
    /// ln(p/q) when it fires (or the trait holds), ln((1 − p)/(1 − q)) when not; 0 for both when q = p.
    static func logFactors(nominal p: Double, biased q: Double) -> (fired: Int64, quiet: Int64) {
        guard q != p else { return (0, 0) }
        return (fixedLog(p) - fixedLog(q), fixedLog(1 - p) - fixedLog(1 - q))
    }

    /// The draw a biased point of nominal probability `p` and biased probability `q` reads,
    /// from the raw uniform `v`: fires exactly when v < q, and stays in its bin despite rounding.
    @inline(__always)
    static func biasedUniform(_ v: Double, nominal p: Double, biased q: Double) -> Double {
        if v < q { return min(v * (p / q), p.nextDown) }
        return min(p + (v - q) * ((1 - p) / (1 - q)), 0x1.fffffffffffffp-1)
    }

    /// The weight of a run whose log-likelihood ratios ln(p(path)/q_c(path)) are `logRatios`
    /// (units of 2^-40, one per component). Computed with the project's own `exp`, components in
    /// order: the same bits on every machine, thread and shard.
    public func weight(logRatios: [Int64]) -> Double {
        Self.weight(nominalShare: nominalShare, shares: shares, logRatios: logRatios)
    }

    /// The weight of `weight(logRatios:)` from the worlds' `shares` (`shares`, computed once by a
    /// caller that weighs every run: `ImportanceState.weight`).
    @inline(__always)
    static func weight<Ratios: Collection<Int64>>(nominalShare: Double, shares: [Double], logRatios: Ratios) -> Double {
        precondition(shares.count == logRatios.count, "one share per component")
        var density = nominalShare
        for (share, ratio) in zip(shares, logRatios) {
            density += share * DeterministicMath.exp(-Double(ratio) / FaultBias.logScale)
        }
        return 1 / density
    }
}
