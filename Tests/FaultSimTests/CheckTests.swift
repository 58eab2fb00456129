import FaultSim
import Foundation
import Policies
import Testing
@testable import simrun

/// `simrun check`: exhaustive schedules of at most K faults, their counterexamples, and the
/// probability bounds, checked against Monte Carlo.
@Suite("Exhaustive check")
struct CheckTests {
    static func explore(_ design: Design, k: Int, scenario: Scenario = Scenario(), timing: CheckTiming = .median) -> Exploration {
        var exploration = Exploration(scenario: scenario, design: design, options: .init(maxFaults: k, timing: timing))
        exploration.explore()
        return exploration
    }

    @Test("naive and swiftystorekit-atomic lose an order to a single fault: finished before delivery")
    func oneFaultCounterexamples() {
        for design in [Design.naive, .swiftyStoreKitAtomic] {
            let exploration = Self.explore(design, k: 1)
            #expect(!exploration.holds, "\(design.name)")
            let first = exploration.counterexamples.first
            #expect(first?.faults.count == 1, "\(design.name): \(String(describing: first))")
            #expect(first?.outcome == .lost)
            #expect(first?.cause == .finishedBeforeDelivery)
            #expect(first?.avoidability == .avoidable)
        }
    }

    @Test("seed000-v1.0 loses an order to one cancel-then-purchased: the record cleared on a false cancel")
    func seed000CancelThenPurchased() {
        let exploration = Self.explore(.seed000V1_0, k: 1)
        let match = exploration.counterexamples.first { $0.faults == [.cancelThenPurchased] }
        #expect(match?.cause == .recordClearedOnCancel, "\(exploration.counterexamples)")
        #expect(match?.outcome == .lost)
    }

    /// The timings `recommendedHoldsAtTwo` explores on `platform`: every one in the full suite.
    /// The quick suite leaves out today's two short-user timings, which take 9 to 11 s each (a
    /// user who leaves at once comes back often, so runs have many choice points); before 2025
    /// it still explores every timing, short users included.
    static func recommendedTimings(_ platform: PlatformParameters) -> [CheckTiming] {
        let expensive: [CheckTiming] = platform == .today ? [.fastServiceShortUser, .slowServiceShortUser] : []
        return TestScale.pick(quick: CheckTiming.all.filter { !expensive.contains($0) }, full: CheckTiming.all)
    }

    @Test("faultsim-recommended survives every schedule of at most 2 faults, today and before 2025, at every fixed timing",
          arguments: [PlatformParameters.today, .pre2025])
    func recommendedHoldsAtTwo(_ platform: PlatformParameters) {
        var scenario = Scenario()
        scenario.platform = platform
        // Its own StoreKit 2 flow: users below iOS 15 get bliap, which two faults can beat (an
        // account switch; OlderOSDesignTests).
        scenario.device.belowIOS15Probability = 0
        for timing in Self.recommendedTimings(platform) {
            let exploration = Self.explore(.faultSimRecommended, k: 2, scenario: scenario, timing: timing)
            #expect(exploration.holds, "\(platform.name) \(timing.name): \(exploration.counterexamples.first.map(CheckCommand.describe) ?? "")")
            #expect(exploration.schedulesByFaults[2] > 100, "the exploration reached two-fault schedules")
            // Coverage marks: the fault paths the claim rests on were really exercised.
            for kind in [FaultKind.requestLost, .responseLost, .serverError, .appCrash, .neverComesBack, .reinstall, .accountSwitch] {
                #expect(exploration.fired[kind.rawValue] > 0, "\(timing.name): \(kind.name) never fired")
            }
            #expect(exploration.pathsNeverEntered.filter { $0.name != "server notification" }.isEmpty,
                    "\(timing.name): \(exploration.pathsNeverEntered.map(\.name))")
        }
    }

    @Test("Every schedule is run once, and the masses of all of them add up to one")
    func schedulesAreDisjoint() {
        // Users below iOS 15 left out: their legacy build's schedules would double the count.
        var scenario = Scenario()
        scenario.device.belowIOS15Probability = 0
        let exploration = Self.explore(.naive, k: 4, scenario: scenario)
        // With at most 4 faults almost every schedule of this short flow is run: the mass left
        // out is the chance of 5 or more faults in one run (under 3e-05 since issue 53, with a
        // finish of a finished transaction a choice point of its own).
        #expect(exploration.exploredMass <= 1 + 1e-9)
        #expect(exploration.exploredMass > 1 - 3e-5)
        #expect(exploration.schedulesByFaults == [2, 62, 856, 7_894, 59_544])
        #expect(exploration.lostLowerBound <= exploration.lostUpperBound)
    }

    @Test("A counterexample replays through simrun trace to the same outcome and cause")
    func counterexampleReplays() throws {
        guard siblingSimrunBinary() != nil else { return }
        let scenarioPath = packageRoot + "/scenarios/default.json"
        // Each design's smallest counterexample. The quick suite looks among schedules of one
        // fault, where each of these designs already fails; the full suite among two, which
        // for seed000-v1.0 takes 13 s (2,700 choice points in a run).
        let maxFaults = TestScale.pick(quick: 1, full: 2)
        for design in [Design.naive, .seed000V1_0, .seed002Before] {
            let exploration = Self.explore(design, k: maxFaults)
            let example = try #require(exploration.counterexamples.first, "\(design.name)")
            let command = CheckCommand.replayCommand(path: scenarioPath, design: design.name, example: example,
                                                     timing: .median, overrides: [])
            let words = command.split(separator: " ").map(String.init)
            #expect(words.prefix(2) == ["simrun", "trace"])
            guard let (status, output) = try runSiblingSimrun(Array(words.dropFirst())) else { return }
            #expect(status == 0)
            #expect(output.contains("intent \(example.intent): \(example.outcome.rawValue): \(example.cause.name)"), "\(command)\n\(output.suffix(300))")
            #expect(output.contains("\(example.events) events"), "\(command)")
        }
    }

    /// seed000-v1.0's exploration at K = 2 alone takes 14 s, so only the full suite runs it;
    /// the quick one keeps the two designs whose bounds take a fraction of a second at K = 3.
    static let monteCarloCases: [(Design, Int)] = TestScale.pick(quick: [(.naive, 3), (.seed002Before, 3)],
                                                                  full: [(.naive, 3), (.seed002Before, 3), (.seed000V1_0, 2)])

    @Test("The Monte Carlo lost rate falls inside the exhaustive bounds (fixed timings)", arguments: monteCarloCases)
    func monteCarloInsideBounds(_ design: Design, _ k: Int) {
        // seed000-v1.0 at K = 2: one of its faults leaves work that brings the user back every
        // hour for a month, 2,700 choice points in one run, so K = 3 is 900,000 schedules
        // (50 s in release, minutes in the debug build the tests use).
        // The scenario the check explores, run by the seeded chooser: the same world.
        var scenario = CheckTiming.median.apply(to: Scenario())
        // 30,000 runs keep the debug-build test near 20 s; `simrun run` on the same scenario at
        // 200,000 runs gives the figures in results/README.md.
        scenario.runs = 30_000
        let exploration = Self.explore(design, k: k, scenario: scenario)
        let tally = Runner.run(scenario: scenario, designs: [design], runs: 0..<UInt64(scenario.runs), jobs: 2)[0]
        let interval = Wilson.interval(successes: tally.lost, trials: tally.intents, z: Wilson.z999)
        #expect(interval.high >= exploration.lostLowerBound && interval.low <= exploration.lostUpperBound,
                "\(design.name): Monte Carlo \(interval) against [\(exploration.lostLowerBound), \(exploration.lostUpperBound)]")
        // 0.2 points before issue 30; its choice points (a finish that never completes, a user who
        // never returns after a leave) widen seed000-v1.0's at K = 2 to 0.28, and issue 53's (a
        // finish of a finished transaction, the legacy build's world below iOS 15) to 0.52.
        #expect(exploration.lostUpperBound - exploration.lostLowerBound < 0.006, "\(design.name): bounds within 0.6 points")
    }

    /// scenarios/fixed-timings.json is the Monte Carlo counterpart of `--timings median` on the
    /// default scenario (results/README.md compares the two), so it must be that world key for
    /// key: it once left `user.warmReturnProbability` at 0.5 where the check pins it to 0, and
    /// a missing transaction id followed by a warm resume lost `bliap` 403 orders per 10^6 that
    /// the check's world cannot reach, above its upper bound. Only the crash instant stays drawn
    /// (the check offers the crash at every step with the same chances).
    @Test("scenarios/fixed-timings.json is the default world at median timings, key for key")
    func fixedTimingsScenarioIsTheMedianWorld() throws {
        func normalized(_ scenario: Scenario) -> Scenario {
            var copy = scenario
            (copy.name, copy.description, copy.runs, copy.seed) = ("", "", 0, 0)
            return copy
        }
        let file = normalized(try ScenarioLoader.load(path: packageRoot + "/scenarios/fixed-timings.json"))
        let median = normalized(CheckTiming.median.apply(to: try ScenarioLoader.load(path: packageRoot + "/scenarios/default.json")))
        let fileLines = JSONWriter.write(file.jsonValue).split(separator: "\n")
        let medianLines = JSONWriter.write(median.jsonValue).split(separator: "\n")
        let differing = zip(fileLines, medianLines).filter { $0 != $1 }.map { "file \($0) / check \($1)" }
        #expect(differing.isEmpty, "fixed-timings.json differs from the check's median world: \(differing.prefix(12))")
        let same = file == median  // apart, so that a failure does not print two whole scenarios
        #expect(same, "fixed-timings.json differs from the check's median world in a key the JSON writer leaves out")
    }

    /// The swarm worlds the exhaustive check runs in. Its cost is the exploration: in worlds 1
    /// to 5 two to five seed 000 and 002 designs run 4,500 to 5,000 schedules of a month of
    /// hourly returns. The quick suite keeps world 6 and caps each design's exploration at 1,000
    /// schedules: 13 of the 18 designs finish within it and are compared with Monte Carlo, in
    /// about 1 s. At the full suite's 5,000 the same 13 finish (the other five stop short at either
    /// cap), and world 6 alone takes 5.5 s; the full suite runs all six worlds. (Measured with the
    /// whole-module debug build; file by file, the same took 4.5 and 20 s.)
    static let swarmSeeds: [UInt64] = TestScale.pick(quick: [6], full: Array(1...6))
    static let swarmSchedules = TestScale.pick(quick: 1_000, full: 5_000)

    @Test("In random worlds every design's check ends, its bounds are ordered, and Monte Carlo meets them",
          arguments: swarmSeeds)
    func swarm(_ seed: UInt64) {
        var scenario = CheckTiming.median.apply(to: SwarmTests.scenario(seed: seed))
        // One intent of one item, so that the plan draws nothing the check does not explore and
        // "a run lost an intent" is the Monte Carlo lost rate.
        scenario.user.intentsPerRun = 1
        scenario.catalog.products = 1
        scenario.catalog.itemsPerProduct = 1
        scenario.runs = 1_500
        var compared = 0
        for design in Design.presets {
            var exploration = Exploration(scenario: scenario, design: design, options: .init(maxFaults: 2, maxSchedules: Self.swarmSchedules))
            exploration.explore()
            let context = "swarm \(seed), \(design.name)"
            #expect(exploration.exploredMass <= 1 + 1e-9, "\(context)")
            #expect(exploration.lostLowerBound <= exploration.lostUpperBound, "\(context)")
            guard !exploration.stoppedShort else { continue }
            let tally = Runner.run(scenario: scenario, designs: [design], runs: 0..<UInt64(scenario.runs), jobs: 1)[0]
            let interval = Wilson.interval(successes: tally.lost, trials: tally.intents, z: Wilson.z999)
            #expect(interval.high >= exploration.lostLowerBound && interval.low <= exploration.lostUpperBound,
                    "\(context): Monte Carlo \(interval) against [\(exploration.lostLowerBound), \(exploration.lostUpperBound)]")
            compared += 1
        }
        // Coverage mark: most designs' checks finish within the cap, so the comparison ran.
        #expect(compared >= 8, "swarm \(seed): only \(compared) of \(Design.presets.count) designs compared")
    }

    @Test("A duration's distribution function agrees with its sampling (the scripted crash's chances)")
    func cumulative() {
        let uniform = DurationDistribution.uniform(minMs: 0, maxMs: 59_999)
        #expect(uniform.cumulative(-1) == 0)
        #expect(uniform.cumulative(29_999) == 0.5)
        #expect(uniform.cumulative(59_999) == 1)
        #expect(uniform.quantile(0.5) == 30_000 && uniform.quantile(0.4999999) == 29_999)
        let logNormal = DurationDistribution.logNormal(medianMs: 300, p99Ms: 5_000)
        #expect(abs(logNormal.cumulative(300) - 0.5) < 0.002)
        #expect(abs(logNormal.cumulative(5_000) - 0.99) < 0.001)
        for u in stride(from: 0.05, to: 1, by: 0.1) {
            let t = logNormal.quantile(u)
            #expect(logNormal.cumulative(t) >= u && logNormal.cumulative(t - 1) <= u, "u = \(u)")
        }
        #expect(DurationDistribution.fixed(200).cumulative(199) == 0 && DurationDistribution.fixed(200).cumulative(200) == 1)
    }

    @Test("Bad check lines are usage errors", arguments: [
        ["check"], ["check", "--design", "naive", "--all-designs"], ["check", "--design", "naive", "--max-faults", "7"],
        ["check", "--design", "naive", "--outcome", "gone"], ["check", "--design", "naive", "--timings", "slow"],
        ["trace", "--design", "naive", "--run", "0", "--timings", "median"], ["trace", "--design", "naive", "--fire", "x"],
    ])
    func usageErrors(_ arguments: [String]) {
        expectSimrun(arguments, exits: 64)
    }
}
