import Policies

/// One simulated world — a user, their phone, the app server and Apple — running one design.
///
/// A `World` is built once per (design, worker) and reused for every run: `run(_:)` resets
/// its arrays in place, so the steady state allocates nothing. Every handler is a `switch`
/// over value types, and faults pass through one value-type seam (`FaultChooser`).
public struct World: Sendable {
    public let scenario: Scenario
    public let design: Design
    let traits: WorldTraits
    public var faults: FaultChooser
    /// Counts accumulated over every run this world has done.
    public var tally = DesignTally()
    /// Bit k is set when intent k of the last run was lost (at most 64 intents per run), so
    /// runs of different designs can be compared intent by intent.
    public internal(set) var lastRunLostMask: UInt64 = 0
    /// Bit k is set when intent k of the last run was a lost sale (never charged because its
    /// order could not be created).
    public internal(set) var lastRunLostSaleMask: UInt64 = 0
    /// Bit k is set when intent k of the last run ended mis-delivered, duplicated, or not charged.
    public internal(set) var lastRunMisdeliveredMask: UInt64 = 0
    public internal(set) var lastRunDuplicatedMask: UInt64 = 0
    public internal(set) var lastRunNotChargedMask: UInt64 = 0

    /// The last run's intent masks of the paired outcomes (a value, no allocation).
    public var outcomeMasks: PairedOutcomes.Masks {
        PairedOutcomes.Masks(lost: lastRunLostMask, misdelivered: lastRunMisdeliveredMask,
                             duplicated: lastRunDuplicatedMask, notCharged: lastRunNotChargedMask)
    }

    var queue = EventQueue(capacity: 256)
    var streams = RandomStreams()
    var intents = RunArray<IntentState>()
    var transactions = RunArray<TransactionState>()
    var records = RunArray<RecordState>()
    var orders = RunArray<OrderState>()
    var requests = RunArray<RequestState>()

    // The device.
    var appRunning = false
    /// Increments at each launch; events and answers of an older process are ignored.
    var epoch: Int32 = 0
    var sessionIndex: Int32 = 0
    var installIndex: Int32 = 0
    /// The app account logged in now (1 or 2).
    var currentUser: Int32 = 1
    /// The intent whose modal spinner is showing, or −1.
    var modalIntent: Int32 = -1
    /// Payments whose sheet is up, or whose first StoreKit callback has not arrived yet: the
    /// user cannot leave the app meanwhile.
    var paymentsOnSheet: Int32 = 0
    /// A `userReturns` event is pending.
    var returnScheduled = false
    /// The user decided never to come back after a kill or crash.
    var userGoneForGood = false

    // The world's weather for this run.
    var offlineFrom: SimTime = -1
    var offlineUntil: SimTime = -1
    var outageFrom: SimTime = -1
    var outageUntil: SimTime = -1

    // The app server.
    /// The server holds a transaction id of this Apple account (a returning customer, or one
    /// it has seen in this run), so it can ask Apple for the account's history.
    var customerKnown = false
    var firstChargeAt: SimTime = -1
    var reconcileScheduled = false

    var faultPoint = 0
    /// When the running session was launched (for the scripted crash, which may strike
    /// between any two steps of the session's first `device.crashTime`).
    var launchedAt: SimTime = 0
    var runIndex: UInt64 = 0

    /// When set, each run's story is written to `trace` (for replaying one run; costs one
    /// branch per event when off).
    public var tracing: Bool {
        get { traceLog != nil }
        set { traceLog = newValue ? TraceLog() : nil }
    }
    var traceLog: TraceLog?
    /// The last run's story, when `tracing` is on.
    public var trace: [TraceEntry] { traceLog?.entries ?? [] }
    /// How each intent of the last run ended, and why; kept only when `recordsVerdicts` or
    /// `tracing` is on (the bulk runner needs only the counts).
    public internal(set) var lastRunVerdicts: [IntentVerdict] = []
    /// Keep `lastRunVerdicts` and `lastRunFingerprint` (for `find` and for comparing a traced
    /// run with the bulk one).
    public var recordsVerdicts = false
    /// One extra draw from every stream after the last run, folded: two replays agree on it
    /// only if they drew exactly the same numbers. Kept when `recordsVerdicts` is on.
    public internal(set) var lastRunFingerprint: UInt64 = 0
    /// With a scripted chooser, record `lastRunChoices` and `lastRunEventKinds` (for
    /// `simrun check`; costs nothing when the chooser is seeded).
    public var recordsChoices = false
    /// The last run's choice points, in order, when `recordsChoices` is on.
    public internal(set) var lastRunChoices: [ChoicePoint] = []
    /// Bit k is set when the last run handled an event of `WorldEvent` raw value k (when
    /// `recordsChoices` is on): which of the world's code paths the run entered.
    public internal(set) var lastRunEventKinds: UInt64 = 0
    /// The app server held a transaction of the user's Apple account at the end of the last run,
    /// so it could ask Apple for the account's history.
    public var serverKnewCustomer: Bool { customerKnown }
    /// Events the last run took.
    public internal(set) var lastRunEvents = 0
    /// The last run reached `maxEventsPerRun` and was stopped there, before its horizon.
    public internal(set) var lastRunReachedCap = false

    /// The most events one run may take. A valid scenario can ask for more (sessions of weeks
    /// with a retry every few seconds against a server that always fails): such a run is
    /// stopped at the cap, counted (`DesignTally.cappedRuns`), and judged where it stopped, its
    /// undelivered orders lost with cause `event_cap_reached`. The bound keeps every run, and
    /// so every simulation, finite.
    public static var maxEventsPerRun: Int { 200_000 }

    // Fixed client timings (not worth a scenario key).
    static var buyTapAfterOpenMs: SimTime { 2_000 }
    static var secondTapAfterMs: SimTime { 300 }
    static var redeliveryAfterLaunchMs: SimTime { 500 }
    static var launchRetryAfterLaunchMs: SimTime { 1_000 }
    static var offlineFailureMs: SimTime { 100 }
    static var finishedComesBackAfterMs: SimTime { 2_000 }
    static var modalLingerMs: SimTime { 30_000 }

    public init(scenario: Scenario, design: Design, faults: FaultChooser = .seeded) {
        invariant(design.problems.isEmpty, "design \(design.name): \(design.problems.joined(separator: "; "))")
        self.scenario = scenario
        self.design = design
        traits = WorldTraits(design: design, platform: scenario.platform)
        self.faults = faults
    }

    var now: SimTime { queue.now }

    /// Simulates run `index` and adds its outcomes to `tally`.
    /// - Complexity: O(events · pending events), pending events being a handful; no allocation
    ///   once warmed up.
    public mutating func run(_ index: UInt64) {
        reset(index)
        planRun()
        lastRunReachedCap = false
        // Two copies of the event loop, so the seeded one carries nothing of `simrun check`.
        let processed = faults.isScripted ? processEvents(scripted: true) : processEvents(scripted: false)
        tally.events += Int64(processed)
        lastRunEvents = processed
        _checkInvariants()
        settleOutcomes()
        if recordsVerdicts { lastRunFingerprint = streams.fingerprint() }
    }

    /// Pops and handles events until the queue is empty or the cap is reached; returns how
    /// many were handled. `scripted` is a constant at each call, so each copy is specialised.
    @inline(__always)
    mutating func processEvents(scripted: Bool) -> Int {
        var processed = 0
        while let event = queue.pop() {
            if processed == World.maxEventsPerRun {
                lastRunReachedCap = true
                tally.cappedRuns += 1
                note(.app, nil, "the run stops at the event cap (\(World.maxEventsPerRun) events); outcomes are judged here")
                break
            }
            processed += 1
            handle(event)
            if scripted { afterScriptedEvent(event.kind) }
            #if DEBUG
            queue._checkInvariants()
            #endif
        }
        return processed
    }

    /// What must hold when a run ends (full check in debug builds only).
    public func _checkInvariants() {
        #if DEBUG
        invariant(paymentsOnSheet >= 0, "a payment left the sheet twice")
        var charges = [Int32](repeating: 0, count: intents.count)
        for transaction in transactions {
            charges[Int(transaction.intent)] += 1
            invariant(transaction.deliveries >= 0, "a delivery count went negative")
            invariant(design.serverIdempotency == .none || transaction.deliveries <= 1,
                         "an idempotent server delivered a transaction twice")
        }
        for (index, intent) in intents.enumerated() {
            invariant(intent.charges == charges[index], "every charge is one transaction")
            invariant(intent.correctDeliveries + intent.wrongDeliveries == 0 || intent.charges > 0,
                         "goods delivered without a charge")
        }
        #endif
    }

    mutating func reset(_ index: UInt64) {
        runIndex = index
        traceLog?.entries.removeAll(keepingCapacity: true)
        // The world's arrays are copied only together (a copy of the whole `World`), so the
        // queue's one uniqueness check answers for all of them: five runtime calls fewer a run.
        let shared = queue.reset()
        streams.reseed(seed: scenario.seed, run: index)
        intents.removeAll(shared: shared)
        transactions.removeAll(shared: shared)
        records.removeAll(shared: shared)
        orders.removeAll(shared: shared)
        requests.removeAll(shared: shared)
        appRunning = false
        epoch = 0
        sessionIndex = 0
        installIndex = 0
        currentUser = 1
        modalIntent = -1
        paymentsOnSheet = 0
        returnScheduled = false
        userGoneForGood = false
        offlineFrom = -1
        offlineUntil = -1
        outageFrom = -1
        outageUntil = -1
        customerKnown = false
        firstChargeAt = -1
        reconcileScheduled = false
        faultPoint = 0
        if recordsChoices {
            lastRunChoices.removeAll(keepingCapacity: true)
            lastRunEventKinds = 0
        }
    }

    @inline(__always)
    mutating func handle(_ event: Event) {
        let a = event.a, b = event.b, c = event.c
        // Only `schedule` writes kinds, from a `WorldEvent`; the bound check keeps the cast safe
        // at a compare per event, where `WorldEvent(rawValue:)` was an out-of-line call.
        invariant(event.kind <= WorldEvent.reconcileTick.rawValue, "unknown event kind \(event.kind)")
        let kind = unsafeBitCast(event.kind, to: WorldEvent.self)
        if tracing && !isStale(kind, a, b, c) {
            let (from, to, text) = describe(kind, a, b, c)
            note(from, to, text)
        }
        switch kind {
        case .intentStart: onIntentStart(a)
        case .buyTap: onBuyTap(a, epoch: b, payment: c)
        case .purchasing: onPurchasing(record: a, epoch: b)
        case .paymentSheet: onPaymentSheet(a, payment: b, order: c)
        case .purchasePending:
            paymentsOnSheet -= 1
            onPurchasePending(a, epoch: b)
        case .pendingCompletes: onPendingCompletes(a, order: c)
        case .failedCallback:
            if c & 2 != 0 { paymentsOnSheet -= 1 }
            onFailedCallback(a, epoch: b, cancelled: c & 1 != 0)
        case .purchasedCallback:
            if c == 1 { paymentsOnSheet -= 1 }
            onPurchasedCallback(a, PurchasedDelivery(rawValue: b) ?? .fresh)
        case .requestArrives: onRequestArrives(a)
        case .appleAnswer: onAppleAnswer(a, valid: b == 1)
        case .responseArrives: onResponseArrives(a)
        case .requestTimeout: onRequestTimeout(a)
        case .retryDue: onRetryDue(a, epoch: b, token: c)
        case .patienceExpired: onPatienceExpired(a, epoch: b)
        case .sessionEnd: onSessionEnd(epoch: b)
        case .appCrash: onAppCrash(epoch: b)
        case .userReturns: onUserReturns(reinstalled: a == 1)
        case .launchRetry: onLaunchRetry(epoch: b)
        case .accountSwitch: onAccountSwitch()
        case .networkRegained: onNetworkRegained()
        case .recoverPageOpen: onRecoverPageOpen(a, epoch: b)
        case .notificationAttempt: onNotificationAttempt(a, attempt: b)
        case .reconcileTick: onReconcileTick()
        }
    }

    // MARK: Helpers shared by every actor
    //
    // A read-only helper called from a mutating handler is `@inline(__always)`: called out of
    // line, the optimiser first copies the whole `World` (about 1.6 KB, mostly the scenario)
    // to pass it as a borrowed `self`, and that memcpy was 5% of a run.

    /// Schedules `kind` `delay` ms from now; events past the horizon are dropped, which is
    /// what ends every run.
    @inline(__always)
    mutating func schedule(_ kind: WorldEvent, after delay: SimTime, _ a: Int32 = 0, _ b: Int32 = 0, _ c: Int32 = 0) {
        // Cannot overflow: `now` is below 2^42 and a delay at most `DurationDistribution.capMs`.
        let time = now &+ delay
        guard time <= scenario.horizonMs else { return }
        queue.schedule(kind.rawValue, at: time, a, b, c)
    }

    /// The fault seam: draws this fault point's uniform from `component`'s stream and asks
    /// the chooser. Every fault enters the world here or through `fault(_:_:draw:)`.
    @inline(__always)
    mutating func fault(_ kind: FaultKind, _ probability: Double, _ component: Component) -> Bool {
        fault(kind, probability, draw: streams.unit(component))
    }

    /// The fault seam for a uniform drawn earlier (the user's plan, a request's luck).
    @inline(__always)
    mutating func fault(_ kind: FaultKind, _ probability: Double, draw: Double) -> Bool {
        let fires = faults.fires(kind, probability: probability, uniform: draw, point: faultPoint)
        if faults.isScripted { recordChoice(kind, probability, fires: fires) }
        faultPoint += 1
        if fires {
            tally.faultCounts[kind.rawValue] += 1
            note(kind.actor, nil, "FAULT \(kind.name): \(kind.control.firing)", fault: kind)
        }
        return fires
    }

    /// Notes a choice point of a scripted run. Out of line on purpose: inlined into the seam's
    /// 28 call sites, the append cost the seeded loop 1.4% more instructions per run.
    @inline(never)
    mutating func recordChoice(_ kind: FaultKind, _ probability: Double, fires: Bool) {
        guard recordsChoices && FaultChooser.isChoice(probability: probability) else { return }
        lastRunChoices.append(ChoicePoint(point: faultPoint, kind: kind, probability: probability, fired: fires))
    }

    /// A fault decided by a deterministic rule (a patience that ran out, a re-buy of an
    /// unfinished product): still passes the seam, so it is counted and can be scripted.
    @inline(__always)
    mutating func ruleFault(_ kind: FaultKind) -> Bool {
        fault(kind, 1, draw: 0)
    }

    /// A fault's uniform `u`, once the fault fired (u < p), as a fresh uniform: u / p is uniform
    /// on [0, 1) and independent of everything else drawn. A scripted chooser fires faults
    /// whatever their uniforms, so the result is clamped below 1.
    @inline(__always)
    static func rescaled(_ uniform: Double, _ probability: Double) -> Double {
        probability > 0 ? min(uniform / probability, 0x1.fffffffffffffp-1) : 0
    }

    @inline(__always)
    mutating func sample(_ distribution: DurationDistribution, _ component: Component) -> SimTime {
        distribution.quantile(streams.unit(component))
    }

    func defaultItem(of product: Int32) -> Int32 {
        product * Int32(scenario.catalog.itemsPerProduct)
    }
}
