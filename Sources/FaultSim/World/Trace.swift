/// The lifelines of a trace and of its sequence diagram.
public enum Actor: Int, Sendable, CaseIterable {
    case user, app, storeKit, localStore, appServer, apple

    public var title: String {
        switch self {
        case .user: "User"
        case .app: "App"
        case .storeKit: "StoreKit"
        case .localStore: "Local store"
        case .appServer: "App server"
        case .apple: "Apple"
        }
    }
}

/// One line of a run's story: a message between two actors, or a note on one actor's
/// lifeline (a state change, or a fault when `fault` is set).
public struct TraceEntry: Sendable, Equatable {
    public let time: SimTime
    public let from: Actor
    /// The receiver of a message; nil for a note on `from`'s lifeline.
    public let to: Actor?
    public let text: String
    public let fault: FaultKind?
}

/// How one intent ended, with its cause when it did not end delivered once.
public struct IntentVerdict: Sendable, Equatable {
    public enum Outcome: String, Sendable, CaseIterable {
        case notCharged = "not_charged", delivered, lost, misdelivered, duplicated
        case doubleCharged = "double_charged"
    }
    public let outcome: Outcome
    public let cause: Cause
}

/// Where a traced run writes its story. A reference, so that `World.note` need not mutate the
/// world while the text it is given still reads from it.
/// `@unchecked Sendable`: a log belongs to one world, which only ever runs on one thread.
final class TraceLog: @unchecked Sendable {
    var entries: [TraceEntry] = []
}

extension World {
    /// Adds a line to the trace; free when tracing is off (the text is never built).
    @inline(__always)
    func note(_ from: Actor, _ to: Actor? = nil, _ text: @autoclosure () -> String, fault: FaultKind? = nil) {
        guard let traceLog else { return }
        traceLog.entries.append(TraceEntry(time: now, from: from, to: to, text: text(), fault: fault))
    }

    /// Whether an event will do nothing (its process is gone, its timer was superseded, its
    /// answer came too late), so the trace leaves it out. Mirrors the handlers' guards.
    func isStale(_ kind: WorldEvent, _ a: Int32, _ b: Int32, _ c: Int32) -> Bool {
        let current = appRunning && b == epoch
        switch kind {
        case .buyTap, .failedCallback, .launchRetry, .appCrash, .purchasePending: return !current
        case .purchasing: return !current || !records[Int(a)].alive
        case .patienceExpired: return !current || modalIntent != a
        case .sessionEnd: return !current || modalIntent >= 0 || paymentsOnSheet > 0
        case .retryDue:
            let tx = transactions[Int(a)]
            return !current || tx.workEpoch != epoch || tx.inFlight || tx.retryToken != c
        case .recoverPageOpen: return !current || transactions[Int(a)].confirmed
        case .requestTimeout, .responseArrives:
            let request = requests[Int(a)]
            return request.settled || !appRunning || request.epoch != epoch
        case .purchasedCallback: return !appRunning
        case .userReturns: return appRunning
        case .intentStart, .paymentSheet, .requestArrives, .appleAnswer, .accountSwitch, .networkRegained,
             .notificationAttempt, .reconcileTick, .pendingCompletes:
            return false
        }
    }

    /// The message or note an event stands for (only called while tracing).
    func describe(_ kind: WorldEvent, _ a: Int32, _ b: Int32, _ c: Int32) -> (Actor, Actor?, String) {
        switch kind {
        case .intentStart: return (.user, .app, "opens the app to buy item \(intents[Int(a)].item) (intent \(a))")
        case .buyTap: return (.user, .app, c == 0 ? "taps Buy (intent \(a))" : "taps Buy again (intent \(a))")
        case .purchasing: return (.storeKit, .app, "purchasing")
        case .paymentSheet: return (.user, .storeKit, "answers the payment sheet (intent \(a))")
        case .purchasePending: return (.storeKit, .app, "purchase() returns .pending (intent \(a))")
        case .pendingCompletes: return (.apple, .storeKit, "the pending purchase goes through (intent \(a))")
        case .failedCallback: return (.storeKit, .app, c == 1 ? "cancelled (intent \(a))" : "failed (intent \(a))")
        case .purchasedCallback:
            let how = ["", " (redelivered at launch)", " (finished, coming back)", " (Transaction.unfinished)"][Int(b)]
            return (.storeKit, .app, "purchased: transaction \(a)" + how)
        case .requestArrives:
            let request = requests[Int(a)]
            switch request.kind {
            case .createOrder: return (.app, .appServer, "create order for item \(request.item)")
            case .verify: return (.app, .appServer, "verify transaction \(request.transaction) for user \(request.uid), item \(request.item)")
            case .recover: return (.app, .appServer, "recover page: find transaction \(request.transaction) for user \(request.uid)")
            }
        case .appleAnswer: return (.apple, .appServer, b == 1 ? "valid" : "try again")
        case .responseArrives:
            return (.appServer, .app, "answer: \(requests[Int(a)].serverAnswer)")
        case .requestTimeout: return (.app, nil, "stops waiting for request \(a)")
        case .retryDue: return (.app, nil, "retry due for transaction \(a)")
        case .patienceExpired: return (.user, .app, "patience runs out behind the spinner")
        case .sessionEnd: return (.user, .app, "leaves the app")
        case .appCrash: return (.app, nil, "crashes")
        case .userReturns: return (.user, .app, a == 1 ? "reinstalls and opens the app" : "opens the app again")
        case .launchRetry: return (.app, nil, "retries its records")
        case .accountSwitch: return (.user, .app, "switches to the other app account")
        case .networkRegained: return (.app, nil, "network is back")
        case .recoverPageOpen: return (.user, .app, "opens the recover-order page")
        case .notificationAttempt: return (.apple, .appServer, "server notification for transaction \(a)")
        case .reconcileTick: return (.appServer, .apple, "get transaction history")
        }
    }
}
