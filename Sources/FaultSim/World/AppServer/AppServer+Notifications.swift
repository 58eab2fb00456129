/// How the server's notification endpoint answers one of Apple's posts.
enum NotificationAnswer: UInt8, Sendable {
    /// HTTP 200-206: Apple records a success.
    case accepted
    /// HTTP 50x: retried on Apple's schedule.
    case status5xx
    /// HTTP 40x: retried or not, by `apple.notificationRetriesOn4xx`.
    case status4xx
    /// No answer before Apple's timeout (a crash, a slow handler): a failed attempt, retried.
    case none
}

/// App Store Server Notifications as the server's endpoint receives them: a post goes through
/// the same failures as any request (an outage, a 5xx, a crash), then through the endpoint's own
/// (broken for a window, a signature it cannot check, an answer too slow for Apple).
extension AppServer {
    /// A `ONE_TIME_CHARGE` post reached the server: credit what Apple's data alone maps, and
    /// answer. `appleTimeoutMs` is how long Apple waits for the answer.
    @inline(__always)
    mutating func onNotification(_ transaction: Int32, appleTimeoutMs: SimTime, _ kernel: inout Kernel, _ ledger: inout Ledger,
                                 _ apple: inout Apple) -> NotificationAnswer {
        if isDown(kernel.now) {
            kernel.note(.appServer, .apple, "down: 503")
            return .status5xx
        }
        if endpointBroken.contains(kernel.now) {
            switch parameters.notificationEndpointBehaviour {
            case .answers5xx:
                kernel.note(.appServer, .apple, "broken endpoint: 500")
                return .status5xx
            case .answers4xx:
                kernel.note(.appServer, .apple, "broken endpoint: 400")
                return .status4xx
            case .dropsSilently:
                kernel.note(.appServer, .apple, "broken endpoint: 200, payload dropped")
                return .accepted
            }
        }
        if kernel.fault(.serverError, parameters.errorProbability, .serverRecovery) { return .status5xx }
        if cannotCheckSignatures(kernel.now) {
            // The `signedPayload` is a JWS like any other.
            kernel.note(.appServer, .apple, "cannot check the signedPayload")
            return parameters.verificationErrorAnswer == .rejects ? .status4xx : .status5xx
        }
        customerKnown = true
        if kernel.fault(.serverCrashBeforeDelivery, parameters.crashBeforeDeliveryProbability, .serverRecovery) { return .none }
        creditFromAppleData(transaction, &kernel, &ledger, &apple)
        if kernel.fault(.serverCrashAfterDelivery, parameters.crashAfterDeliveryProbability, .serverRecovery) { return .none }
        // Forums thread 779594: an answer "after about 30 seconds" is "too long, and Apple's
        // servers will time out": the work is done, the attempt counts as failed.
        if kernel.sample(parameters.notificationHandlingTime, .serverRecovery) > appleTimeoutMs,
           kernel.ruleFault(.notificationAnswerTooSlow) {
            return .none
        }
        return .accepted
    }
}
