/// The mobile network between the app and its server: offline episodes, lost requests,
/// lost responses, latency and the client's timeout.
extension World {
    func isOffline(_ time: SimTime) -> Bool {
        offlineFrom >= 0 && time >= offlineFrom && time < offlineUntil
    }

    /// Sends `request`. Its luck (loss, answer loss, latency) is drawn now, three draws every
    /// time, so the k-th request of a run has the same luck under every design.
    @inline(__always)
    mutating func transmit(_ request: RequestState) {
        let network = scenario.network
        let lossDraw = streams.unit(.network)
        var request = request
        request.responseLossDraw = streams.unit(.network)
        request.halfLatency = sample(network.latency, .network) / 2
        let id = Int32(requests.count)
        tally.serverRequests += 1
        if isOffline(now) {
            // The OS knows there is no connection: the request fails at once.
            request.lostOnTheWay = true
            request.failure = .offline
            requests.append(request)
            schedule(.requestTimeout, after: World.offlineFailureMs, id)
            return
        }
        if fault(.requestLost, network.requestLossProbability, draw: lossDraw) {
            request.lostOnTheWay = true
            request.failure = .requestLost
        } else {
            schedule(.requestArrives, after: request.halfLatency, id)
        }
        requests.append(request)
        schedule(.requestTimeout, after: network.requestTimeoutMs, id)
    }

    mutating func onRequestTimeout(_ request: Int32) {
        let index = Int(request)
        guard !requests[index].settled else { return }
        requests[index].settled = true
        if !requests[index].lostOnTheWay && !requests[index].noResponseComing {
            _ = ruleFault(.slowRequest)
            requests[index].failure = .slowNetwork
        }
        clientReceives(request, .failure)
    }

    /// The server answers; the answer may be lost on the way back.
    mutating func respond(_ request: Int32, _ answer: Answer) {
        let index = Int(request)
        requests[index].serverAnswer = answer
        if fault(.responseLost, scenario.network.responseLossProbability, draw: requests[index].responseLossDraw) {
            requests[index].noResponseComing = true
            if answer == .success || requests[index].failure == .none { requests[index].failure = .responseLost }
            return
        }
        let processing = sample(scenario.appServer.processingTime, .appServer)
        schedule(.responseArrives, after: processing + requests[index].halfLatency, request)
    }

    mutating func onResponseArrives(_ request: Int32) {
        let index = Int(request)
        guard !requests[index].settled else { return }  // the client already gave up
        requests[index].settled = true
        clientReceives(request, requests[index].serverAnswer)
    }

    /// Hands an answer (or a failure) to the client process that sent the request, if that
    /// process is still alive.
    mutating func clientReceives(_ request: Int32, _ answer: Answer) {
        let sent = requests[Int(request)]
        guard appRunning, sent.epoch == epoch else { return }
        switch sent.kind {
        case .createOrder: onCreateOrderAnswer(request, answer)
        case .verify: onVerifyAnswer(sent.transaction, answer, failure: sent.failure)
        case .recover: onRecoverAnswer(sent.transaction, answer, failure: sent.failure)
        }
    }
}
