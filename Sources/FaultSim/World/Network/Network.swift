/// The mobile network between the app and its server: offline episodes, lost requests, lost
/// responses, latency, and the client's timeout. It owns every request on the wire; the
/// device sends through `send`, the server answers through `loseResponse` and
/// `deliverResponse`, and the answer reaches the device as a `responseArrives` or
/// `requestTimeout` event.
struct Network: Sendable {
    let parameters: NetworkParameters
    /// Every request of the run, by number.
    var requests = RunArray<Request>()
    /// This run's offline episode, if it has one.
    var offline = FaultWindow()

    /// How long an offline request takes to fail: the OS knows at once.
    static var offlineFailureMs: SimTime { 100 }

    init(parameters: NetworkParameters) {
        self.parameters = parameters
    }

    @inline(__always)
    mutating func reset(shared: Bool) {
        requests.removeAll(shared: shared)
        offline.close()
    }

    /// Starts the run's weak-network episode, if the fault fires; the network comes back at
    /// its end.
    @inline(__always)
    mutating func startWeather(_ draws: FaultWindow.Draws, _ kernel: inout Kernel) {
        guard kernel.fault(.weakNetwork, parameters.weakNetworkProbability, deferred: draws.occurs) else { return }
        offline.open(start: parameters.weakNetworkStart, length: parameters.weakNetworkDuration, draws)
        kernel.schedule(.networkRegained, after: offline.until)
    }

    @inline(__always)
    func isOffline(_ time: SimTime) -> Bool { offline.contains(time) }

    @inline(__always)
    subscript(request: Int32) -> Request { requests[Int(request)] }

    /// Sends `request`. Its luck (loss, answer loss, latency) is drawn now, three draws every
    /// time, so the k-th request of a run has the same luck under every design.
    @inline(__always)
    mutating func send(_ request: Request, _ kernel: inout Kernel) {
        let lossDraw = kernel.unit(.network)
        let responseLossDraw = kernel.unit(.network)
        let halfLatency = kernel.sample(parameters.latency, .network) / 2
        // Appended first and completed in place: one copy of the request, not two.
        let id = requests.count32
        requests.append(request)
        let index = Int(id)
        requests[index].responseLossDraw = responseLossDraw
        requests[index].halfLatency = halfLatency
        kernel.tally.serverRequests += 1
        if isOffline(kernel.now) {
            // The OS knows there is no connection: the request fails at once.
            requests[index].lostOnTheWay = true
            requests[index].failure = .offline
            kernel.schedule(.requestTimeout(request: id), after: Network.offlineFailureMs)
            return
        }
        if kernel.fault(.requestLost, parameters.requestLossProbability, draw: lossDraw) {
            requests[index].lostOnTheWay = true
            requests[index].failure = .requestLost
        } else {
            kernel.schedule(.requestArrives(request: id), after: halfLatency)
        }
        kernel.schedule(.requestTimeout(request: id), after: parameters.requestTimeoutMs)
    }

    // MARK: The server's side

    /// The server failed the request for `cause` (its answer may still travel back).
    @inline(__always)
    mutating func recordFailure(_ request: Int32, _ cause: Cause) {
        requests[Int(request)].failure = cause
    }

    /// The server's answer to an order request carries the new order's number.
    @inline(__always)
    mutating func attachOrder(_ request: Int32, _ order: Int32) {
        requests[Int(request)].order = order
    }

    /// The server saw the request but will never answer (it crashed).
    @inline(__always)
    mutating func recordNoResponse(_ request: Int32, _ cause: Cause) {
        requests[Int(request)].noResponseComing = true
        requests[Int(request)].failure = cause
    }

    /// The server answers `answer`; whether the answer is lost on the way back. Decided by the
    /// request's own luck, drawn when it was sent.
    @inline(__always)
    mutating func loseResponse(_ request: Int32, _ answer: Answer, _ kernel: inout Kernel) -> Bool {
        let index = Int(request)
        requests[index].serverAnswer = answer
        guard kernel.fault(.responseLost, parameters.responseLossProbability, draw: requests[index].responseLossDraw) else {
            return false
        }
        requests[index].noResponseComing = true
        if answer == .success || requests[index].failure == .none { requests[index].failure = .responseLost }
        return true
    }

    /// The answer leaves the server `processing` ms from now and crosses the network.
    @inline(__always)
    mutating func deliverResponse(_ request: Int32, after processing: SimTime, _ kernel: inout Kernel) {
        kernel.schedule(.responseArrives(request: request), after: processing + requests[Int(request)].halfLatency)
    }

    // MARK: The client's side

    /// Whether a `requestTimeout` or `responseArrives` for `request` still reaches a client
    /// that waits for it (the staleness guard of both events).
    @inline(__always)
    func awaitsAnswer(_ request: Int32) -> Bool { !requests[Int(request)].settled }

    /// The client stops waiting: the request failed, for a timeout if nothing else failed it.
    /// Returns false when the client waits on instead: only in a replay that suppresses this
    /// `slow_request` (`FaultChooser.seeded(suppressing:)`, "had it not timed out"), since a
    /// rule fault otherwise always fires.
    @inline(__always)
    mutating func timeOut(_ request: Int32, _ kernel: inout Kernel) -> Bool {
        let index = Int(request)
        if !requests[index].lostOnTheWay && !requests[index].noResponseComing {
            guard kernel.ruleFault(.slowRequest) else { return false }
            requests[index].failure = .slowNetwork
        }
        requests[index].settled = true
        return true
    }

    /// The answer reached the client; returns it.
    @inline(__always)
    mutating func receive(_ request: Int32) -> Answer {
        requests[Int(request)].settled = true
        return requests[Int(request)].serverAnswer
    }
}
