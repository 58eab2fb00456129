/// The ground truth of a run and its outcomes: what each intent was for, what was charged,
/// what was delivered to whom, and why anything went wrong. No actor owns it; every actor
/// writes it only through the judging API (`Ledger+Judging.swift`), and reads it freely. The
/// outcomes are settled from it when the run ends (`Ledger+Outcomes.swift`).
struct Ledger: Sendable {
    /// One entry per intent, in plan order.
    var intents = RunArray<IntentTruth>()
    /// One entry per transaction (charge), in the order Apple charged.
    var transactions = RunArray<TransactionTruth>()

    // The device's life as the judge sees it (told by the device at each launch and process
    // end), for when a delivery happened relative to its charge.
    var appRunning = false
    var sessionIndex: Int32 = 0
    var installIndex: Int32 = 0
    /// The user left for good after a kill or crash.
    var userGoneForGood = false
    /// The run was stopped at the event cap.
    var reachedCap = false

    /// The design credits the account `applicationUsername` names: a lost payload explains a
    /// wrong account.
    let userNamedByApplicationUsername: Bool

    // The last run's outcomes.
    /// Bit k is set when intent k of the last run was lost (at most 64 intents per run).
    var lostMask: UInt64 = 0
    /// Bit k is set when intent k was a lost sale (never charged: its order was never created).
    var lostSaleMask: UInt64 = 0
    var misdeliveredMask: UInt64 = 0
    var duplicatedMask: UInt64 = 0
    var doubleChargedMask: UInt64 = 0
    var notChargedMask: UInt64 = 0
    /// Lost intents Apple refunded (a part of `lostMask`).
    var refundedUndeliveredMask: UInt64 = 0
    /// Delivered intents whose goods came after Apple refunded them and were kept.
    var deliveredAfterRefundMask: UInt64 = 0
    /// How each intent ended, when kept (see `settle`).
    var verdicts: [IntentVerdict] = []

    init(userNamedByApplicationUsername: Bool) {
        self.userNamedByApplicationUsername = userNamedByApplicationUsername
    }

    /// Empties the ledger for a new run; `shared` as `RunArray.removeAll(shared:)` takes it.
    @inline(__always)
    mutating func reset(shared: Bool) {
        intents.removeAll(shared: shared)
        transactions.removeAll(shared: shared)
        appRunning = false
        sessionIndex = 0
        installIndex = 0
        userGoneForGood = false
        reachedCap = false
    }

    /// What must hold when a run ends (full check in debug builds only).
    func _checkInvariants() {
        #if DEBUG
        var charges = [Int32](repeating: 0, count: intents.count)
        for transaction in transactions {
            charges[Int(transaction.intent)] += 1
            invariant(transaction.deliveries >= 0, "a delivery count went negative")
        }
        for (index, intent) in intents.enumerated() {
            invariant(intent.charges == charges[index], "every charge is one transaction")
            invariant(intent.correctDeliveries + intent.wrongDeliveries == 0 || intent.charges > 0,
                      "goods delivered without a charge")
        }
        #endif
    }
}

/// Where a delivered intent was delivered, for the delivery-time columns.
enum DeliveryMoment: UInt8, Sendable {
    case none, sameSession, afterRelaunch, afterReinstall
}

/// The truth about one purchase intent, which its outcome is judged on.
struct IntentTruth: Sendable {
    /// The app account logged in at the Buy tap (or, bought outside the app, on the device at the
    /// purchase): the one that should get the goods.
    var uid: Int32 = 0
    /// The business item the user chose (bought outside the app: the product's default item).
    var item: Int32 = 0
    var charges: Int32 = 0
    var correctDeliveries: Int32 = 0
    var wrongDeliveries: Int32 = 0
    var firstChargeAt: SimTime = -1
    var chargedSession: Int32 = 0
    var chargedInstall: Int32 = 0
    var delivery: DeliveryMoment = .none
    var deliveredAt: SimTime = -1
    /// When Apple refunded the charge (`World.judgeRefunds`); -1: never.
    var refundedAt: SimTime = -1
    /// Goods delivered after the refund were revoked by the server (`Design.revokesOnRefund`).
    var refundRevokedGoods = false
    var supportContacted = false
    /// Order-first: the order request for the real payment failed, so the user never paid.
    var orderCreationFailed = false
    /// The intent's latest transaction, or −1.
    var transaction: Int32 = -1
    /// Why the intent's record was cleared before its purchase was matched.
    var recordLoss: Cause = .none
    /// Why the first wrong delivery went wrong.
    var misdeliveryCause: Cause = .none
    /// Bought outside the app (an offer code, the App Store page): no token names its account.
    var outsideApp = false
    /// The device runs iOS 14 or older and the StoreKit 2 design has no StoreKit 1 flow: the
    /// user could not buy.
    var storeKitUnavailable = false
}

/// The truth about one transaction: what became of it, and why it is undelivered if it is.
struct TransactionTruth: Sendable {
    var intent: Int32 = 0
    /// Times goods were granted for it.
    var deliveries: Int32 = 0
    /// The last callback carried an intact `applicationUsername`.
    var payloadIntact = true
    /// The first irreversible step that left it undelivered (finished, dropped, ignored).
    var irreversible: Cause = .none
    /// Why its last verification failed.
    var lastFailure: Cause = .none
}
