import FaultSim
import Foundation
import Policies
import Testing

/// Swarm testing (Groce et al. 2012): many random worlds, each with a random subset of faults
/// switched on at random strengths, every design run in each, and properties that must hold
/// whatever the world. A failing case writes its scenario to a file and prints the command
/// that reproduces it.
@Suite("Swarm properties")
struct SwarmTests {
    /// A random scenario drawn from `seed`: each fault probability of the parameter table is 0
    /// (a third of the time) or uniform in [0, 0.3); catalog, intents and patience vary too.
    static func scenario(seed: UInt64) -> Scenario {
        var generator = Xoshiro256(seed: seed)
        func probability() -> Double { generator.nextInt(below: 3) == 0 ? 0 : generator.nextUnit() * 0.3 }
        var scenario = Scenario()
        scenario.name = "swarm-\(seed)"
        scenario.description = "Swarm case \(seed)."
        scenario.seed = seed
        scenario.runs = 1_500
        scenario.catalog.products = 1 + generator.nextInt(below: 2)
        scenario.catalog.itemsPerProduct = 1 + generator.nextInt(below: 3)
        scenario.catalog.productType = CatalogParameters.ProductType.allCases[generator.nextInt(below: 3)]
        scenario.platform = PlatformParameters(
            oneTimeChargeNotifications: PlatformParameters.OneTimeChargeNotifications.allCases[generator.nextInt(below: 2)],
            transactionHistory: PlatformParameters.TransactionHistory.allCases[generator.nextInt(below: 2)],
            verification: PlatformParameters.Verification.allCases[generator.nextInt(below: 2)],
            newBuildFloor: PlatformParameters.NewBuildFloor.allCases[generator.nextInt(below: 2)])
        scenario.user.returningCustomerProbability = generator.nextUnit()
        scenario.user.intentsPerRun = 1 + generator.nextInt(below: 3)
        scenario.user.patience = .logNormal(medianMs: SimTime(2_000 + generator.nextInt(below: 60_000)), p99Ms: 300_000)
        // Every fault probability of the parameter table (the keys the fault-free world sets
        // to 0), so a new fault key joins the swarm with its row.
        for row in ScenarioParameter.table where row.faultFree == .probability(0) {
            row.field.set(.probability(probability()), in: &scenario)
        }
        return scenario
    }

    /// Saves the case and returns the command that reproduces it.
    static func reproduction(_ scenario: Scenario, design: String) -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(scenario.name).json").path
        try? OutputFiles.write(JSONWriter.write(scenario.jsonValue) + "\n", to: path)
        return "simrun run \(path) --designs \(design) --runs \(scenario.runs) --seed \(scenario.seed)"
    }

    @Test("A scenario survives being written and read back")
    func scenarioRoundTrips() throws {
        for seed in UInt64(0)..<20 {
            let scenario = Self.scenario(seed: seed)
            let text = JSONWriter.write(scenario.jsonValue)
            let loaded = try ScenarioLoader.parse(text, file: "swarm.json", name: scenario.name)
            #expect(loaded == scenario, "swarm \(seed)")
        }
    }

    /// Runs per world and design. The properties hold run by run, so the quick suite keeps every
    /// world (their variety is what finds bugs) and runs 200 of each; the full suite 1,500.
    static let runsPerWorld = TestScale.pick(quick: 200, full: 1_500)

    @Test("Properties hold in random worlds for every design", arguments: UInt64(1)...24)
    func properties(_ seed: UInt64) {
        var scenario = Self.scenario(seed: seed)
        scenario.runs = Self.runsPerWorld
        let designs = TestDesigns.all
        let tallies = Runner.run(scenario: scenario, designs: designs, runs: 0..<UInt64(scenario.runs), jobs: 2)
        for (design, tally) in zip(designs, tallies) {
            let command = Self.reproduction(scenario, design: design.name)
            let outcomes = tally.notCharged + tally.delivered + tally.lost + tally.misdelivered + tally.duplicated + tally.doubleCharged
            #expect(outcomes == tally.intents, "outcomes do not add up to intents; reproduce: \(command)")
            #expect(tally.intents == Int64(scenario.runs * scenario.user.intentsPerRun), "reproduce: \(command)")
            if design.serverIdempotency == .oncePerTransaction {
                #expect(tally.duplicated == 0, "an idempotent server duplicated \(tally.duplicated); reproduce: \(command)")
            }
            if !design.guardsDoubleTap || scenario.user.doubleTapProbability > 0 {
                // Only an unguarded double tap can charge twice.
            } else {
                #expect(tally.doubleCharged == 0, "double charge without a double tap; reproduce: \(command)")
            }
            let counters = [tally.supportContacts, tally.stuckModals, tally.serverRequests, tally.appleRequests,
                            tally.leakedRecords, tally.events] + tally.faultCounts + tally.causeCounts
            #expect(counters.allSatisfy { $0 >= 0 }, "a counter went negative; reproduce: \(command)")
            #expect(tally.deliveredSameSession + tally.deliveredAfterRelaunch + tally.deliveredAfterReinstall == tally.delivered,
                    "reproduce: \(command)")
        }
    }

    @Test("With every fault switched off, a random world loses nothing", arguments: UInt64(1)...6)
    func noFaultsNoLosses(_ seed: UInt64) {
        var scenario = Scenario.faultFree()
        let random = Self.scenario(seed: seed)
        scenario.name = "swarm-fault-free-\(seed)"
        scenario.seed = seed
        scenario.runs = Self.runsPerWorld
        scenario.catalog = random.catalog
        scenario.user.intentsPerRun = random.user.intentsPerRun
        for (design, tally) in zip(TestDesigns.all, simulate(scenario, runs: UInt64(scenario.runs))) {
            let command = Self.reproduction(scenario, design: design.name)
            #expect(tally.lost == 0 && tally.misdelivered == 0 && tally.duplicated == 0,
                    "\(design.name) lost \(tally.lost), mis-delivered \(tally.misdelivered), duplicated \(tally.duplicated); reproduce: \(command)")
        }
    }
}
