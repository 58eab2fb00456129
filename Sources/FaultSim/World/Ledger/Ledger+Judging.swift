/// The judging API: the only way actors write the ledger. Each call records one fact.
extension Ledger {
    /// The plan made an intent for `item`.
    @inline(__always)
    mutating func recordIntent(item: Int32) {
        intents.append(IntentTruth(item: item))
    }

    /// The user tapped Buy for real while `uid` was logged in: that account should get the goods.
    @inline(__always)
    mutating func recordBuyer(_ intent: Int32, uid: Int32) {
        intents[Int(intent)].uid = uid
    }

    /// The user bought the intent's product outside the app while `uid` was logged in on the
    /// device: that account should get `item` (the product's default item: an App Store
    /// purchase names a product, not one of the app's items).
    @inline(__always)
    mutating func recordOutsideAppBuyer(_ intent: Int32, uid: Int32, item: Int32) {
        intents[Int(intent)].uid = uid
        intents[Int(intent)].item = item
        intents[Int(intent)].outsideApp = true
    }

    /// The device launched (session `session`, install `install`).
    @inline(__always)
    mutating func recordLaunch(session: Int32, install: Int32) {
        appRunning = true
        sessionIndex = session
        installIndex = install
    }

    /// The app process ended.
    @inline(__always)
    mutating func recordProcessEnd() { appRunning = false }

    /// The user decided never to come back.
    @inline(__always)
    mutating func recordUserGone() { userGoneForGood = true }

    /// The run was stopped at the event cap.
    @inline(__always)
    mutating func recordCap() { reachedCap = true }

    /// Apple charged for `intent`: a new transaction, number `transaction`. Returns whether it
    /// is the intent's first charge.
    @inline(__always)
    mutating func recordCharge(_ intent: Int32, transaction: Int32, at now: SimTime) -> Bool {
        invariant(transaction == Int32(transactions.count), "transactions are numbered in charge order")
        transactions.append(TransactionTruth(intent: intent))
        let index = Int(intent)
        intents[index].charges += 1
        intents[index].transaction = transaction
        guard intents[index].charges == 1 else { return false }
        intents[index].firstChargeAt = now
        intents[index].chargedSession = sessionIndex
        intents[index].chargedInstall = installIndex
        return true
    }

    /// The app saw a `purchased` callback whose `applicationUsername` was intact or not.
    @inline(__always)
    mutating func recordCallback(_ transaction: Int32, payloadIntact: Bool) {
        transactions[Int(transaction)].payloadIntact = payloadIntact
    }

    /// Apple refunded `intent`'s charge at `at` (`World.judgeRefunds`).
    mutating func recordRefund(_ intent: Int32, at time: SimTime, goodsRevoked: Bool) {
        invariant(intents[Int(intent)].charges == 1 && intents[Int(intent)].refundedAt < 0, "one refund of one charge")
        intents[Int(intent)].refundedAt = time
        intents[Int(intent)].refundRevokedGoods = goodsRevoked
    }

    /// Goods were granted for `transaction` to `uid`, item `item`, at `now`. `checkPayload`:
    /// the client named the account, so a lost `applicationUsername` explains a wrong one.
    @inline(__always)
    mutating func recordDelivery(_ transaction: Int32, uid: Int32, item: Int32, at now: SimTime, checkPayload: Bool) {
        let payloadLost = checkPayload && !transactions[Int(transaction)].payloadIntact
        transactions[Int(transaction)].deliveries += 1
        let intent = Int(transactions[Int(transaction)].intent)
        guard uid == intents[intent].uid && item == intents[intent].item else {
            intents[intent].wrongDeliveries += 1
            if intents[intent].misdeliveryCause == .none {
                intents[intent].misdeliveryCause = uid != intents[intent].uid
                    ? (intents[intent].outsideApp ? .outsideAppCreditedToCurrentAccount
                        : userNamedByApplicationUsername && payloadLost ? .creditedAfterApplicationUsernameLost
                        : .creditedToSwitchedAccount)
                    : .itemGuessed
            }
            return
        }
        intents[intent].correctDeliveries += 1
        guard intents[intent].delivery == .none else { return }
        intents[intent].deliveredAt = now
        if installIndex > intents[intent].chargedInstall {
            intents[intent].delivery = .afterReinstall
        } else if !appRunning || sessionIndex > intents[intent].chargedSession {
            intents[intent].delivery = .afterRelaunch
        } else {
            intents[intent].delivery = .sameSession
        }
    }

    /// The first irreversible step that leaves `transaction` undelivered (later ones are not
    /// the cause).
    @inline(__always)
    mutating func recordIrreversible(_ transaction: Int32, _ cause: Cause) {
        let index = Int(transaction)
        if transactions[index].irreversible == .none && transactions[index].deliveries == 0 {
            transactions[index].irreversible = cause
        }
    }

    /// A verification of `transaction` failed, or it waits, for `cause`.
    @inline(__always)
    mutating func recordFailure(_ transaction: Int32, _ cause: Cause) {
        transactions[Int(transaction)].lastFailure = cause
    }

    /// The intent's record was cleared before its purchase was matched. `keepingFirst`: an
    /// earlier loss stays the cause.
    @inline(__always)
    mutating func recordRecordLoss(_ intent: Int32, _ cause: Cause, keepingFirst: Bool) {
        if keepingFirst && intents[Int(intent)].recordLoss != .none { return }
        intents[Int(intent)].recordLoss = cause
    }

    /// The user called support about the intent.
    @inline(__always)
    mutating func recordSupportContact(_ intent: Int) { intents[intent].supportContacted = true }

    /// The order for the intent's real payment could not be created: the user never paid.
    @inline(__always)
    mutating func recordOrderCreationFailed(_ intent: Int32) { intents[Int(intent)].orderCreationFailed = true }

    /// The app offered the intent no purchase: StoreKit 2 only, on a device below iOS 15.
    @inline(__always)
    mutating func recordStoreKitUnavailable(_ intent: Int32) { intents[Int(intent)].storeKitUnavailable = true }
}
