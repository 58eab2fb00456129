import Policies

/// The moments that touch several actors at once, in the order they happen: each actor's part
/// is its own method, and the order of the calls here is the order of the draws and fault
/// points, which common random numbers and `simrun check` depend on.
extension World {
    /// Apple takes the money: Apple records the transaction, the ledger the charge, the app
    /// and the server start a record of it; on the intent's first charge the user may switch
    /// accounts; a user away from the app comes back; Apple notifies the server and the
    /// server's reconciliation starts. `inApp` false: bought outside the app, the transaction
    /// carries nothing of the app's, and the user opens the app after
    /// `user.outsideAppOpenDelay` rather than the relaunch delay.
    @inline(__always)
    mutating func charge(_ intent: Int32, order: Int32, inApp: Bool = true) -> Int32 {
        let transaction = apple.charge(intent: intent, product: user[intent].product, inApp: inApp,
                                       payloadUid: ledger.intents[Int(intent)].uid, payloadItem: user[intent].item,
                                       payloadOrder: order)
        device.noteCharge()
        server.noteCharge(&kernel)
        let first = ledger.recordCharge(intent, transaction: transaction, at: kernel.now)
        kernel.note(.apple, nil, "charges the user: transaction \(transaction) (intent \(intent))" + (inApp ? "" : ", no token"))
        if first { user.afterFirstCharge(intent, &kernel) }
        if !device.appRunning {
            // Charged while the app is away (it crashed on the sheet): the user comes back. After
            // a purchase made outside the app, the user opens it to use what they bought.
            if inApp { user.scheduleReturn(reinstall: false, &kernel) } else { user.opensAppAfterOutsidePurchase(&kernel) }
        }
        apple.notifyOfCharge(transaction, &kernel)
        server.startReconciliation(&kernel)
        return transaction
    }

    /// The user buys the intent's product outside the app (an offer code redeemed in the App
    /// Store, a product bought on the App Store page): no Buy tap, no order, no record, no token.
    /// The account logged in on the device now is the truth: the one the user meant. Apple
    /// charges at once (the App Store's own sheet, and any cancel there, the app never sees), and
    /// the transaction reaches the app through `Transaction.updates` or the payment queue's
    /// observer: `storeKit.callbackDelay` from now if the app runs, else at the launch when the
    /// user opens it. One StoreKit uniform (the callback delay) is drawn either way.
    @inline(never)  // a rare event: see `World.onFailedCallback`
    mutating func onOutsideAppPurchase(_ intent: Int32) {
        // Promoted or an offer code: the outside purchase's own uniform, rescaled (u / p), so no
        // other draw moves; a choice point of its own under `simrun check`.
        let outside = scenario.user.outsideAppPurchaseProbability
        let promoted = kernel.fault(.promotedPurchase, scenario.user.promotedPurchaseShare,
                                    draw: kernel.rescaled(.outsideAppPurchase, user.outsideAppUniform(intent), outside))
        // `PurchaseIntent` needs iOS 16.4: on iOS 15.x the App Store charges it as it would for
        // a design that does not take intents.
        if promoted && design.completesPurchaseIntents && !userOnIOS15 {
            kernel.note(.apple, .app, "promoted purchase: the App Store opens the app with a PurchaseIntent for product "
                + "\(user[intent].product); the app buys it through its own flow")
            kernel.schedule(.intentStart(intent: intent), after: 0)
            return
        }
        ledger.recordOutsideAppBuyer(intent, uid: device.currentUser, item: user.outsideAppItem(intent))
        let callbackDelay = kernel.sample(scenario.storeKit.callbackDelay, .storeKit)
        let transaction = charge(intent, order: -1, inApp: false)
        if device.appRunning {
            kernel.schedule(.purchasedCallback(transaction: transaction, delivery: .fresh, firstCallback: false), after: callbackDelay)
        }
    }

    /// The user answers Apple's payment sheet (the accidental second payment's sheet is
    /// answered on its own); on confirm, Apple charges and StoreKit reports back, sometimes
    /// oddly.
    ///
    /// Four uniforms per confirmed payment, whatever the API, so both APIs' streams stay
    /// aligned, and each API's anomalies are paired with the other's by uniform, so the two
    /// APIs meet comparable luck (the fourth, `secondDraw`, is StoreKit 2's alone: a `.pending`
    /// purchase declined, or a purchase handed to `Transaction.updates` too):
    /// - `interruptionDraw`: an interrupted purchase. StoreKit 1 reports it as cancelled then
    ///   purchased, StoreKit 2 as `.pending`.
    /// - `failDraw`: an error reported although Apple charged. StoreKit 1's `failed` then
    ///   `purchased`; StoreKit 2's `purchase()` throwing (thread 801031), the transaction coming
    ///   later through `Transaction.updates`.
    /// - `missingDraw`: the purchase not reported as such now, only later. StoreKit 1's missing
    ///   `purchased` callback (it comes at the next launch); StoreKit 2's `.userCancelled` for a
    ///   charged payment (RevenueCat #4903), the transaction coming later through
    ///   `Transaction.updates`.
    /// A delay reuses the uniform of the anomaly that fired: given u < p, u / p is again uniform
    /// on [0, 1) and independent of everything else drawn.
    @inline(__always)
    mutating func onPaymentSheet(_ intent: Int32, payment: Int32, order: Int32) {
        // The scenario's fields read where used (`scenario.storeKit.x`), not a local copy of the
        // parameters: the world is written below (out of line, in `charge`), so such a copy was
        // made in full, some 300 bytes, at every payment sheet.
        let callbackDelay = kernel.sample(scenario.storeKit.callbackDelay, .storeKit)
        if payment == 0 { device.startPatience(intent, &kernel, &user) }
        let epoch = device.epoch
        // The user stays in the app until StoreKit's first callback for this payment.
        if kernel.fault(.userCancel, scenario.user.cancelProbability, draw: user.sheetAnswerDraw(intent, payment: payment, kernel)) {
            kernel.schedule(.failedCallback(intent: intent, epoch: epoch, cancelled: true, firstCallback: true), after: callbackDelay)
            return
        }
        let interruptionDraw = kernel.unit(.storeKit)
        let failDraw = kernel.unit(.storeKit)
        let missingDraw = kernel.unit(.storeKit)
        let secondDraw = kernel.streams.deferUnit(.storeKit)
        if design.storeKitAPI == .sk2 {
            if kernel.fault(.pendingPurchase, scenario.storeKit.pendingProbability, draw: interruptionDraw) {
                kernel.schedule(.purchasePending(intent: intent, epoch: epoch), after: callbackDelay)
                // Declined or abandoned: nothing more comes (`secondDraw`, unused otherwise here).
                guard !kernel.fault(.pendingDeclined, scenario.storeKit.pendingDeclinedProbability, deferred: secondDraw) else { return }
                let uniform = kernel.rescaled(.pendingPurchase, interruptionDraw, scenario.storeKit.pendingProbability)
                let delay = scenario.storeKit.pendingDelay.quantile(kernel.tailUniform(.pendingDelay, uniform))
                // Ask to Buy's request lapses unapproved after a day: never charged, as if declined.
                guard delay <= scenario.storeKit.pendingExpiryMs else {
                    kernel.note(.storeKit, nil, "the pending purchase of intent \(intent) lapses unapproved after "
                        + DurationText.format(scenario.storeKit.pendingExpiryMs))
                    return
                }
                kernel.schedule(.pendingCompletes(intent: intent, order: order), after: delay)
                return
            }
            let transaction = charge(intent, order: order)
            // After the charge, `purchase()` may throw or say `.userCancelled`: the app hears a
            // failure first (its `recordClearing` applies as to StoreKit 1's), then the
            // transaction through `Transaction.updates` `scenario.storeKit.lateUpdateDelay` later if the
            // app runs then, else at the next launch.
            if kernel.fault(.errorAfterCharge, scenario.storeKit.errorAfterChargeProbability, draw: failDraw) {
                reportFailureThenPurchase(intent, epoch: epoch, cancelled: false, transaction, .lateUpdate, after: callbackDelay,
                                          then: scenario.storeKit.lateUpdateDelay, failDraw, .errorAfterCharge,
                                          scenario.storeKit.errorAfterChargeProbability)
            } else if kernel.fault(.cancelledAfterCharge, scenario.storeKit.cancelledAfterChargeProbability, draw: missingDraw) {
                reportFailureThenPurchase(intent, epoch: epoch, cancelled: true, transaction, .lateUpdate, after: callbackDelay,
                                          then: scenario.storeKit.lateUpdateDelay, missingDraw, .cancelledAfterCharge,
                                          scenario.storeKit.cancelledAfterChargeProbability)
            } else {
                kernel.schedule(.purchasedCallback(transaction: transaction, delivery: .fresh, firstCallback: true), after: callbackDelay)
                if kernel.fault(.purchaseAlsoInUpdates, scenario.storeKit.purchaseAlsoInUpdatesProbability, deferred: secondDraw) {
                    kernel.schedule(.purchasedCallback(transaction: transaction, delivery: .repeatedUpdate, firstCallback: false),
                                    after: callbackDelay + Apple.repeatedUpdateAfterMs)
                }
            }
            return
        }
        let transaction = charge(intent, order: order)
        if kernel.fault(.cancelThenPurchased, scenario.storeKit.cancelThenPurchasedProbability, draw: interruptionDraw) {
            reportFailureThenPurchase(intent, epoch: epoch, cancelled: true, transaction, .fresh, after: callbackDelay,
                                      then: scenario.storeKit.anomalyDelay, interruptionDraw, .cancelThenPurchased,
                                      scenario.storeKit.cancelThenPurchasedProbability)
        } else if kernel.fault(.failThenPurchased, scenario.storeKit.failThenPurchasedProbability, draw: failDraw) {
            reportFailureThenPurchase(intent, epoch: epoch, cancelled: false, transaction, .fresh, after: callbackDelay,
                                      then: scenario.storeKit.anomalyDelay, failDraw, .failThenPurchased,
                                      scenario.storeKit.failThenPurchasedProbability)
        } else if kernel.fault(.purchasedCallbackMissing, scenario.storeKit.purchasedCallbackMissingProbability,
                               draw: missingDraw) {
            // No callback in this session: the transaction waits in the queue for the next launch.
            device.releaseSheet()
        } else {
            kernel.schedule(.purchasedCallback(transaction: transaction, delivery: .fresh, firstCallback: true), after: callbackDelay)
        }
    }

    /// StoreKit reports a charged payment as failed or cancelled first (its first callback, after
    /// `callbackDelay`), then hands the transaction over `delay` later: the delay reuses the
    /// uniform `uniform` of the fault `kind` that fired (probability `probability`), rescaled. Out of
    /// line: it follows an anomaly (about one payment in a hundred), and its quantile inlined
    /// made the payment sheet's handler larger for every payment.
    @inline(never)
    mutating func reportFailureThenPurchase(_ intent: Int32, epoch: Int32, cancelled: Bool, _ transaction: Int32,
                                            _ delivery: PurchasedDelivery, after callbackDelay: SimTime,
                                            then delay: DurationDistribution, _ uniform: Double, _ kind: FaultKind,
                                            _ probability: Double) {
        kernel.schedule(.failedCallback(intent: intent, epoch: epoch, cancelled: cancelled, firstCallback: true), after: callbackDelay)
        let later = delay.quantile(kernel.tailUniform(.lateHandOverDelay, kernel.rescaled(kind, uniform, probability)))
        kernel.schedule(.purchasedCallback(transaction: transaction, delivery: delivery, firstCallback: false), after: later)
    }

    /// A pending purchase goes through: Apple charges, and `Transaction.updates` hands the
    /// transaction to the running app (or, at the next launch, to the new process).
    @inline(never)  // a rare event: see `World.onFailedCallback`
    mutating func onPendingCompletes(_ intent: Int32, order: Int32) {
        let transaction = charge(intent, order: order)
        if device.appRunning {
            let delay = kernel.sample(scenario.storeKit.callbackDelay, .storeKit)
            kernel.schedule(.purchasedCallback(transaction: transaction, delivery: .fresh, firstCallback: false), after: delay)
        }
    }

    /// The app process ended, or after a normal leave went to the background: the user decides
    /// what next, and the device loses its memory unless the user will find the process still
    /// there.
    @inline(__always)
    mutating func processEnded(_ reason: User.ProcessEnd) {
        // What a cold launch would find is a part of what the suspended process keeps, so the
        // second scan is needed only when the first found something (most normal leaves find
        // nothing: the purchase was delivered and finished).
        let ifWarm = reason == .left && device.hasPendingWork(&apple, memoryToo: true)
        let pending = User.PendingWork(ifCold: ifWarm && device.hasPendingWork(&apple), ifWarm: ifWarm)
        let suspended = user.afterProcessEnd(reason, session: device.sessionIndex, pending: pending, &kernel, &ledger)
        device.processEnds(reason, suspended: suspended, &kernel, &ledger)
    }
}
