/// Server-side recovery: purchases the server finds without the client, through App Store
/// Server Notifications, Get Transaction History (`ServerRecovery`) and the recover page's
/// look-up.
extension AppServer {
    /// Apple charged: the reconciliation job starts with the charge, unless it is running; a
    /// running job's window now counts from this charge (`lastChargeAt`).
    @inline(__always)
    mutating func startReconciliation(_ kernel: inout Kernel) {
        guard traits.reconcilesHistory && !reconcileScheduled else { return }
        reconcileScheduled = true
        kernel.schedule(.reconcileTick, after: parameters.reconcileIntervalMs)
    }

    /// The reconciliation job: for a customer the server knows, Get Transaction History, and
    /// every undelivered transaction it lists and can credit is delivered. Runs every
    /// `appServer.reconcileInterval` while the latest charge is at most `appServer.reconcileWindow`
    /// old and a transaction is undelivered; otherwise it stops, and the next charge starts it
    /// again.
    @inline(__always)
    mutating func onReconcileTick(_ kernel: inout Kernel, _ ledger: inout Ledger, _ apple: inout Apple) {
        // Tested inline: the job usually finds everything delivered at its first run and stops.
        guard reconciliationContinues(kernel.now) else {
            reconcileScheduled = false
            return
        }
        reconcile(&kernel, &ledger, &apple)
    }

    /// One run of the job that continues: the history call, the credits, the next run.
    @inline(never)
    mutating func reconcile(_ kernel: inout Kernel, _ ledger: inout Ledger, _ apple: inout Apple) {
        // A job on a server that is down does not run; one that cannot check the signed
        // transactions of the answer credits none of them.
        if customerKnown && !isDown(kernel.now) {
            kernel.tally.appleRequests += 1
            if apple.answersHistory(&kernel) && !cannotCheckSignatures(kernel.now) {
                for index in transactions.indices where transactions[index].deliveries == 0 && apple.historyLists(index) {
                    creditFromAppleData(Int32(index), &kernel, &ledger, &apple)
                }
            }
        }
        kernel.schedule(.reconcileTick, after: parameters.reconcileIntervalMs)
    }

    /// A post of `ONE_TIME_CHARGE` failed: the notification-history job, if the design runs one,
    /// finds it at its next run (the job runs every `appServer.notificationHistoryInterval`, on
    /// the clock, for the whole app: one run's share of its cost is a request per posting it
    /// recovers).
    @inline(__always)
    mutating func notePostFailed(_ kernel: inout Kernel) {
        guard traits.scansNotificationHistory && !historyScanScheduled else { return }
        scheduleHistoryScan(&kernel)
    }

    /// The job's next run: the next multiple of the interval after now.
    @inline(__always)
    mutating func scheduleHistoryScan(_ kernel: inout Kernel) {
        let interval = parameters.notificationHistoryIntervalMs
        historyScanScheduled = true
        kernel.schedule(.notificationHistoryTick, after: (kernel.now / interval + 1) * interval - kernel.now)
    }

    /// The notification-history job: Get Notification History with `onlyFailures`; every listed
    /// post whose transaction is undelivered is credited from Apple's data as a notification
    /// is. It runs again while a listed transaction is undelivered and could be credited.
    @inline(__always)
    mutating func onNotificationHistoryTick(_ kernel: inout Kernel, _ ledger: inout Ledger, _ apple: inout Apple) {
        historyScanScheduled = false
        guard hasCreditableFailedPost(&apple) else { return }
        // A job on a server that is down, or that cannot check the signed payloads, or whose
        // call Apple fails, finds them at its next run.
        guard !isDown(kernel.now) && !cannotCheckSignatures(kernel.now) && apple.answersHistory(&kernel) else {
            scheduleHistoryScan(&kernel)
            return
        }
        kernel.tally.appleRequests += 1
        for index in transactions.indices where transactions[index].deliveries == 0 && apple.notificationHistoryLists(index) {
            kernel.note(.appServer, .apple, "Get Notification History lists the failed post of transaction \(index)")
            creditFromAppleData(Int32(index), &kernel, &ledger, &apple)
        }
    }

    /// Whether a post Get Notification History lists belongs to an undelivered transaction the
    /// server can credit from Apple's data.
    @inline(__always)
    func hasCreditableFailedPost(_ apple: inout Apple) -> Bool {
        for index in transactions.indices where transactions[index].deliveries == 0 && apple.notificationHistoryLists(index) {
            if serverSideCredit(Int32(index), &apple) != nil || linkedCredit(Int32(index), &apple) != nil { return true }
        }
        return false
    }

    /// Whether the job runs at `now`: the latest charge is inside the window and a transaction is
    /// undelivered.
    @inline(__always)
    func reconciliationContinues(_ now: SimTime) -> Bool {
        guard now - lastChargeAt <= parameters.reconcileWindowMs else { return false }
        // By index: no closure, no iterator over the run array's storage.
        for index in transactions.indices where transactions[index].deliveries == 0 { return true }
        return false
    }

    /// The recover page's look-up, after Apple answered: with StoreKit 1 the uploaded app
    /// receipt is delivered whole to the uploading account; with StoreKit 2, Look Up Order ID
    /// finds the page's transaction whatever its state, Get Transaction History the others it
    /// lists, each delivered if its `appAccountToken` maps it. `uid` is the account the page
    /// names. Whether the page's transaction has been delivered now.
    @inline(__always)
    mutating func recoverFromLookup(_ transaction: Int32, uid: Int32, _ kernel: inout Kernel, _ ledger: inout Ledger,
                                    _ apple: inout Apple) -> Bool {
        let target = Int(transaction)
        switch design.storeKitAPI {
        case .sk1:
            guard apple.receiptLists(target) else { return transactions[target].deliveries > 0 }
            deliverToKnownOrder(transaction, else: uid, &kernel, &ledger, &apple)
            deliverRestOfReceipt(except: transaction, uid: uid, &kernel, &ledger, &apple)
        case .sk2:
            for index in apple.transactions.indices where index == target || apple.historyLists(index) {
                creditFromAppleData(Int32(index), &kernel, &ledger, &apple)
            }
        }
        return transactions[target].deliveries > 0
    }
}
