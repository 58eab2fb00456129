/// The person holding the phone.
public struct UserParameters: Sendable, Equatable {
    /// Purchase intents per run; more than one lets a later purchase heal an earlier loss.
    public var intentsPerRun: Int = 1
    /// Time from one intent to the next.
    public var timeBetweenIntents = DurationDistribution.logNormal(medianMs: Scenario.day, p99Ms: 7 * Scenario.day)
    /// Time the user spends on Apple's payment sheet before confirming or cancelling.
    public var paymentSheetTime = DurationDistribution.logNormal(medianMs: 8 * Scenario.second, p99Ms: Scenario.minute)
    /// Genuine cancel at the payment sheet: not charged.
    public var cancelProbability = 0.15
    /// Buy tapped twice quickly: a second payment unless the design guards against it.
    public var doubleTapProbability = 0.01
    /// How long the user waits behind a modal spinner before killing the app.
    public var patience = DurationDistribution.logNormal(medianMs: 20 * Scenario.second, p99Ms: 120 * Scenario.second)
    /// How long a session lasts once nothing blocks the user (then the app goes away).
    public var sessionLength = DurationDistribution.logNormal(medianMs: 5 * Scenario.minute, p99Ms: Scenario.hour)
    /// After a kill or crash, the app is not opened again within the horizon.
    public var neverComesBackProbability = 0.10
    /// After a normal leave with work pending on the device, the user never opens the app again
    /// within the horizon (guess: a payer usually returns to spend what they bought; apps with
    /// weak payer retention lose more).
    public var neverReturnsAfterLeaveProbability = 0.03
    /// After a normal leave, the user comes back to the suspended process, not a cold launch:
    /// memory is kept and StoreKit gives no launch hand-over (guess: Apple says a quick re-entry
    /// "is also likely to be a resume", and suspended apps are evicted under memory pressure).
    public var warmReturnProbability = 0.5
    /// Time until the user opens the app again after it went away.
    public var relaunchDelay = DurationDistribution.logNormal(medianMs: Scenario.hour, p99Ms: 3 * Scenario.day)
    /// After a kill or crash, the user deletes and reinstalls the app before coming back.
    public var reinstallProbability = 0.05
    /// The user logs into another app account after paying, before verification is done.
    public var accountSwitchProbability = 0.002
    /// Time from the charge to the account switch.
    public var accountSwitchDelay = DurationDistribution.uniform(minMs: 0, maxMs: Scenario.minute)
    /// The user opens a design's "recover order" page after the automatic tries gave up.
    public var recoverPageUseProbability = 0.5
    /// Time until the user opens the recover page.
    public var recoverPageDelay = DurationDistribution.logNormal(medianMs: 2 * Scenario.minute, p99Ms: Scenario.hour)
    /// A charged user without goods contacts support (counted; support never delivers).
    public var supportContactProbability = 0.30
    /// The Apple account has paid in this app before, so the server already holds one of its
    /// transaction ids and can ask Apple for its history from the start (guess).
    public var returningCustomerProbability = 0.5
    /// The intent is bought outside the app: an offer code redeemed in the App Store, or a
    /// product bought on the App Store page. Apple, *Set App Account Token*: "customers can also
    /// purchase in-app products outside of your app, for example, by redeeming an offer code in
    /// the App Store. In that case, the original transaction doesn't include an app account
    /// token." No public figure gives the share (guess).
    public var outsideAppPurchaseProbability = 0.005
    /// Of the purchases made outside the app, the share started as a promoted in-app purchase on
    /// the App Store product page, rather than an offer code redeemed in the App Store. Under
    /// StoreKit 2 a design that takes `PurchaseIntent`s (`completesPurchaseIntents`) completes
    /// it in the app, with its token; otherwise the App Store charges it with none. Guess.
    public var promotedPurchaseShare = 0.5
    /// Time from a purchase made outside the app to the user opening the app (guess: a promoted
    /// purchase "takes them into your app" at once; a code redeemed in the App Store waits until
    /// the user thinks of the app).
    public var outsideAppOpenDelay = DurationDistribution.logNormal(medianMs: 2 * Scenario.minute, p99Ms: Scenario.day)
    /// A charged user whose goods have not come asks Apple for a refund (reportaproblem.apple.com,
    /// or StoreKit 2's `beginRefundRequest`), `refundRequestDelay` after the charge. Guess: no
    /// public figure gives the share of undelivered purchases refunded.
    public var refundRequestProbability = 0.3
    /// Time from the charge to the refund request, when the goods have not come by then (guess).
    public var refundRequestDelay = DurationDistribution.logNormal(medianMs: 2 * Scenario.day, p99Ms: 30 * Scenario.day)
}
