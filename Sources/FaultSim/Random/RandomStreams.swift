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
public struct RandomStreams: Sendable {
    var generators: [Xoshiro256]

    public init() {
        generators = Array(repeating: Xoshiro256(seed: 0), count: Component.allCases.count)
    }

    /// Reseeds every stream for run `run` of the scenario seeded with `seed`, in place.
    /// - Complexity: O(components); no allocation.
    public mutating func reseed(seed: UInt64, run: UInt64) {
        for component in Component.allCases {
            generators[component.rawValue] = Xoshiro256(
                seed: RandomStreams.streamSeed(seed: seed, run: run, component: component))
        }
    }

    /// The seed of one stream: three rounds of SplitMix64's mixer over the three keys, so
    /// neighbouring runs and components get unrelated states.
    public static func streamSeed(seed: UInt64, run: UInt64, component: Component) -> UInt64 {
        let seedKey = SplitMix64.mix(seed &+ 0x9E37_79B9_7F4A_7C15)
        let runKey = SplitMix64.mix(seedKey ^ (run &* 0xD1B5_4A32_D192_ED03))
        return SplitMix64.mix(runKey ^ (UInt64(component.rawValue + 1) &* 0xA24B_AED4_963E_E407))
    }

    @inline(__always)
    public mutating func unit(_ component: Component) -> Double {
        generators[component.rawValue].nextUnit()
    }

    @inline(__always)
    public mutating func int(_ component: Component, below bound: Int) -> Int {
        generators[component.rawValue].nextInt(below: bound)
    }

    /// One extra draw from every stream, folded together: two replays of a run agree on it
    /// only if they drew exactly the same numbers (a fingerprint for determinism tests).
    public mutating func fingerprint() -> UInt64 {
        var value: UInt64 = 0
        for index in generators.indices { value = SplitMix64.mix(value ^ generators[index].next()) }
        return value
    }
}
