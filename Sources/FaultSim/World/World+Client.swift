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

    mutating func handlePurchased(_ transaction: Int32) {
        let index = Int(transaction)
        let record = matchRecord(transaction)
        if let record {
            records[Int(record)].transaction = transaction
            records[Int(record)].holdsReceipt = true
            if design.persistMoment == .purchased { persist(record) }
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
        if design.finishMoment == .atCallback { finish(transaction) }
        startWork(transaction)
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
    mutating func startWork(_ transaction: Int32) {
        let index = Int(transaction)
        transactions[index].workEpoch = epoch
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
            transactions[index].confirmed = true
            transactions[index].workEpoch = -1
            finish(transaction)
            clearRecords(of: transaction)
            closeModal(transactions[index].intent)
        case .invalid:
            if design.finishMoment == .afterVerdict || design.finishMoment == .afterAnyAnswer {
                finish(transaction)
                clearRecords(of: transaction)
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
            giveUp(transaction)
        case .fixedInterval(let intervalMs):
            scheduleRetry(transaction, after: intervalMs)
        case .linearBackoff(let stepMs, let capMs):
            scheduleRetry(transaction, after: min(failures * stepMs, capMs))
        case .tries(let count, let spacingMs):
            if failures < count { scheduleRetry(transaction, after: spacingMs) } else { giveUp(transaction) }
        case .triesThenRecoverPage(let count):
            if failures < count { scheduleRetry(transaction, after: 0) } else { offerRecoverPage(transaction) }
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

    mutating func offerRecoverPage(_ transaction: Int32) {
        giveUp(transaction)
        let user = scenario.user
        if fault(.recoverPageUse, user.recoverPageUseProbability, .user) {
            schedule(.recoverPageOpen, after: sample(user.recoverPageDelay, .user), transaction, epoch)
        }
    }

    mutating func onRecoverPageOpen(_ transaction: Int32, epoch pageEpoch: Int32) {
        let tx = transactions[Int(transaction)]
        guard appRunning, pageEpoch == epoch, !tx.confirmed, tx.workEpoch != epoch else { return }
        startWork(transaction)
    }

    mutating func onLaunchRetry(epoch launchEpoch: Int32) {
        guard appRunning, launchEpoch == epoch else { return }
        retryRecords()
    }

    /// Verifies every durable record whose transaction is known and not being worked on.
    mutating func retryRecords() {
        for index in records.indices where records[index].alive && records[index].durable {
            let transaction = records[index].transaction
            guard transaction >= 0 else { continue }
            let tx = transactions[Int(transaction)]
            if tx.confirmed || tx.workEpoch == epoch { continue }
            if design.retryScope == .loggedInUserOnly && records[index].uid != currentUser { continue }
            startWork(transaction)
        }
    }

    mutating func onNetworkRegained() {
        guard appRunning, design.retryTriggers.contains(.networkRegained) else { return }
        for index in transactions.indices where transactions[index].workEpoch == epoch && !transactions[index].inFlight {
            sendVerify(Int32(index))
        }
        retryRecords()
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
            // No order, no payment: the user sees an error and the intent ends uncharged.
            records[Int(sent.record)].alive = false
            closeModal(sent.intent)
            return
        }
        records[Int(sent.record)].order = sent.order
        addPayment(sent.intent, payment: sent.payment, order: sent.order, record: sent.record)
    }
}
