/// Buying: the Buy tap, adding the payment to StoreKit, and StoreKit's callbacks as the app
/// receives them.
extension Device {
    /// A Buy tap: payment 0 is the real one, payment 1 the accidental second tap.
    @inline(__always)
    mutating func onBuyTap(_ intent: Int32, epoch tapEpoch: Int32, payment: Int32, _ kernel: inout Kernel,
                           _ ledger: inout Ledger, _ apple: inout Apple, _ network: inout Network, _ user: inout User) {
        guard isCurrent(tapEpoch) else { return }
        if payment == 0 {
            ledger.recordBuyer(intent, uid: currentUser)
            if user.tapsTwice(intent, &kernel), !design.guardsDoubleTap {
                kernel.schedule(.buyTap(intent: intent, epoch: epoch, payment: 1), after: Device.secondTapAfterMs)
            }
            // The spinner goes up now; the user's patience only starts to run once Apple's
            // payment sheet is gone (see `startPatience`).
            if design.blockingUI == .modal { modalIntent = intent }
        }
        let record = records.count32
        records.append(PurchaseRecord(
            durable: design.persistMoment == .buyTap && design.localStore.survivesProcessDeath,
            intent: intent, uid: currentUser, item: user[intent].item, product: user[intent].product))
        switch design.orderTiming {
        case .payFirst: addPayment(intent, payment: payment, order: -1, record: record, &kernel, &apple, &user)
        case .orderFirst: sendCreateOrder(intent, payment: payment, record: record, &kernel, &network)
        }
    }

    /// `SKPaymentQueue.add` (or `purchase()`): Apple's payment sheet comes up.
    @inline(__always)
    mutating func addPayment(_ intent: Int32, payment: Int32, order: Int32, record: Int32, _ kernel: inout Kernel,
                             _ apple: inout Apple, _ user: inout User) {
        let sheetTime = user[intent].sheetTime
        // StoreKit 1: re-buying a product with an unfinished transaction shows "already
        // purchased, restored for free" and no callback at all, so a modal never closes (seed
        // 000). StoreKit 2's behaviour here is not documented; guess: the purchase goes through.
        if design.storeKitAPI == .sk1 && apple.hasUnfinished(product: user[intent].product) {
            // The "restored for free" alert takes the sheet's place; then the spinner spins on.
            if kernel.ruleFault(.rebuyNoCallback) { startPatience(intent, after: sheetTime, &kernel, &user) }
            return
        }
        // StoreKit 2 has no `purchasing` callback; its draw is taken anyway, uncomputed, to keep
        // the stream aligned.
        if design.storeKitAPI == .sk1 {
            kernel.schedule(.purchasing(record: record, epoch: epoch), after: kernel.sample(callbackDelay, .storeKit))
        } else {
            kernel.streams.skip(.storeKit, 1)
        }
        paymentsOnSheet += 1
        kernel.schedule(.paymentSheet(intent: intent, payment: payment, order: order), after: sheetTime)
    }

    @inline(__always)
    mutating func onPurchasing(record: Int32, epoch callbackEpoch: Int32, _ kernel: inout Kernel) {
        guard purchasingMatters(record: record, callbackEpoch) else { return }
        if design.persistMoment == .purchasing { persist(record, &kernel) }
    }

    /// The `purchasing` callback reaches a live process whose record is still alive.
    @inline(__always)
    func purchasingMatters(record: Int32, _ callbackEpoch: Int32) -> Bool {
        isCurrent(callbackEpoch) && records[Int(record)].alive
    }

    @inline(__always)
    mutating func persist(_ record: Int32, _ kernel: inout Kernel) {
        guard design.localStore.survivesProcessDeath, !records[Int(record)].durable else { return }
        records[Int(record)].durable = true
        kernel.note(.localStore, nil, "record of intent \(records[Int(record)].intent) written to the \(design.localStore.rawValue)")
    }

    /// The payment sheet closed and the spinner is what the user sees: patience runs from
    /// `delay` ms from now.
    @inline(__always)
    func startPatience(_ intent: Int32, after delay: SimTime = 0, _ kernel: inout Kernel, _ user: inout User) {
        guard appRunning, modalIntent == intent else { return }
        kernel.schedule(.patienceExpired(intent: intent, epoch: epoch), after: delay + user.patience(intent))
    }

    /// StoreKit 2's `.pending`: nothing to wait for, so the spinner goes; the record stays.
    @inline(__always)
    mutating func onPurchasePending(_ intent: Int32, epoch callbackEpoch: Int32) {
        releaseSheet()
        guard isCurrent(callbackEpoch) else { return }
        closeModal(intent)
    }

    @inline(__always)
    mutating func onFailedCallback(_ intent: Int32, epoch callbackEpoch: Int32, cancelled: Bool, firstCallback: Bool,
                                   _ kernel: inout Kernel, _ ledger: inout Ledger) {
        if firstCallback { releaseSheet() }
        guard isCurrent(callbackEpoch) else { return }
        let clears: Bool
        switch design.recordClearing {
        case .onCancelOrFail: clears = true
        case .onFail: clears = !cancelled
        case .onCancel: clears = cancelled
        case .never: clears = false
        }
        if clears {
            for index in records.indices
            where records[index].alive && records[index].intent == intent && records[index].transaction < 0 {
                records[index].alive = false
                ledger.recordRecordLoss(intent, cancelled ? .recordClearedOnCancel : .recordClearedOnFail, keepingFirst: false)
                kernel.note(.localStore, nil, "record of intent \(intent) cleared on \(cancelled ? "cancel" : "fail")")
                break
            }
        }
        closeModal(intent)
    }

    @inline(__always)
    mutating func onPurchasedCallback(_ transaction: Int32, _ delivery: PurchasedDelivery, firstCallback: Bool,
                                      _ kernel: inout Kernel, _ ledger: inout Ledger, _ apple: inout Apple,
                                      _ network: inout Network) {
        if firstCallback { releaseSheet() }
        let index = Int(transaction)
        guard appRunning else {
            // Unfinished transactions come back at launch anyway; a finished one that is
            // coming back waits for the launch too.
            if delivery == .finishedComingBack { apple.keepForNextLaunch(transaction) }
            return
        }
        if transactions[index].workEpoch == epoch { return }
        if delivery.handsBackUnfinished && apple[transaction].finished { return }
        // Taken by every design, computed only where used (StoreKit 1, a probability above 0).
        let missingIdDraw = kernel.streams.deferUnit(.storeKit)
        let lostNameDraw = kernel.streams.deferUnit(.storeKit)
        // StoreKit 2's transaction id is never nil and its appAccountToken is signed in: the
        // two oddities below are StoreKit 1's. A purchase made outside the app carries no
        // `applicationUsername` or token at all, so nothing can be lost. (The three fields are
        // written together, after the seam's calls, so the array's uniqueness is checked once.)
        var hasId = true, intact = apple[transaction].boughtInApp
        let fresh = delivery == .fresh
        // Within one process StoreKit 1 hands over the same `SKPaymentTransaction` again: what
        // it lacked, it still lacks.
        let sameObject = !fresh && transactions[index].seenInProcess == processIndex
        transactions[index].seenInProcess = processIndex
        if design.storeKitAPI == .sk1 && sameObject {
            hasId = transactions[index].hasTransactionId
            intact = transactions[index].payloadIntact
        } else if design.storeKitAPI == .sk1 {
            // A transaction given back at a launch carries its id again, unless it came without
            // one before and `missingTransactionIdAfterRelaunchProbability` says it still does.
            let stillMissing = delivery.handsBackUnfinished && !transactions[index].hasTransactionId
                && apple.storeKit.missingTransactionIdAfterRelaunchProbability > 0
            if fresh {
                hasId = !kernel.fault(.missingTransactionId, apple.storeKit.missingTransactionIdProbability, deferred: missingIdDraw)
            } else if stillMissing {
                hasId = !kernel.fault(.missingTransactionId, apple.storeKit.missingTransactionIdAfterRelaunchProbability,
                                      deferred: missingIdDraw)
            }
            let lossProbability = fresh
                ? apple.storeKit.applicationUsernameLostProbability : apple.storeKit.applicationUsernameLostAfterRelaunchProbability
            if intact { intact = !kernel.fault(.applicationUsernameLost, lossProbability, deferred: lostNameDraw) }
        }
        transactions[index].hasTransactionId = hasId
        transactions[index].payloadIntact = intact
        transactions[index].receiptEpoch = epoch
        ledger.recordCallback(transaction, payloadIntact: intact)
        if !hasId && design.transactionsWithoutId == .skipThenFinishAtLaunch {
            skipOrFinishWithoutId(transaction, queueChecked: delivery == .redeliveredAtLaunch || delivery == .unfinishedSweep,
                                  &kernel, &ledger, &apple)
            return
        }
        handlePurchased(transaction, fresh: fresh, &kernel, &ledger, &apple, &network)
    }

    /// BLIAP and a transaction without an id: `BLPaymentTransactionModel`'s initialiser returns
    /// nil for it, so nothing is written or verified and it stays unfinished; met still without
    /// one when the queue is checked (`queueChecked`: given back at a launch, or read by the
    /// sweep at a return to the foreground, where a resumed process still holds the object
    /// without its id), `checkUnfinishedTransactionInSandbox` finishes it ("购买没有交易
    /// 标识和购买日期的, 是没有成功付款的, 直接 finish 掉"), undelivered.
    @inline(__always)
    mutating func skipOrFinishWithoutId(_ transaction: Int32, queueChecked: Bool, _ kernel: inout Kernel,
                                        _ ledger: inout Ledger, _ apple: inout Apple) {
        if queueChecked {
            kernel.note(.app, nil, "transaction \(transaction) has no id at launch: finished as unpaid")
            finish(transaction, &kernel, &ledger, &apple)
        } else {
            kernel.note(.app, nil, "transaction \(transaction) has no id: not recorded, not verified, left unfinished")
        }
    }

    /// `purchased`: match the transaction to what the user bought, then finish and verify as
    /// the design says.
    @inline(__always)  // its one caller is onPurchasedCallback; a call cost a tenth of it
    mutating func handlePurchased(_ transaction: Int32, fresh: Bool, _ kernel: inout Kernel, _ ledger: inout Ledger,
                                  _ apple: inout Apple, _ network: inout Network) {
        var record = matchRecord(transaction, &apple)
        if let record {
            records[Int(record)].transaction = transaction
            records[Int(record)].holdsReceipt = keepsReceiptInRecord
            if design.persistMoment == .purchased { persist(record, &kernel) }
        } else if design.persistMoment == .purchased && design.unmatchedTransactions == .verifyWithFallback {
            // A design that writes its record at `purchased` writes one for any purchased
            // transaction it will verify, a redelivered one too, with what it knows now: the
            // account logged in and the product's item (BLIAP: "首先持久化到 keychain" for every
            // purchased transaction, "这里的事务包含之前没有完成的").
            record = newRecordFromTransaction(transaction, &kernel, &apple)
        }
        let matched: Bool
        switch design.itemMapping {
        case .record: matched = record != nil
        case .applicationUsername: matched = transactions[Int(transaction)].payloadIntact
        case .applicationUsernameThenRecord: matched = transactions[Int(transaction)].payloadIntact || record != nil
        case .appAccountToken: matched = apple[transaction].boughtInApp
        }
        if !matched {
            kernel.note(.app, nil, "cannot match transaction \(transaction) to a purchase: \(design.unmatchedTransactions.rawValue)")
            switch design.unmatchedTransactions {
            case .leaveUnfinished:
                let cause = whyUnmatched(transaction, otherwise: .leftUnmatched, ledger, apple)
                ledger.recordIrreversible(transaction, cause)
                return
            case .finishAndDrop:
                let cause = whyUnmatched(transaction, otherwise: .droppedUnmatched, ledger, apple)
                ledger.recordIrreversible(transaction, cause)
                finish(transaction, &kernel, &ledger, &apple)
                return
            case .verifyWithFallback: break
            }
        }
        if let record, isHeldForOtherAccount(record, &kernel, &ledger) { return }
        // A finish that never returns stops the code after it: the verify is not sent.
        if design.finishMoment == .atCallback && !finish(transaction, &kernel, &ledger, &apple) { return }
        startWork(transaction, triggered: !fresh, &kernel, &apple, &network)
    }

    /// `finishTransaction`, through StoreKit. False when the app's `finish` never returns
    /// (`storeKit.finishNotCompletedProbability`), as the wrapper reports describe it: flutter
    /// #160148, "the transaction was finished" and only `completePurchase()` never returned;
    /// flutter #192400, the wrapper looks the transaction up first and, when it is not found
    /// (already finished: `Transaction.all` leaves finished consumables out), finishes nothing
    /// and hangs. Either way StoreKit's state is what it would be, and the steps the design takes
    /// after the call (clearing the record, closing the spinner, sending the verify) do not run.
    /// After a delivery the goods are out and only the record stays behind (`leaked_records`: the
    /// model's app remembers the confirmation, so it never verifies that record again); a design
    /// that finishes before delivering loses the verify of that session and relies on its record.
    @discardableResult
    @inline(__always)
    mutating func finish(_ transaction: Int32, _ kernel: inout Kernel, _ ledger: inout Ledger, _ apple: inout Apple) -> Bool {
        // One draw per call, before anything changes: the same point for a first and a repeated finish.
        let hangs = kernel.fault(.finishNotCompleted, apple.storeKit.finishNotCompletedProbability, .storeKit)
        guard !apple[transaction].finished else {
            if hangs { kernel.note(.app, .storeKit, "finish(\(transaction)) never returns: the transaction is already finished, "
                + "the wrapper's look-up does not find it; the steps after it do not run") }
            return !hangs
        }
        _ = apple.finish(transaction)
        let undelivered = ledger.transactions[Int(transaction)].deliveries == 0
        kernel.note(.app, .storeKit, "finishTransaction(\(transaction))" + (undelivered ? ", not yet delivered" : ""))
        if undelivered { ledger.recordIrreversible(transaction, .finishedBeforeDelivery) }
        apple.maybeHandBackFinished(transaction, &kernel)
        if hangs {
            kernel.note(.app, .storeKit, "finish(\(transaction)) finished the transaction but never returns: the steps after it do not run")
            return false
        }
        if design.persistMoment == .afterFinish, let record = recordOf(transaction) { persist(record, &kernel) }
        return true
    }

    // MARK: Order-first

    @inline(__always)
    mutating func sendCreateOrder(_ intent: Int32, payment: Int32, record: Int32, _ kernel: inout Kernel,
                                  _ network: inout Network) {
        records[Int(record)].orderTries += 1
        var request = Request()
        request.kind = .createOrder
        request.intent = intent
        request.payment = payment
        request.record = record
        request.epoch = epoch
        request.uid = currentUser
        request.item = records[Int(record)].item
        network.send(request, &kernel)
    }

    /// The server's order id arrived (or did not): pay for it, or give up on the purchase.
    @inline(__always)
    mutating func onCreateOrderAnswer(_ request: Int32, _ answer: Answer, _ kernel: inout Kernel, _ ledger: inout Ledger,
                                      _ apple: inout Apple, _ network: inout Network, _ user: inout User) {
        let sent = network[request]
        guard answer == .success else {
            // The design asks again, `orderCreationSpacing` later, while it has tries left.
            if records[Int(sent.record)].orderTries < Int32(design.orderCreationTries) {
                kernel.schedule(.orderRetryDue(record: sent.record, epoch: epoch, payment: sent.payment),
                                after: design.orderCreationSpacingMs)
                return
            }
            // No order, no payment: the user sees an error and the intent ends uncharged, a
            // lost sale.
            if sent.payment == 0 { ledger.recordOrderCreationFailed(sent.intent) }
            records[Int(sent.record)].alive = false
            closeModal(sent.intent)
            return
        }
        records[Int(sent.record)].order = sent.order
        addPayment(sent.intent, payment: sent.payment, order: sent.order, record: sent.record, &kernel, &apple, &user)
    }

    /// The next create-order request of a Buy tap is due (`orderCreationTries`).
    @inline(__always)
    mutating func onOrderRetryDue(record: Int32, epoch retryEpoch: Int32, payment: Int32, _ kernel: inout Kernel,
                                  _ network: inout Network) {
        guard orderRetryIsDue(record: record, retryEpoch) else { return }
        sendCreateOrder(records[Int(record)].intent, payment: payment, record: record, &kernel, &network)
    }

    /// A create-order retry scheduled by process `eventEpoch` for `record` is still wanted.
    @inline(__always)
    func orderRetryIsDue(record: Int32, _ eventEpoch: Int32) -> Bool {
        isCurrent(eventEpoch) && records[Int(record)].alive
    }
}
