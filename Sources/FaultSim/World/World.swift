import Policies

/// One simulated world — a user, their phone, the network, the app server and Apple — running
/// one design.
///
/// The world is the composition root: each actor is a value that owns its state and options
/// (`User`, `Device`, `Network`, `AppServer`, `Apple`), the `Ledger` holds the run's truth and
/// outcomes, and the `Kernel` holds what all share (clock, event queue, random streams, fault
/// seam, tally, trace). `handle` routes each event to the actor that owns it, passing the
/// ports that actor may use; the few moments that touch several actors at once (Apple
/// charging, the payment sheet, a process ending, an answer arriving) are the routes in
/// `World+Routes.swift`.
///
/// A `World` is built once per (design, worker) and reused for every run: `run(_:)` resets
/// its arrays in place, so the steady state allocates nothing.
///
/// Every actor method is `@inline(__always)`: inlined into `handle`, an actor's state and the
/// ports it is given are fixed offsets from the world; called out of line, each handler took
/// four to six pointers and saved them across its calls, which cost every design 8 to 9% more
/// instructions per run (results/benchmarks.md, issue 21).
public struct World: Sendable {
    public let scenario: Scenario
    public let design: Design
    var kernel: Kernel
    var ledger: Ledger
    var user: User
    var device: Device
    var network: Network
    var server: AppServer
    var apple: Apple

    /// Keep `lastRunVerdicts` (for `find`, for comparing a traced run with the bulk one, and for
    /// a weighted run's causes).
    public var recordsVerdicts = false
    /// Keep `lastRunFingerprint`: a draw from every stream per run, which only the determinism
    /// checks read. Apart from `recordsVerdicts` because weighted runs keep their verdicts and
    /// paid about 2% of their time for a fingerprint nobody read.
    public var recordsFingerprint = false
    /// One extra draw from every stream after the last run, folded: two replays agree on it
    /// only if they drew exactly the same numbers. Kept when `recordsFingerprint` is on.
    public internal(set) var lastRunFingerprint: UInt64 = 0
    /// Events the last run took.
    public internal(set) var lastRunEvents = 0
    /// Set on the world of a StoreKit 2 design's `olderOSDesign` (see `DesignWorlds`): the
    /// line each of its traced runs starts with, saying whose run it stands in for and why.
    var olderOSNote: String?
    /// The run's user is on iOS 15.x: no `AppTransaction` (so no `appTransactionID` at login)
    /// and no `PurchaseIntent`. Set by `DesignWorlds` before each run.
    var userOnIOS15 = false
    /// The shortest delay `user.refundRequestDelay` can give: an intent delivered sooner after
    /// its charge is never asked about, so `judgeRefunds` skips its draws.
    let refundRequestFloorMs: SimTime

    /// The most events one run may take. A valid scenario can ask for more (sessions of weeks
    /// with a retry every few seconds against a server that always fails): such a run is
    /// stopped at the cap, counted (`DesignTally.cappedRuns`), and judged where it stopped, its
    /// undelivered orders lost with cause `event_cap_reached`. The bound keeps every run, and
    /// so every simulation, finite.
    public static var maxEventsPerRun: Int { 200_000 }

    public init(scenario: Scenario, design: Design, faults: FaultChooser = .seeded) {
        invariant(design.problems.isEmpty, "design \(design.name): \(design.problems.joined(separator: "; "))")
        self.scenario = scenario
        self.design = design
        refundRequestFloorMs = scenario.user.refundRequestDelay.quantile(0)
        let traits = WorldTraits(design: design, platform: scenario.platform)
        kernel = Kernel(faults: faults, horizonMs: scenario.horizonMs)
        ledger = Ledger(userNamedByApplicationUsername: design.userMapping == .applicationUsername)
        user = User(parameters: scenario.user, catalog: scenario.catalog)
        device = Device(scenario: scenario, design: design, traits: traits)
        network = Network(parameters: scenario.network)
        server = AppServer(scenario: scenario, design: design, traits: traits)
        apple = Apple(scenario: scenario, design: design, traits: traits)
    }

    /// Simulates run `index` and adds its outcomes to `tally`.
    /// - Complexity: O(events · pending events), pending events being a handful; no allocation
    ///   once warmed up.
    public mutating func run(_ index: UInt64) {
        run(index, runKey: nil)
    }

    /// Run `index`, given its key (`RandomStreams.runKey`) when the caller computed it already
    /// (`DesignWorlds.run`, which draws the iOS trait from it): one mix fewer per run. Out of line,
    /// as `run(_:)` always was: the runner's loop calls it, and must not grow by a whole run.
    @inline(never)
    mutating func run(_ index: UInt64, runKey: UInt64?) {
        #if DEBUG
        if let runKey {
            invariant(runKey == RandomStreams.runKey(seedKey: RandomStreams.seedKey(scenario.seed), run: index), "a stale run key")
        }
        #endif
        server.setUserHasAppTransaction(!userOnIOS15)
        reset(index, runKey: runKey)
        if let olderOSNote { kernel.note(.app, nil, olderOSNote) }
        planRun()
        // Two copies of the event loop, so the plain one (seeded, untraced: every bulk run)
        // carries nothing of `simrun check` or of the trace.
        let plain = !kernel.faults.isScripted && !tracing
        let processed = plain ? processEvents(plain: true) : processEvents(plain: false)
        kernel.tally.events += Int64(processed)
        lastRunEvents = processed
        #if DEBUG
        _checkInvariants()
        #endif
        judgeRefunds()
        ledger.settle(into: &kernel.tally, keepsVerdicts: recordsVerdicts || tracing)
        device.countLeakedRecords(into: &kernel.tally)
        if recordsFingerprint { lastRunFingerprint = kernel.streams.fingerprint() }
    }

    /// Run `index` for a user this StoreKit 2 design cannot sell to: the device runs iOS 14 or
    /// older and the design names no `olderOSDesign`, so the app (which needs iOS 15) offers no
    /// purchase. The plan is drawn as in `run`; every intent ends not charged, a lost sale, and
    /// nothing else happens.
    mutating func runWithoutStoreKit(_ index: UInt64) {
        reset(index)
        kernel.note(.app, nil, "the device runs iOS 14 or older: \(design.name) needs StoreKit 2 (iOS 15) and names no "
            + "olderOSDesign, so the app cannot sell; every intent ends not charged (a lost sale)")
        user.plan(&kernel, &ledger)
        for intent in 0..<Int32(ledger.intents.count) { ledger.recordStoreKitUnavailable(intent) }
        lastRunEvents = 0
        ledger.settle(into: &kernel.tally, keepsVerdicts: recordsVerdicts || tracing)
        if recordsFingerprint { lastRunFingerprint = kernel.streams.fingerprint() }
    }

    /// Empties every actor for run `index`. The world's arrays are copied only together (a
    /// copy of the whole `World`), so the queue's one uniqueness check answers for all of them.
    mutating func reset(_ index: UInt64, runKey: UInt64? = nil) {
        let shared = kernel.reset(seed: scenario.seed, run: index, runKey: runKey)
        ledger.reset(shared: shared)
        user.reset(shared: shared)
        device.reset(shared: shared)
        network.reset(shared: shared)
        server.reset(shared: shared)
        apple.reset(shared: shared)
    }

    /// Draws everything about the run that does not depend on the design, from the plan
    /// stream, in a fixed order: the same user and weather for every design.
    mutating func planRun() {
        user.plan(&kernel, &ledger)
        // The weather's durations are drawn always and computed only for the runs that have it.
        let weather = FaultWindow.draw(&kernel)
        let outage = FaultWindow.draw(&kernel)
        let serverWindows = AppServer.WindowDraws.draw(&kernel)
        server.drawReturningCustomer(&kernel)
        user.planWhereBought(&kernel)
        network.startWeather(weather, &kernel)
        apple.startOutage(outage, &kernel)
        server.startWindows(serverWindows, &kernel)
        user.scheduleIntents(&kernel)
    }

    /// Pops and handles events until the queue is empty or the cap is reached; returns how
    /// many were handled. `plain` (seeded and untraced) is a constant at each call, so each
    /// copy is specialised: the plain one tests neither the script nor the trace per event.
    @inline(__always)
    mutating func processEvents(plain: Bool) -> Int {
        var processed = 0
        while let event = kernel.queue.pop() {
            if processed == World.maxEventsPerRun {
                ledger.recordCap()
                kernel.tally.cappedRuns += 1
                kernel.note(.app, nil, "the run stops at the event cap (\(World.maxEventsPerRun) events); outcomes are judged here")
                break
            }
            processed += 1
            handle(event.payload, traced: !plain && tracing)
            if !plain && kernel.faults.isScripted { afterScriptedEvent(event.payload.kind) }
            #if DEBUG
            kernel.queue._checkInvariants()
            #endif
        }
        return processed
    }

    /// What a scripted run does after each event: note the event's kind for coverage, and
    /// offer the crash (see `Device.crashesBeforeNextStep`).
    mutating func afterScriptedEvent(_ kind: WorldEvent.Kind) {
        if kernel.recordsChoices { kernel.lastRunEventKinds |= 1 << UInt64(kind.rawValue) }
        if device.crashesBeforeNextStep(&kernel) { processEnded(.crashed) }
    }

    /// What must hold when a run ends (full check in debug builds only).
    public func _checkInvariants() {
        #if DEBUG
        device._checkInvariants()
        server._checkInvariants()
        ledger._checkInvariants()
        #endif
    }
}
