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
    /// Apple: verify latency and answers, outages, notifications.
    case apple
}

/// The seven generators of one run, derived from (seed, run index, component) only.
///
/// One stored generator per component rather than an array: a draw names its component
/// as a constant, so after inlining it touches one field directly, with no bounds or
/// copy-on-write check per draw.
public struct RandomStreams: Sendable {
    var plan = Xoshiro256(seed: 0)
    var user = Xoshiro256(seed: 0)
    var device = Xoshiro256(seed: 0)
    var network = Xoshiro256(seed: 0)
    var storeKit = Xoshiro256(seed: 0)
    var appServer = Xoshiro256(seed: 0)
    var apple = Xoshiro256(seed: 0)

    public init() {}

    /// The next 64 random bits of `component`'s stream. A plain switch rather than a
    /// `_modify` accessor: the optimiser inlines it and folds a constant component away.
    @inline(__always)
    mutating func next(_ component: Component) -> UInt64 {
        switch component {
        case .plan: plan.next()
        case .user: user.next()
        case .device: device.next()
        case .network: network.next()
        case .storeKit: storeKit.next()
        case .appServer: appServer.next()
        case .apple: apple.next()
        }
    }

    /// Reseeds every stream for run `run` of the scenario seeded with `seed`, in place.
    /// - Complexity: O(components); no allocation.
    public mutating func reseed(seed: UInt64, run: UInt64) {
        let runKey = RandomStreams.runKey(seed: seed, run: run)
        plan = Xoshiro256(seed: RandomStreams.streamSeed(runKey: runKey, component: .plan))
        user = Xoshiro256(seed: RandomStreams.streamSeed(runKey: runKey, component: .user))
        device = Xoshiro256(seed: RandomStreams.streamSeed(runKey: runKey, component: .device))
        network = Xoshiro256(seed: RandomStreams.streamSeed(runKey: runKey, component: .network))
        storeKit = Xoshiro256(seed: RandomStreams.streamSeed(runKey: runKey, component: .storeKit))
        appServer = Xoshiro256(seed: RandomStreams.streamSeed(runKey: runKey, component: .appServer))
        apple = Xoshiro256(seed: RandomStreams.streamSeed(runKey: runKey, component: .apple))
    }

    /// The seed of one stream: three rounds of SplitMix64's mixer over the three keys, so
    /// neighbouring runs and components get unrelated states.
    public static func streamSeed(seed: UInt64, run: UInt64, component: Component) -> UInt64 {
        streamSeed(runKey: runKey(seed: seed, run: run), component: component)
    }

    /// The first two rounds, shared by a run's seven streams.
    @inline(__always)
    static func runKey(seed: UInt64, run: UInt64) -> UInt64 {
        let seedKey = SplitMix64.mix(seed &+ 0x9E37_79B9_7F4A_7C15)
        return SplitMix64.mix(seedKey ^ (run &* 0xD1B5_4A32_D192_ED03))
    }

    @inline(__always)
    static func streamSeed(runKey: UInt64, component: Component) -> UInt64 {
        SplitMix64.mix(runKey ^ (UInt64(component.rawValue + 1) &* 0xA24B_AED4_963E_E407))
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
