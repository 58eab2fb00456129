import FaultSim
import Foundation
import Policies
import Testing

/// Importance sampling's coverage study (docs/model.md §14, issue 32's "unbiased"): planted
/// worlds whose lost rate is known exactly, estimated with a bias over many seeds; how often the
/// 95% interval covers the truth, for rates and for paired differences. Every world is the
/// fault-free pinned world (`PlatformAndStoreKitTests.world()`, three days) with one planted
/// mechanism, so the truth is a product of probabilities (or, for a delay's tail, a quantile found
/// by bisection on the very quantile function the world samples with).
///
/// `FAULTSIM_COVERAGE_OUT=path` writes the table (scripts/importance-coverage writes
/// results/importance-coverage.txt with it, at the full suite's size).
@Suite("Importance sampling: coverage on planted worlds")
struct ImportanceCoverageTests: PinnedStoreKitWorlds {
    struct Case {
        let name: String
        let scenario: Scenario
        /// The rate of designs[0], or the difference designs[0] − designs[1].
        let designs: [Design]
        let truth: Double
        let bias: FaultBias
        /// Both designs lose by one of the planted mechanisms (B is not lossless).
        var bothLose = false
        var isDifference: Bool { designs.count == 2 }
    }

    static func biased(_ kinds: [FaultKind: Double], tails: [TailSlot: (Double, Double)] = [:], belowIOS15: Double = 0) -> FaultBias {
        var world = BiasedWorld.nominal
        for (kind, q) in kinds { world.firing[kind.rawValue] = q }
        for (slot, masses) in tails {
            world.tails[2 * slot.rawValue] = masses.0
            world.tails[2 * slot.rawValue + 1] = masses.1
        }
        world.belowIOS15 = belowIOS15
        return FaultBias(components: [world], nominalShare: 0.1)
    }

    /// Bought outside the app with probability `p`, opened after `openDelay`.
    static func outside(_ p: Double, openDelay: DurationDistribution = .fixed(40 * 24 * 3_600_000)) -> Scenario {
        var scenario = PlatformAndStoreKitTests.world()
        scenario.user.outsideAppPurchaseProbability = p
        scenario.user.outsideAppOpenDelay = openDelay
        scenario.user.returningCustomerProbability = 1
        return scenario
    }

    /// The app crashes after the charge with probability `c` a session, and the user never comes
    /// back with probability `n`.
    static func crashAndGone(_ c: Double, _ n: Double) -> Scenario {
        var scenario = PlatformAndStoreKitTests.notifiedOfCrashForGood()
        scenario.device.crashProbabilityPerSession = c
        scenario.user.neverComesBackProbability = n
        return scenario
    }

    static let unlinked = TestDesigns.recommendedWithoutLink

    /// Both mechanisms at once: an intent is bought outside the app (and never opened) with
    /// probability `p`, else in the app, where the crash-and-gone mechanism applies.
    static func outsideOrCrash(_ p: Double, _ c: Double, _ n: Double) -> Scenario {
        var scenario = crashAndGone(c, n)
        scenario.user.outsideAppPurchaseProbability = p
        scenario.user.outsideAppOpenDelay = .fixed(40 * 24 * 3_600_000)
        scenario.user.returningCustomerProbability = 1
        return scenario
    }

    /// The seven planted cases; the mechanisms' certainty at probability 1 is checked by
    /// `plantedMechanismsAreCertain`. In the last, both designs lose: naive by both mechanisms,
    /// the recommended design without its link by the outside purchase only, so A − B is the
    /// in-app share times the crash mechanism, (1 − p)·c·n, and the runs where both lose carry
    /// the shared mechanism's weights on both sides.
    static var cases: [Case] {
        let tailWorld = outside(1e-3, openDelay: Scenario().user.outsideAppOpenDelay)
        var belowWorld = outside(1e-3)
        belowWorld.device.belowIOS15Probability = 1e-3
        return [
            Case(name: "outside the app, never opened: 1e-6", scenario: outside(1e-6), designs: [unlinked], truth: 1e-6,
                 bias: biased([.outsideAppPurchase: 0.3])),
            Case(name: "crash after the charge and gone: 1e-3 x 1e-3", scenario: crashAndGone(1e-3, 1e-3), designs: [.naive], truth: 1e-6,
                 bias: biased([.appCrash: 0.3, .neverComesBack: 0.3])),
            Case(name: "outside the app, opened past the horizon (tail)", scenario: tailWorld, designs: [unlinked],
                 truth: 1e-3 * tailBeyondHorizon(tailWorld), bias: biased([.outsideAppPurchase: 0.3], tails: [.outsideAppOpenDelay: (0.2, 0.3)])),
            Case(name: "outside the app below iOS 15 (trait): 1e-3 x 1e-3", scenario: belowWorld, designs: [.faultSimRecommended],
                 truth: 1e-6, bias: biased([.outsideAppPurchase: 0.3], belowIOS15: 0.3)),
            Case(name: "difference: unlinked - recommended, outside never opened", scenario: outside(1e-6),
                 designs: [unlinked, .faultSimRecommended], truth: 1e-6, bias: biased([.outsideAppPurchase: 0.3])),
            Case(name: "difference: naive - recommended, crash and gone", scenario: crashAndGone(1e-3, 1e-3),
                 designs: [.naive, .faultSimRecommended], truth: 1e-6, bias: biased([.appCrash: 0.3, .neverComesBack: 0.3])),
            Case(name: "difference, both lose: naive - unlinked, outside 1e-6 or crash and gone", scenario: outsideOrCrash(1e-6, 1e-3, 1e-3),
                 designs: [.naive, unlinked], truth: (1 - 1e-6) * 1e-6,
                 bias: biased([.outsideAppPurchase: 0.3, .appCrash: 0.3, .neverComesBack: 0.3]), bothLose: true),
        ]
    }

    /// P(an outside purchase in `world` is never delivered) for `unlinked`: the longest fixed open
    /// delay that still delivers, found by bisection on whole milliseconds, then the share of
    /// uniforms the world's open-delay quantile maps beyond it, by bisection on the uniform.
    static func tailBeyondHorizon(_ world: Scenario) -> Double {
        func delivers(_ delayMs: SimTime) -> Bool {
            var fixed = world
            fixed.user.outsideAppPurchaseProbability = 1
            fixed.user.outsideAppOpenDelay = .fixed(delayMs)
            return Runner.run(scenario: fixed, designs: [unlinked], runs: 0..<1, jobs: 1)[0].delivered == 1
        }
        var low: SimTime = 0, high = world.horizonMs
        precondition(delivers(low) && !delivers(high))
        while high - low > 1 {
            let middle = (low + high) / 2
            if delivers(middle) { low = middle } else { high = middle }
        }
        let distribution = world.user.outsideAppOpenDelay
        var u0 = 0.0, u1 = 1.0
        for _ in 0..<80 {
            let middle = (u0 + u1) / 2
            if distribution.quantile(middle) > low { u1 = middle } else { u0 = middle }
        }
        return 1 - u1
    }

    /// One seed's estimate and its standard error.
    static func estimate(_ planted: Case, seed: UInt64, runs: UInt64) -> (value: Double, standardError: Double) {
        var scenario = planted.scenario
        scenario.seed = seed
        let result = Runner.weighted(scenario: scenario, designs: planted.designs, runs: 0..<runs, bias: planted.bias, jobs: 2)
        let intents = result.tallies[0].intents
        if planted.isDifference {
            let difference = result.panel.difference(0, 1, .lost, intents: intents)
            return (difference.difference, difference.standardError)
        }
        let rate = result.panel.rate(0, .lost, intents: intents)
        return (rate.rate, rate.standardError)
    }

    @Test("Each planted mechanism loses every intent at probability 1 and none at 0, for the designs the cases name")
    func plantedMechanismsAreCertain() {
        for planted in Self.cases {
            var certain = planted.scenario, never = planted.scenario
            certain.user.outsideAppPurchaseProbability = planted.scenario.user.outsideAppPurchaseProbability > 0 ? 1 : 0
            never.user.outsideAppPurchaseProbability = 0
            if planted.scenario.device.crashProbabilityPerSession > 0 {
                certain.device.crashProbabilityPerSession = 1
                certain.user.neverComesBackProbability = 1
                never.device.crashProbabilityPerSession = 0
            }
            if planted.scenario.device.belowIOS15Probability > 0 { certain.device.belowIOS15Probability = 1 }
            if planted.name.contains("(tail)") { continue }  // its truth is the tail's own bisection
            let sure = Runner.run(scenario: certain, designs: planted.designs, runs: 0..<50, jobs: 2)
            let none = Runner.run(scenario: never, designs: planted.designs, runs: 0..<50, jobs: 2)
            #expect(sure[0].lost == 50 && none[0].lost == 0, "\(planted.name): \(sure[0].lost), \(none[0].lost)")
            if planted.isDifference {
                #expect(sure[1].lost == (planted.bothLose ? 50 : 0) && none[1].lost == 0, "\(planted.name): B lost \(sure[1].lost)")
            }
        }
    }

    /// The long run's check, one per case: a 99.9% interval (z = 3.29), so that the seven cases
    /// together fail by chance about 0.7% of the time (at 99% each, 7%: the seventh case's
    /// quick-size run at seed 1,000,001 lies 2.66 standard errors off, and 0.47 to 0.55 at
    /// 200,000 runs on three seeds).
    static let longRunZ = 3.290_526_731_491_899

    @Test("Across seeds, 95% intervals cover the planted truth at about their rate, for rates and paired differences")
    func intervalsCoverThePlantedTruth() throws {
        let seeds = TestScale.pick(quick: 12, full: 100)
        let runs: UInt64 = TestScale.pick(quick: 1_000, full: 4_000)
        var lines: [String] = []
        var covered = (rates: 0, differences: 0), total = (rates: 0, differences: 0)
        for planted in Self.cases {
            var hits = 0
            for seed in 1...seeds {
                let (value, error) = Self.estimate(planted, seed: UInt64(seed), runs: runs)
                if abs(value - planted.truth) <= Wilson.z95 * error { hits += 1 }
            }
            let big = Self.estimate(planted, seed: 1_000_001, runs: runs * 25)
            let within99 = abs(big.value - planted.truth) <= Self.longRunZ * big.standardError
            #expect(within99, "\(planted.name): \(big.value) ± \(big.standardError) against \(planted.truth)")
            if planted.isDifference { covered.differences += hits; total.differences += seeds } else { covered.rates += hits; total.rates += seeds }
            lines.append([planted.name, Scientific.format(planted.truth), "\(hits)/\(seeds)",
                          "\(Scientific.format(big.value)) ± \(Scientific.format(Self.longRunZ * big.standardError))",
                          within99 ? "yes" : "NO"].joined(separator: " | "))
        }
        let rateShare = Double(covered.rates) / Double(total.rates), differenceShare = Double(covered.differences) / Double(total.differences)
        // At the quick size the same claim with less power: 12 seeds a case.
        let band = TestScale.isFull ? 0.93...0.97 : 0.85...1.0
        #expect(band.contains(rateShare), "rates: \(covered.rates) of \(total.rates)")
        #expect(band.contains(differenceShare), "differences: \(covered.differences) of \(total.differences)")
        if let path = ProcessInfo.processInfo.environment["FAULTSIM_COVERAGE_OUT"] {
            let text = "# importance sampling on planted worlds (Tests/FaultSimTests/ImportanceCoverageTests.swift): \(seeds) seeds x "
                + "\(runs) runs each, and one seed of \(runs * 25) runs\n"
                + "case | truth per intent | 95% intervals covering | one long run, 99.9% interval | covers\n"
                + lines.joined(separator: "\n")
                + "\nrates: \(covered.rates) of \(total.rates) intervals cover (\(FixedPoint.format(rateShare * 100, places: 1))%); "
                + "differences: \(covered.differences) of \(total.differences) (\(FixedPoint.format(differenceShare * 100, places: 1))%)\n"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
    }
}
