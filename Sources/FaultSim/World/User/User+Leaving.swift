/// What the user does once the app process is gone, and coming back.
extension User {
    /// Why the app process ended.
    enum ProcessEnd { case killedByUser, crashed, left }

    /// What the device has left to do when the user leaves: `ifCold` after a cold launch (what
    /// StoreKit and the durable records keep), `ifWarm` in the suspended process (memory too).
    struct PendingWork { var ifCold: Bool; var ifWarm: Bool }

    /// The app died or the user left (`session` is the session that ended): users charged in
    /// it with nothing to show may call support; after a kill or crash the user may never come
    /// back, or may reinstall; after a normal leave the user comes back only if the device has
    /// work pending, may not come back at all, and may come back to the suspended process.
    /// Whether the process stays suspended for that warm return.
    @inline(__always)
    mutating func afterProcessEnd(_ reason: ProcessEnd, session: Int32, pending: PendingWork,
                                  _ kernel: inout Kernel, _ ledger: inout Ledger) -> Bool {
        askForSupport(session: session, &kernel, &ledger)
        var reinstall = false
        if reason == .left {
            // A normal leave: the user comes back some day; only work left on the device makes
            // that return matter to the model, so idle returns are not simulated (a charge
            // that lands while the app is away schedules the return then: `scheduleReturn`).
            guard pending.ifWarm else { return false }
            if kernel.fault(.neverReturnsAfterLeave, parameters.neverReturnsAfterLeaveProbability, .user) {
                goneForGood = true
                ledger.recordUserGone()
                return false
            }
            let warm = kernel.fault(.warmReturn, parameters.warmReturnProbability, .user)
            if warm || pending.ifCold { scheduleReturn(reinstall: false, &kernel) }
            return warm
        } else {
            if kernel.fault(.neverComesBack, parameters.neverComesBackProbability, .user) {
                goneForGood = true
                ledger.recordUserGone()
                return false
            }
            reinstall = kernel.fault(.reinstall, parameters.reinstallProbability, .user)
        }
        scheduleReturn(reinstall: reinstall, &kernel)
        return false
    }

    /// Users charged in `session` who have nothing to show for it may call support.
    @inline(__always)
    mutating func askForSupport(session: Int32, _ kernel: inout Kernel, _ ledger: inout Ledger) {
        for index in ledger.intents.indices {
            let intent = ledger.intents[index]
            guard intent.charges > 0, intent.correctDeliveries == 0, !intent.supportContacted,
                  intent.chargedSession == session else { continue }
            if kernel.fault(.supportContact, parameters.supportContactProbability, .user) {
                ledger.recordSupportContact(index)
                kernel.tally.supportContacts += 1
            }
        }
    }

    /// The user will open the app again after the relaunch delay.
    @inline(__always)
    mutating func scheduleReturn(reinstall: Bool, _ kernel: inout Kernel) {
        guard !returnScheduled, !goneForGood else { return }
        returnScheduled = true
        let delay = kernel.sample(parameters.relaunchDelay, .user, tail: .relaunchDelay)
        kernel.schedule(.userReturns(reinstalled: reinstall), after: delay)
    }

    /// After buying outside the app, the user opens it after `outsideAppOpenDelay`, to use what
    /// they bought: like an intent's start, whether or not a return is already scheduled or the
    /// user had left for good.
    @inline(__always)
    mutating func opensAppAfterOutsidePurchase(_ kernel: inout Kernel) {
        returnScheduled = true
        let delay = kernel.sample(parameters.outsideAppOpenDelay, .user, tail: .outsideAppOpenDelay)
        kernel.schedule(.userReturns(reinstalled: false), after: delay)
    }

    /// The user is back.
    @inline(__always)
    mutating func returns() { returnScheduled = false }
}
