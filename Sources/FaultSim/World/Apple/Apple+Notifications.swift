/// App Store Server Notifications: Apple tells the app's server of a charge, retrying on
/// its own schedule when an attempt fails.
extension Apple {
    /// A charge starts Apple's notification of it, when the server listens.
    @inline(__always)
    mutating func notifyOfCharge(_ transaction: Int32, _ kernel: inout Kernel) {
        // Tested here, where it inlines: most designs' servers do not listen, and their charges
        // made a call only to return.
        guard sendsNotifications else { return }
        scheduleNotification(transaction, &kernel)
    }

    /// The first delivery attempt of a charge's `ONE_TIME_CHARGE`, after Apple's delay.
    @inline(never)
    mutating func scheduleNotification(_ transaction: Int32, _ kernel: inout Kernel) {
        let delay = kernel.sample(parameters.notificationDelay, .serverRecovery, tail: .notificationDelay)
        // The delay is long-tailed (`apple.notificationDelay`): say when the post is due, so a
        // trace whose notification never comes shows it was due after the run's end.
        kernel.note(.apple, nil, "will post ONE_TIME_CHARGE for transaction \(transaction) in "
            + DurationText.human(delay) + (kernel.now + delay > kernel.horizonMs ? ", after the run ends" : ""))
        kernel.schedule(.notificationAttempt(transaction: transaction, attempt: 0), after: delay)
    }

    /// One delivery attempt of `ONE_TIME_CHARGE`: whether it reached the server. A lost one is
    /// tried again on Apple's schedule.
    @inline(__always)
    mutating func attemptNotification(_ transaction: Int32, attempt: Int32, _ kernel: inout Kernel) -> Bool {
        guard kernel.fault(.notificationLost, parameters.notificationLossProbability, .serverRecovery) else { return true }
        transactions[Int(transaction)].postFailed = true
        retryNotification(transaction, after: attempt, &kernel)
        return false
    }

    /// The server answered attempt `attempt`: Apple's documentation retries "50x or 40x" and any
    /// attempt without a success answer; `apple.notificationRetriesOn4xx` says whether a 4xx still
    /// is. An accepted post is sometimes posted again (`notificationResent`).
    @inline(__always)
    mutating func notificationAnswered(_ transaction: Int32, attempt: Int32, _ answer: NotificationAnswer, _ kernel: inout Kernel) {
        transactions[Int(transaction)].postFailed = answer != .accepted
        switch answer {
        case .accepted:
            if kernel.fault(.notificationResent, parameters.notificationResentProbability, .serverRecovery) {
                retryNotification(transaction, after: attempt, &kernel)
            }
        case .status5xx, .none:
            retryNotification(transaction, after: attempt, &kernel)
        case .status4xx:
            if parameters.notificationRetriesOn4xx == .retried { retryNotification(transaction, after: attempt, &kernel) }
        }
    }

    /// Schedules the attempt after `attempt`, while Apple's five retries last.
    @inline(__always)
    func retryNotification(_ transaction: Int32, after attempt: Int32, _ kernel: inout Kernel) {
        let retries = Apple.notificationRetryHours
        guard Int(attempt) < retries.count else { return }
        kernel.schedule(.notificationAttempt(transaction: transaction, attempt: attempt + 1), after: retries[Int(attempt)] * 3_600_000)
    }

    /// Apple's answer to one server call (verifyReceipt, or the App Store Server API): how long
    /// it takes and whether it is valid, decided now (two draws every call).
    struct CallAnswer { var delay: SimTime; var valid: Bool; var failure: Cause }

    @inline(__always)
    mutating func answerCall(timeoutMs: SimTime, _ kernel: inout Kernel) -> CallAnswer {
        let latency = kernel.sample(parameters.verifyLatency, .apple, tail: .verifyLatency)
        let answerDraw = kernel.unit(.apple)
        // A rule fault always fires, except in a replay that suppresses it ("had the server
        // waited"), where the call takes its whole latency.
        if latency > timeoutMs && kernel.ruleFault(.appleTimeout) {
            return CallAnswer(delay: timeoutMs, valid: false, failure: .appleTimeout)
        }
        let outage = isOutage(kernel.now)
        let valid = !outage && !kernel.fault(.appleTryAgain, parameters.tryAgainProbability, draw: answerDraw)
        return CallAnswer(delay: latency, valid: valid, failure: valid ? .none : (outage ? .appleOutage : .appleTryAgain))
    }

    /// Whether Get Transaction History answers now (the reconciliation job's one call).
    @inline(__always)
    mutating func answersHistory(_ kernel: inout Kernel) -> Bool {
        !isOutage(kernel.now) && !kernel.fault(.appleTryAgain, parameters.tryAgainProbability, .serverRecovery)
    }
}
