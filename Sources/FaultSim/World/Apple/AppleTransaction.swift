/// A StoreKit transaction as Apple keeps it: one per charge, tied to the Apple account, so it
/// outlives the app's process and a reinstall.
struct AppleTransaction: Sendable {
    var intent: Int32 = 0
    var product: Int32 = 0
    /// Made through the app's own payment, so it carries what the app put in it. False for a
    /// purchase made outside the app (an offer code redeemed in the App Store, a product bought
    /// on the App Store page): no `applicationUsername`, no `appAccountToken` (Apple, *Set App
    /// Account Token*: "the original transaction doesn't include an app account token").
    var boughtInApp = true
    /// What the app put in `applicationUsername` (or `appAccountToken`): &user, item, order.
    /// Meaningless when not `boughtInApp`.
    var payloadUid: Int32 = 0
    var payloadItem: Int32 = 0
    var payloadOrder: Int32 = -1
    /// `finishTransaction` was called: it left the payment queue (and a consumable the receipt).
    var finished = false
    /// A finished transaction is to come back at the next launch (StoreKit 1's oddity).
    var comesBackAtLaunch = false
    /// The latest attempt to post its `ONE_TIME_CHARGE` failed (lost, no answer, 4xx, 5xx): Get
    /// Notification History's `onlyFailures` lists it.
    var postFailed = false
}
