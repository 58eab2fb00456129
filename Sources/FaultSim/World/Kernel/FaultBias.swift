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
    /// The biased worlds. Adding or removing one returns every world to an equal share (a share
    /// belongs to the list it was given with).
    public var components: [BiasedWorld] {
        didSet { if components.count != oldValue.count { setShares(nil) } }
    }
    /// α: the share of runs drawn from the nominal world (changing it rescales the shares).
    public var nominalShare: Double {
        didSet { setShares(equalShares ? nil : relativeShares) }
    }
    /// Each biased world's share of the runs, adding up to 1 − α: (1 − α)/K each unless the
    /// pilot or a bias file says otherwise.
    public private(set) var shares: [Double]
    /// The shares as given (`init`), which a bias file writes: normalising them again on reading
    /// gives the same bits, so a reused bias gives the same weights.
    public private(set) var relativeShares: [Double]
    /// All shares equal: the component is chosen by the one division that chose it before
    /// shares existed, so every equal-share bias keeps its bytes.
    private var equalShares: Bool

    /// Nothing biased: every run's weight is 1 and every outcome the plain run's.
    public static let identity = FaultBias(components: [.nominal], nominalShare: 0.1)

    /// `shares`: each world's relative share of the biased runs (normalised to add up to 1 − α);
    /// nil, equal shares.
    public init(components: [BiasedWorld], nominalShare: Double, shares: [Double]? = nil) {
        precondition(!components.isEmpty, "at least one biased world")
        precondition(nominalShare > 0 && nominalShare <= 1, "the nominal share is in (0, 1]")
        self.components = components
        self.nominalShare = nominalShare
        self.shares = []
        relativeShares = []
        equalShares = true
        setShares(shares)
    }

    /// Sets the worlds' relative shares (nil: equal), normalised to add up to 1 − α.
    private mutating func setShares(_ given: [Double]?) {
        if let given, given.contains(where: { $0 != given[0] }) {
            precondition(given.count == components.count && given.allSatisfy { $0 > 0 }, "one positive share per biased world")
            let total = given.reduce(0, +)
            shares = given.map { $0 / total * (1 - nominalShare) }
            relativeShares = given
            equalShares = false
        } else {
            shares = [Double](repeating: (1 - nominalShare) / Double(components.count), count: components.count)
            relativeShares = []
            equalShares = true
        }
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
        for (index, share) in shares.enumerated() {
            edge += share
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
        var density = nominalShare
        for (c, ratio) in logRatios.enumerated() { density += shares[c] * DeterministicMath.exp(-Double(ratio) / FaultBias.logScale) }
        return 1 / density
    }
}
