/// Failures with one cause (docs/model.md §7): a stretch of the run in which one fault breaks
/// every attempt at once. Each is one choice point for `simrun check`, never a coin flip per
/// request.
extension AppServer {
    /// The uniforms of the server's three windows, drawn from the plan stream in every run.
    struct WindowDraws {
        var outage, endpoint, signature: FaultWindow.Draws

        @inline(__always)
        static func draw(_ kernel: inout Kernel) -> WindowDraws {
            WindowDraws(outage: FaultWindow.draw(&kernel), endpoint: FaultWindow.draw(&kernel), signature: FaultWindow.draw(&kernel))
        }
    }

    /// A broken endpoint and a failing signature check are states the purchase meets, not events
    /// it waits for: they are under way when the run starts, and their length is what is left of
    /// them from then on.
    static var fromTheStart: DurationDistribution { .fixed(0) }

    /// Opens the run's windows whose faults fire. A window that cannot touch this design (an
    /// endpoint it does not listen on, signatures it never checks) does not pass the seam, so
    /// it is neither counted nor offered to `simrun check`.
    @inline(__always)
    mutating func startWindows(_ draws: WindowDraws, _ kernel: inout Kernel) {
        if kernel.fault(.appServerOutage, parameters.outageProbability, deferred: draws.outage.occurs) {
            outage.open(start: parameters.outageStart, length: parameters.outageDuration, draws.outage, tail: .serverOutageDuration, &kernel)
        }
        if traits.hearsNotifications
            && kernel.fault(.notificationEndpointBroken, parameters.notificationEndpointBrokenProbability, deferred: draws.endpoint.occurs) {
            endpointBroken.open(start: AppServer.fromTheStart, length: parameters.notificationEndpointBrokenDuration, draws.endpoint,
                                tail: .brokenRecoveryDuration, &kernel)
        }
        if traits.checksSignatures
            && kernel.fault(.signatureCheckFailing, parameters.signatureCheckFailureProbability, deferred: draws.signature.occurs) {
            signatureCheckBroken.open(start: AppServer.fromTheStart, length: parameters.signatureCheckFailureDuration, draws.signature,
                                      tail: .brokenRecoveryDuration, &kernel)
        }
    }

    /// The server is down now.
    @inline(__always)
    func isDown(_ time: SimTime) -> Bool { outage.contains(time) }

    /// The server cannot check Apple's signatures now.
    @inline(__always)
    func cannotCheckSignatures(_ time: SimTime) -> Bool { signatureCheckBroken.contains(time) }

    /// The answer the server gives when it cannot check a signature.
    var verificationErrorAnswer: Answer {
        @inline(__always) get { parameters.verificationErrorAnswer == .rejects ? .invalid : .failure }
    }
}
