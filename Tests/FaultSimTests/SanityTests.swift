import FaultSim
import Policies
import Testing

/// Properties that hold by construction of the model: worth checking (a regression would break
/// them), but not findings. A finding can fail to hold; these cannot unless the code is wrong.
@Suite("Sanity checks (hold by construction)")
struct SanityTests {
    /// "Not worse" is McNemar's exact p ≥ 0.05 on the counts of these runs: the quick suite's
    /// 10,000 runs assert the same claim as the full suite's 30,000 with less power.
    @Test("Clearing the record less never loses more: v1.2 ≤ v1.1 ≤ v1.0 in every scenario", arguments: FindingsTests.scenarioNames)
    func clearingLessNeverHurts(_ name: String) throws {
        let runs = TestScale.pick(quick: UInt64(10_000), full: 30_000)
        let result = try FindingsTests.compare(name, FindingsTests.presets("seed000-v1.0", "seed000-v1.1", "seed000-v1.2"), runs: runs)
        #expect(result.notWorse("seed000-v1.1", than: "seed000-v1.0"))
        #expect(result.notWorse("seed000-v1.2", than: "seed000-v1.1"))
    }

    @Test("appAccountToken is signed into the transaction: seed003-sk2 never mis-delivers a purchase made in the app after an account switch")
    func tokenNeverMisdelivers() throws {
        // Every user on iOS 15 or later: below it these designs run StoreKit 1 (olderOSDesign),
        // which has no token.
        var scenario = try FindingsTests.scenario("account-switch")
        scenario.device.belowIOS15Probability = 0
        let designs = FindingsTests.presets("seed003-sk2", "faultsim-recommended")
        let run = Runner.compare(scenario: scenario, designs: designs, runs: 0..<40_000, jobs: 2)
        let result = FindingsTests.Comparison(designs: designs, tallies: run.tallies, pairs: run.pairs)
        // A purchase made outside the app carries no token: the only mis-deliveries left.
        for name in ["seed003-sk2", "faultsim-recommended"] {
            let tally = result.tally(name)
            #expect(tally.misdelivered == tally.count(of: .misdelivered, cause: .outsideAppCreditedToCurrentAccount), "\(name)")
        }
    }

    /// Lost sales are counted run by run: 2,000 runs in the quick suite (every order-first
    /// design already loses sales), 10,000 in the full one.
    @Test("Pay-first designs lose no sales; order-first ones lose exactly the failed order requests")
    func onlyOrderFirstLosesSales() throws {
        let result = try FindingsTests.compare("weak-network", Design.presets, runs: TestScale.pick(quick: 2_000, full: 10_000))
        for design in Design.presets {
            let lostSales = result.tally(design.name).lostSales
            #expect(design.orderTiming == .orderFirst ? lostSales > 0 : lostSales == 0, "\(design.name): \(lostSales)")
        }
    }
}
