/// One biased world of importance sampling (docs/model.md §14): for each fault kind, the
/// probability its points fire with; for each long-tailed delay (`TailSlot`), the masses of its
/// upper tail; and the probability a StoreKit 2 design's user is below iOS 15.
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
public struct BiasedWorld: Sendable, Equatable {
    /// The probability each kind fires with, by `FaultKind.rawValue`; 0 leaves the kind nominal.
    /// Applied to every point of the kind whose nominal probability is strictly between 0 and 1
    /// (rules and impossible faults are never biased).
    public var firing: [Double]
    /// Per `TailSlot`, the masses of its two tail bins, (upper, deepest) at `2·slot` and
    /// `2·slot + 1`; (0, 0) leaves the slot nominal.
    public var tails: [Double]
    /// The probability a StoreKit 2 design's user is below iOS 15 (0: nominal,
    /// `device.belowIOS15Probability`). A trait of the run, read by `DesignWorlds` (a StoreKit 1
    /// design never reads it, so its runs carry no factor for it).
    public var belowIOS15 = 0.0
    /// The designs this world was tuned for (said in outputs and bias files).
    public var designs: [String] = []
    /// Its relative share of the biased runs in a `FaultBias` (which sets it; 1 when all are equal).
    public var share = 1.0

    /// Nothing biased.
    public static let nominal = BiasedWorld(firing: [Double](repeating: 0, count: FaultKind.allCases.count))

    public init(firing: [Double], tails: [Double]? = nil, belowIOS15: Double = 0, designs: [String] = []) {
        precondition(firing.count == FaultKind.allCases.count, "one firing probability per fault kind")
        self.firing = firing
        self.tails = tails ?? [Double](repeating: 0, count: 2 * TailSlot.allCases.count)
        self.belowIOS15 = belowIOS15
        self.designs = designs
        precondition(self.tails.count == 2 * TailSlot.allCases.count, "two tail masses per tail slot")
        for slot in TailSlot.allCases {
            let (upper, deepest) = (self.tails[2 * slot.rawValue], self.tails[2 * slot.rawValue + 1])
            precondition((upper == 0 && deepest == 0) || (upper > 0 && deepest > 0 && upper + deepest < 1), "tail masses in (0, 1)")
        }
    }

    /// The probability a point of `kind` with nominal probability `p` fires with here.
    @inline(__always)
    public func firing(_ kind: FaultKind, nominal p: Double) -> Double {
        Self.biased(firing[kind.rawValue], nominal: p)
    }

    /// A probability of nominal value `p` in a world that sets it to `q` (0: leaves it nominal):
    /// `q`, unless `p` is 0 or 1 (a rule or an impossible fault is never biased).
    @inline(__always)
    static func biased(_ q: Double, nominal p: Double) -> Double {
        q > 0 && p > 0 && p < 1 ? q : p
    }

    /// `slot`'s three bin masses here (body, upper tail, deepest tail).
    func tailMasses(_ slot: TailSlot) -> [Double] {
        let (upper, deepest) = (tails[2 * slot.rawValue], tails[2 * slot.rawValue + 1])
        return biases(slot) ? [1 - upper - deepest, upper, deepest] : TailSlot.widths
    }

    /// Whether `slot`'s tail is biased.
    @inline(__always)
    func biases(_ slot: TailSlot) -> Bool { tails[2 * slot.rawValue] > 0 }

    /// The probability of the iOS trait here, whose nominal one is `p`.
    func belowIOS15(nominal p: Double) -> Double { Self.biased(belowIOS15, nominal: p) }

    /// Kinds this world raises or lowers, in `FaultKind` order.
    public var biasedKinds: [FaultKind] { FaultKind.allCases.filter { firing[$0.rawValue] > 0 } }

    /// Tail slots this world boosts, in `TailSlot` order.
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
    /// `apple.verifyLatency`: a verify call that outlasts the app server's timeout to Apple
    /// (`apple_timeout`, a rule: no probability of its own to bias), whose delivery then waits
    /// for a retry the user may leave before. For `seed001-weiai` on `default` such runs, reached
    /// only through the user who never returns, held two thirds of its weighted variance.
    case verifyLatency
    /// `apple.outageDuration`: an Apple outage that outlasts every retry and the history job's
    /// first hours (for `faultsim-recommended`, a purchase outside the app on iOS 14 in a
    /// twelve-hour outage, a user gone before it ends: the heaviest lost run at seed 1000).
    case appleOutageDuration
    /// `appServer.outageDuration`: the app server down past the user's return.
    case serverOutageDuration
    /// `appServer.notificationEndpointBrokenDuration` and `appServer.signatureCheckFailureDuration`:
    /// the server's recovery paths broken for long (the windows the recommended design's last
    /// losses wait out).
    case brokenRecoveryDuration

    public static let upperTail = 0.01
    public static let deepestTail = 0.0001

    public var name: String {
        switch self {
        case .pendingDelay: "storeKit.pendingDelay"
        case .relaunchDelay: "user.relaunchDelay"
        case .outsideAppOpenDelay: "user.outsideAppOpenDelay"
        case .notificationDelay: "apple.notificationDelay"
        case .lateHandOverDelay: "storeKit.lateHandOverDelay"
        case .verifyLatency: "apple.verifyLatency"
        case .appleOutageDuration: "apple.outageDuration"
        case .serverOutageDuration: "appServer.outageDuration"
        case .brokenRecoveryDuration: "appServer.brokenRecoveryDuration"
        }
    }

    /// The bin of nominal uniform `u`: 0 body, 1 upper tail, 2 deepest tail.
    @inline(__always)
    static func bin(_ u: Double) -> Int { u < 1 - upperTail ? 0 : (u < 1 - deepestTail ? 1 : 2) }

    /// Each bin's nominal width.
    static let widths = [1 - upperTail, upperTail - deepestTail, deepestTail]
}

/// One run's reading of the biased world, kept by the kernel: the mixture component, the
/// log-likelihood ratio so far, and (for the pilot that tunes the bias) how often each kind was
/// read and fired. Lives only in a world that has a bias (`Kernel.importance`).
