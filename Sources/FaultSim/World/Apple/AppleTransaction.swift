/// A StoreKit transaction as Apple keeps it: one per charge, tied to the Apple account, so it
/// outlives the app's process and a reinstall.
struct AppleTransaction: Sendable {
    var intent: Int32 = 0
    var product: Int32 = 0
    /// What the app put in `applicationUsername` (or `appAccountToken`): &user, item, order.
    var payloadUid: Int32 = 0
    var payloadItem: Int32 = 0
    var payloadOrder: Int32 = -1
    /// `finishTransaction` was called: it left the payment queue (and a consumable the receipt).
    var finished = false
    /// A finished transaction is to come back at the next launch (StoreKit 1's oddity).
    var comesBackAtLaunch = false
}
