/// The app process: launches, sessions, the spinner's patience, crashes, kills, coming back,
/// reinstalls and account switches.
extension Device {
    /// The user opens the app to buy: a launch if it is not running, then the Buy tap.
    @inline(__always)
    mutating func onIntentStart(_ intent: Int32, _ kernel: inout Kernel, _ ledger: inout Ledger, _ apple: inout Apple,
                                _ user: inout User) {
        if suspended {
            resume(&kernel, &ledger, &apple, &user)
        } else if !appRunning {
            launch(&kernel, &ledger, &apple, &user)
        }
        kernel.schedule(.buyTap(intent: intent, epoch: epoch, payment: 0), after: Device.buyTapAfterOpenMs)
    }

    /// A cold start: StoreKit redelivers every unfinished transaction to the observer the
    /// app registers at launch, and the design's launch trigger retries its records.
    @inline(__always)
    mutating func launch(_ kernel: inout Kernel, _ ledger: inout Ledger, _ apple: inout Apple, _ user: inout User) {
        processIndex += 1
        startSession(resuming: false, &kernel, &ledger, &user)
        apple.redeliverAtLaunch(&kernel)
        if traits.retriesAtLaunch || design.foregroundSweep {
            kernel.schedule(.launchRetry(epoch: epoch), after: Device.launchRetryAfterLaunchMs)
        }
    }

    /// A warm return: the user comes back to the suspended process, whose memory is intact.
    /// StoreKit 1 calls the observer again with the unfinished transactions (Apple,
    /// *finishTransaction(_:)*: "every time your app launches or resumes from background"),
    /// unless `storeKit.resumeWithoutRedeliveryProbability` says otherwise; StoreKit 2's
    /// `Transaction.updates` hands over only what it has not handed to this process (a charge
    /// that landed meanwhile): what it handed over before, finished or not, comes back only
    /// through a sweep of `Transaction.unfinished` (Apple DTS, forums thread 787431: the
    /// listener "will receive unfinished transactions once upon app launch"). The design's
    /// `foreground` trigger and `foregroundSweep` run 1 s in.
    @inline(__always)
    mutating func resume(_ kernel: inout Kernel, _ ledger: inout Ledger, _ apple: inout Apple, _ user: inout User) {
        startSession(resuming: true, &kernel, &ledger, &user)
        let sk1 = design.storeKitAPI == .sk1
        let redelivers = sk1 && !kernel.fault(.noRedeliveryOnResume, apple.storeKit.resumeWithoutRedeliveryProbability, .storeKit)
        for index in transactions.indices where !apple.transactions[index].finished {
            guard sk1 ? redelivers : transactions[index].seenInProcess != processIndex else { continue }
            kernel.schedule(.purchasedCallback(transaction: Int32(index), delivery: .redeliveredOnResume, firstCallback: false),
                            after: Apple.redeliveryAfterLaunchMs)
        }
        if traits.retriesOnResume || design.foregroundSweep {
            kernel.schedule(.launchRetry(epoch: epoch), after: Device.launchRetryAfterLaunchMs)
        }
    }

    /// A new session, launched or resumed: its crash and its length.
    @inline(__always)
    mutating func startSession(resuming: Bool, _ kernel: inout Kernel, _ ledger: inout Ledger, _ user: inout User) {
        appRunning = true
        suspended = false
        resumed = resuming
        epoch += 1
        sessionIndex += 1
        ledger.recordLaunch(session: sessionIndex, install: installIndex)
        kernel.note(.app, nil, resuming ? "resumes from the background (session \(sessionIndex))"
            : "launches (session \(sessionIndex)); " + (design.storeKitAPI == .sk2 ? "listens to Transaction.updates"
                : "registers the StoreKit observer"))
        launchedAt = kernel.now
        // Scripted (`simrun check`), the crash is a choice between every two steps of the
        // session instead (`crashesBeforeNextStep`), so that it can strike at each of them.
        if !kernel.faults.isScripted && kernel.fault(.appCrash, parameters.crashProbabilityPerSession, .device) {
            let delay = kernel.sample(parameters.crashTime, .device)
            kernel.schedule(.appCrash(epoch: epoch), after: delay)
        }
        let sessionLength = kernel.sample(user.parameters.sessionLength, .user)
        kernel.schedule(.sessionEnd(epoch: epoch), after: sessionLength)
    }

    /// The user leaves, unless held on Apple's sheet or behind the spinner (then patience
    /// decides, and the leave is tried again later). Whether the process ends now.
    @inline(__always)
    mutating func onSessionEnd(epoch sessionEpoch: Int32, _ kernel: inout Kernel) -> Bool {
        guard isCurrent(sessionEpoch) else { return false }
        if isHeldInApp {
            kernel.schedule(.sessionEnd(epoch: epoch), after: Device.modalLingerMs)
            return false
        }
        return true
    }

    /// The user's patience behind the spinner ran out: the user kills the app. Whether the
    /// process ends now.
    @inline(__always)
    mutating func onPatienceExpired(_ intent: Int32, epoch modalEpoch: Int32, _ kernel: inout Kernel) -> Bool {
        guard waitsBehindModal(intent, modalEpoch) else { return false }
        guard kernel.ruleFault(.userKill) else { return false }
        kernel.tally.stuckModals += 1
        return true
    }

    /// `simrun check`'s crash: after each step of a running session, a choice "the app crashes
    /// before the next step". Seeded, a session crashes with probability c at a time T drawn
    /// from `device.crashTime` after its launch; here the chance that T falls before the next
    /// pending event, given that it did not fall earlier, is
    /// (c·F(next) − c·F(now)) / (1 − c·F(now)), F being T's distribution function, so the
    /// scripted world crashes in each interval as often as the seeded one. The crash lands at
    /// the start of the interval rather than inside it: nothing happens in between, so only
    /// the time the relaunch delay counts from moves, by less than the interval.
    @inline(__always)
    mutating func crashesBeforeNextStep(_ kernel: inout Kernel) -> Bool {
        let c = parameters.crashProbabilityPerSession
        guard appRunning, c > 0 else { return false }
        let elapsed = kernel.now - launchedAt
        let next = (kernel.queue.nextTime ?? kernel.horizonMs) - launchedAt
        let before = c * parameters.crashTime.cumulative(elapsed - 1)
        let after = c * parameters.crashTime.cumulative(next - 1)
        guard after > before, before < 1 else { return false }
        return kernel.fault(.appCrash, (after - before) / (1 - before), draw: 0)
    }

    /// The process is gone, and memory dies with it; or, `suspended`, the app went to the
    /// background and stays in memory for the user's warm return. Suspended, it runs nothing:
    /// requests in flight and timers die with the session (their epoch), records stay.
    @inline(__always)
    mutating func processEnds(_ reason: User.ProcessEnd, suspended: Bool, _ kernel: inout Kernel, _ ledger: inout Ledger) {
        kernel.note(.app, nil, suspended ? "suspended in the background" : "process ends (\(reason))")
        appRunning = false
        self.suspended = suspended
        ledger.recordProcessEnd()
        modalIntent = -1
        if !suspended {
            for index in records.indices where records[index].alive && !records[index].durable {
                records[index].alive = false
            }
        }
        for index in transactions.indices { transactions[index].inFlight = false }
    }

    /// Whether work is left that a return would pick up: a transaction StoreKit will hand to
    /// the next launch, or a record of an unconfirmed transaction that outlives the process
    /// (`memoryToo`: any record, for a return to the suspended process).
    @inline(__always)
    func hasPendingWork(_ apple: inout Apple, memoryToo: Bool = false) -> Bool {
        if apple.hasTransactionsForNextLaunch() { return true }
        // By index: a for-in over the run array retains and releases its storage.
        for index in records.indices where records[index].alive && (memoryToo || records[index].durable)
            && records[index].transaction >= 0 {
            if !transactions[Int(records[index].transaction)].confirmed { return true }
        }
        return false
    }

    /// The user opens the app again: the suspended process if it is still there, else a
    /// launch, after reinstalling the app or not.
    @inline(__always)
    mutating func onUserReturns(reinstalled: Bool, _ kernel: inout Kernel, _ ledger: inout Ledger, _ apple: inout Apple,
                                _ user: inout User) {
        guard !appRunning else { return }
        if suspended {
            resume(&kernel, &ledger, &apple, &user)
            return
        }
        if reinstalled {
            installIndex += 1
            for index in records.indices where records[index].alive && records[index].durable
                && !design.localStore.survivesReinstall {
                records[index].alive = false
                kernel.note(.localStore, nil, "reinstall wipes the sandbox record of intent \(records[index].intent)")
                ledger.recordRecordLoss(records[index].intent, .sandboxWipedByReinstall, keepingFirst: true)
            }
        }
        launch(&kernel, &ledger, &apple, &user)
    }

    @inline(__always)
    mutating func onAccountSwitch() {
        currentUser = currentUser == 1 ? 2 : 1
    }

    /// The intent's spinner, if it is the one showing, goes away.
    @inline(__always)
    mutating func closeModal(_ intent: Int32) {
        if modalIntent == intent { modalIntent = -1 }
    }

    /// The payment's first StoreKit answer arrived: its sheet no longer holds the user.
    @inline(__always)
    mutating func releaseSheet() { paymentsOnSheet -= 1 }
}
