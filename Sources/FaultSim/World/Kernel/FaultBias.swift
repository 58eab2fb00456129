/// The biased world of importance sampling (docs/model.md §14): for each fault kind, the
/// probability its fault points fire with in a biased run, and the share of runs left nominal.
///
/// A fault point draws a uniform v and fires when u < p. A biased run maps v through the
/// inverse distribution function of a two-bin density with its edge at p, the fault bin holding
/// mass q instead of p:
///
///     u = v · p/q                          when v < q   (the fault fires)
///     u = p + (v − q) · (1 − p)/(1 − q)    otherwise
///
/// So the point fires with probability q, and given that it fired (or did not) u is uniform
/// in its bin exactly as in the nominal world. Everything downstream of the draw (the
/// comparison, a delay drawn by rescaling a fired uniform, `Kernel.rescaled`) is nominal code
/// applied to a variable whose law is known; the run's likelihood ratio gains p/q for a firing
/// and (1 − p)/(1 − q) for a point that did not fire (Glynn and Iglehart 1989: the ratio of the
/// draws a run actually read, however many, is a mean-one martingale, so a weighted outcome is
/// unbiased). The same raw draws are biased for every design, so run i is still the same world
/// for every design (common random numbers).
///
/// Run i is biased or nominal by a trait uniform of (seed, i) alone (`RunTrait.importance`),
/// the same for every design: a defensive mixture (Hesterberg 1995) whose weight
/// `1 / (α + (1 − α)·q(path)/p(path))` is at most 1/α, so one run can never hold the estimate.
public struct FaultBias: Sendable, Equatable {
    /// The probability each kind fires with in a biased run, by `FaultKind.rawValue`; 0 leaves
    /// the kind nominal. Applied to every point of the kind whose nominal probability is
    /// strictly between 0 and 1 (rules and impossible faults are never biased).
    public var firing: [Double]
    /// α: the share of runs drawn from the nominal world (the mixture's defensive part).
    public var nominalShare: Double
    /// Per `TailSlot`, the masses of its two tail bins in a biased run, (upper, deepest) at
    /// `2·slot` and `2·slot + 1`; (0, 0) leaves the slot nominal.
    public var tails: [Double]

    /// No kind biased: every run's weight is 1 and every outcome the plain run's.
    public static let identity = FaultBias(firing: [Double](repeating: 0, count: FaultKind.allCases.count), nominalShare: 0.1)

    public init(firing: [Double], nominalShare: Double, tails: [Double]? = nil) {
        precondition(firing.count == FaultKind.allCases.count, "one firing probability per fault kind")
        precondition(nominalShare > 0 && nominalShare <= 1, "the nominal share is in (0, 1]")
        self.firing = firing
        self.nominalShare = nominalShare
        self.tails = tails ?? [Double](repeating: 0, count: 2 * TailSlot.allCases.count)
        precondition(self.tails.count == 2 * TailSlot.allCases.count, "two tail masses per tail slot")
        for slot in TailSlot.allCases {
            let (upper, deepest) = (self.tails[2 * slot.rawValue], self.tails[2 * slot.rawValue + 1])
            precondition((upper == 0 && deepest == 0) || (upper > 0 && deepest > 0 && upper + deepest < 1), "tail masses in (0, 1)")
        }
    }

    /// `slot`'s three bin masses in a biased run (body, upper tail, deepest tail).
    func tailMasses(_ slot: TailSlot) -> [Double] {
        let (upper, deepest) = (tails[2 * slot.rawValue], tails[2 * slot.rawValue + 1])
        return biases(slot) ? [1 - upper - deepest, upper, deepest] : TailSlot.widths
    }

    /// Whether `slot`'s tail is biased.
    @inline(__always)
    func biases(_ slot: TailSlot) -> Bool { tails[2 * slot.rawValue] > 0 }

    /// The probability a point of `kind` with nominal probability `p` fires with in a biased run.
    @inline(__always)
    public func firing(_ kind: FaultKind, nominal p: Double) -> Double {
        let q = firing[kind.rawValue]
        return q > 0 && p > 0 && p < 1 ? q : p
    }

    /// The units of a run's log-likelihood ratio: 2^-40 nats. Integer addition makes the run's
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

    /// The weight of a run whose log-likelihood ratio ln(p(path)/q(path)) is `logRatio`
    /// (units of 2^-40), under the mixture α·nominal + (1 − α)·biased. Computed with the
    /// project's own `exp`: the same bits on every machine, thread and shard.
    public func weight(logRatio: Int64) -> Double {
        let lnRatio = Double(logRatio) / FaultBias.logScale
        return 1 / (nominalShare + (1 - nominalShare) * DeterministicMath.exp(-lnRatio))
    }

    /// Kinds this bias raises or lowers, in `FaultKind` order.
    public var biasedKinds: [FaultKind] { FaultKind.allCases.filter { firing[$0.rawValue] > 0 } }

    /// Tail slots this bias boosts, in `TailSlot` order.
    public var biasedTails: [TailSlot] { TailSlot.allCases.filter { biases($0) } }
}

/// The duration draws whose long tails can lose an order (a delay past the horizon, or past the
/// next thing that would have saved it), biased by importance sampling like a fault: the
/// uniform's upper part is cut into three bins at its nominal tail probabilities
/// `TailSlot.upperTail` (10^-2) and `TailSlot.deepestTail` (10^-4), and a biased run gives the two
/// tail bins the masses of `FaultBias.tails`; the delay is the distribution's own quantile of
/// the mapped uniform, so any distribution kind works and the factor of a draw is its bin's
/// nominal width over its biased mass.
public enum TailSlot: Int, Sendable, CaseIterable {
    /// `storeKit.pendingDelay`: a pending purchase (Ask to Buy) approved late.
    case pendingDelay
    /// `user.relaunchDelay`: how long the user stays away.
    case relaunchDelay
    /// `user.outsideAppOpenDelay`: when a purchase made outside the app is opened.
    case outsideAppOpenDelay
    /// `apple.notificationDelay`: a server notification's delay.
    case notificationDelay
    /// `storeKit.anomalyDelay` and `storeKit.lateUpdateDelay`: a charged purchase handed over late.
    case lateHandOverDelay

    public static let upperTail = 0.01
    public static let deepestTail = 0.0001

    public var name: String {
        switch self {
        case .pendingDelay: "storeKit.pendingDelay"
        case .relaunchDelay: "user.relaunchDelay"
        case .outsideAppOpenDelay: "user.outsideAppOpenDelay"
        case .notificationDelay: "apple.notificationDelay"
        case .lateHandOverDelay: "storeKit.lateHandOverDelay"
        }
    }

    /// The bin of nominal uniform `u`: 0 body, 1 upper tail, 2 deepest tail.
    @inline(__always)
    static func bin(_ u: Double) -> Int { u < 1 - upperTail ? 0 : (u < 1 - deepestTail ? 1 : 2) }

    /// Each bin's nominal width.
    static let widths = [1 - upperTail, upperTail - deepestTail, deepestTail]
    static let starts = [0, 1 - upperTail, 1 - deepestTail]
}

/// One run's reading of the biased world, kept by the kernel: the mixture component, the
/// log-likelihood ratio so far, and (for the pilot that tunes the bias) how often each kind was
/// read and fired. Lives only in a world that has a bias (`Kernel.importance`).
struct ImportanceState: Sendable {
    var bias: FaultBias
    /// This run draws from the biased world (else from the nominal one).
    var biasedRun = false
    /// ln(p(path)/q(path)) of the draws read so far, in units of 2^-40.
    var logRatio: Int64 = 0
    /// Fault points read and fired this run, by `FaultKind.rawValue` (points with p in (0, 1)).
    var reads: [Int32]
    var fires: [Int32]
    /// The last nominal probability seen per kind and its two log factors (p/q and
    /// (1 − p)/(1 − q)), so a point pays two logarithms only when its kind's probability changes.
    var cachedNominal: [Double]
    var cachedFireLog: [Int64]
    var cachedQuietLog: [Int64]
    /// The largest nominal probability a point of each kind had in any run (for the pilot's
    /// balanced start: which kinds are rare).
    var largestNominal: [Double]
    /// Tail draws this run per `TailSlot`, and those in each bin (`3·slot + bin`).
    var tailBins: [Int32]
    /// Each tail bin's log factor (nominal width over biased mass), at `3·slot + bin`.
    let tailLogs: [Int64]

    init(bias: FaultBias) {
        self.bias = bias
        let kinds = FaultKind.allCases.count
        reads = [Int32](repeating: 0, count: kinds)
        fires = reads
        cachedNominal = [Double](repeating: -1, count: kinds)
        cachedFireLog = [Int64](repeating: 0, count: kinds)
        cachedQuietLog = cachedFireLog
        largestNominal = [Double](repeating: 0, count: kinds)
        tailBins = [Int32](repeating: 0, count: 3 * TailSlot.allCases.count)
        tailLogs = TailSlot.allCases.flatMap { slot -> [Int64] in
            guard bias.biases(slot) else { return [0, 0, 0] }
            let masses = bias.tailMasses(slot)
            return (0..<3).map { FaultBias.fixedLog(TailSlot.widths[$0]) - FaultBias.fixedLog(masses[$0]) }
        }
    }

    /// Starts run `index`: its mixture component from the run's trait uniform, a zero ratio.
    mutating func start(seedKey: UInt64, run index: UInt64) {
        biasedRun = RandomStreams.traitUnit(seedKey: seedKey, run: index, .importance) >= bias.nominalShare
        logRatio = 0
        for kind in reads.indices { reads[kind] = 0; fires[kind] = 0 }
        for index in tailBins.indices { tailBins[index] = 0 }
    }

    /// Reads raw uniform `v` for a duration of `slot`: the uniform its quantile takes (biased in a
    /// biased run), with the draw's factor added to the ratio.
    mutating func readTail(_ slot: TailSlot, raw v: Double) -> Double {
        let biased = bias.biases(slot)
        var uniform = v
        if biasedRun && biased {
            let masses = bias.tailMasses(slot)
            let bin = v < masses[0] ? 0 : (v < masses[0] + masses[1] ? 1 : 2)
            let offset = bin == 0 ? 0 : (bin == 1 ? masses[0] : masses[0] + masses[1])
            uniform = TailSlot.starts[bin] + (v - offset) * (TailSlot.widths[bin] / masses[bin])
            uniform = min(max(uniform, TailSlot.starts[bin]), bin == 2 ? 0x1.fffffffffffffp-1 : TailSlot.starts[bin + 1].nextDown)
            tailBins[3 * slot.rawValue + bin] &+= 1
            logRatio &+= tailLogs[3 * slot.rawValue + bin]
            return uniform
        }
        let bin = TailSlot.bin(uniform)
        tailBins[3 * slot.rawValue + bin] &+= 1
        if biased { logRatio &+= tailLogs[3 * slot.rawValue + bin] }
        return uniform
    }

    /// Reads raw uniform `v` at a point of `kind` with nominal probability `p`: the uniform the
    /// point compares (biased in a biased run), with the point's factor added to the ratio.
    mutating func read(_ kind: FaultKind, nominal p: Double, raw v: Double) -> Double {
        guard p > 0 && p < 1 else { return v }
        let q = bias.firing(kind, nominal: p)
        let uniform = biasedRun && q != p ? FaultBias.biasedUniform(v, nominal: p, biased: q) : v
        let fired = uniform < p
        let k = kind.rawValue
        reads[k] &+= 1
        if p > largestNominal[k] { largestNominal[k] = p }
        guard q != p else {
            if fired { fires[k] &+= 1 }
            return uniform
        }
        if cachedNominal[k] != p {
            cachedNominal[k] = p
            cachedFireLog[k] = FaultBias.fixedLog(p) - FaultBias.fixedLog(q)
            cachedQuietLog[k] = FaultBias.fixedLog(1 - p) - FaultBias.fixedLog(1 - q)
        }
        if fired {
            fires[k] &+= 1
            logRatio &+= cachedFireLog[k]
        } else {
            logRatio &+= cachedQuietLog[k]
        }
        return uniform
    }

    /// A fired point's uniform as a fresh one (`Kernel.rescaled`): v/q in a biased run.
    func rescaled(_ kind: FaultKind, raw v: Double, nominal p: Double) -> Double {
        Kernel.rescaled(v, biasedRun ? bias.firing(kind, nominal: p) : p)
    }
}
