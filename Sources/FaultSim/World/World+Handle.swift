/// Routing: each event goes to the actor that owns it, with the ports that actor may use.
extension World {
    /// `traced`: the run writes a trace (false is a constant in the plain event loop).
    @inline(__always)
    mutating func handle(_ event: WorldEvent, traced: Bool) {
        if traced && !isStale(event) {
            let (from, to, text) = describe(event)
            kernel.note(from, to, text)
        }
        switch event {
        case .intentStart(let intent):
            device.onIntentStart(intent, &kernel, &ledger, &apple, &user)
        case .buyTap(let intent, let epoch, let payment):
            device.onBuyTap(intent, epoch: epoch, payment: payment, &kernel, &ledger, &apple, &network, &user)
        case .purchasing(let record, let epoch):
            device.onPurchasing(record: record, epoch: epoch, &kernel)
        case .paymentSheet(let intent, let payment, let order):
            onPaymentSheet(intent, payment: payment, order: order)
        case .purchasePending(let intent, let epoch):
            device.onPurchasePending(intent, epoch: epoch)
        case .pendingCompletes(let intent, let order):
            onPendingCompletes(intent, order: order)
        case .failedCallback(let intent, let epoch, let cancelled, let firstCallback):
            onFailedCallback(intent, epoch: epoch, cancelled: cancelled, firstCallback: firstCallback)
        case .purchasedCallback(let transaction, let delivery, let firstCallback):
            device.onPurchasedCallback(transaction, delivery, firstCallback: firstCallback, &kernel, &ledger, &apple, &network)
        case .requestArrives(let request):
            server.onRequestArrives(request, &kernel, &ledger, &network, &apple)
        case .appleAnswer(let request, let valid, let triesLeft):
            server.onAppleAnswer(request, valid: valid, triesLeft: triesLeft, &kernel, &ledger, &network, &apple)
        case .responseArrives(let request):
            guard network.awaitsAnswer(request) else { return }  // the client already gave up
            let answer = network.receive(request)
            device.onAnswer(request, answer, answered: true, &kernel, &ledger, &apple, &network, &user)
        case .requestTimeout(let request):
            guard network.awaitsAnswer(request) else { return }
            guard network.timeOut(request, &kernel) else { return }  // a replay without this timeout
            device.onAnswer(request, .failure, answered: false, &kernel, &ledger, &apple, &network, &user)
        case .retryDue(let transaction, let epoch, let token):
            onRetryDue(transaction, epoch: epoch, token: token)
        case .patienceExpired(let intent, let epoch):
            if device.onPatienceExpired(intent, epoch: epoch, &kernel) { processEnded(.killedByUser) }
        case .sessionEnd(let epoch):
            if device.onSessionEnd(epoch: epoch, &kernel) { processEnded(.left) }
        case .appCrash(let epoch):
            if device.isCurrent(epoch) { processEnded(.crashed) }
        case .notificationHistoryTick:
            server.onNotificationHistoryTick(&kernel, &ledger, &apple)
        case .userReturns(let reinstalled):
            user.returns()
            device.onUserReturns(reinstalled: reinstalled, &kernel, &ledger, &apple, &user)
        case .launchRetry(let epoch):
            // With no record and no transaction yet (a first launch's retry, 1 s before the Buy
            // tap), the retry has nothing to do: no call.
            guard device.hasRecordsOrTransactions else { return }
            device.onLaunchRetry(epoch: epoch, &kernel, &ledger, &apple, &network)
        case .accountSwitch:
            device.onAccountSwitch()
            server.noteLogin(device.currentUser)
        case .networkRegained:
            onNetworkRegained()
        case .recoverPageOpen(let transaction, let epoch):
            onRecoverPageOpen(transaction, epoch: epoch)
        case .notificationAttempt(let transaction, let attempt):
            if apple.attemptNotification(transaction, attempt: attempt, &kernel) {
                let answer = server.onNotification(transaction, appleTimeoutMs: scenario.apple.notificationTimeoutMs,
                                                   &kernel, &ledger, &apple)
                apple.notificationAnswered(transaction, attempt: attempt, answer, &kernel)
            }
            if apple[transaction].postFailed { server.notePostFailed(&kernel) }
        case .reconcileTick:
            server.onReconcileTick(&kernel, &ledger, &apple)
        case .orderRetryDue(let record, let epoch, let payment):
            onOrderRetryDue(record: record, epoch: epoch, payment: payment)
        case .outsideAppPurchase(let intent):
            onOutsideAppPurchase(intent)
        }
    }

    // The rarer events, out of line: inlined, their code made the event loop larger than the
    // optimiser allocates registers well for, and every event paid in spills.

    @inline(never)
    mutating func onFailedCallback(_ intent: Int32, epoch: Int32, cancelled: Bool, firstCallback: Bool) {
        device.onFailedCallback(intent, epoch: epoch, cancelled: cancelled, firstCallback: firstCallback, &kernel, &ledger)
    }

    @inline(never)
    mutating func onRetryDue(_ transaction: Int32, epoch: Int32, token: Int32) {
        device.onRetryDue(transaction, epoch: epoch, token: token, &kernel, &apple, &network)
    }

    @inline(never)
    mutating func onNetworkRegained() { device.onNetworkRegained(&kernel, &ledger, &apple, &network) }

    @inline(never)
    mutating func onRecoverPageOpen(_ transaction: Int32, epoch: Int32) {
        device.onRecoverPageOpen(transaction, epoch: epoch, &kernel, &apple, &network)
    }

    @inline(never)
    mutating func onOrderRetryDue(record: Int32, epoch: Int32, payment: Int32) {
        device.onOrderRetryDue(record: record, epoch: epoch, payment: payment, &kernel, &network)
    }
}
