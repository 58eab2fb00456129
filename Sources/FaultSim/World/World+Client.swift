/// The app's purchase logic, as the design dictates: matching a transaction to what the user
/// bought, verifying, finishing, retrying.
extension World {
    /// The alive record bound to `transaction`, if any.
    @inline(__always)  // out of line, the call would first copy the whole World (see World.swift)
    func recordOf(_ transaction: Int32) -> Int32? {
        for index in records.indices where records[index].alive && records[index].transaction == transaction {
            return Int32(index)
        }
        return nil
    }

    /// The record for a transaction: the one bound to it, else the newest unbound record for
    /// the same Apple product (the transaction carries nothing else to match on; a store keyed
    /// by product id keeps the latest write, so an older record left by a cancelled purchase
    /// never shadows the current one).
    @inline(__always)  // out of line, the call would first copy the whole World (see World.swift)
    func matchRecord(_ transaction: Int32) -> Int32? {
        if let bound = recordOf(transaction) { return bound }
        let product = transactions[Int(transaction)].product
        var index = records.count - 1
        while index >= 0 {
            if records[index].alive && records[index].transaction < 0 && records[index].product == product {
                return Int32(index)
            }
            index -= 1
        }
        return nil
    }

    @inline(__always)  // its one caller is onPurchasedCallback; a call cost a tenth of it
    mutating func handlePurchased(_ transaction: Int32) {
        let index = Int(transaction)
        var record = matchRecord(transaction)
        if let record {
            records[Int(record)].transaction = transaction
            records[Int(record)].holdsReceipt = keepsReceiptInRecord
            if design.persistMoment == .purchased { persist(record) }
        } else if design.persistMoment == .purchased && design.unmatchedTransactions == .verifyWithFallback {
            // A design that writes its record at `purchased` writes one for any purchased
            // transaction it will verify, a redelivered one too, with what it knows now: the
            // account logged in and the product's item (BLIAP: "首先持久化到 keychain" for every
            // purchased transaction, "这里的事务包含之前没有完成的").
            record = newRecordFromTransaction(transaction)
        }
        let matched: Bool
        switch design.itemMapping {
        case .record: matched = record != nil
        case .applicationUsername: matched = transactions[index].payloadIntact
        case .applicationUsernameThenRecord: matched = transactions[index].payloadIntact || record != nil
        case .appAccountToken: matched = true
        }
        if !matched {
            note(.app, nil, "cannot match transaction \(transaction) to a purchase: \(design.unmatchedTransactions.rawValue)")
            switch design.unmatchedTransactions {
            case .leaveUnfinished:
                markIrreversible(transaction, whyUnmatched(transaction, otherwise: .leftUnmatched))
                return
            case .finishAndDrop:
                markIrreversible(transaction, whyUnmatched(transaction, otherwise: .droppedUnmatched))
                finish(transaction)
                return
            case .verifyWithFallback: break
            }
        }
        if let record, isHeldForOtherAccount(record) { return }
        if design.finishMoment == .atCallback { finish(transaction) }
        startWork(transaction)
    }

    /// Whether the record keeps a proof of purchase that outlives `finishTransaction`: the
    /// legacy per-transaction receipt, or StoreKit 2's signed transaction. An app receipt is
    /// read when a request is sent, and no longer lists a finished consumable.
    var keepsReceiptInRecord: Bool { design.receiptKind != .appReceipt }

    /// A durable record made from a transaction alone (see `handlePurchased`).
    mutating func newRecordFromTransaction(_ transaction: Int32) -> Int32 {
        let tx = transactions[Int(transaction)]
        let record = Int32(records.count)
        records.append(RecordState(intent: tx.intent, uid: currentUser, item: defaultItem(of: tx.product),
                                   product: tx.product, transaction: transaction, holdsReceipt: keepsReceiptInRecord))
        persist(record)
        return record
    }

    /// Seed 000 v1.x and seed 004 work on a record only while its account is logged in ("一致则
    /// 发起验证，否则忽略"); the record waits for that account, which the model's users never log
    /// back into. Notes why the transaction waits.
    @inline(__always)
    mutating func isHeldForOtherAccount(_ record: Int32) -> Bool {
        guard design.retryScope == .loggedInUserOnly, records[Int(record)].uid != currentUser else { return false }
        let transaction = records[Int(record)].transaction
        if transaction >= 0 { transactions[Int(transaction)].lastFailure = .heldForOtherAccount }
        note(.app, nil, "record of intent \(records[Int(record)].intent) belongs to user \(records[Int(record)].uid): held")
        return true
    }

    /// What made a transaction unmatchable, as far as the world can tell.
    @inline(__always)  // out of line, the call would first copy the whole World (see World.swift)
    func whyUnmatched(_ transaction: Int32, otherwise fallback: Cause) -> Cause {
        let tx = transactions[Int(transaction)]
        let intent = intents[Int(tx.intent)]
        if intent.recordLoss != .none { return intent.recordLoss }
        let usesName = design.itemMapping == .applicationUsername || design.itemMapping == .applicationUsernameThenRecord
        if usesName && !tx.payloadIntact { return .applicationUsernameLost }
        return fallback
    }

    /// Notes the first irreversible step that leaves `transaction` undelivered.
    mutating func markIrreversible(_ transaction: Int32, _ cause: Cause) {
        let index = Int(transaction)
        if transactions[index].irreversible == .none && transactions[index].deliveries == 0 {
            transactions[index].irreversible = cause
        }
    }

    /// Starts a fresh round of verification for `transaction` in this session.
    @inline(__always)
    mutating func startWork(_ transaction: Int32) {
        let index = Int(transaction)
        transactions[index].workEpoch = epoch
        transactions[index].trackedEpoch = epoch
        transactions[index].failures = 0
        sendVerify(transaction)
    }

    /// Who and what the client names in its verify request, by the design's mapping axes;
    /// what the mapping cannot tell falls back to the current user and the product's
    /// default item.
    @inline(__always)  // out of line, the call would first copy the whole World (see World.swift)
    func resolveMapping(_ transaction: Int32, record: Int32?) -> (uid: Int32, item: Int32, order: Int32) {
        let tx = transactions[Int(transaction)]
        var item = defaultItem(of: tx.product)
        var order: Int32 = -1
        var uid = currentUser
        switch design.itemMapping {
        case .record:
            if let record {
                item = records[Int(record)].item
                order = records[Int(record)].order
            }
        case .applicationUsername:
            if tx.payloadIntact {
                item = tx.payloadItem
                order = tx.payloadOrder
            }
        case .applicationUsernameThenRecord:
            if tx.payloadIntact {
                item = tx.payloadItem
                order = tx.payloadOrder
            } else if let record {
                item = records[Int(record)].item
                order = records[Int(record)].order
            }
        case .appAccountToken:
            item = tx.payloadItem
            order = tx.payloadOrder
        }
        switch design.userMapping {
        case .currentUser: break
        case .record:
            if let record { uid = records[Int(record)].uid }
        case .applicationUsername:
            if tx.payloadIntact { uid = tx.payloadUid }
        case .appAccountToken:
            uid = tx.payloadUid
        }
        return (uid, item, order)
    }

    mutating func sendVerify(_ transaction: Int32) {
        guard appRunning else { return }
        let index = Int(transaction)
        let record = recordOf(transaction)
        let mapping = resolveMapping(transaction, record: record)
        // A finished consumable is gone from the app receipt; only a receipt blob the app
        // still holds (in memory this session, or saved with the record) proves it.
        let covers = inAppReceipt(index) || transactions[index].receiptEpoch == epoch
            || (record.map { records[Int($0)].holdsReceipt } ?? false)
        var request = RequestState()
        request.kind = .verify
        request.intent = transactions[index].intent
        request.transaction = transaction
        request.epoch = epoch
        request.uid = mapping.uid
        request.item = mapping.item
        request.order = mapping.order
        request.hasTransactionId = transactions[index].hasTransactionId
        request.receiptCovers = covers
        transactions[index].inFlight = true
        transactions[index].retryToken &+= 1
        transmit(request)
    }

    /// The client hears back (or gives up waiting) on a verify request.
    mutating func onVerifyAnswer(_ transaction: Int32, _ answer: Answer, failure: Cause) {
        let index = Int(transaction)
        transactions[index].inFlight = false
        if answer != .success { transactions[index].lastFailure = failure }
        guard transactions[index].workEpoch == epoch else { return }
        switch answer {
        case .success:
            confirmDelivery(transaction)
        case .invalid:
            if design.finishMoment == .afterVerdict || design.finishMoment == .afterAnyAnswer {
                finish(transaction)
                clearRecords(of: transaction)
                transactions[index].abandoned = true
                giveUp(transaction)
            } else {
                verificationFailed(transaction)
            }
        case .failure:
            if design.finishMoment == .afterAnyAnswer { finish(transaction) }
            verificationFailed(transaction)
        case .pending:
            preconditionFailure("an answer cannot be pending when it arrives")
        }
    }

    /// The server said the goods are out: finish, forget the record, close the spinner.
    @inline(__always)
    mutating func confirmDelivery(_ transaction: Int32) {
        transactions[Int(transaction)].confirmed = true
        transactions[Int(transaction)].workEpoch = -1
        finish(transaction)
        clearRecords(of: transaction)
        closeModal(transactions[Int(transaction)].intent)
    }

    mutating func clearRecords(of transaction: Int32) {
        for index in records.indices where records[index].alive && records[index].transaction == transaction {
            records[index].alive = false
            note(.localStore, nil, "record of intent \(records[index].intent) cleared")
        }
    }

    /// One more failure: the design's schedule says when (or whether) to try again.
    mutating func verificationFailed(_ transaction: Int32) {
        let index = Int(transaction)
        transactions[index].failures += 1
        let failures = Int64(transactions[index].failures)
        switch design.retrySchedule {
        case .none:
            roundEnded(transaction)
        case .fixedInterval(let intervalMs):
            scheduleRetry(transaction, after: intervalMs)
        case .linearBackoff(let stepMs, let capMs):
            scheduleRetry(transaction, after: min(failures * stepMs, capMs))
        case .tries(let count, let spacingMs):
            if failures < count { scheduleRetry(transaction, after: spacingMs) } else { roundEnded(transaction) }
        }
    }

    mutating func scheduleRetry(_ transaction: Int32, after delay: SimTime) {
        schedule(.retryDue, after: delay, transaction, epoch, transactions[Int(transaction)].retryToken)
    }

    mutating func onRetryDue(_ transaction: Int32, epoch retryEpoch: Int32, token: Int32) {
        let tx = transactions[Int(transaction)]
        guard appRunning, retryEpoch == epoch, tx.workEpoch == epoch, !tx.inFlight, tx.retryToken == token else { return }
        sendVerify(transaction)
    }

    /// Stop working on the transaction in this session; the modal (if any) closes.
    mutating func giveUp(_ transaction: Int32) {
        transactions[Int(transaction)].workEpoch = -1
        closeModal(transactions[Int(transaction)].intent)
    }

    /// The round's tries ran out: stop, and offer the design's recover page, which the user
    /// may open.
    mutating func roundEnded(_ transaction: Int32) {
        giveUp(transaction)
        guard design.recoverPage != .none else { return }
        let user = scenario.user
        if fault(.recoverPageUse, user.recoverPageUseProbability, .user) {
            schedule(.recoverPageOpen, after: sample(user.recoverPageDelay, .user), transaction, epoch)
        }
    }

    mutating func onRecoverPageOpen(_ transaction: Int32, epoch pageEpoch: Int32) {
        let tx = transactions[Int(transaction)]
        guard appRunning, pageEpoch == epoch, !tx.confirmed, tx.workEpoch != epoch else { return }
        switch design.recoverPage {
        case .none: preconditionFailure("a design without a recover page offered one")
        case .manualRetry: startWork(transaction)
        case .orderLookup: sendRecover(transaction)
        }
    }

    /// The order-lookup page asks the server to find the purchase at Apple (see `RecoverPage`).
    mutating func sendRecover(_ transaction: Int32) {
        var request = RequestState()
        request.kind = .recover
        request.intent = transactions[Int(transaction)].intent
        request.transaction = transaction
        request.epoch = epoch
        request.uid = currentUser
        transmit(request)
    }

    /// The page says the purchase was recovered, or shows an error (the user may then call
    /// support, which the model counts and never acts on).
    mutating func onRecoverAnswer(_ transaction: Int32, _ answer: Answer, failure: Cause) {
        if answer == .success {
            confirmDelivery(transaction)
        } else if !transactions[Int(transaction)].confirmed {
            transactions[Int(transaction)].lastFailure = failure
        }
    }

    mutating func onLaunchRetry(epoch launchEpoch: Int32) {
        guard appRunning, launchEpoch == epoch else { return }
        retryRecords()
    }

    /// Verifies every durable record whose transaction is known, unconfirmed, not given up and
    /// not being worked on, as the design's scope allows.
    mutating func retryRecords() {
        for index in records.indices where records[index].alive && records[index].durable {
            let transaction = records[index].transaction
            guard transaction >= 0 else { continue }
            let tx = transactions[Int(transaction)]
            if tx.confirmed || tx.abandoned || tx.workEpoch == epoch { continue }
            if isHeldForOtherAccount(Int32(index)) { continue }
            startWork(transaction)
        }
    }

    /// The network is back (`RetryTriggers.networkRegained`): resume what this process works
    /// on or gave up on, the durable records, and with StoreKit 2 every unfinished transaction.
    mutating func onNetworkRegained() {
        guard appRunning, traits.retriesOnNetworkRegained else { return }
        for index in transactions.indices {
            let tx = transactions[index]
            guard tx.trackedEpoch == epoch, !tx.confirmed, !tx.abandoned, !tx.inFlight else { continue }
            if tx.workEpoch == epoch { sendVerify(Int32(index)) } else { startWork(Int32(index)) }
        }
        retryRecords()
        guard design.storeKitAPI == .sk2 else { return }
        for index in transactions.indices where !transactions[index].finished && transactions[index].workEpoch != epoch {
            onPurchasedCallback(Int32(index), .unfinishedSweep)
        }
    }

    // MARK: Order-first

    mutating func sendCreateOrder(_ intent: Int32, payment: Int32, record: Int32) {
        var request = RequestState()
        request.kind = .createOrder
        request.intent = intent
        request.payment = payment
        request.record = record
        request.epoch = epoch
        request.uid = currentUser
        request.item = intents[Int(intent)].item
        transmit(request)
    }

    /// The server's order id arrived (or did not): pay for it, or give up on the purchase.
    mutating func onCreateOrderAnswer(_ request: Int32, _ answer: Answer) {
        let sent = requests[Int(request)]
        guard answer == .success else {
            // No order, no payment: the user sees an error and the intent ends uncharged, a
            // lost sale.
            if sent.payment == 0 { intents[Int(sent.intent)].orderCreationFailed = true }
            records[Int(sent.record)].alive = false
            closeModal(sent.intent)
            return
        }
        records[Int(sent.record)].order = sent.order
        addPayment(sent.intent, payment: sent.payment, order: sent.order, record: sent.record)
    }
}
