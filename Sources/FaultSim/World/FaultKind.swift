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
}

/// The one seam through which every fault enters the world. At each fault point the world
/// draws a uniform from the owning component's stream (always, so draws stay aligned across
/// designs) and asks the chooser whether the fault fires.
///
/// Seeded (the default), a fault fires when its draw falls below its probability, so raising
/// a probability only ever adds firings (monotone under common random numbers). Scripted, for
/// `simrun check`, which injects every combination of up to K faults: a fault point whose
/// probability is strictly between 0 and 1 is a *choice point* and fires exactly when listed,
/// whatever the draws; one of probability 1 (a rule, such as a patience that ran out, or a
/// setting of 1) always fires and one of probability 0 never does, as when seeded. So a
/// scripted run is the seeded run in which exactly the listed choices came out "fault".
/// A value type, not a protocol: the world calls it directly, with no generic or existential
/// cost per event.
public struct FaultChooser: Sendable, Equatable {
    /// Scripted mode: the fault points (counted from 0 within a run) that fire, sorted.
    public private(set) var scriptedPoints: [Int]?
    /// Scripted: `simrun check` drives the faults. A stored flag, one byte to test per event,
    /// rather than the optional array's nil check.
    public let isScripted: Bool

    /// Faults fire by their seeded draws.
    public static let seeded = FaultChooser(scriptedPoints: nil, isScripted: false)

    /// Exactly these choice points fire, every run, with the faults of probability 1.
    public static func scripted(firing points: [Int]) -> FaultChooser {
        FaultChooser(scriptedPoints: points.sorted(), isScripted: true)
    }

    /// Whether a fault point of this probability is a choice for `simrun check` to explore.
    @inline(__always)
    public static func isChoice(probability: Double) -> Bool { probability > 0 && probability < 1 }

    /// Whether `fault` fires at fault point number `point`.
    @inline(__always)
    public func fires(_ fault: FaultKind, probability: Double, uniform: Double, point: Int) -> Bool {
        guard let scriptedPoints else { return uniform < probability }
        if probability >= 1 { return true }
        return probability > 0 && FaultChooser.contains(scriptedPoints, point)
    }

    static func contains(_ sorted: [Int], _ value: Int) -> Bool {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < sorted.count && sorted[low] == value
    }
}

/// A fault point of one run whose probability is strictly between 0 and 1: where `simrun check`
/// can choose "fault" or "no fault". Recorded only when `World.recordsChoices` is on.
public struct ChoicePoint: Sendable, Equatable {
    /// The fault point's number within its run, as `FaultChooser.scripted` counts it.
    public let point: Int
    public let kind: FaultKind
    /// The chance that the fault fires here in the seeded world.
    public let probability: Double
    public let fired: Bool
}
