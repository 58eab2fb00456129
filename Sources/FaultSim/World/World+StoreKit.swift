/// StoreKit and Apple's charge: payments, the payment sheet, callbacks and their oddities,
/// `finishTransaction`.
extension World {
    mutating func addPayment(_ intent: Int32, payment: Int32, order: Int32, record: Int32) {
        let product = intents[Int(intent)].product
        // StoreKit 1: re-buying a product with an unfinished transaction shows "already
        // purchased, restored for free" and no callback at all, so a modal never closes (seed
        // 000). StoreKit 2's behaviour here is not documented; guess: the purchase goes through.
        if design.storeKitAPI == .sk1 {
            for transaction in transactions where transaction.product == product && !transaction.finished {
                // The "restored for free" alert takes the sheet's place; then the spinner spins on.
                if ruleFault(.rebuyNoCallback) { startPatience(intent, after: intents[Int(intent)].sheetTime) }
                return
            }
        }
        // StoreKit 2 has no `purchasing` callback; the delay is drawn anyway to keep the stream aligned.
        let purchasingDelay = sample(scenario.storeKit.callbackDelay, .storeKit)
        if design.storeKitAPI == .sk1 { schedule(.purchasing, after: purchasingDelay, record, epoch) }
        paymentsOnSheet += 1
        schedule(.paymentSheet, after: intents[Int(intent)].sheetTime, intent, payment, order)
    }

    mutating func onPurchasing(record: Int32, epoch callbackEpoch: Int32) {
        guard appRunning, callbackEpoch == epoch, records[Int(record)].alive else { return }
        if design.persistMoment == .purchasing { persist(record) }
    }

    mutating func persist(_ record: Int32) {
        guard design.localStore.survivesProcessDeath, !records[Int(record)].durable else { return }
        records[Int(record)].durable = true
        note(.localStore, nil, "record of intent \(records[Int(record)].intent) written to the \(design.localStore.rawValue)")
    }

    /// The user answers the sheet (the accidental second payment's sheet is answered on its
    /// own); on confirm, Apple charges and StoreKit reports back, sometimes oddly.
    ///
    /// Three uniforms per confirmed payment, whatever the API, so both APIs' streams stay
    /// aligned. An interrupted purchase is one uniform: StoreKit 1 reports it as cancelled then
    /// purchased, StoreKit 2 as `.pending`, so the two APIs meet the same interruptions. A delay
    /// reuses the uniform of the anomaly that fired: given u < p, u / p is again uniform on
    /// [0, 1) and independent of everything else drawn.
    mutating func onPaymentSheet(_ intent: Int32, payment: Int32, order: Int32) {
        let index = Int(intent)
        let storeKit = scenario.storeKit
        let callbackDelay = sample(storeKit.callbackDelay, .storeKit)
        if payment == 0 { startPatience(intent) }
        // The user stays in the app until StoreKit's first callback for this payment.
        let answer = payment == 0 ? intents[index].cancelDraw : intents[index].secondSheetDraw(scenario.user.doubleTapProbability)
        if fault(.userCancel, scenario.user.cancelProbability, draw: answer) {
            schedule(.failedCallback, after: callbackDelay, intent, epoch, 1 | 2)
            return
        }
        let interruptionDraw = streams.unit(.storeKit)
        let failDraw = streams.unit(.storeKit)
        let missingDraw = streams.unit(.storeKit)
        if design.storeKitAPI == .sk2 {
            if fault(.pendingPurchase, storeKit.pendingProbability, draw: interruptionDraw) {
                schedule(.purchasePending, after: callbackDelay, intent, epoch)
                let delay = storeKit.pendingDelay.quantile(World.rescaled(interruptionDraw, storeKit.pendingProbability))
                schedule(.pendingCompletes, after: delay, intent, 0, order)
            } else {
                let transaction = charge(intent, order: order)
                schedule(.purchasedCallback, after: callbackDelay, transaction, PurchasedDelivery.fresh.rawValue, 1)
            }
            return
        }
        let transaction = charge(intent, order: order)
        if fault(.cancelThenPurchased, storeKit.cancelThenPurchasedProbability, draw: interruptionDraw) {
            schedule(.failedCallback, after: callbackDelay, intent, epoch, 1 | 2)
            let delay = storeKit.anomalyDelay.quantile(World.rescaled(interruptionDraw, storeKit.cancelThenPurchasedProbability))
            schedule(.purchasedCallback, after: delay, transaction, PurchasedDelivery.fresh.rawValue)
        } else if fault(.failThenPurchased, storeKit.failThenPurchasedProbability, draw: failDraw) {
            schedule(.failedCallback, after: callbackDelay, intent, epoch, 2)
            let delay = storeKit.anomalyDelay.quantile(World.rescaled(failDraw, storeKit.failThenPurchasedProbability))
            schedule(.purchasedCallback, after: delay, transaction, PurchasedDelivery.fresh.rawValue)
        } else if fault(.purchasedCallbackMissing, storeKit.purchasedCallbackMissingProbability, draw: missingDraw) {
            // No callback in this session: the transaction waits in the queue for the next launch.
            paymentsOnSheet -= 1
        } else {
            schedule(.purchasedCallback, after: callbackDelay, transaction, PurchasedDelivery.fresh.rawValue, 1)
        }
    }

    /// StoreKit 2's `.pending`: nothing to wait for, so the spinner goes; the record stays.
    mutating func onPurchasePending(_ intent: Int32, epoch callbackEpoch: Int32) {
        guard appRunning, callbackEpoch == epoch else { return }
        closeModal(intent)
    }

    /// A pending purchase goes through: Apple charges, and `Transaction.updates` hands the
    /// transaction to the running app (or, at the next launch, to the new process).
    mutating func onPendingCompletes(_ intent: Int32, order: Int32) {
        let transaction = charge(intent, order: order)
        if appRunning {
            schedule(.purchasedCallback, after: sample(scenario.storeKit.callbackDelay, .storeKit), transaction,
                     PurchasedDelivery.fresh.rawValue)
        }
    }

    /// Apple takes the money: a new transaction, and the intent's ground truth moves.
    mutating func charge(_ intent: Int32, order: Int32) -> Int32 {
        let index = Int(intent)
        let transaction = Int32(transactions.count)
        transactions.append(TransactionState(
            intent: intent, product: intents[index].product,
            payloadUid: intents[index].uid, payloadItem: intents[index].item, payloadOrder: order))
        intents[index].charges += 1
        intents[index].transaction = transaction
        note(.apple, nil, "charges the user: transaction \(transaction) (intent \(intent))")
        if intents[index].charges == 1 {
            intents[index].firstChargeAt = now
            intents[index].chargedSession = sessionIndex
            intents[index].chargedInstall = installIndex
            if fault(.accountSwitch, scenario.user.accountSwitchProbability, draw: intents[index].switchDraw) {
                schedule(.accountSwitch, after: scenario.user.accountSwitchDelay.quantile(intents[index].switchDelayDraw))
            }
        }
        if firstChargeAt < 0 { firstChargeAt = now }
        // Charged while the app is away (it crashed on the sheet): the user comes back.
        if !appRunning { scheduleReturn(reinstall: false) }
        scheduleServerRecovery(transaction)
        return transaction
    }

    mutating func onFailedCallback(_ intent: Int32, epoch callbackEpoch: Int32, cancelled: Bool) {
        guard appRunning, callbackEpoch == epoch else { return }
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
                intents[Int(intent)].recordLoss = cancelled ? .recordClearedOnCancel : .recordClearedOnFail
                note(.localStore, nil, "record of intent \(intent) cleared on \(cancelled ? "cancel" : "fail")")
                break
            }
        }
        closeModal(intent)
    }

    mutating func onPurchasedCallback(_ transaction: Int32, _ delivery: PurchasedDelivery) {
        let index = Int(transaction)
        guard appRunning else {
            // Unfinished transactions come back at launch anyway; a finished one that is
            // coming back waits for the launch too.
            if delivery == .finishedComingBack { transactions[index].comesBackAtLaunch = true }
            return
        }
        if transactions[index].workEpoch == epoch { return }
        if delivery.handsBackUnfinished && transactions[index].finished { return }
        let missingIdDraw = streams.unit(.storeKit)
        let lostNameDraw = streams.unit(.storeKit)
        // StoreKit 2's transaction id is never nil and its appAccountToken is signed in: the
        // two oddities below are StoreKit 1's. (The three fields are written together, after
        // the seam's calls, so the array's uniqueness is checked once.)
        var hasId = true, intact = true
        if design.storeKitAPI == .sk1 {
            let storeKit = scenario.storeKit
            let fresh = delivery == .fresh
            hasId = !(fresh && fault(.missingTransactionId, storeKit.missingTransactionIdProbability, draw: missingIdDraw))
            let lossProbability = fresh
                ? storeKit.applicationUsernameLostProbability : storeKit.applicationUsernameLostAfterRelaunchProbability
            intact = !fault(.applicationUsernameLost, lossProbability, draw: lostNameDraw)
        }
        transactions[index].hasTransactionId = hasId
        transactions[index].payloadIntact = intact
        transactions[index].receiptEpoch = epoch
        handlePurchased(transaction)
    }

    /// `finishTransaction`: the transaction leaves the queue (and a consumable the receipt).
    mutating func finish(_ transaction: Int32) {
        let index = Int(transaction)
        guard !transactions[index].finished else { return }
        transactions[index].finished = true
        note(.app, .storeKit, "finishTransaction(\(transaction))" + (transactions[index].deliveries == 0 ? ", not yet delivered" : ""))
        if transactions[index].deliveries == 0 { markIrreversible(transaction, .finishedBeforeDelivery) }
        if design.persistMoment == .afterFinish, let record = recordOf(transaction) { persist(record) }
        if design.storeKitAPI == .sk1,
           fault(.finishedRedelivered, scenario.storeKit.finishedRedeliveredProbability, .storeKit) {
            schedule(.purchasedCallback, after: World.finishedComesBackAfterMs, transaction,
                     PurchasedDelivery.finishedComingBack.rawValue)
        }
    }

    /// Whether the app receipt on the device lists the transaction now (for StoreKit 2: whether
    /// `Transaction.unfinished` or the current entitlements still hand it out).
    func inAppReceipt(_ transaction: Int) -> Bool {
        !transactions[transaction].finished || scenario.catalog.productType != .consumable
    }
}
