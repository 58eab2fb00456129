/// The independent random streams of one run. Each component draws only from its own
/// stream, so how often one component draws never shifts another's numbers, and run `i`
/// is the same world for every design (common random numbers).
public enum Component: Int, Sendable, CaseIterable {
    /// The user's plan, drawn in full when the run starts: intents, items, cancels, patience.
    case plan
    /// The user's reactions during the run: coming back, reinstalling, support, recover page.
    case user
    /// The phone: app crashes.
    case device
    /// Client ↔ app server: loss, latency, weak-network episodes.
    case network
    /// StoreKit's odd callbacks.
    case storeKit
    /// The app server: 5xx and crashes.
    case appServer
    /// Apple: verify latency and answers, outages.
    case apple
    /// Server-side recovery, end to end: App Store Server Notifications (Apple's delay, loss and
    /// resends, the server's faults while it handles a post) and the reconciliation job's calls.
    /// A stream of their own, so that a design whose server recovers draws the client's request
    /// luck and Apple's verify luck exactly as one that does not.
    case serverRecovery
}

/// A fact about a run's user drawn once per run, outside the component streams
/// (`RandomStreams.traitUnit`), the same for every design.
public enum RunTrait: Sendable, CaseIterable {
    /// The device runs iOS 14 or older (`device.belowIOS15Probability`).
    case belowIOS15
    /// The user's segment (`Scenario.segments`, `SegmentPlan`).
    case segment
    /// Importance sampling: whether the run draws from the biased world or the nominal one
    /// (`FaultBias.nominalShare`). Drawn only when a bias is set.
    case importance

    /// The trait's salt, XORed into the run key: a fixed odd constant per trait.
    var salt: UInt64 {
        switch self {
        case .belowIOS15: 0x6A09_E667_F3BC_C909  // √2's fraction (SHA-512's first constant)
        case .segment: 0xBB67_AE85_84CA_A73B  // √3's fraction (SHA-512's second constant)
        case .importance: 0x3C6E_F372_FE94_F82B  // √5's fraction (SHA-512's third constant)
        }
    }
}

/// The eight streams of one run: a counter-based source, where draw `n` of `component` in run
/// `run` is a function of (seed, run, component, n) alone.
///
/// Each stream is SplitMix64 (Steele, Lea and Flood 2014; Java's `SplittableRandom`): the
/// output is `SplitMix64.mix(position)` and the position advances by an odd `gamma` per draw,
/// so draw `n` (from 0) is `mix(start + (n + 1) · gamma)` and can be computed directly
/// (`draw(seed:run:component:index:)`) without replaying the draws before it. Per run:
/// - `runKey = mix(mix(seed + φ) ^ run · C)`, two rounds of SplitMix64's mixer;
/// - `gamma` is derived from the run key exactly as `SplittableRandom.mixGamma` derives a
///   split's gamma (odd, with at least 24 bit transitions, the guard against the weak gammas
///   that fail statistical tests), so each run walks the ring with its own step;
/// - component `c` starts at `runKey + c · D`, D = 2^61 + 1: the eight streams of a run are
///   eight starting points on the run's one sequence, whose distances in draws (c · D / gamma,
///   modulo 2^64) are as good as random, so no stream runs into the next (a run draws about
///   10^2 numbers per stream).
///
/// Two runs never share a stretch of draws (their steps differ), which a fixed step would not
/// guarantee. Reseeding costs three mixes and eight stores, where seeding seven xoshiro256**
/// generators from SplitMix64 cost 36 mixes (a sixth of the bare engine's instructions).
///
/// One stored position per component rather than an array: a draw names its component as a
/// constant, so after inlining it touches one field directly, with no bounds or copy-on-write
/// check per draw.
public struct RandomStreams: Sendable {
    var plan: UInt64 = 0
    var user: UInt64 = 0
    var device: UInt64 = 0
    var network: UInt64 = 0
    var storeKit: UInt64 = 0
    var appServer: UInt64 = 0
    var apple: UInt64 = 0
    var serverRecovery: UInt64 = 0
    var gamma: UInt64 = 0x9E37_79B9_7F4A_7C15
    /// The seed `seedKey` was computed for (a world keeps its scenario's seed for every run).
    var keyedSeed: UInt64 = 0
    var seedKey = SplitMix64.mix(0x9E37_79B9_7F4A_7C15)

    public init() {}

    /// The spacing of the components' starting points: 2^64 / 8 rounded to odd.
    static var componentSpacing: UInt64 { 0x2000_0000_0000_0001 }

    /// The next 64 random bits of `component`'s stream. A plain switch rather than a
    /// `_modify` accessor: the optimiser inlines it and folds a constant component away.
    @inline(__always)
    mutating func next(_ component: Component) -> UInt64 {
        switch component {
        case .plan: plan &+= gamma; return SplitMix64.mix(plan)
        case .user: user &+= gamma; return SplitMix64.mix(user)
        case .device: device &+= gamma; return SplitMix64.mix(device)
        case .network: network &+= gamma; return SplitMix64.mix(network)
        case .storeKit: storeKit &+= gamma; return SplitMix64.mix(storeKit)
        case .appServer: appServer &+= gamma; return SplitMix64.mix(appServer)
        case .apple: apple &+= gamma; return SplitMix64.mix(apple)
        case .serverRecovery: serverRecovery &+= gamma; return SplitMix64.mix(serverRecovery)
        }
    }

    /// Points every stream at the start of run `run` of the scenario seeded with `seed`.
    /// - Complexity: O(components); three mixes, no allocation.
    @inline(__always)
    public mutating func reseed(seed: UInt64, run: UInt64) {
        if seed != keyedSeed {
            keyedSeed = seed
            seedKey = RandomStreams.seedKey(seed)
        }
        reseed(seed: seed, runKey: RandomStreams.runKey(seedKey: seedKey, run: run))
    }

    /// The same, given the run's key (`runKey(seedKey:run:)` of `seed`'s key), which the caller
    /// computed already: `DesignWorlds.run` draws the run's iOS trait from it.
    /// - Complexity: O(components); one mix and the step's popcount, no allocation.
    @inline(__always)
    mutating func reseed(seed: UInt64, runKey: UInt64) {
        if seed != keyedSeed {
            keyedSeed = seed
            seedKey = RandomStreams.seedKey(seed)
        }
        gamma = RandomStreams.gamma(runKey: runKey)
        let spacing = RandomStreams.componentSpacing
        plan = runKey
        user = runKey &+ spacing
        device = runKey &+ 2 &* spacing
        network = runKey &+ 3 &* spacing
        storeKit = runKey &+ 4 &* spacing
        appServer = runKey &+ 5 &* spacing
        apple = runKey &+ 6 &* spacing
        serverRecovery = runKey &+ 7 &* spacing
    }

    /// Draw `index` (from 0) of `component` in run `run`, computed directly: equal to the
    /// `index + 1`-th `next(component)` after `reseed(seed:run:)`.
    /// - Complexity: O(1).
    public static func draw(seed: UInt64, run: UInt64, component: Component, index: UInt64) -> UInt64 {
        let runKey = runKey(seedKey: seedKey(seed), run: run)
        let start = runKey &+ UInt64(component.rawValue) &* componentSpacing
        return SplitMix64.mix(start &+ (index &+ 1) &* gamma(runKey: runKey))
    }

    /// A uniform on [0, 1) for `trait` of run `run`, outside the seven streams: it depends on
    /// (seed, run, trait) alone, so adding a trait shifts no stream's draws, and every design
    /// gets the same value for run `run`. Two rounds of SplitMix64's mixer over the run key
    /// XOR the trait's salt; the streams read `mix(key + c·D + n·γ)` at other positions.
    /// - Complexity: O(1); four mixes (two when `seedKey` is given).
    public static func traitUnit(seed: UInt64, run: UInt64, _ trait: RunTrait) -> Double {
        traitUnit(seedKey: seedKey(seed), run: run, trait)
    }

    @inline(__always)
    static func traitUnit(seedKey: UInt64, run: UInt64, _ trait: RunTrait) -> Double {
        traitUnit(runKey: runKey(seedKey: seedKey, run: run), trait)
    }

    /// The same, given the run's key.
    @inline(__always)
    static func traitUnit(runKey key: UInt64, _ trait: RunTrait) -> Double {
        Xoshiro256.unit(SplitMix64.mix(SplitMix64.mix(key ^ trait.salt)))
    }

    @inline(__always)
    static func seedKey(_ seed: UInt64) -> UInt64 { SplitMix64.mix(seed &+ 0x9E37_79B9_7F4A_7C15) }

    /// The run's key: neighbouring runs get unrelated keys.
    @inline(__always)
    static func runKey(seedKey: UInt64, run: UInt64) -> UInt64 {
        SplitMix64.mix(seedKey ^ (run &* 0xD1B5_4A32_D192_ED03))
    }

    /// The run's step: `SplittableRandom.mixGamma` of the run key (MurmurHash3's finaliser,
    /// made odd, and flipped when it has fewer than 24 bit transitions).
    @inline(__always)
    static func gamma(runKey: UInt64) -> UInt64 {
        var z = runKey ^ 0xA24B_AED4_963E_E407
        z = (z ^ (z >> 33)) &* 0xFF51_AFD7_ED55_8CCD
        z = (z ^ (z >> 33)) &* 0xC4CE_B9FE_1A85_EC53
        z = (z ^ (z >> 33)) | 1
        return (z ^ (z >> 1)).nonzeroBitCount < 24 ? z ^ 0xAAAA_AAAA_AAAA_AAAA : z
    }

    @inline(__always)
    public mutating func unit(_ component: Component) -> Double {
        Xoshiro256.unit(next(component))
    }

    @inline(__always)
    public mutating func int(_ component: Component, below bound: Int) -> Int {
        Xoshiro256.int(next(component), below: bound)
    }

    /// One extra draw from every stream, folded together: two replays of a run agree on it
    /// only if they drew exactly the same numbers (a fingerprint for determinism tests).
    public mutating func fingerprint() -> UInt64 {
        var value: UInt64 = 0
        for component in Component.allCases { value = SplitMix64.mix(value ^ next(component)) }
        return value
    }
}
