import Policies

/// The app's server: orders, verification (by Apple or by the signature), delivery
/// (idempotent or not), and recovery of purchases the client never reported. It owns its
/// orders and what it knows of each transaction; it hears the client through the network's
/// requests and Apple through answer and notification events, and grants goods through the
/// ledger's judging API.
struct AppServer: Sendable {
    let parameters: AppServerParameters
    let design: Design
    let traits: WorldTraits
    let items: ItemNumbering
    let returningCustomerProbability: Double

    /// Orders, by number (order-first designs, and orders made at verification).
    var orders = RunArray<Order>()
    /// What the server knows of each transaction, by transaction number.
    var transactions = RunArray<ServerTransactionRecord>()
    /// The server holds a transaction id of this Apple account (a returning customer, or one
    /// it has seen in this run), so it can ask Apple for the account's history.
    var customerKnown = false
    /// When the latest charge of the run happened (the reconciliation window counts from it).
    var lastChargeAt: SimTime = -1
    /// The reconciliation job has a tick pending.
    var reconcileScheduled = false
    /// The notification-history job has a run pending.
    var historyScanScheduled = false
    /// The app account the Apple Account's `appTransactionId` was linked to at the latest login
    /// (`ServerRecovery.appTransactionIdMapping`); 0 before any link (a user on iOS 15.x before
    /// the app sent a transaction).
    var linkedUid: Int32 = 1
    /// The run's user has `AppTransaction` (iOS 16 and later), so the app sends its
    /// `appTransactionID` at every login; on iOS 15.x the id comes only inside a transaction the
    /// app sends (`device.iOS15Probability`). Set by the world before each run.
    var appTransactionAtLogin = true
    /// This run's failures with one cause (docs/model.md §7, "Failures with one cause"), each a
    /// window of the run that one fault covers: the whole server down, the notification
    /// endpoint broken, the check of Apple's signatures failing.
    var outage = FaultWindow()
    var endpointBroken = FaultWindow()
    var signatureCheckBroken = FaultWindow()

    init(scenario: Scenario, design: Design, traits: WorldTraits) {
        parameters = scenario.appServer
        self.design = design
        self.traits = traits
        items = ItemNumbering(scenario.catalog)
        returningCustomerProbability = scenario.user.returningCustomerProbability
    }

    @inline(__always)
    mutating func reset(shared: Bool) {
        orders.removeAll(shared: shared)
        transactions.removeAll(shared: shared)
        customerKnown = false
        lastChargeAt = -1
        reconcileScheduled = false
        historyScanScheduled = false
        linkedUid = appTransactionAtLogin ? 1 : 0
        outage.close()
        endpointBroken.close()
        signatureCheckBroken.close()
    }

    /// The plan's draw of whether the customer is a returning one: taken by every design, so
    /// the plan's later draws are the same for all, and computed only by designs whose server
    /// asks for history (the only thing a known customer changes).
    @inline(__always)
    mutating func drawReturningCustomer(_ kernel: inout Kernel) {
        let draw = kernel.streams.deferUnit(.plan)
        guard traits.reconcilesHistory else { return }
        // The client sends its `AppTransaction` at the first login: the server knows the
        // customer from the start (not on iOS 15.x, which has no `AppTransaction`).
        customerKnown = (traits.mapsAppTransactionId && appTransactionAtLogin) || draw.value < returningCustomerProbability
    }

    /// The user logged into app account `uid` (at an account switch): with
    /// `appTransactionIdMapping`, the client's `AppTransaction` links the Apple Account to it.
    @inline(__always)
    mutating func noteLogin(_ uid: Int32) {
        if traits.mapsAppTransactionId && appTransactionAtLogin { linkedUid = uid }
    }

    /// Whether the run's user has `AppTransaction` (iOS 16 and later); before the run's reset.
    @inline(__always)
    mutating func setUserHasAppTransaction(_ has: Bool) { appTransactionAtLogin = has }

    /// A signed transaction from the app carries the Apple Account's `appTransactionID`: on iOS
    /// 15.x, the only way the server learns it, linked to the account the request names.
    @inline(__always)
    mutating func noteVerifiedFromApp(uid: Int32, _ kernel: inout Kernel) {
        guard traits.mapsAppTransactionId && !appTransactionAtLogin && linkedUid != uid else { return }
        linkedUid = uid
        kernel.note(.appServer, nil, "links the appTransactionId to user \(uid) from the transaction (iOS 15.x: no AppTransaction)")
    }


    /// Apple charged: the server's record of the transaction starts empty, and the
    /// reconciliation window counts from this charge.
    @inline(__always)
    mutating func noteCharge(_ kernel: inout Kernel) {
        transactions.append(ServerTransactionRecord())
        lastChargeAt = kernel.now
    }

    /// What must hold when a run ends (full check in debug builds only).
    func _checkInvariants() {
        #if DEBUG
        for transaction in transactions {
            invariant(design.serverIdempotency == .none || transaction.deliveries <= 1,
                      "an idempotent server delivered a transaction twice")
        }
        #endif
    }
}

/// A server-side order.
struct Order: Sendable {
    var uid: Int32
    var item: Int32
}

/// What the server knows of one transaction.
struct ServerTransactionRecord: Sendable {
    /// Times the server delivered goods for it.
    var deliveries: Int32 = 0
    /// The order the server linked to it when a verify request named one.
    var order: Int32 = -1
}
