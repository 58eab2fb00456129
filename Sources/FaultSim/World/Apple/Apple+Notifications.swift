/// App Store Server Notifications: Apple tells the app's server of a charge, retrying on
/// its own schedule when an attempt fails.
extension Apple {
    /// A charge starts Apple's notification of it, when the server listens.
    @inline(__always)
    mutating func notifyOfCharge(_ transaction: Int32, _ kernel: inout Kernel) {
        guard sendsNotifications else { return }
        let delay = kernel.sample(parameters.notificationDelay, .apple)
        kernel.schedule(.notificationAttempt(transaction: transaction, attempt: 0), after: delay)
    }

    /// One delivery attempt of `ONE_TIME_CHARGE`: whether it reached the server. A lost one is
    /// tried again on Apple's schedule.
    @inline(__always)
    mutating func attemptNotification(_ transaction: Int32, attempt: Int32, _ kernel: inout Kernel) -> Bool {
        guard kernel.fault(.notificationLost, parameters.notificationLossProbability, .apple) else { return true }
        let retries = Apple.notificationRetryHours
        if Int(attempt) < retries.count {
            kernel.schedule(.notificationAttempt(transaction: transaction, attempt: attempt + 1),
                            after: retries[Int(attempt)] * 3_600_000)
        }
        return false
    }

    /// Apple's answer to one server call (verifyReceipt, or the App Store Server API): how long
    /// it takes and whether it is valid, decided now (two draws every call).
    struct CallAnswer { var delay: SimTime; var valid: Bool; var failure: Cause }

    @inline(__always)
    mutating func answerCall(timeoutMs: SimTime, _ kernel: inout Kernel) -> CallAnswer {
        let latency = kernel.sample(parameters.verifyLatency, .apple)
        let answerDraw = kernel.unit(.apple)
        if latency > timeoutMs {
            _ = kernel.ruleFault(.appleTimeout)
            return CallAnswer(delay: timeoutMs, valid: false, failure: .appleTimeout)
        }
        let outage = isOutage(kernel.now)
        let valid = !outage && !kernel.fault(.appleTryAgain, parameters.tryAgainProbability, draw: answerDraw)
        return CallAnswer(delay: latency, valid: valid, failure: valid ? .none : (outage ? .appleOutage : .appleTryAgain))
    }

    /// Whether Get Transaction History answers now (the reconciliation job's one call).
    @inline(__always)
    mutating func answersHistory(_ kernel: inout Kernel) -> Bool {
        !isOutage(kernel.now) && !kernel.fault(.appleTryAgain, parameters.tryAgainProbability, .apple)
    }
}
