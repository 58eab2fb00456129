/// The user and the app process: the plan, Buy taps, patience, sessions, kills, crashes,
/// coming back, reinstalls and account switches.
extension World {
    enum ProcessEnd { case killedByUser, crashed, left }

    /// Draws everything about the run that does not depend on the design, from the plan
    /// stream, in a fixed order: the same user and weather for every design.
    mutating func planRun() {
        let user = scenario.user
        let catalog = scenario.catalog
        var startAt: SimTime = 0
        for index in 0..<user.intentsPerRun {
            startAt += index == 0 ? 1_000 : user.timeBetweenIntents.quantile(streams.unit(.plan))
            var intent = IntentState()
            intent.startAt = startAt
            intent.product = Int32(catalog.products > 1 ? streams.int(.plan, below: catalog.products) : 0)
            let choice = catalog.itemsPerProduct > 1 ? streams.int(.plan, below: catalog.itemsPerProduct) : 0
            intent.item = intent.product * Int32(catalog.itemsPerProduct) + Int32(choice)
            intent.sheetTime = user.paymentSheetTime.quantile(streams.unit(.plan))
            intent.patienceDraw = streams.unit(.plan)
            intent.switchDelayDraw = streams.unit(.plan)
            intent.cancelDraw = streams.unit(.plan)
            intent.doubleTapDraw = streams.unit(.plan)
            intent.switchDraw = streams.unit(.plan)
            intents.append(intent)
        }
        let network = scenario.network
        // The weather's durations are drawn always and computed only for the runs that have it.
        let weakDraw = streams.unit(.plan)
        let weakStartDraw = streams.unit(.plan)
        let weakLengthDraw = streams.unit(.plan)
        let apple = scenario.apple
        let outageDraw = streams.unit(.plan)
        let outageStartDraw = streams.unit(.plan)
        let outageLengthDraw = streams.unit(.plan)
        // The plan's last draw, made only by designs whose server asks for history (the only
        // thing a known customer changes), so it shifts no other draw.
        if traits.reconcilesHistory {
            customerKnown = streams.unit(.plan) < user.returningCustomerProbability
        }

        if fault(.weakNetwork, network.weakNetworkProbability, draw: weakDraw) {
            offlineFrom = network.weakNetworkStart.quantile(weakStartDraw)
            offlineUntil = offlineFrom + network.weakNetworkDuration.quantile(weakLengthDraw)
            schedule(.networkRegained, after: offlineUntil)
        }
        if fault(.appleOutage, apple.outageProbability, draw: outageDraw) {
            outageFrom = apple.outageStart.quantile(outageStartDraw)
            outageUntil = outageFrom + apple.outageDuration.quantile(outageLengthDraw)
        }
        for index in intents.indices {
            schedule(.intentStart, after: intents[index].startAt, Int32(index))
        }
    }

    mutating func onIntentStart(_ intent: Int32) {
        if !appRunning { launch() }
        schedule(.buyTap, after: World.buyTapAfterOpenMs, intent, epoch, 0)
    }

    /// A Buy tap: payment 0 is the real one, payment 1 the accidental second tap.
    mutating func onBuyTap(_ intent: Int32, epoch tapEpoch: Int32, payment: Int32) {
        guard appRunning, tapEpoch == epoch else { return }
        let index = Int(intent)
        if payment == 0 {
            intents[index].uid = currentUser
            if fault(.doubleTap, scenario.user.doubleTapProbability, draw: intents[index].doubleTapDraw),
               !design.guardsDoubleTap {
                schedule(.buyTap, after: World.secondTapAfterMs, intent, epoch, 1)
            }
            // The spinner goes up now; the user's patience only starts to run once Apple's
            // payment sheet is gone (see `startPatience`).
            if design.blockingUI == .modal { modalIntent = intent }
        }
        let record = Int32(records.count)
        records.append(RecordState(
            durable: design.persistMoment == .buyTap && design.localStore.survivesProcessDeath,
            intent: intent, uid: currentUser, item: intents[index].item, product: intents[index].product))
        switch design.orderTiming {
        case .payFirst: addPayment(intent, payment: payment, order: -1, record: record)
        case .orderFirst: sendCreateOrder(intent, payment: payment, record: record)
        }
    }

    mutating func onPatienceExpired(_ intent: Int32, epoch modalEpoch: Int32) {
        guard appRunning, modalEpoch == epoch, modalIntent == intent else { return }
        guard ruleFault(.userKill) else { return }
        tally.stuckModals += 1
        processEnds(.killedByUser)
    }

    /// The payment sheet closed and the spinner is what the user sees: patience runs from
    /// `delay` ms from now.
    @inline(__always)
    mutating func startPatience(_ intent: Int32, after delay: SimTime = 0) {
        guard appRunning, modalIntent == intent else { return }
        schedule(.patienceExpired, after: delay + scenario.user.patience.quantile(intents[Int(intent)].patienceDraw), intent, epoch)
    }

    mutating func closeModal(_ intent: Int32) {
        if modalIntent == intent { modalIntent = -1 }
    }

    mutating func onSessionEnd(epoch sessionEpoch: Int32) {
        guard appRunning, sessionEpoch == epoch else { return }
        if modalIntent >= 0 || paymentsOnSheet > 0 {
            // The user is on Apple's sheet or waiting behind the spinner; patience decides.
            schedule(.sessionEnd, after: World.modalLingerMs, 0, epoch)
            return
        }
        processEnds(.left)
    }

    mutating func onAppCrash(epoch crashEpoch: Int32) {
        guard appRunning, crashEpoch == epoch else { return }
        processEnds(.crashed)
    }

    /// The process is gone: memory dies, and the user may or may not come back.
    mutating func processEnds(_ reason: ProcessEnd) {
        note(.app, nil, "process ends (\(reason))")
        appRunning = false
        modalIntent = -1
        for index in records.indices where records[index].alive && !records[index].durable {
            records[index].alive = false
        }
        for index in transactions.indices { transactions[index].inFlight = false }
        askForSupport()
        var reinstall = false
        if reason == .left {
            // A normal leave: the user comes back some day; only work left on the device makes
            // that return matter to the model, so idle returns are not simulated (a charge
            // that lands while the app is away schedules the return then: `scheduleReturn`).
            guard hasPendingClientWork() else { return }
        } else {
            if fault(.neverComesBack, scenario.user.neverComesBackProbability, .user) {
                userGoneForGood = true
                return
            }
            reinstall = fault(.reinstall, scenario.user.reinstallProbability, .user)
        }
        scheduleReturn(reinstall: reinstall)
    }

    /// What a scripted run does after each event: note the event's kind for coverage, and
    /// offer the crash.
    mutating func afterScriptedEvent(_ kind: UInt8) {
        if recordsChoices { lastRunEventKinds |= 1 << UInt64(kind) }
        if appRunning { considerScriptedCrash() }
    }

    /// `simrun check`'s crash: after each step of a running session, a choice "the app crashes
    /// before the next step". Seeded, a session crashes with probability c at a time T drawn
    /// from `device.crashTime` after its launch; here the chance that T falls before the next
    /// pending event, given that it did not fall earlier, is
    /// (c·F(next) − c·F(now)) / (1 − c·F(now)), F being T's distribution function, so the
    /// scripted world crashes in each interval as often as the seeded one. The crash lands at
    /// the start of the interval rather than inside it: nothing happens in between, so only
    /// the time the relaunch delay counts from moves, by less than the interval.
    mutating func considerScriptedCrash() {
        let device = scenario.device
        let c = device.crashProbabilityPerSession
        guard c > 0 else { return }
        let elapsed = now - launchedAt
        let next = (queue.nextTime ?? scenario.horizonMs) - launchedAt
        let before = c * device.crashTime.cumulative(elapsed - 1)
        let after = c * device.crashTime.cumulative(next - 1)
        guard after > before, before < 1 else { return }
        if fault(.appCrash, (after - before) / (1 - before), draw: 0) {
            processEnds(.crashed)
        }
    }

    /// The user will open the app again after the relaunch delay.
    @inline(__always)
    mutating func scheduleReturn(reinstall: Bool) {
        guard !returnScheduled, !userGoneForGood else { return }
        returnScheduled = true
        schedule(.userReturns, after: sample(scenario.user.relaunchDelay, .user), reinstall ? 1 : 0)
    }

    /// Users charged in this session who have nothing to show for it may call support.
    @inline(__always)
    mutating func askForSupport() {
        for index in intents.indices {
            let intent = intents[index]
            guard intent.charges > 0, intent.correctDeliveries == 0, !intent.supportContacted,
                  intent.chargedSession == sessionIndex else { continue }
            if fault(.supportContact, scenario.user.supportContactProbability, .user) {
                intents[index].supportContacted = true
                tally.supportContacts += 1
            }
        }
    }

    @inline(__always)  // out of line, the call would first copy the whole World (see World.swift)
    func hasPendingClientWork() -> Bool {
        for transaction in transactions where !transaction.finished || transaction.comesBackAtLaunch {
            return true
        }
        for record in records where record.alive && record.durable && record.transaction >= 0 {
            if !transactions[Int(record.transaction)].confirmed { return true }
        }
        return false
    }

    mutating func onUserReturns(reinstalled: Bool) {
        returnScheduled = false
        guard !appRunning else { return }
        if reinstalled {
            installIndex += 1
            for index in records.indices where records[index].alive && records[index].durable
                && !design.localStore.survivesReinstall {
                records[index].alive = false
                note(.localStore, nil, "reinstall wipes the sandbox record of intent \(records[index].intent)")
                let intent = Int(records[index].intent)
                if intents[intent].recordLoss == .none { intents[intent].recordLoss = .sandboxWipedByReinstall }
            }
        }
        launch()
    }

    /// A cold start: StoreKit redelivers every unfinished transaction to the observer the
    /// app registers at launch, and the design's launch trigger retries its records.
    @inline(__always)
    mutating func launch() {
        appRunning = true
        epoch += 1
        sessionIndex += 1
        note(.app, nil, "launches (session \(sessionIndex)); registers the StoreKit observer")
        let device = scenario.device
        launchedAt = now
        // Scripted (`simrun check`), the crash is a choice between every two steps of the
        // session instead (`considerScriptedCrash`), so that it can strike at each of them.
        if !faults.isScripted && fault(.appCrash, device.crashProbabilityPerSession, .device) {
            schedule(.appCrash, after: sample(device.crashTime, .device), 0, epoch)
        }
        schedule(.sessionEnd, after: sample(scenario.user.sessionLength, .user), 0, epoch)
        for index in transactions.indices where !transactions[index].finished || transactions[index].comesBackAtLaunch {
            let delivery: PurchasedDelivery = transactions[index].finished ? .finishedComingBack : .redeliveredAtLaunch
            transactions[index].comesBackAtLaunch = false
            schedule(.purchasedCallback, after: World.redeliveryAfterLaunchMs, Int32(index), delivery.rawValue)
        }
        if traits.retriesAtLaunch {
            schedule(.launchRetry, after: World.launchRetryAfterLaunchMs, 0, epoch)
        }
    }

    mutating func onAccountSwitch() {
        currentUser = currentUser == 1 ? 2 : 1
    }
}
