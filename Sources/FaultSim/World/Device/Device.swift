import Policies

/// The user's phone and the app on it: the app process (running or not, its launches, the
/// spinner and Apple's sheet in front of it, the app account logged in), the app's storage
/// (purchase records in memory, the sandbox or the keychain), and the app's purchase logic
/// as the design dictates (matching, verifying, finishing, retrying). It calls StoreKit
/// (`Apple`) and sends requests (`Network`) through the ports its handlers are given, and
/// tells the ledger what it did.
struct Device: Sendable {
    let design: Design
    let traits: WorldTraits
    let parameters: DeviceParameters
    /// StoreKit's callback delay, drawn by the app when it adds a payment.
    let callbackDelay: DurationDistribution
    let items: ItemNumbering

    var appRunning = false
    /// Increments at each launch; events and answers of an older process are ignored.
    var epoch: Int32 = 0
    var sessionIndex: Int32 = 0
    /// Increments at each cold launch, not at a resume: StoreKit 1's transaction objects and
    /// what `Transaction.updates` has handed over belong to one process.
    var processIndex: Int32 = 0
    /// The running session began with a resume of the suspended process, not a launch.
    var resumed = false
    /// The app is in the background, its process kept: the user's next return resumes it.
    var suspended = false
    var installIndex: Int32 = 0
    /// When the running session was launched.
    var launchedAt: SimTime = 0
    /// The app account logged in now (1 or 2).
    var currentUser: Int32 = 1
    /// The intent whose modal spinner is showing, or −1.
    var modalIntent: Int32 = -1
    /// Payments whose sheet is up, or whose first StoreKit callback has not arrived yet: the
    /// user cannot leave the app meanwhile.
    var paymentsOnSheet: Int32 = 0
    /// The app's purchase records, by number.
    var records = RunArray<PurchaseRecord>()
    /// What the app knows of and does about each transaction, by transaction number.
    var transactions = RunArray<ClientTransaction>()

    // Fixed client timings (not worth a scenario key).
    static var buyTapAfterOpenMs: SimTime { 2_000 }
    static var secondTapAfterMs: SimTime { 300 }
    static var launchRetryAfterLaunchMs: SimTime { 1_000 }
    static var modalLingerMs: SimTime { 30_000 }

    init(scenario: Scenario, design: Design, traits: WorldTraits) {
        self.design = design
        self.traits = traits
        parameters = scenario.device
        callbackDelay = scenario.storeKit.callbackDelay
        items = ItemNumbering(scenario.catalog)
    }

    @inline(__always)
    mutating func reset(shared: Bool) {
        records.removeAll(shared: shared)
        transactions.removeAll(shared: shared)
        appRunning = false
        epoch = 0
        sessionIndex = 0
        processIndex = 0
        resumed = false
        suspended = false
        installIndex = 0
        launchedAt = 0
        currentUser = 1
        modalIntent = -1
        paymentsOnSheet = 0
    }


    /// Apple charged: the app will hear of transaction number `transactions.count`.
    @inline(__always)
    mutating func noteCharge() { transactions.append(ClientTransaction()) }

    // MARK: Guards (the handlers' and the trace's)

    /// Whether the device holds any record or transaction: without either, a launch retry
    /// retries nothing and sweeps nothing.
    var hasRecordsOrTransactions: Bool {
        @inline(__always) get { !records.isEmpty || !transactions.isEmpty }
    }

    /// An event of process `eventEpoch` finds that process still running.
    @inline(__always)
    func isCurrent(_ eventEpoch: Int32) -> Bool { appRunning && eventEpoch == epoch }

    /// The user waits behind `intent`'s spinner in process `eventEpoch`.
    @inline(__always)
    func waitsBehindModal(_ intent: Int32, _ eventEpoch: Int32) -> Bool { isCurrent(eventEpoch) && modalIntent == intent }

    /// The user is held in the app: on Apple's sheet or behind the spinner.
    @inline(__always)
    var isHeldInApp: Bool { modalIntent >= 0 || paymentsOnSheet > 0 }

    /// A retry of `transaction` scheduled with `token` by process `eventEpoch` is still wanted.
    @inline(__always)
    func retryIsDue(_ transaction: Int32, _ eventEpoch: Int32, token: Int32) -> Bool {
        let work = transactions[Int(transaction)]
        return isCurrent(eventEpoch) && work.workEpoch == epoch && !work.inFlight && work.retryToken == token
    }

    /// The recover page opened in process `eventEpoch` has something to do for `transaction`.
    @inline(__always)
    func recoverPageIsUseful(_ transaction: Int32, _ eventEpoch: Int32) -> Bool {
        let work = transactions[Int(transaction)]
        return isCurrent(eventEpoch) && !work.confirmed && work.workEpoch != epoch
    }

    /// Counts the durable records left at the end of a run.
    @inline(__always)
    func countLeakedRecords(into tally: inout DesignTally) {
        // By index: a for-in over the run array retains and releases its storage.
        for index in records.indices where records[index].alive && records[index].durable { tally.leakedRecords += 1 }
    }

    /// What must hold when a run ends (full check in debug builds only).
    func _checkInvariants() {
        #if DEBUG
        invariant(paymentsOnSheet >= 0, "a payment left the sheet twice")
        #endif
    }
}

/// A client-side purchase record (memory, and from the design's persist moment on, its store).
struct PurchaseRecord: Sendable {
    var alive = true
    /// Written to the design's `LocalStore` (otherwise memory only).
    var durable = false
    var intent: Int32 = 0
    var uid: Int32 = 0
    var item: Int32 = 0
    var product: Int32 = 0
    var order: Int32 = -1
    var transaction: Int32 = -1
    /// The record keeps the receipt blob, so it can be verified after the transaction finished.
    var holdsReceipt = false
    /// Order-first: create-order requests sent for this Buy tap so far.
    var orderTries: Int32 = 0
}

/// What the app knows of one transaction, and its work on it.
struct ClientTransaction: Sendable {
    /// The server confirmed delivery.
    var confirmed = false
    /// The process (epoch) that started working on it; in-memory knowledge of it dies with
    /// that process.
    var trackedEpoch: Int32 = -1
    /// The design gave it up for good (the server answered invalid): no trigger resumes it.
    var abandoned = false
    /// Valid only while it is the current epoch: a round of tries is under way.
    var workEpoch: Int32 = -1
    /// The round under way follows the design's retry schedule; false for the one-try round of
    /// a `triggeredRoundsOnly` design's fresh callback.
    var followsSchedule = true
    /// Failed tries in the round under way; with `failureCountPersists`, in every round while a
    /// durable record keeps the count.
    var failures: Int32 = 0
    var inFlight = false
    var retryToken: Int32 = 0
    /// The last callback had a transaction id / an intact `applicationUsername`.
    var hasTransactionId = true
    var payloadIntact = true
    /// The epoch in which the app read the receipt blob into memory.
    var receiptEpoch: Int32 = -1
    /// The process (`Device.processIndex`) StoreKit last handed the transaction to: within it,
    /// StoreKit 1 hands over the same object again (a nil id stays nil, the
    /// `applicationUsername` stays as it came), and StoreKit 2's `Transaction.updates` does not
    /// hand it over again.
    var seenInProcess: Int32 = -1
}
