/// Every fault of domain.md §4, as it enters the world. Each has a counter of how often it
/// fired (`simrun run --faults-out`), so a scenario whose fault never fires is visible.
public enum FaultKind: Int, Sendable, CaseIterable {
    case requestLost
    case responseLost
    case weakNetwork
    case slowRequest
    case appleTryAgain
    case appleOutage
    case appleTimeout
    case serverError
    case serverCrashBeforeDelivery
    case serverCrashAfterDelivery
    case userKill
    case appCrash
    case neverComesBack
    case reinstall
    case accountSwitch
    case doubleTap
    case userCancel
    case cancelThenPurchased
    case failThenPurchased
    case missingTransactionId
    case applicationUsernameLost
    case purchasedCallbackMissing
    case finishedRedelivered
    case recoverPageUse
    case supportContact
    case rebuyNoCallback
    case notificationLost
    case pendingPurchase

    /// Name in CSV files and on the command line.
    public var name: String {
        switch self {
        case .requestLost: "request_lost"
        case .responseLost: "response_lost"
        case .weakNetwork: "weak_network"
        case .slowRequest: "slow_request"
        case .appleTryAgain: "apple_try_again"
        case .appleOutage: "apple_outage"
        case .appleTimeout: "apple_timeout"
        case .serverError: "server_error"
        case .serverCrashBeforeDelivery: "server_crash_before_delivery"
        case .serverCrashAfterDelivery: "server_crash_after_delivery"
        case .userKill: "user_kill"
        case .appCrash: "app_crash"
        case .neverComesBack: "never_comes_back"
        case .reinstall: "reinstall"
        case .accountSwitch: "account_switch"
        case .doubleTap: "double_tap"
        case .userCancel: "user_cancel"
        case .cancelThenPurchased: "cancel_then_purchased"
        case .failThenPurchased: "fail_then_purchased"
        case .missingTransactionId: "missing_transaction_id"
        case .applicationUsernameLost: "application_username_lost"
        case .purchasedCallbackMissing: "purchased_callback_missing"
        case .finishedRedelivered: "finished_redelivered"
        case .recoverPageUse: "recover_page_use"
        case .supportContact: "support_contact"
        case .rebuyNoCallback: "rebuy_no_callback"
        case .notificationLost: "notification_lost"
        case .pendingPurchase: "pending_purchase"
        }
    }

    /// The scenario key that controls the fault, and what one firing means.
    public var control: (key: String, firing: String) {
        switch self {
        case .requestLost: ("network.requestLossProbability", "a request never reached the server")
        case .responseLost: ("network.responseLossProbability", "the server acted but its answer was lost")
        case .weakNetwork: ("network.weakNetworkProbability", "an offline episode started")
        case .slowRequest: ("network.latency", "a request outlasted network.requestTimeout")
        case .appleTryAgain: ("apple.tryAgainProbability", "a verify call answered try-again")
        case .appleOutage: ("apple.outageProbability", "an outage window started")
        case .appleTimeout: ("apple.verifyLatency", "a verify call outlasted appServer.appleTimeout")
        case .serverError: ("appServer.errorProbability", "the server answered 5xx")
        case .serverCrashBeforeDelivery: ("appServer.crashBeforeDeliveryProbability", "the server died before delivering")
        case .serverCrashAfterDelivery: ("appServer.crashAfterDeliveryProbability", "the server died after delivering")
        case .userKill: ("user.patience", "the user killed the app behind a modal")
        case .appCrash: ("device.crashProbabilityPerSession", "the app crashed")
        case .neverComesBack: ("user.neverComesBackProbability", "the user did not come back")
        case .reinstall: ("user.reinstallProbability", "the user reinstalled the app")
        case .accountSwitch: ("user.accountSwitchProbability", "the user switched app account")
        case .doubleTap: ("user.doubleTapProbability", "Buy was tapped twice")
        case .userCancel: ("user.cancelProbability", "the user cancelled at the payment sheet")
        case .cancelThenPurchased: ("storeKit.cancelThenPurchasedProbability", "cancelled, then purchased")
        case .failThenPurchased: ("storeKit.failThenPurchasedProbability", "failed, then purchased")
        case .missingTransactionId: ("storeKit.missingTransactionIdProbability", "purchased with a nil transaction id")
        case .applicationUsernameLost: ("storeKit.applicationUsernameLostProbability", "applicationUsername came back nil")
        case .purchasedCallbackMissing: ("storeKit.purchasedCallbackMissingProbability", "purchased only at the next launch")
        case .finishedRedelivered: ("storeKit.finishedRedeliveredProbability", "a finished transaction came back")
        case .recoverPageUse: ("user.recoverPageUseProbability", "the user opened the recover page")
        case .supportContact: ("user.supportContactProbability", "the user contacted support")
        case .rebuyNoCallback: ("user.intentsPerRun", "re-buy of an unfinished product: no callback")
        case .notificationLost: ("apple.notificationLossProbability", "a notification attempt was lost")
        case .pendingPurchase: ("storeKit.pendingProbability", "purchase() returned .pending; the charge came later")
        }
    }

    /// The actor whose lifeline shows the fault in a trace.
    public var actor: Actor {
        switch self {
        case .requestLost, .responseLost, .weakNetwork, .slowRequest, .appCrash: .app
        case .appleTryAgain, .appleOutage, .appleTimeout, .notificationLost: .apple
        case .serverError, .serverCrashBeforeDelivery, .serverCrashAfterDelivery: .appServer
        case .userKill, .neverComesBack, .reinstall, .accountSwitch, .doubleTap, .userCancel, .recoverPageUse,
             .supportContact: .user
        case .cancelThenPurchased, .failThenPurchased, .missingTransactionId, .applicationUsernameLost,
             .purchasedCallbackMissing, .finishedRedelivered, .rebuyNoCallback, .pendingPurchase: .storeKit
        }
    }
}
