/// The app server and Apple: orders, verification with Apple's latency and "try again"
/// answers, delivery (idempotent or not), notifications and history reconciliation.
extension World {
    func isAppleOutage(_ time: SimTime) -> Bool {
        outageFrom >= 0 && time >= outageFrom && time < outageUntil
    }

    mutating func onRequestArrives(_ request: Int32) {
        let index = Int(request)
        if fault(.serverError, scenario.appServer.errorProbability, .appServer) {
            requests[index].failure = .serverError
            respond(request, .failure)
            return
        }
        switch requests[index].kind {
        case .createOrder:
            requests[index].order = Int32(orders.count)
            orders.append(OrderState(uid: requests[index].uid, item: requests[index].item))
            note(.appServer, nil, "order \(orders.count - 1) created for user \(requests[index].uid), item \(requests[index].item)")
            respond(request, .success)
        case .verify:
            if requests[index].hasTransactionId {
                customerKnown = true
            } else if design.receiptKind == .perTransaction {
                // Without a transaction id the server cannot tell which purchase to check.
                requests[index].failure = .serverError
                respond(request, .invalid)
                return
            }
            requests[index].appleTriesLeft = Int32(design.serverAppleTries)
            callApple(request)
        }
    }

    /// One verifyReceipt call. Latency and answer are drawn every time (two draws).
    mutating func callApple(_ request: Int32) {
        tally.appleRequests += 1
        note(.appServer, .apple, "verifyReceipt")
        let latency = sample(scenario.apple.verifyLatency, .apple)
        let answerDraw = streams.unit(.apple)
        let timeout = scenario.appServer.appleTimeoutMs
        if latency > timeout {
            _ = ruleFault(.appleTimeout)
            requests[Int(request)].failure = .appleTimeout
            schedule(.appleAnswer, after: timeout, request, 0)
            return
        }
        let outage = isAppleOutage(now)
        let valid = !outage && !fault(.appleTryAgain, scenario.apple.tryAgainProbability, draw: answerDraw)
        if !valid { requests[Int(request)].failure = outage ? .appleOutage : .appleTryAgain }
        schedule(.appleAnswer, after: latency, request, valid ? 1 : 0)
    }

    mutating func onAppleAnswer(_ request: Int32, valid: Bool) {
        let index = Int(request)
        guard valid else {
            requests[index].appleTriesLeft -= 1
            if requests[index].appleTriesLeft > 0 { callApple(request) } else { respond(request, .failure) }
            return
        }
        guard requests[index].receiptCovers else {
            requests[index].failure = .receiptNoLongerListsIt
            respond(request, .invalid)  // "transaction not in receipt"
            return
        }
        let server = scenario.appServer
        if fault(.serverCrashBeforeDelivery, server.crashBeforeDeliveryProbability, .appServer) {
            requests[index].noResponseComing = true
            requests[index].failure = .serverCrashed
            return
        }
        deliverVerified(request)
        if fault(.serverCrashAfterDelivery, server.crashAfterDeliveryProbability, .appServer) {
            requests[index].noResponseComing = true
            requests[index].failure = .serverCrashed
            return
        }
        respond(request, .success)
    }

    /// Delivers what a valid receipt proves: the requested transaction to the order's (or the
    /// request's) account and item, and with an app receipt every other transaction it lists.
    mutating func deliverVerified(_ request: Int32) {
        let sent = requests[Int(request)]
        var uid = sent.uid
        var item = sent.item
        if sent.order >= 0 {
            uid = orders[Int(sent.order)].uid
            item = orders[Int(sent.order)].item
        } else if design.orderTiming == .orderFirst {
            // No order id reached the server: it makes a new order for whoever the request names.
            orders.append(OrderState(uid: uid, item: item))
        }
        deliver(sent.transaction, uid: uid, item: item, payloadLost: !transactions[Int(sent.transaction)].payloadIntact)
        guard design.receiptKind == .appReceipt else { return }
        for other in transactions.indices where other != Int(sent.transaction) && inAppReceipt(other) {
            let tx = transactions[other]
            if design.itemMapping == .appAccountToken {
                deliver(Int32(other), uid: tx.payloadUid, item: tx.payloadItem)
            } else {
                deliver(Int32(other), uid: sent.uid, item: defaultItem(of: tx.product))
            }
        }
    }

    /// Grants goods for `transaction` and judges the grant against the intent's truth.
    mutating func deliver(_ transaction: Int32, uid: Int32, item: Int32, payloadLost: Bool = false) {
        let index = Int(transaction)
        if design.serverIdempotency == .oncePerTransaction && transactions[index].deliveries > 0 {
            note(.appServer, nil, "transaction \(transaction) already delivered")
            return
        }
        transactions[index].deliveries += 1
        note(.appServer, nil, "delivers item \(item) to user \(uid) for transaction \(transaction)")
        customerKnown = true
        let intent = Int(transactions[index].intent)
        guard uid == intents[intent].uid && item == intents[intent].item else {
            intents[intent].wrongDeliveries += 1
            if intents[intent].misdeliveryCause == .none {
                let usesName = design.userMapping == .applicationUsername
                intents[intent].misdeliveryCause = uid != intents[intent].uid
                    ? (usesName && payloadLost ? .creditedAfterApplicationUsernameLost : .creditedToSwitchedAccount)
                    : .itemGuessed
            }
            return
        }
        intents[intent].correctDeliveries += 1
        if intents[intent].delivery == .none {
            intents[intent].deliveredAt = now
            if installIndex > intents[intent].chargedInstall {
                intents[intent].delivery = .afterReinstall
            } else if !appRunning || sessionIndex > intents[intent].chargedSession {
                intents[intent].delivery = .afterRelaunch
            } else {
                intents[intent].delivery = .sameSession
            }
        }
    }

    // MARK: Server-side recovery

    /// Apple's notification retry schedule (V2): hours after the previous attempt.
    static var notificationRetryHours: [SimTime] { [1, 12, 24, 48, 72] }

    mutating func scheduleServerRecovery(_ transaction: Int32) {
        switch design.serverRecovery {
        case .none:
            break
        case .notifications:
            // Consumables send no notification in production (Apple staff, 2022-2025).
            guard scenario.catalog.productType != .consumable else { return }
            schedule(.notificationAttempt, after: sample(scenario.apple.notificationDelay, .apple), transaction, 0)
        case .transactionHistory:
            guard !reconcileScheduled else { return }
            reconcileScheduled = true
            schedule(.reconcileTick, after: scenario.appServer.reconcileIntervalMs)
        }
    }

    mutating func onNotificationAttempt(_ transaction: Int32, attempt: Int32) {
        if fault(.notificationLost, scenario.apple.notificationLossProbability, .apple) {
            let retries = World.notificationRetryHours
            if Int(attempt) < retries.count {
                schedule(.notificationAttempt, after: retries[Int(attempt)] * 3_600_000, transaction, attempt + 1)
            }
            return
        }
        customerKnown = true
        // Only an appAccountToken names the app account; otherwise the server cannot map it.
        if design.itemMapping == .appAccountToken {
            let tx = transactions[Int(transaction)]
            deliver(transaction, uid: tx.payloadUid, item: tx.payloadItem)
        }
    }

    /// Get Transaction History (v2 lists finished consumables too) for a customer the server
    /// knows, delivering charged transactions it can map through their appAccountToken.
    mutating func onReconcileTick() {
        guard now - firstChargeAt <= scenario.appServer.reconcileWindowMs else { return }
        guard transactions.contains(where: { $0.deliveries == 0 }) else { return }
        if customerKnown {
            tally.appleRequests += 1
            let answered = !isAppleOutage(now)
                && !fault(.appleTryAgain, scenario.apple.tryAgainProbability, .apple)
            if answered && design.itemMapping == .appAccountToken {
                for index in transactions.indices where transactions[index].deliveries == 0 {
                    deliver(Int32(index), uid: transactions[index].payloadUid, item: transactions[index].payloadItem)
                }
            }
        }
        schedule(.reconcileTick, after: scenario.appServer.reconcileIntervalMs)
    }
}
