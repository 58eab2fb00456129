import Policies

/// The person holding the phone: the plan of what to buy and when, the patience behind a
/// spinner, the answer at Apple's payment sheet, and what they do after the app dies (call
/// support, come back, reinstall, or leave for good). The user acts on the device through
/// events, and every decision is a fault drawn through the kernel.
struct User: Sendable {
    let parameters: UserParameters
    let catalog: CatalogParameters
    /// One plan per intent, in order.
    var plans = RunArray<IntentPlan>()
    /// A `userReturns` event is pending.
    var returnScheduled = false
    /// The user decided never to come back after a kill or crash.
    var goneForGood = false

    /// When the first intent starts.
    static var firstIntentAtMs: SimTime { 1_000 }

    init(parameters: UserParameters, catalog: CatalogParameters) {
        self.parameters = parameters
        self.catalog = catalog
    }

    @inline(__always)
    mutating func reset(shared: Bool) {
        plans.removeAll(shared: shared)
        returnScheduled = false
        goneForGood = false
    }

    @inline(__always)
    subscript(intent: Int32) -> IntentPlan { plans[Int(intent)] }

    /// Draws the intents, from the plan stream, in a fixed order.
    @inline(__always)
    mutating func plan(_ kernel: inout Kernel, _ ledger: inout Ledger) {
        var startAt: SimTime = 0
        let items = ItemNumbering(catalog)
        for index in 0..<parameters.intentsPerRun {
            startAt += index == 0 ? User.firstIntentAtMs
                : parameters.timeBetweenIntents.quantile(deferred: kernel.streams.deferUnit(.plan))
            var plan = IntentPlan()
            plan.startAt = startAt
            plan.product = Int32(catalog.products > 1 ? kernel.streams.int(.plan, below: catalog.products) : 0)
            let choice = catalog.itemsPerProduct > 1 ? kernel.streams.int(.plan, below: catalog.itemsPerProduct) : 0
            plan.item = items.item(product: plan.product, choice: Int32(choice))
            plan.sheetTime = parameters.paymentSheetTime.quantile(deferred: kernel.streams.deferUnit(.plan))
            // Patience, switch delay, cancel, double tap, switch: five draws, in this order.
            plan.patienceDraw = kernel.streams.deferUnit(.plan)
            plan.gamma = kernel.streams.gamma
            kernel.streams.skip(.plan, 4)
            plans.append(plan)
            ledger.recordIntent(item: plan.item)
        }
    }

    /// Draws, for every intent, the uniform that says whether it is bought outside the app: the
    /// plan's last draws (after the weather and the returning customer), so they shift no
    /// earlier one.
    @inline(__always)
    mutating func planWhereBought(_ kernel: inout Kernel) {
        for index in plans.indices { plans[index].outsideAppDraw = kernel.streams.deferUnit(.plan) }
        // After every intent's: the refund's draws shift none of the ones before.
        for index in plans.indices {
            plans[index].refundDraw = kernel.streams.deferUnit(.plan)
            plans[index].refundDelayDraw = kernel.streams.deferUnit(.plan)
        }
    }

    /// Schedules every intent's start (after the rest of the plan is drawn): the user opening the
    /// app to buy, or, with `outsideAppPurchaseProbability`, buying in the App Store instead.
    /// `mutating` although it writes nothing of the user's: a non-mutating method called on
    /// `self`, a field of the world, while `kernel`, another field, is passed `inout`, got a
    /// copy of the whole user (a 458-byte memcpy per run).
    @inline(__always)
    mutating func scheduleIntents(_ kernel: inout Kernel) {
        for index in plans.indices {
            let intent = Int32(index)
            if kernel.fault(.outsideAppPurchase, parameters.outsideAppPurchaseProbability, deferred: plans[index].outsideAppDraw) {
                kernel.schedule(.outsideAppPurchase(intent: intent), after: plans[index].startAt)
                // The fault is drawn with the plan, at the run's start; the purchase comes later.
                kernel.note(.user, nil, "intent \(intent) will be bought in the App Store, "
                    + DurationText.format(plans[index].startAt) + " into the run")
            } else {
                kernel.schedule(.intentStart(intent: intent), after: plans[index].startAt)
            }
        }
    }

    /// What a purchase made outside the app is for: it names an Apple product, not one of the
    /// app's items, so the product's default item (the one the app grants when only the product
    /// is known).
    @inline(__always)
    func outsideAppItem(_ intent: Int32) -> Int32 { ItemNumbering(catalog).defaultItem(of: plans[Int(intent)].product) }

    /// The uniform that made `intent` a purchase outside the app (its plan's deferred draw).
    func outsideAppUniform(_ intent: Int32) -> Double { plans[Int(intent)].outsideAppDraw.value }

    /// How long the user waits behind the spinner for `intent`.
    @inline(__always)
    func patience(_ intent: Int32) -> SimTime { parameters.patience.quantile(deferred: plans[Int(intent)].patienceDraw) }

    /// The uniform that answers payment `payment`'s sheet: the plan's own for the real one; for
    /// an accidental second payment, the double tap's uniform rescaled (it fired, so it is below
    /// `doubleTapProbability`).
    @inline(__always)
    func sheetAnswerDraw(_ intent: Int32, payment: Int32, _ kernel: Kernel) -> Double {
        let plan = plans[Int(intent)]
        return payment == 0 ? plan.cancelDraw.value : kernel.rescaled(.doubleTap, plan.doubleTapDraw.value, parameters.doubleTapProbability)
    }

    /// Whether the user taps Buy twice for `intent`.
    @inline(__always)
    func tapsTwice(_ intent: Int32, _ kernel: inout Kernel) -> Bool {
        kernel.fault(.doubleTap, parameters.doubleTapProbability, deferred: plans[Int(intent)].doubleTapDraw)
    }

    /// The user's first charge for `intent` went through; the user may switch app account a
    /// little later.
    @inline(__always)
    func afterFirstCharge(_ intent: Int32, _ kernel: inout Kernel) {
        let plan = plans[Int(intent)]
        if kernel.fault(.accountSwitch, parameters.accountSwitchProbability, deferred: plan.switchDraw) {
            kernel.schedule(.accountSwitch, after: parameters.accountSwitchDelay.quantile(deferred: plan.switchDelayDraw))
        }
    }

    /// After the round's tries ran out, the user may open the recover page.
    @inline(__always)
    func mayOpenRecoverPage(_ transaction: Int32, epoch: Int32, _ kernel: inout Kernel) {
        if kernel.fault(.recoverPageUse, parameters.recoverPageUseProbability, .user) {
            let delay = kernel.sample(parameters.recoverPageDelay, .user)
            kernel.schedule(.recoverPageOpen(transaction: transaction, epoch: epoch), after: delay)
        }
    }
}
