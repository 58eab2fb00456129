@testable import FaultSim
import Foundation
import Policies
import Testing

/// `optimize --importance`'s weighted race (`Optimizer.Settings.raceBias`): lost orders decided
/// by the weighted paired z-test where the guard trusts both designs, the same result on any
/// thread count, and the best design kept.
@Suite("Optimizer, weighted race")
struct OptimizeWeightedRaceTests {
    /// Three server recoveries of the recommended design in a world with two planted loss
    /// mechanisms (a purchase outside the app never opened, 1e-3; a crash after the charge with a
    /// user who never comes back, 1e-2 x 0.1): with its link (appTransactionIdMapping) it loses
    /// neither; without it, the outside purchases; with no recovery at all, both too. `REFUND`
    /// is a notification, so the space holds `revokesOnRefund` off for the third to ship.
    static let space = """
        {"from": "faultsim-recommended",
         "axes": {"serverRecovery": [["notifications", "transactionHistory", "notificationHistory", "appTransactionIdMapping"],
                                     ["notifications", "transactionHistory", "notificationHistory"], []],
                  "revokesOnRefund": [false]}}
        """

    static func settings(jobs: Int) -> Optimizer.Settings {
        var settings = Optimizer.Settings()
        settings.objectives = [.lost]
        settings.runs = 8_000
        settings.firstRuns = 1_000
        settings.weightedShare = 4
        settings.jobs = jobs
        settings.raceBias = ImportanceCoverageTests.biased([.outsideAppPurchase: 0.3, .appCrash: 0.3, .neverComesBack: 0.3])
        settings.raceBiasText = "planted"
        return settings
    }

    @Test("A weighted race is the same on 1 and 2 threads, its weights decide lost orders, and it keeps the planted best")
    func weightedRaceKeepsTheBest() throws {
        let space = try DesignSpace.read(Self.space, file: "planted.json")
        let scenario = ImportanceCoverageTests.outsideOrCrash(1e-3, 1e-2, 0.1)
        let results = [1, 2].map { Optimizer.run(scenario: scenario, space: space, designs: [.faultSimRecommended], settings: Self.settings(jobs: $0)) }
        #expect(results[0].text == results[1].text)
        let result = results[1]
        let s = result.statistics
        #expect(s.raceBias == "planted" && s.weightedRuns > 0)
        #expect(s.weightedTests > 0, "the weights decided no lost-order test: \(s.weightedTests) weighted, \(s.flaggedTests) flagged")
        #expect(s.weightedDrops > 0, "no design left on a weighted test")
        #expect(result.text.contains("lost orders raced weighted"))
        // The linked design, which loses neither planted order, stays: it is the front.
        let linked = DesignAxis.table.firstIndex { $0.name == "serverRecovery" }!
        let best = try #require(result.front.first)
        #expect(result.front.count == 1)
        #expect(space.design(at: best.point, name: "best").serverRecovery.contains(.appTransactionIdMapping),
                "the front is \(DesignAxis.table[linked].value(of: best.design).label)")
        // Without a bias, the same race has no weighted section and no weighted runs.
        var plain = Self.settings(jobs: 2)
        plain.raceBias = nil
        let counted = Optimizer.run(scenario: scenario, space: space, designs: [.faultSimRecommended], settings: plain)
        #expect(counted.statistics.weightedRuns == 0 && !counted.text.contains("raced weighted"))
    }

    @Test("A weighted race keeps a planted best that loses orders too, and the weights drop the design that loses ten times as many")
    func weightedRaceKeepsALosingBest() throws {
        let space = try DesignSpace.read(Self.space, file: "planted.json")
        // Purchases outside the app never opened (1e-3 of intents), a tenth of them below iOS 15:
        // the linked design loses those below iOS 15 only (1e-4), the unlinked ones all (1e-3).
        var scenario = ImportanceCoverageTests.outside(1e-3)
        scenario.device.belowIOS15Probability = 0.1
        var settings = Self.settings(jobs: 2)
        settings.raceBias = ImportanceCoverageTests.biased([.outsideAppPurchase: 0.3], belowIOS15: 0.3)
        let result = Optimizer.run(scenario: scenario, space: space, designs: [.faultSimRecommended], settings: settings)
        let s = result.statistics
        #expect(s.weightedTests > 0 && s.weightedDrops > 0, "\(s.weightedTests) weighted tests, \(s.weightedDrops) drops, \(s.flaggedTests) flagged")
        #expect(result.front.count == 1)
        let best = try #require(result.front.first)
        #expect(space.design(at: best.point, name: "best").serverRecovery.contains(.appTransactionIdMapping))
        // The counts alone tell none of the three apart at the racing level: every design races to the end.
        settings.raceBias = nil
        let counted = Optimizer.run(scenario: scenario, space: space, designs: [.faultSimRecommended], settings: settings)
        #expect(counted.statistics.dominated == 0 && s.dominated == s.weightedDrops && s.weightedDrops == 2)
    }
}
