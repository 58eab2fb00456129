/// The app server and Apple: orders, verification (by Apple or by the signature), delivery
/// (idempotent or not), and recovery of purchases the client never reported.
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
                if requests[index].order >= 0 { transactions[Int(requests[index].transaction)].serverOrder = requests[index].order }
            } else if design.receiptKind == .perTransaction {
                // Without a transaction id the server cannot tell which purchase to check.
                requests[index].failure = .serverError
                respond(request, .invalid)
                return
            }
            if traits.verifiesLocally {
                note(.appServer, nil, "checks the signed transaction")
                proved(request)
            } else {
                requests[index].appleTriesLeft = Int32(design.serverAppleTries)
                callApple(request)
            }
        case .recover:
            customerKnown = true
            requests[index].appleTriesLeft = Int32(design.serverAppleTries)
            callApple(request)
        }
    }

    /// One call to Apple (verifyReceipt, or the App Store Server API). Latency and answer are
    /// drawn every time (two draws).
    mutating func callApple(_ request: Int32) {
        tally.appleRequests += 1
        note(.appServer, .apple, requests[Int(request)].kind == .recover ? "look up the customer's transactions" : "verify")
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
        proved(request)
    }

    /// Apple (or Apple's signature) vouched for what the request carries: deliver and answer.
    mutating func proved(_ request: Int32) {
        let index = Int(request)
        if requests[index].kind == .recover {
            let recovered = recoverFromLookup(request)
            if !recovered { requests[index].failure = .notRecoverable }
            respond(request, recovered ? .success : .invalid)
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
    /// request's) account and item, and for a server that delivers the whole app receipt every
    /// other transaction it lists (to the order the server knows for it, else to the request's
    /// account with the product's item).
    @inline(__always)
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
        if design.deliversWholeReceipt { deliverRestOfReceipt(except: sent.transaction, uid: sent.uid) }
    }

    /// Every transaction the app receipt lists besides `transaction`, as seed 001's server and
    /// seed 003's StoreKit 1 recovery page do ("依次处理包含的交易记录…如果未找到相关记录则生成新的订单").
    mutating func deliverRestOfReceipt(except transaction: Int32, uid: Int32) {
        for other in transactions.indices where other != Int(transaction) && inAppReceipt(other) {
            let tx = transactions[other]
            if tx.serverOrder >= 0 {
                deliver(Int32(other), uid: orders[Int(tx.serverOrder)].uid, item: orders[Int(tx.serverOrder)].item)
            } else {
                deliver(Int32(other), uid: uid, item: defaultItem(of: tx.product))
            }
        }
    }

    /// The recover page's look-up, after Apple answered: with StoreKit 1 the uploaded app
    /// receipt is delivered whole to the uploading account; with StoreKit 2, Look Up Order ID
    /// finds the page's transaction whatever its state, Get Transaction History the others it
    /// lists, each delivered if its `appAccountToken` maps it. Whether the page's transaction
    /// has been delivered now.
    mutating func recoverFromLookup(_ request: Int32) -> Bool {
        let sent = requests[Int(request)]
        let target = Int(sent.transaction)
        switch design.storeKitAPI {
        case .sk1:
            guard inAppReceipt(target) else { return transactions[target].deliveries > 0 }
            let tx = transactions[target]
            if tx.serverOrder >= 0 {
                deliver(sent.transaction, uid: orders[Int(tx.serverOrder)].uid, item: orders[Int(tx.serverOrder)].item)
            } else {
                deliver(sent.transaction, uid: sent.uid, item: defaultItem(of: tx.product))
            }
            deliverRestOfReceipt(except: sent.transaction, uid: sent.uid)
        case .sk2:
            for index in transactions.indices where index == target || historyLists(index) {
                if let credit = serverSideCredit(Int32(index)) { deliver(Int32(index), uid: credit.uid, item: credit.item) }
            }
        }
        return transactions[target].deliveries > 0
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
}
