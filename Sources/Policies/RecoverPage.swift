/// A page where the user can recover a paid order the app could not deliver (docs/model.md §6,
/// "retry"). The user opens it, with `user.recoverPageUseProbability`, after
/// `user.recoverPageDelay`, once the design stopped trying in the session.
public enum RecoverPage: String, Sendable, CaseIterable {
    /// No such page: the order waits for a retry trigger.
    case none
    /// Seed 000's "订单找回" page: one more round of the app's own verification tries
    /// ("方法一是手动重试下单，作为3次自动重试的补充").
    case manualRetry
    /// Seed 003's order-recovery page in the order centre: with StoreKit 1 the app uploads the
    /// app receipt and the server delivers every transaction in it that it has not delivered,
    /// a transaction without a known order to the uploading account; with StoreKit 2 the server
    /// looks the customer's transactions up at Apple (Get Transaction History, and Look Up Order
    /// ID with the order id of Apple's e-mail receipt) and delivers them by `appAccountToken`.
    case orderLookup
}
