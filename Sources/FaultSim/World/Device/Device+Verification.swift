/// Verifying with the server, and trying again: in-session retries, the recover page, the
/// launch retry and the network-regained trigger.
extension Device {
    /// Starts a fresh round of verification for `transaction` in this session. `triggered`: a
    /// launch, a trigger or a recover page started it, not a fresh `purchased` callback (a
    /// `triggeredRoundsOnly` design follows its schedule only in such rounds).
    @inline(__always)
    mutating func startWork(_ transaction: Int32, triggered: Bool, _ kernel: inout Kernel, _ apple: inout Apple,
                            _ network: inout Network) {
        let index = Int(transaction)
        transactions[index].workEpoch = epoch
        transactions[index].trackedEpoch = epoch
        transactions[index].followsSchedule = triggered || design.retryScheduleRounds == .everyRound
        // BLIAP keeps the count with its keychain record (`modelVerifyCount`): a round resumed
        // with a count waits `count × step` (at most the cap) before its first try.
        if design.failureCountPersists, transactions[index].failures > 0,
           let record = recordOf(transaction), records[Int(record)].durable,
           case .linearBackoff(let stepMs, let capMs) = design.retrySchedule {
            kernel.note(.app, nil, "the kept failure count \(transactions[index].failures) delays the first try")
            scheduleRetry(transaction, after: min(Int64(transactions[index].failures) * stepMs, capMs), &kernel)
            return
        }
        transactions[index].failures = 0
        sendVerify(transaction, &kernel, &apple, &network)
    }

    @inline(__always)
    mutating func sendVerify(_ transaction: Int32, _ kernel: inout Kernel, _ apple: inout Apple, _ network: inout Network) {
        guard appRunning else { return }
        let index = Int(transaction)
        let record = recordOf(transaction)
        let mapping = resolveMapping(transaction, record: record, &apple)
        // A finished consumable is gone from the app receipt; only a receipt blob the app
        // still holds (in memory this session, or saved with the record) proves it.
        let covers = apple.receiptLists(index) || transactions[index].receiptEpoch == epoch
            || (record.map { records[Int($0)].holdsReceipt } ?? false)
        var request = Request()
        request.kind = .verify
        request.intent = apple[transaction].intent
        request.transaction = transaction
        request.epoch = epoch
        request.uid = mapping.uid
        request.item = mapping.item
        request.order = mapping.order
        request.hasTransactionId = transactions[index].hasTransactionId
        request.receiptCovers = covers
        transactions[index].inFlight = true
        transactions[index].retryToken &+= 1
        network.send(request, &kernel)
    }

    /// An answer (or a failure) reached the app: the process that sent the request handles
    /// it, if it is still alive. `answered`: the server's answer came back (a 5xx among them),
    /// not the client's timeout or the OS's error.
    @inline(__always)
    mutating func onAnswer(_ request: Int32, _ answer: Answer, answered: Bool, _ kernel: inout Kernel, _ ledger: inout Ledger,
                           _ apple: inout Apple, _ network: inout Network, _ user: inout User) {
        guard isCurrent(network[request].epoch) else { return }
        let transaction = network[request].transaction, failure = network[request].failure
        switch network[request].kind {
        case .createOrder: onCreateOrderAnswer(request, answer, &kernel, &ledger, &apple, &network, &user)
        case .verify: onVerifyAnswer(transaction, answer, failure: failure, answered: answered, &kernel, &ledger, &apple, &network, &user)
        case .recover: onRecoverAnswer(transaction, answer, failure: failure, &kernel, &ledger, &apple)
        }
    }

    /// The client hears back (or gives up waiting) on a verify request.
    @inline(__always)
    mutating func onVerifyAnswer(_ transaction: Int32, _ answer: Answer, failure: Cause, answered: Bool, _ kernel: inout Kernel,
                                 _ ledger: inout Ledger, _ apple: inout Apple, _ network: inout Network, _ user: inout User) {
        let index = Int(transaction)
        transactions[index].inFlight = false
        if answer != .success { ledger.recordFailure(transaction, failure) }
        guard transactions[index].workEpoch == epoch else { return }
        switch answer {
        case .success:
            confirmDelivery(transaction, &kernel, &ledger, &apple)
        case .invalid:
            if design.finishMoment == .afterVerdict || design.finishMoment == .afterAnyAnswer {
                // A finish that never returns stops the code after it.
                guard finish(transaction, &kernel, &ledger, &apple) else { return }
                clearRecords(of: transaction, &kernel)
                transactions[index].abandoned = true
                giveUp(transaction, &apple)
            } else {
                verificationFailed(transaction, &kernel, &apple, &user)
            }
        case .failure:
            if design.finishMoment == .afterAnyAnswer && !finish(transaction, &kernel, &ledger, &apple) { return }
            if answered && design.retriedFailures == .networkErrorsOnly {
                // A 5xx answer ends the round; a trigger or a launch starts the next.
                transactions[index].failures += 1
                roundEnded(transaction, &kernel, &apple, &user)
                return
            }
            verificationFailed(transaction, &kernel, &apple, &user)
        case .pending:
            preconditionFailure("an answer cannot be pending when it arrives")
        }
    }

    /// The server said the goods are out: finish, forget the record, close the spinner.
    @inline(__always)
    mutating func confirmDelivery(_ transaction: Int32, _ kernel: inout Kernel, _ ledger: inout Ledger, _ apple: inout Apple) {
        transactions[Int(transaction)].confirmed = true
        transactions[Int(transaction)].workEpoch = -1
        // A `finish` that never returns (a wrapper's bug) stops the code after it: the record
        // stays, and so does the spinner until the user's patience runs out.
        guard finish(transaction, &kernel, &ledger, &apple) else { return }
        clearRecords(of: transaction, &kernel)
        closeModal(apple[transaction].intent)
    }

    @inline(__always)
    mutating func clearRecords(of transaction: Int32, _ kernel: inout Kernel) {
        for index in records.indices where records[index].alive && records[index].transaction == transaction {
            records[index].alive = false
            kernel.note(.localStore, nil, "record of intent \(records[index].intent) cleared")
        }
    }

    /// One more failure: the design's schedule says when (or whether) to try again.
    @inline(__always)
    mutating func verificationFailed(_ transaction: Int32, _ kernel: inout Kernel, _ apple: inout Apple, _ user: inout User) {
        let index = Int(transaction)
        transactions[index].failures += 1
        let failures = Int64(transactions[index].failures)
        guard transactions[index].followsSchedule else {
            roundEnded(transaction, &kernel, &apple, &user)
            return
        }
        switch design.retrySchedule {
        case .none:
            roundEnded(transaction, &kernel, &apple, &user)
        case .fixedInterval(let intervalMs):
            scheduleRetry(transaction, after: intervalMs, &kernel)
        case .linearBackoff(let stepMs, let capMs):
            scheduleRetry(transaction, after: min(failures * stepMs, capMs), &kernel)
        case .tries(let count, let spacingMs):
            if failures < count { scheduleRetry(transaction, after: spacingMs, &kernel) } else { roundEnded(transaction, &kernel, &apple, &user) }
        }
    }

    @inline(__always)
    func scheduleRetry(_ transaction: Int32, after delay: SimTime, _ kernel: inout Kernel) {
        kernel.schedule(.retryDue(transaction: transaction, epoch: epoch, token: transactions[Int(transaction)].retryToken),
                        after: delay)
    }

    @inline(__always)
    mutating func onRetryDue(_ transaction: Int32, epoch retryEpoch: Int32, token: Int32, _ kernel: inout Kernel,
                             _ apple: inout Apple, _ network: inout Network) {
        guard retryIsDue(transaction, retryEpoch, token: token) else { return }
        sendVerify(transaction, &kernel, &apple, &network)
    }

    /// Stop working on the transaction in this session; the modal (if any) closes.
    @inline(__always)
    mutating func giveUp(_ transaction: Int32, _ apple: inout Apple) {
        transactions[Int(transaction)].workEpoch = -1
        closeModal(apple[transaction].intent)
    }

    /// The round's tries ran out: stop, and offer the design's recover page, which the user
    /// may open.
    @inline(__always)
    mutating func roundEnded(_ transaction: Int32, _ kernel: inout Kernel, _ apple: inout Apple, _ user: inout User) {
        giveUp(transaction, &apple)
        guard design.recoverPage != .none else { return }
        user.mayOpenRecoverPage(transaction, epoch: epoch, &kernel)
    }

    @inline(__always)
    mutating func onRecoverPageOpen(_ transaction: Int32, epoch pageEpoch: Int32, _ kernel: inout Kernel,
                                    _ apple: inout Apple, _ network: inout Network) {
        guard recoverPageIsUseful(transaction, pageEpoch) else { return }
        switch design.recoverPage {
        case .none: preconditionFailure("a design without a recover page offered one")
        case .manualRetry: startWork(transaction, triggered: true, &kernel, &apple, &network)
        case .orderLookup: sendRecover(transaction, &kernel, &apple, &network)
        }
    }

    /// The order-lookup page asks the server to find the purchase at Apple (see `RecoverPage`).
    @inline(__always)
    func sendRecover(_ transaction: Int32, _ kernel: inout Kernel, _ apple: inout Apple, _ network: inout Network) {
        var request = Request()
        request.kind = .recover
        request.intent = apple[transaction].intent
        request.transaction = transaction
        request.epoch = epoch
        request.uid = currentUser
        network.send(request, &kernel)
    }

    /// The page says the purchase was recovered, or shows an error (the user may then call
    /// support, which the model counts and never acts on).
    @inline(__always)
    mutating func onRecoverAnswer(_ transaction: Int32, _ answer: Answer, failure: Cause, _ kernel: inout Kernel,
                                  _ ledger: inout Ledger, _ apple: inout Apple) {
        if answer == .success {
            confirmDelivery(transaction, &kernel, &ledger, &apple)
        } else if !transactions[Int(transaction)].confirmed {
            ledger.recordFailure(transaction, failure)
        }
    }

    @inline(__always)
    mutating func onLaunchRetry(epoch launchEpoch: Int32, _ kernel: inout Kernel, _ ledger: inout Ledger, _ apple: inout Apple,
                                _ network: inout Network) {
        guard isCurrent(launchEpoch) else { return }
        if resumed ? traits.retriesOnResume : traits.retriesAtLaunch {
            retryRecords(memoryToo: resumed, &kernel, &ledger, &apple, &network)
        }
        // Most launch retries come before any charge: nothing to sweep, and no call.
        if design.foregroundSweep && !transactions.isEmpty { sweepUnfinished(&kernel, &ledger, &apple, &network) }
    }

    /// `Transaction.unfinished` (StoreKit 2) or `SKPaymentQueue.default().transactions`
    /// (StoreKit 1), read by the app: every unfinished transaction it is not working on is
    /// handled as a `purchased` one.
    @inline(__always)
    mutating func sweepUnfinished(_ kernel: inout Kernel, _ ledger: inout Ledger, _ apple: inout Apple, _ network: inout Network) {
        for index in transactions.indices where !apple[Int32(index)].finished && transactions[index].workEpoch != epoch {
            onPurchasedCallback(Int32(index), .unfinishedSweep, firstCallback: false, &kernel, &ledger, &apple, &network)
        }
    }

    /// Verifies every durable record (`memoryToo`: every record, in a resumed process) whose
    /// transaction is known, unconfirmed, not given up and not being worked on, as the design's
    /// scope allows.
    @inline(__always)
    mutating func retryRecords(memoryToo: Bool = false, _ kernel: inout Kernel, _ ledger: inout Ledger, _ apple: inout Apple,
                               _ network: inout Network) {
        for index in records.indices where records[index].alive && (memoryToo || records[index].durable) {
            let transaction = records[index].transaction
            guard transaction >= 0 else { continue }
            let work = transactions[Int(transaction)]
            if work.confirmed || work.abandoned || work.workEpoch == epoch { continue }
            if isHeldForOtherAccount(Int32(index), &kernel, &ledger) { continue }
            startWork(transaction, triggered: true, &kernel, &apple, &network)
        }
    }

    /// The network is back (`RetryTriggers.networkRegained`): resume what this process works
    /// on or gave up on, the durable records, and with StoreKit 2 every unfinished transaction.
    @inline(__always)
    mutating func onNetworkRegained(_ kernel: inout Kernel, _ ledger: inout Ledger, _ apple: inout Apple,
                                    _ network: inout Network) {
        guard appRunning, traits.retriesOnNetworkRegained else { return }
        for index in transactions.indices {
            let work = transactions[index]
            guard work.trackedEpoch == epoch, !work.confirmed, !work.abandoned, !work.inFlight else { continue }
            if work.workEpoch == epoch {
                sendVerify(Int32(index), &kernel, &apple, &network)
            } else {
                startWork(Int32(index), triggered: true, &kernel, &apple, &network)
            }
        }
        retryRecords(&kernel, &ledger, &apple, &network)
        guard design.storeKitAPI == .sk2 else { return }
        sweepUnfinished(&kernel, &ledger, &apple, &network)
    }
}
