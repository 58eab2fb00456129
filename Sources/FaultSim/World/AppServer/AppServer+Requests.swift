/// The server's handling of the client's requests: order creation, verification with Apple
/// or by the signature, and the recover page's look-up.
extension AppServer {
    @inline(__always)
    mutating func onRequestArrives(_ request: Int32, _ kernel: inout Kernel, _ ledger: inout Ledger,
                                   _ network: inout Network, _ apple: inout Apple) {
        if isDown(kernel.now) {
            // The load balancer answers 503 for a server that is down.
            network.recordFailure(request, .serverOutage)
            respond(request, .failure, &kernel, &network)
            return
        }
        if kernel.fault(.serverError, parameters.errorProbability, .appServer) {
            network.recordFailure(request, .serverError)
            respond(request, .failure, &kernel, &network)
            return
        }
        switch network[request].kind {
        case .createOrder:
            let uid = network[request].uid, item = network[request].item
            network.attachOrder(request, Int32(orders.count))
            orders.append(Order(uid: uid, item: item))
            kernel.note(.appServer, nil, "order \(orders.count - 1) created for user \(uid), item \(item)")
            respond(request, .success, &kernel, &network)
        case .verify:
            if network[request].hasTransactionId {
                customerKnown = true
                let order = network[request].order
                if order >= 0 { transactions[Int(network[request].transaction)].order = order }
            } else if design.receiptKind == .perTransaction {
                // Without a transaction id the server cannot tell which purchase to check.
                network.recordFailure(request, .serverError)
                respond(request, .invalid, &kernel, &network)
                return
            }
            if traits.verifiesLocally {
                kernel.note(.appServer, nil, "checks the signed transaction")
                proved(request, &kernel, &ledger, &network, &apple)
            } else {
                callApple(request, triesLeft: Int32(design.serverAppleTries), &kernel, &network, &apple)
            }
        case .recover:
            customerKnown = true
            callApple(request, triesLeft: Int32(design.serverAppleTries), &kernel, &network, &apple)
        }
    }

    /// One call to Apple (verifyReceipt, or the App Store Server API); `triesLeft` counts it.
    @inline(__always)
    mutating func callApple(_ request: Int32, triesLeft: Int32, _ kernel: inout Kernel, _ network: inout Network,
                            _ apple: inout Apple) {
        kernel.tally.appleRequests += 1
        kernel.note(.appServer, .apple, network[request].kind == .recover ? "look up the customer's transactions" : "verify")
        let answer = apple.answerCall(timeoutMs: parameters.appleTimeoutMs, &kernel)
        if !answer.valid { network.recordFailure(request, answer.failure) }
        kernel.schedule(.appleAnswer(request: request, valid: answer.valid, triesLeft: triesLeft), after: answer.delay)
    }

    @inline(__always)
    mutating func onAppleAnswer(_ request: Int32, valid: Bool, triesLeft: Int32, _ kernel: inout Kernel,
                                _ ledger: inout Ledger, _ network: inout Network, _ apple: inout Apple) {
        guard valid else {
            if triesLeft > 1 {
                callApple(request, triesLeft: triesLeft - 1, &kernel, &network, &apple)
            } else {
                respond(request, .failure, &kernel, &network)
            }
            return
        }
        proved(request, &kernel, &ledger, &network, &apple)
    }

    /// Apple (or Apple's signature) vouched for what the request carries: deliver and answer.
    @inline(__always)
    mutating func proved(_ request: Int32, _ kernel: inout Kernel, _ ledger: inout Ledger, _ network: inout Network,
                         _ apple: inout Apple) {
        // A StoreKit 2 purchase is proved by Apple's signature, on the transaction itself or on
        // the App Store Server API's answer: with the certificate check failing, it proves nothing.
        if traits.verifiesSignedData && cannotCheckSignatures(kernel.now) {
            network.recordFailure(request, .signatureCheckFailed)
            respond(request, verificationErrorAnswer, &kernel, &network)
            return
        }
        if network[request].kind == .recover {
            let recovered = recoverFromLookup(network[request].transaction, uid: network[request].uid, &kernel, &ledger, &apple)
            if !recovered { network.recordFailure(request, .notRecoverable) }
            respond(request, recovered ? .success : .invalid, &kernel, &network)
            return
        }
        guard network[request].receiptCovers else {
            network.recordFailure(request, .receiptNoLongerListsIt)
            respond(request, .invalid, &kernel, &network)  // "transaction not in receipt"
            return
        }
        if kernel.fault(.serverCrashBeforeDelivery, parameters.crashBeforeDeliveryProbability, .appServer) {
            network.recordNoResponse(request, .serverCrashed)
            return
        }
        noteVerifiedFromApp(uid: network[request].uid, &kernel)
        deliverVerified(request, &kernel, &ledger, &network, &apple)
        if kernel.fault(.serverCrashAfterDelivery, parameters.crashAfterDeliveryProbability, .appServer) {
            network.recordNoResponse(request, .serverCrashed)
            return
        }
        respond(request, .success, &kernel, &network)
    }

    /// The server answers; the network may lose the answer on the way back.
    @inline(__always)
    mutating func respond(_ request: Int32, _ answer: Answer, _ kernel: inout Kernel, _ network: inout Network) {
        if network.loseResponse(request, answer, &kernel) { return }
        network.deliverResponse(request, after: kernel.sample(parameters.processingTime, .appServer), &kernel)
    }
}
