/// Every fault of docs/model.md §9, as it enters the world. Each has a counter of how often it
/// fired (`simrun run --faults-out`), so a scenario whose fault never fires is visible.
///
/// The fault table is `row`: one switch, so the compiler checks that every case has a row. A
/// new fault kind is its case, its row, and its controlling key's row in the parameter table
/// (`ScenarioParameter.table`); the fault CSV, the report's legend, traces and `simrun keys`
/// read them from there.
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
    case appServerOutage
    case notificationEndpointBroken
    case signatureCheckFailing
    case notificationAnswerTooSlow
    case notificationResent
    case outsideAppPurchase
    case errorAfterCharge
    case cancelledAfterCharge
    case updatesMissedAtLaunch
    case updatesRepeatedAtLaunch
    case neverReturnsAfterLeave
    case warmReturn
    case noRedeliveryOnResume
    case lateListenerMiss
    case finishNotCompleted
    case purchaseAlsoInUpdates
    case pendingDeclined
    case promotedPurchase
    case refundRequested

    /// One row of the fault table.
    public struct Row: Sendable {
        /// Name in CSV files, traces and on the command line (`request_lost`).
        public let name: String
        /// The scenario key that controls the fault: its probability, or for a fault that fires
        /// by a rule, the value the rule compares (`network.latency` against the timeout).
        public let key: String
        /// The actor whose lifeline shows the fault in a trace.
        public let actor: Actor
        /// What one firing means.
        public let firing: String

        init(_ name: String, _ key: String, _ actor: Actor, _ firing: String) {
            self.name = name
            self.key = key
            self.actor = actor
            self.firing = firing
        }
    }

    /// The fault table's row of this fault.
    public var row: Row {
        switch self {
        case .requestLost: Row("request_lost", "network.requestLossProbability", .app, "a request never reached the server")
        case .responseLost: Row("response_lost", "network.responseLossProbability",
                                .app, "the server acted but its answer was lost")
        case .weakNetwork: Row("weak_network", "network.weakNetworkProbability", .app, "an offline episode started")
        case .slowRequest: Row("slow_request", "network.latency", .app, "a request outlasted network.requestTimeout")
        case .appleTryAgain: Row("apple_try_again", "apple.tryAgainProbability", .apple, "a verify call answered try-again")
        case .appleOutage: Row("apple_outage", "apple.outageProbability", .apple, "an outage window started")
        case .appleTimeout: Row("apple_timeout", "apple.verifyLatency", .apple, "a verify call outlasted appServer.appleTimeout")
        case .serverError: Row("server_error", "appServer.errorProbability", .appServer, "the server answered 5xx")
        case .serverCrashBeforeDelivery: Row("server_crash_before_delivery", "appServer.crashBeforeDeliveryProbability",
                                             .appServer, "the server died before delivering")
        case .serverCrashAfterDelivery: Row("server_crash_after_delivery", "appServer.crashAfterDeliveryProbability",
                                            .appServer, "the server died after delivering")
        case .userKill: Row("user_kill", "user.patience", .user, "the user killed the app behind a modal")
        case .appCrash: Row("app_crash", "device.crashProbabilityPerSession", .app, "the app crashed")
        case .neverComesBack: Row("never_comes_back", "user.neverComesBackProbability", .user, "the user did not come back")
        case .reinstall: Row("reinstall", "user.reinstallProbability", .user, "the user reinstalled the app")
        case .accountSwitch: Row("account_switch", "user.accountSwitchProbability", .user, "the user switched app account")
        case .doubleTap: Row("double_tap", "user.doubleTapProbability", .user, "Buy was tapped twice")
        case .userCancel: Row("user_cancel", "user.cancelProbability", .user, "the user cancelled at the payment sheet")
        case .cancelThenPurchased: Row("cancel_then_purchased", "storeKit.cancelThenPurchasedProbability",
                                       .storeKit, "cancelled, then purchased")
        case .failThenPurchased: Row("fail_then_purchased", "storeKit.failThenPurchasedProbability",
                                     .storeKit, "failed, then purchased")
        case .missingTransactionId: Row("missing_transaction_id", "storeKit.missingTransactionIdProbability",
                                        .storeKit, "purchased with a nil transaction id")
        case .applicationUsernameLost: Row("application_username_lost", "storeKit.applicationUsernameLostProbability",
                                           .storeKit, "applicationUsername came back nil")
        case .purchasedCallbackMissing: Row("purchased_callback_missing", "storeKit.purchasedCallbackMissingProbability",
                                            .storeKit, "purchased only at the next launch")
        case .finishedRedelivered: Row("finished_redelivered", "storeKit.finishedRedeliveredProbability",
                                       .storeKit, "a finished transaction came back")
        case .recoverPageUse: Row("recover_page_use", "user.recoverPageUseProbability", .user, "the user opened the recover page")
        case .supportContact: Row("support_contact", "user.supportContactProbability", .user, "the user contacted support")
        case .rebuyNoCallback: Row("rebuy_no_callback", "user.intentsPerRun",
                                   .storeKit, "re-buy of an unfinished product: no callback")
        case .notificationLost: Row("notification_lost", "apple.notificationLossProbability",
                                    .apple, "a notification attempt was lost")
        case .pendingPurchase: Row("pending_purchase", "storeKit.pendingProbability",
                                   .storeKit, "purchase() returned .pending; the charge came later")
        case .appServerOutage: Row("app_server_outage", "appServer.outageProbability",
                                   .appServer, "an app-server outage window started")
        case .notificationEndpointBroken: Row("notification_endpoint_broken", "appServer.notificationEndpointBrokenProbability",
                                              .appServer, "the notification endpoint was broken for a window")
        case .signatureCheckFailing: Row("signature_check_failing", "appServer.signatureCheckFailureProbability",
                                         .appServer, "the server could not check Apple's signatures for a window")
        case .notificationAnswerTooSlow: Row("notification_answer_too_slow", "appServer.notificationHandlingTime",
                                             .appServer, "the server answered a notification after apple.notificationTimeout")
        case .notificationResent: Row("notification_resent", "apple.notificationResentProbability",
                                      .apple, "Apple posted an accepted notification again")
        case .outsideAppPurchase: Row("outside_app_purchase", "user.outsideAppPurchaseProbability",
                                      .user, "bought in the App Store: no token, no record")
        case .errorAfterCharge: Row("error_after_charge", "storeKit.errorAfterChargeProbability",
                                    .storeKit, "purchase() threw although charged; Transaction.updates later")
        case .cancelledAfterCharge: Row("cancelled_after_charge", "storeKit.cancelledAfterChargeProbability",
                                        .storeKit, "purchase() said userCancelled although charged; Transaction.updates later")
        case .updatesMissedAtLaunch: Row("updates_missed_at_launch", "storeKit.updatesMissedAtLaunchProbability",
                                         .storeKit, "Transaction.updates handed nothing over at a launch")
        case .updatesRepeatedAtLaunch: Row("updates_repeated_at_launch", "storeKit.updatesRepeatedAtLaunchProbability",
                                           .storeKit, "Transaction.updates handed everything over twice at a launch")
        case .neverReturnsAfterLeave: Row("never_returns_after_leave", "user.neverReturnsAfterLeaveProbability",
                                          .user, "the user left normally and did not come back")
        case .warmReturn: Row("warm_return", "user.warmReturnProbability", .user, "the user came back to the suspended app")
        case .noRedeliveryOnResume: Row("no_redelivery_on_resume", "storeKit.resumeWithoutRedeliveryProbability",
                                        .storeKit, "StoreKit 1 gave nothing back at a resume")
        case .lateListenerMiss: Row("late_listener_miss", "storeKit.lateListenerMissProbability",
                                    .storeKit, "the launch's hand-over came before the listener")
        case .finishNotCompleted: Row("finish_not_completed", "storeKit.finishNotCompletedProbability",
                                      .app, "the app's finish never completed")
        case .purchaseAlsoInUpdates: Row("purchase_also_in_updates", "storeKit.purchaseAlsoInUpdatesProbability",
                                         .storeKit, "a purchase came through Transaction.updates too")
        case .pendingDeclined: Row("pending_declined", "storeKit.pendingDeclinedProbability",
                                   .storeKit, "a pending purchase was declined: never charged")
        case .promotedPurchase: Row("promoted_purchase", "user.promotedPurchaseShare",
                                    .user, "the purchase outside the app was a promoted one, from the product page")
        case .refundRequested: Row("refund_requested", "user.refundRequestProbability",
                                   .user, "the user asked Apple for a refund of goods that had not come")
        }
    }

    /// The fault table, in case order (the order of counters, the CSV and the report).
    public static var table: [Row] { allCases.map(\.row) }

    /// Name in CSV files and on the command line.
    public var name: String { row.name }

    /// The scenario key that controls the fault, and what one firing means.
    public var control: (key: String, firing: String) { (row.key, row.firing) }

    /// The actor whose lifeline shows the fault in a trace.
    public var actor: Actor { row.actor }
}
