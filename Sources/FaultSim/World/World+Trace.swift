/// A run's story: which events the trace shows, and what each one says. Staleness uses the
/// handlers' own guards, so the trace leaves out exactly the events that do nothing.
extension World {
    /// When set, each run's story is written to `trace` (for replaying one run; costs one
    /// branch per event when off).
    public var tracing: Bool {
        get { kernel.traceLog != nil }
        set { kernel.traceLog = newValue ? TraceLog() : nil }
    }

    /// The last run's story, when `tracing` is on.
    public var trace: [TraceEntry] { kernel.traceLog?.entries ?? [] }

    /// Whether an event will do nothing (its process is gone, its timer was superseded, its
    /// answer came too late), so the trace leaves it out. Out of line: only traced runs call it.
    @inline(never)
    func isStale(_ event: WorldEvent) -> Bool {
        switch event {
        case .buyTap(_, let epoch, _), .failedCallback(_, let epoch, _, _), .launchRetry(let epoch), .appCrash(let epoch),
             .purchasePending(_, let epoch):
            return !device.isCurrent(epoch)
        case .purchasing(let record, let epoch): return !device.purchasingMatters(record: record, epoch)
        case .orderRetryDue(let record, let epoch, _): return !device.orderRetryIsDue(record: record, epoch)
        case .patienceExpired(let intent, let epoch): return !device.waitsBehindModal(intent, epoch)
        case .sessionEnd(let epoch): return !device.isCurrent(epoch) || device.isHeldInApp
        case .retryDue(let transaction, let epoch, let token): return !device.retryIsDue(transaction, epoch, token: token)
        case .recoverPageOpen(let transaction, let epoch): return !device.recoverPageIsUseful(transaction, epoch)
        case .requestTimeout(let request), .responseArrives(let request):
            return !network.awaitsAnswer(request) || !device.isCurrent(network[request].epoch)
        case .purchasedCallback: return !device.appRunning
        case .userReturns: return device.appRunning
        case .intentStart, .paymentSheet, .requestArrives, .appleAnswer, .accountSwitch, .networkRegained,
             .notificationAttempt, .reconcileTick, .pendingCompletes, .outsideAppPurchase, .notificationHistoryTick:
            return false
        }
    }

    /// The message or note an event stands for (only called while tracing).
    @inline(never)
    func describe(_ event: WorldEvent) -> (Actor, Actor?, String) {
        switch event {
        case .intentStart(let intent): return (.user, .app, "opens the app to buy item \(user[intent].item) (intent \(intent))")
        case .buyTap(let intent, _, let payment):
            return (.user, .app, payment == 0 ? "taps Buy (intent \(intent))" : "taps Buy again (intent \(intent))")
        case .purchasing: return (.storeKit, .app, "purchasing")
        case .paymentSheet(let intent, _, _): return (.user, .storeKit, "answers the payment sheet (intent \(intent))")
        case .purchasePending(let intent, _): return (.storeKit, .app, "purchase() returns .pending (intent \(intent))")
        case .pendingCompletes(let intent, _): return (.apple, .storeKit, "the pending purchase goes through (intent \(intent))")
        case .failedCallback(let intent, _, let cancelled, _):
            return (.storeKit, .app, cancelled ? "cancelled (intent \(intent))" : "failed (intent \(intent))")
        case .purchasedCallback(let transaction, let delivery, _):
            // A transaction the app never held (bought outside it, or charged while it was not
            // running) is handed over at a launch for the first time, not redelivered.
            let firstTime = delivery == .redeliveredAtLaunch
                && (Int(transaction) >= device.transactions.count || device.transactions[Int(transaction)].seenInProcess < 0)
            return (.storeKit, .app, "purchased: transaction \(transaction)" + (firstTime ? " (first hand-over, at launch)" : delivery.traceNote))
        case .requestArrives(let id):
            let request = network[id]
            switch request.kind {
            case .createOrder: return (.app, .appServer, "create order for item \(request.item)")
            case .verify: return (.app, .appServer, "verify transaction \(request.transaction) for user \(request.uid), item \(request.item)")
            case .recover: return (.app, .appServer, "recover page: find transaction \(request.transaction) for user \(request.uid)")
            }
        case .appleAnswer(_, let valid, _): return (.apple, .appServer, valid ? "valid" : "try again")
        case .responseArrives(let request): return (.appServer, .app, "answer: \(network[request].serverAnswer)")
        case .requestTimeout(let request): return (.app, nil, "stops waiting for request \(request)")
        case .retryDue(let transaction, _, _): return (.app, nil, "retry due for transaction \(transaction)")
        case .patienceExpired: return (.user, .app, "patience runs out behind the spinner")
        case .sessionEnd: return (.user, .app, "leaves the app")
        case .appCrash: return (.app, nil, "crashes")
        case .userReturns(let reinstalled):
            return (.user, .app, reinstalled ? "reinstalls and opens the app" : device.suspended ? "returns to the app" : "opens the app again")
        case .launchRetry: return (.app, nil, "retries its records")
        case .accountSwitch: return (.user, .app, "switches to the other app account")
        case .networkRegained: return (.app, nil, "network is back")
        case .recoverPageOpen: return (.user, .app, "opens the recover-order page")
        case .notificationAttempt(let transaction, _): return (.apple, .appServer, "server notification for transaction \(transaction)")
        case .notificationHistoryTick: return (.appServer, .apple, "notification history job: Get Notification History (onlyFailures)")
        case .reconcileTick:
            // What `AppServer.onReconcileTick` is about to do, in its order.
            if !server.reconciliationContinues(kernel.now) { return (.appServer, nil, "reconciliation job: stops") }
            if !server.customerKnown { return (.appServer, nil, "reconciliation job: no customer known, nothing to ask Apple") }
            if server.isDown(kernel.now) { return (.appServer, nil, "reconciliation job: the server is down, skipped") }
            return (.appServer, .apple, "get transaction history")
        case .orderRetryDue(let record, _, _): return (.app, nil, "asks for an order again (record \(record))")
        case .outsideAppPurchase(let intent):
            return (.user, .apple, "buys product \(user[intent].product) in the App Store: an offer code or the product page (intent \(intent))")
        }
    }
}
