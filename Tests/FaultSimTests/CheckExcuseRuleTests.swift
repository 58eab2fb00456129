import FaultSim
import Policies
import Testing
@testable import simrun

/// `simrun check`'s one rule for excusing a counterexample (`Counterexample.excuseRule`): the
/// same test for every design, so a design with more recovery never reads worse than one
/// with less. Before it, a design with server recovery was held to the losses of a user who
/// never came back while a design without was excused them, and at K = 3 on lost orders the
/// recommendation FAILED while seed003-sk2 "held*".
@Suite("check's one excuse rule")
struct CheckExcuseRuleTests {
    static func explore(_ design: Design, k: Int, outcomes: [IntentVerdict.Outcome] = [.lost]) -> Exploration {
        var exploration = Exploration(scenario: Scenario(), design: design, options: .init(maxFaults: k, outcomes: outcomes))
        exploration.explore()
        return exploration
    }

    @Test("At every K up to 3 on lost orders, faultsim-recommended never reads worse than seed003-sk2, which it dominates")
    func recommendedNeverReadsWorseThanADesignItDominates() {
        for k in 1...3 {
            let recommended = Self.explore(.faultSimRecommended, k: k)
            let weaker = Self.explore(.seed003SK2, k: k)
            #expect(recommended.holds || !weaker.holds, "K = \(k): faultsim-recommended FAILS while seed003-sk2 holds")
            #expect(recommended.lostUpperBound <= weaker.lostUpperBound, "K = \(k)")
        }
        // The case of issue 54: the recommendation holds at K = 3 (its losses there are a
        // purchase made outside the app on iOS 15.x, which has no AppTransaction to name the
        // account, by a user who never came back), and seed003-sk2 fails at K = 2.
        #expect(Self.explore(.faultSimRecommended, k: 3).holds)
        let weaker = Self.explore(.seed003SK2, k: 2)
        #expect(!weaker.holds)
        let first = weaker.counterexamples.first
        #expect(first?.cause == .userNeverCameBack && first?.avoidability == .avoidable, "\(String(describing: first))")
    }

    @Test("A user who paid and never came back is excused only when no server could learn of the charge and whose it was")
    func neverCameBackIsExcusedOnlyWhenNoServerCouldLearn() {
        func rule(_ platform: PlatformParameters, _ iOS: IOSBand, returning: Bool = false, outside: Bool = false) -> Counterexample.Avoidability {
            Counterexample.avoidability(cause: .userNeverCameBack, platform: platform, iOS: iOS, returningCustomer: returning,
                                        boughtOutsideApp: outside)
        }
        // Today the charge's notification tells a server of it, and the app's token whose it is.
        #expect(rule(.today, .from16) == .avoidable)
        #expect(rule(.today, .iOS15) == .avoidable)
        // Bought outside the app: no token; only the appTransactionId, which needs iOS 16, names the account.
        #expect(rule(.today, .from16, outside: true) == .avoidable)
        #expect(rule(.today, .iOS15, outside: true) == .unavoidableUnseenCharge)
        #expect(rule(.today, .iOS15, returning: true, outside: true) == .unavoidableUnseenCharge)
        // Before 2025 no notification: only the history of a customer the server knows, from
        // before or from the AppTransaction at login.
        #expect(rule(.pre2025, .iOS15) == .unavoidableUnseenCharge)
        #expect(rule(.pre2025, .iOS15, returning: true) == .avoidable)
        #expect(rule(.pre2025, .from16) == .avoidable)
        // Every other cause is the design's, whatever the world.
        #expect(Counterexample.avoidability(cause: .finishedBeforeDelivery, platform: .pre2025, iOS: .iOS15, returningCustomer: false,
                                            boughtOutsideApp: true) == .avoidable)
        #expect(Counterexample.avoidability(cause: .userNeverCameBack, platform: .today, iOS: .below15, returningCustomer: false,
                                            boughtOutsideApp: false, ranLegacyBuild: true) == .legacyBuild)
    }

    @Test("check prints the rule in one sentence, in its detail and under its table, and exits 1 only on an avoidable counterexample")
    func checkPrintsTheRuleAndGatesOnAvoidableOnly() {
        let scenario = packageRoot + "/scenarios/default.json"
        let rule = "rule: " + Counterexample.excuseRule
        #expect(!Counterexample.excuseRule.dropLast().contains(". "), "one sentence")
        let table = simrun(["check", scenario, "--designs", "faultsim-recommended,seed003-sk2", "--max-faults", "2", "--outcome", "lost"])
        #expect(table.output.contains("\n" + rule + "\n"), "\(table.output)")
        #expect(table.output.contains("exit 1: seed003-sk2 FAILS"), "\(table.output)")
        #expect(table.status == 1)
        let detail = simrun(["check", scenario, "--design", "faultsim-recommended", "--max-faults", "2", "--outcome", "lost"])
        #expect(detail.output.contains("\n" + rule + "\n"), "\(detail.output)")
        #expect(detail.output.contains("HOLDS"), "\(detail.output)")
        #expect(detail.status == 0, "only excused counterexamples: the legacy build's")
    }
}
