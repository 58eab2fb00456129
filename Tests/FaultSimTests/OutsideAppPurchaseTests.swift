import FaultSim
import Policies
import Testing

/// Purchases made outside the app (an offer code redeemed in the App Store, docs/model.md §4): no
/// Buy tap, no token, no record. Each design does what its `unmatchedTransactions` says, and the
/// server cannot credit such a purchase from Apple's data alone. On the pinned worlds of
/// `PinnedStoreKitWorlds`.
@Suite("Purchases made outside the app")
struct OutsideAppPurchaseTests: PinnedStoreKitWorlds {
    @Test("outside_app_purchase: no Buy tap, no token, no record; each design does what its unmatchedTransactions says")
    func outsideAppPurchasesFollowTheUnmatchedAxis() {
        let scenario = Self.outsideWorld()
        for (design, tally) in zip(TestDesigns.all, Self.run(scenario, TestDesigns.all)) {
            #expect(tally.faultCounts[FaultKind.outsideAppPurchase.rawValue] == tally.intents, "\(design.name)")
            switch design.unmatchedTransactions {
            case .verifyWithFallback:
                // The current account and the product's default item: the truth, with no switch.
                #expect(tally.delivered == tally.intents, "\(design.name) delivered \(tally.delivered) of \(tally.intents)")
            case .leaveUnfinished, .finishAndDrop:
                #expect(tally.lost == tally.intents, "\(design.name) lost \(tally.lost) of \(tally.intents)")
                #expect(tally.causes(of: .lost).first?.cause == .outsideAppUnmatched, "\(design.name): \(tally.causes(of: .lost))")
            }
        }
        // The story: the user buys in the App Store, never taps Buy, and the app hears of the
        // transaction at the launch when the user opens it.
        let world = Self.scripted(scenario, .faultSimRecommended, firing: [])
        let texts = world.trace.map(\.text)
        #expect(texts.contains { $0.hasPrefix("buys product 0 in the App Store") })
        #expect(!texts.contains { $0.hasPrefix("taps Buy") })
        #expect(texts.contains { $0.contains("no token") })
        let handedOver = world.trace.first { $0.text.hasPrefix("purchased: transaction 0 (first hand-over, at launch)") }
        #expect(handedOver.map { $0.time >= 61_000 } == true, "handed over at the launch a minute after the purchase")
        #expect(world.lastRunVerdicts.first?.outcome == .delivered)
    }

    @Test("Without the appTransactionId link the server cannot credit a purchase made outside the app from Apple's data alone")
    func serverCannotCreditOutsidePurchases() {
        // The user never opens the app within the horizon: only notifications and history could
        // deliver, and they find no token.
        var outside = Self.outsideWorld()
        outside.user.outsideAppOpenDelay = .fixed(10 * 24 * Self.hour)
        outside.user.returningCustomerProbability = 1
        var inApp = PlatformAndStoreKitTests.world()
        PlatformAndStoreKitTests.crashAfterChargeForGood(&inApp)
        inApp.user.returningCustomerProbability = 1
        let unlinked = TestDesigns.recommendedWithoutLink
        let lost = Self.run(outside, [unlinked])[0], recovered = Self.run(inApp, [unlinked])[0]
        #expect(lost.lost == lost.intents, "outside the app: lost \(lost.lost) of \(lost.intents)")
        #expect(recovered.delivered == recovered.intents, "in the app, the token maps it: delivered \(recovered.delivered)")
    }

    @Test("The truth is the account logged in at the purchase: a switch before the app sees it is a mis-delivery no design avoids")
    func outsideAppTruthIsTheAccountAtThePurchase() {
        var scenario = Self.outsideWorld()
        scenario.user.accountSwitchProbability = 1
        scenario.user.accountSwitchDelay = .fixed(0)
        for (design, tally) in zip(TestDesigns.all, Self.run(scenario, TestDesigns.all)) where design.unmatchedTransactions == .verifyWithFallback {
            #expect(tally.misdelivered == tally.intents, "\(design.name) mis-delivered \(tally.misdelivered) of \(tally.intents)")
            #expect(tally.causes(of: .misdelivered).first?.cause == .outsideAppCreditedToCurrentAccount, "\(design.name)")
        }
        // `simrun check` offers the outside purchase as a choice, and the two-fault schedule
        // (outside purchase, account switch) is a counterexample no design could avoid.
        var checked = CheckTiming.median.apply(to: PlatformAndStoreKitTests.world())
        checked.user.outsideAppPurchaseProbability = 0.5
        checked.user.accountSwitchProbability = 0.5
        // Without the `appTransactionId` link: with it the server credits the purchase at the
        // notification, which at these timings comes before the switch.
        let unlinked = TestDesigns.recommendedWithoutLink
        var exploration = Exploration(scenario: checked, design: unlinked, options: .init(maxFaults: 2))
        exploration.explore()
        #expect(exploration.offered[FaultKind.outsideAppPurchase.rawValue] > 0)
        let example = exploration.counterexamples.first { Set($0.faults) == [.outsideAppPurchase, .accountSwitch] }
        #expect(example?.cause == .outsideAppCreditedToCurrentAccount, "\(exploration.counterexamples)")
        #expect(example?.avoidability == .unavoidableOutsideApp)
        #expect(exploration.holds, "\(exploration.counterexamples.first.map { "\($0.faults) \($0.cause.name)" } ?? "")")
    }
}
