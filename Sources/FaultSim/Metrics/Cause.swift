/// Why an intent did not end delivered-once: every lost, mis-delivered, duplicated or
/// double-charged intent is attributed to exactly one of these (`simrun run --causes-out`).
///
/// Attribution takes the first irreversible mistake when there is one (a record cleared, a
/// transaction finished or dropped undelivered, a wrong account or item credited), else what
/// last stood in the way (the user never came back, the last failed verification).
public enum Cause: Int, Sendable, CaseIterable {
    case none
    // Lost, by an irreversible step of the client.
    case recordClearedOnCancel
    case recordClearedOnFail
    case finishedBeforeDelivery
    case droppedUnmatched
    case leftUnmatched
    case sandboxWipedByReinstall
    case applicationUsernameLost
    case receiptNoLongerListsIt
    case outsideAppUnmatched
    // Lost, by what stood in the way at the end.
    case heldForOtherAccount
    case notRecoverable
    case eventCapReached
    case userNeverCameBack
    case offline
    case requestLost
    case responseLost
    case serverError
    case serverCrashed
    case appleTryAgain
    case appleOutage
    case appleTimeout
    case slowNetwork
    case stillPending
    case serverOutage
    case signatureCheckFailed
    // Mis-delivered.
    case creditedToSwitchedAccount
    case creditedAfterApplicationUsernameLost
    case itemGuessed
    case outsideAppCreditedToCurrentAccount
    // Duplicated.
    case serverNotIdempotent
    // Double-charged.
    case doubleTapUnguarded

    public var name: String {
        switch self {
        case .none: "none"
        case .recordClearedOnCancel: "record_cleared_on_cancel"
        case .recordClearedOnFail: "record_cleared_on_fail"
        case .finishedBeforeDelivery: "finished_before_delivery"
        case .droppedUnmatched: "dropped_unmatched_transaction"
        case .leftUnmatched: "left_unmatched_transaction"
        case .sandboxWipedByReinstall: "sandbox_wiped_by_reinstall"
        case .applicationUsernameLost: "application_username_lost"
        case .receiptNoLongerListsIt: "receipt_no_longer_lists_it"
        case .outsideAppUnmatched: "outside_app_unmatched"
        case .heldForOtherAccount: "held_for_other_account"
        case .notRecoverable: "not_recoverable_by_lookup"
        case .eventCapReached: "event_cap_reached"
        case .userNeverCameBack: "user_never_came_back"
        case .offline: "offline"
        case .requestLost: "request_lost"
        case .responseLost: "response_lost"
        case .serverError: "server_error"
        case .serverCrashed: "server_crashed"
        case .appleTryAgain: "apple_try_again"
        case .appleOutage: "apple_outage"
        case .appleTimeout: "apple_timeout"
        case .slowNetwork: "slow_network"
        case .stillPending: "still_pending_at_horizon"
        case .serverOutage: "app_server_outage"
        case .signatureCheckFailed: "signature_check_failed"
        case .creditedToSwitchedAccount: "credited_to_switched_account"
        case .creditedAfterApplicationUsernameLost: "credited_after_application_username_lost"
        case .itemGuessed: "item_guessed"
        case .outsideAppCreditedToCurrentAccount: "outside_app_credited_to_current_account"
        case .serverNotIdempotent: "server_not_idempotent"
        case .doubleTapUnguarded: "double_tap_unguarded"
        }
    }

    /// One sentence for a reader of the causes table.
    public var explanation: String {
        switch self {
        case .none: "no problem"
        case .recordClearedOnCancel: "the record was cleared on a false 'cancelled'; the later 'purchased' matched nothing"
        case .recordClearedOnFail: "the record was cleared on a false 'failed'; the later 'purchased' matched nothing"
        case .finishedBeforeDelivery: "the transaction was finished before the server delivered, then delivery never happened"
        case .droppedUnmatched: "the app finished a transaction it could not match, without delivering"
        case .leftUnmatched: "the app ignored a transaction it could not match, at every launch"
        case .sandboxWipedByReinstall: "the record was in the sandbox, which a reinstall wiped"
        case .applicationUsernameLost: "applicationUsername came back nil and nothing else named the order"
        case .receiptNoLongerListsIt: "the consumable was finished, so the app receipt no longer listed it"
        case .outsideAppUnmatched:
            "bought outside the app (offer code, App Store page): no token or applicationUsername, no record; the design left or dropped it"
        case .heldForOtherAccount: "the record belongs to an account that is no longer logged in; the design waits for it"
        case .notRecoverable: "the recover page's look-up found nothing the server could credit"
        case .eventCapReached: "the run reached the 200,000-event cap before its horizon and was judged where it stopped"
        case .userNeverCameBack: "the app died or the user left with work pending, and the user never came back"
        case .offline: "the last verification failed offline"
        case .requestLost: "the last verify request was lost"
        case .responseLost: "the last answer was lost"
        case .serverError: "the last verification got a 5xx"
        case .serverCrashed: "the server crashed during the last verification"
        case .appleTryAgain: "Apple said 'try again' to the last verification"
        case .appleOutage: "Apple was in an outage at the last verification"
        case .appleTimeout: "Apple was too slow for the server at the last verification"
        case .slowNetwork: "the last verify request outlasted the client's timeout"
        case .stillPending: "still being worked on at the horizon"
        case .serverOutage: "the app server was down at the last verification"
        case .signatureCheckFailed: "the server could not check Apple's signature at the last verification"
        case .creditedToSwitchedAccount: "credited to the account logged in after a switch"
        case .creditedAfterApplicationUsernameLost: "credited to the current account because applicationUsername was lost"
        case .itemGuessed: "the item was guessed from the product id (several items per product)"
        case .outsideAppCreditedToCurrentAccount:
            "bought outside the app, naming no account; credited to the account logged in later, not the one at the purchase"
        case .serverNotIdempotent: "the server delivered the same transaction again"
        case .doubleTapUnguarded: "a second Buy tap became a second payment"
        }
    }
}

/// The outcomes that have causes, in CSV order.
public enum Blemish: Int, Sendable, CaseIterable {
    case lost, misdelivered, duplicated, doubleCharged

    public var name: String {
        switch self {
        case .lost: "lost"
        case .misdelivered: "misdelivered"
        case .duplicated: "duplicated"
        case .doubleCharged: "double_charged"
        }
    }
}
