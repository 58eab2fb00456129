import Policies

/// One design's worlds for a scenario: the design's own, and the world of the StoreKit 1 design
/// its users below iOS 15 get (`Scenario.belowIOS15Design(of:)`): today the scenario's
/// `legacyBuild` for every design, before the build floor a StoreKit 2 design's `olderOSDesign`. Everything that
/// simulates run `i` of a design (the runner and its shards, sweeps and crossovers, `simrun
/// trace`, `find`, `compare`, `check`, the report, the benchmark) goes through `run(_:)`, so
/// each takes the same branch for the same run.
///
/// Whether run `i`'s user is below iOS 15 is one uniform of (seed, run `i`) alone
/// (`RandomStreams.traitUnit`, trait `belowIOS15`), below `device.belowIOS15Probability`: the same
/// user for every design (common random numbers), drawn outside the component streams, so no
/// other draw moves. A StoreKit 1 design runs on every iOS and never looks. For a StoreKit 2
/// design, such a run is simulated by the fallback design's world and its outcomes are tallied
/// under this design; with no fallback named, the app cannot sell to that user
/// (`World.runWithoutStoreKit`). The branch is taken once per run, never per event.
///
/// A scenario with segments (`Scenario.segments`) has such a pair of worlds per segment, each
/// built from the segment's scenario; run `i` first draws its user's segment (`SegmentPlan`,
/// another trait uniform), then the iOS branch within it. The segment is chosen in `run(_:)`,
/// once per run, so every command above splits its runs by segment alike, and the runner's
/// loop stays one call per design and run.
public struct DesignWorlds: Sendable {
    public let design: Design
    /// The StoreKit 1 design this design's users below iOS 15 get, when the design is StoreKit
    /// 2, names one, and the scenario (or one of its segments) has such users.
    public let olderOSDesign: Design?
    /// The share of this design's runs whose user is below iOS 15: the scenario's
    /// `device.belowIOS15Probability` for a StoreKit 2 design, 0 for a StoreKit 1 design. With
    /// segments, the base segment's (each segment has its own, `Slot.belowIOS15Share`).
    public let belowIOS15Share: Double
    /// The share of runs whose user is on iOS 15.x (no `AppTransaction`): the uniform that decides
    /// the iOS trait falls in [belowIOS15Share, belowIOS15Share + iOS15Share). The base segment's.
    public let iOS15Share: Double
    /// The base segment's worlds (the design's, then the fallback design's when there is one),
    /// then each declared segment's. An array rather than a second `World?`: with the optional,
    /// the runner's loop copied a whole world every run (a memcpy of about 370 instructions
    /// under callgrind, 9% of a run); an array element is reached in place.
    var worlds: [World]
    let seedKey: UInt64
    /// Which segment each run's user is in; no bounds without segments.
    public let segmentPlan: SegmentPlan
    /// Each segment's worlds, in `Scenario.segmentNames` order (the base segment last). A
    /// declared segment's worlds are built when its first run comes (`buildWorlds(ofSegment:)`):
    /// a scenario of 10,000 segments built 10,000 pairs of worlds per design and worker up
    /// front, 22 GB for 20 runs, of which 20 runs use at most 20.
    var slots: [Slot]
    /// The scenario, segments and all: a segment's worlds are built from it when first needed.
    let scenario: Scenario
    /// The last run's user was below iOS 15 and the design is StoreKit 2: the run was the
    /// fallback design's, or (with none) a run in which the app could not sell.
    public private(set) var lastRunBelowIOS15 = false
    /// The segment of the last run's user, an index into `Scenario.segmentNames` (0 without
    /// segments).
    public private(set) var lastRunSegment = 0
    /// The index in `worlds` of the world that ran the last run.
    var active = 0
    /// Runs take `run`'s inlined branch: no segments and no importance-sampling bias. One stored
    /// flag, so the bulk loop tests one byte, as it did before a bias existed.
    var takesPlainBranch = true

    /// One segment's worlds in `worlds`: the design's own (-1 until built), and the fallback
    /// design's (-1 when the segment has no user below iOS 15, or the design names none).
    struct Slot: Sendable {
        let own: Int
        let older: Int
        let belowIOS15Share: Double
        /// The share of users on iOS 15.x, just above `belowIOS15Share` on the same uniform.
        let iOS15Share: Double
    }

    /// `design`'s worlds in `scenario`, one pair per segment. A fallback name that the scenario
    /// does not know, or that names a StoreKit 2 design, is a programming error here: scenario
    /// files are checked when read (`DesignReader`), and a test checks the presets.
    public init(scenario: Scenario, design: Design, faults: FaultChooser = .seeded) {
        self.design = design
        self.scenario = scenario
        seedKey = RandomStreams.seedKey(scenario.seed)
        segmentPlan = scenario.segmentPlan
        let base = scenario.segments.count
        // The base segment's worlds now, so that without segments the worlds are [own, fallback];
        // a declared segment's when its first run comes, its shares and fallback known now.
        let built = Self.makeWorlds(scenario.segmentScenario(base), design: design, faults: faults, first: 0)
        var slots: [Slot] = []
        slots.reserveCapacity(base + 1)
        var older: Design?
        for index in 0..<base {
            let segment = scenario.segmentScenario(index)
            let share = segment.belowIOS15Share(of: design)
            if share > 0, let fallback = segment.belowIOS15Design(of: design) {
                precondition(fallback.storeKitAPI == .sk1, "design \(design.name): '\(fallback.name)' runs below iOS 15 but is not StoreKit 1")
                older = older ?? fallback
            }
            slots.append(Slot(own: -1, older: -1, belowIOS15Share: share, iOS15Share: segment.device.iOS15Probability))
        }
        slots.append(built.slot)
        worlds = built.worlds
        self.slots = slots
        olderOSDesign = built.older ?? older
        belowIOS15Share = built.slot.belowIOS15Share
        iOS15Share = built.slot.iOS15Share
        takesPlainBranch = segmentPlan.bounds.isEmpty
        invariant(slots.count == segmentPlan.count && slots[base].own == 0, "one slot per segment, the base segment's built first")
    }

    /// Builds declared segment `index`'s worlds, numbered after those built so far, with the
    /// settings every world of the design has (`faults`, `bias`, what the runs record): those
    /// of the base segment's world, which the setters below keep equal to every other's. A
    /// world's runs depend on (seed, run) alone, so a world built late runs exactly as one
    /// built up front.
    @inline(never)
    mutating func buildWorlds(ofSegment index: Int) {
        invariant(slots[index].own < 0 && index < slots.count - 1, "segment \(index)'s worlds are built once, the base segment's at init")
        let template = worlds[0]
        let segment = Self.makeWorlds(scenario.segmentScenario(index), design: design, faults: template.faults, first: worlds.count)
        for var world in segment.worlds {
            world.recordsVerdicts = template.recordsVerdicts
            world.recordsFingerprint = template.recordsFingerprint
            world.recordsChoices = template.recordsChoices
            world.tracing = template.tracing
            world.bias = template.bias
            worlds.append(world)
        }
        invariant(segment.slot.belowIOS15Share == slots[index].belowIOS15Share, "segment \(index)'s share below iOS 15 changed")
        slots[index] = segment.slot
    }

    /// One segment's worlds, numbered from `first`.
    private static func makeWorlds(_ scenario: Scenario, design: Design, faults: FaultChooser,
                                   first: Int) -> (worlds: [World], slot: Slot, older: Design?) {
        let share = scenario.belowIOS15Share(of: design)
        let iOS15Share = scenario.device.iOS15Probability
        let own = World(scenario: scenario, design: design, faults: faults)
        guard share > 0, let older = scenario.belowIOS15Design(of: design) else {
            return ([own], Slot(own: first, older: -1, belowIOS15Share: share, iOS15Share: iOS15Share), nil)
        }
        precondition(older.storeKitAPI == .sk1, "design \(design.name): '\(older.name)' runs below iOS 15 but is not StoreKit 1")
        var world = World(scenario: scenario, design: older, faults: faults)
        world.olderOSNote = scenario.platform.newBuildFloor == .iOS15
            ? "the device runs iOS 14 or older, which no build since 28 April 2026 reaches (Xcode 26 targets iOS 15 and later): "
                + "the user runs the app's legacy build, \(older.name) (legacyBuild), in this run, whatever \(design.name) does"
            : "the device runs iOS 14 or older: StoreKit 2 needs iOS 15, so \(design.name) runs its "
                + "StoreKit 1 design, \(older.name) (olderOSDesign), in this run"
        return ([own, world], Slot(own: first, older: first + 1, belowIOS15Share: share, iOS15Share: iOS15Share), older)
    }

    /// Whether run `index`'s user is below iOS 15, for this design (always false for StoreKit
    /// 1), in the base segment (`run` asks each segment's share).
    @inline(__always)
    public func isBelowIOS15(_ index: UInt64) -> Bool {
        belowIOS15Share > 0 && RandomStreams.traitUnit(seedKey: seedKey, run: index, .belowIOS15) < belowIOS15Share
    }

    /// Simulates run `index` in the world its user gets and adds its outcomes to `tally`.
    /// Without segments the branch of today, untouched; with them, a call of its own
    /// (`runInSegment`), so the bulk loop's inlined code stays what it was.
    @inline(__always)
    public mutating func run(_ index: UInt64) {
        guard takesPlainBranch else { return runInSegment(index) }
        // The run's key, for the iOS trait and for the world's streams: computed once.
        let runKey = RandomStreams.runKey(seedKey: seedKey, run: index)
        let iOSUniform = belowIOS15Share > 0 || iOS15Share > 0 ? RandomStreams.traitUnit(runKey: runKey, .belowIOS15) : 1
        lastRunBelowIOS15 = iOSUniform < belowIOS15Share
        if !lastRunBelowIOS15 {
            active = 0
            worlds[0].userOnIOS15 = iOSUniform < belowIOS15Share + iOS15Share
            worlds[0].run(index, runKey: runKey)
        } else if worlds.count > 1 {
            active = 1
            worlds[1].run(index, runKey: runKey)
        } else {
            active = 0
            worlds[0].runWithoutStoreKit(index)
        }
    }

    /// Run `index` of a scenario with segments: the user's segment first (`SegmentPlan`), then
    /// within it the iOS branch, with the segment's own `device.belowIOS15Probability`.
    /// With a bias (importance sampling), the iOS trait is read through it (`FaultBias.belowIOS15`)
    /// and its factor joins the run's ratio once the world has run (its reset zeroes the ratio).
    @inline(never)
    mutating func runInSegment(_ index: UInt64) {
        lastRunSegment = segmentPlan.bounds.isEmpty ? 0 : segmentPlan.segment(of: index)
        if slots[lastRunSegment].own < 0 { buildWorlds(ofSegment: lastRunSegment) }
        let slot = slots[lastRunSegment]
        let belowUniform = RandomStreams.traitUnit(seedKey: seedKey, run: index, .belowIOS15)
        // Under a bias the trait is read biased, and its factors are added once the run is over.
        let readsTrait = slot.belowIOS15Share > 0 && worlds[slot.own].kernel.importance != nil
        // Under a bias the uniform is read through it; above the biased share it is again
        // uniform on [share, 1), so the iOS 15.x band keeps its nominal odds and needs no factor.
        let iOSUniform = readsTrait
            ? worlds[slot.own].kernel.importance!.iOSUniform(share: slot.belowIOS15Share, raw: belowUniform, seedKey: seedKey, run: index)
            : belowUniform
        lastRunBelowIOS15 = slot.belowIOS15Share > 0 && iOSUniform < slot.belowIOS15Share
        active = lastRunBelowIOS15 && slot.older >= 0 ? slot.older : slot.own
        worlds[active].userOnIOS15 = !lastRunBelowIOS15 && iOSUniform < slot.belowIOS15Share + slot.iOS15Share
        if lastRunBelowIOS15 && slot.older < 0 {
            worlds[active].runWithoutStoreKit(index)
        } else {
            worlds[active].run(index)
        }
        if readsTrait { worlds[active].kernel.importance!.addTrait(below: lastRunBelowIOS15, share: slot.belowIOS15Share) }
    }

    /// The last run was simulated by the fallback design's world.
    public var lastRunUsedOlderOSDesign: Bool { active != slots[lastRunSegment].own }

    /// The design whose world ran the last run: the legacy build, `olderOSDesign` or this one.
    public var lastRunDesign: Design { worlds[active].design }
    /// The platform of the world that ran the last run (its segment's).
    public var lastRunDesignPlatform: PlatformParameters { worlds[active].scenario.platform }

    /// Counts over every run so far, whichever world ran it.
    public var tally: DesignTally {
        var merged = worlds[0].tally
        for world in worlds.dropFirst() { merged.merge(world.tally) }
        return merged
    }

    /// Counts over every run so far, by segment (in `Scenario.segmentNames` order): each
    /// segment's worlds ran only its users, so these add up to `tally` exactly.
    public var segmentTallies: [DesignTally] {
        // A segment no run has reached yet has built no world and counted nothing; its tallies
        // share one empty tally's buffers.
        let none = DesignTally()
        return slots.map { slot in
            guard slot.own >= 0 else { return none }
            var merged = worlds[slot.own].tally
            if slot.older >= 0 { merged.merge(worlds[slot.older].tally) }
            return merged
        }
    }
}

/// What the last run left, read from the world that ran it (see `World+Results.swift`).
extension DesignWorlds {
    public var faults: FaultChooser {
        get { worlds[0].faults }
        set { for index in worlds.indices { worlds[index].faults = newValue } }
    }

    public var recordsVerdicts: Bool {
        get { worlds[0].recordsVerdicts }
        set { for index in worlds.indices { worlds[index].recordsVerdicts = newValue } }
    }

    public var recordsFingerprint: Bool {
        get { worlds[0].recordsFingerprint }
        set { for index in worlds.indices { worlds[index].recordsFingerprint = newValue } }
    }

    public var recordsChoices: Bool {
        get { worlds[0].recordsChoices }
        set { for index in worlds.indices { worlds[index].recordsChoices = newValue } }
    }

    public var tracing: Bool {
        get { worlds[0].tracing }
        set { for index in worlds.indices { worlds[index].tracing = newValue } }
    }

    /// Importance sampling's biased world for every world of the design (nil: plain runs).
    public var bias: FaultBias? {
        get { worlds[0].bias }
        set {
            for index in worlds.indices { worlds[index].bias = newValue }
            takesPlainBranch = segmentPlan.bounds.isEmpty && newValue == nil
        }
    }


    /// Under a bias, the last run's biased world (an index into `FaultBias.components`; nil: the
    /// nominal world) and this design's weight for it.
    public var lastRunImportance: (component: Int?, weight: Double)? {
        guard let state = worlds[active].kernel.importance else { return nil }
        return (state.component, state.weight)
    }

    /// The last run's delivery score (`World.lastRunDeliveryScore`), for the pilot.
    public var lastRunDeliveryScore: SimTime { worlds[active].lastRunDeliveryScore }

    /// The last run's importance state: fault points read and fired per kind, log-ratios (a run under a bias).
    var lastRunImportanceState: ImportanceState {
        guard let state = worlds[active].kernel.importance else { preconditionFailure("a weighted run without a bias") }
        return state
    }

    @inline(__always)
    public var lastRunLostMask: UInt64 { worlds[active].lastRunLostMask }
    @inline(__always)
    public var outcomeMasks: OutcomeMasks { worlds[active].outcomeMasks }
    public var lastRunLostSaleMask: UInt64 { worlds[active].lastRunLostSaleMask }
    public var lastRunVerdicts: [IntentVerdict] { worlds[active].lastRunVerdicts }
    public var lastRunEvents: Int { worlds[active].lastRunEvents }
    public var lastRunReachedCap: Bool { worlds[active].lastRunReachedCap }
    public var lastRunFingerprint: UInt64 { worlds[active].lastRunFingerprint }
    public func lastRunBoughtOutsideApp(_ intent: Int) -> Bool { worlds[active].lastRunBoughtOutsideApp(intent) }
    public var lastRunChoices: [ChoicePoint] { worlds[active].lastRunChoices }
    public var lastRunEventKinds: UInt64 { worlds[active].lastRunEventKinds }
    public var trace: [TraceEntry] { worlds[active].trace }
}

extension Scenario {
    /// The design whose world a user below iOS 15 gets when `design` is compared: on a platform
    /// whose new builds stop at iOS 15 (today's), the scenario's `legacyBuild`, for every design;
    /// on one without, the StoreKit 1 design a StoreKit 2 design names (`olderOSDesign`), and for
    /// a StoreKit 1 design none (it runs on every iOS itself).
    public func belowIOS15Design(of design: Design) -> Design? {
        switch platform.newBuildFloor {
        case .iOS15: return availableDesigns.first { $0.name == legacyBuild }
        case .none:
            guard design.storeKitAPI == .sk2, let name = design.olderOSDesign else { return nil }
            return availableDesigns.first { $0.name == name }
        }
    }

    /// The share of `design`'s runs whose user is below iOS 15 and so runs another world (or, a
    /// StoreKit 2 design naming no `olderOSDesign` before the floor, none): every design's on a
    /// platform with the floor, a StoreKit 2 design's only without it.
    public func belowIOS15Share(of design: Design) -> Double {
        platform.newBuildFloor == .iOS15 || design.storeKitAPI == .sk2 ? device.belowIOS15Probability : 0
    }
}

extension DesignWorlds {
    /// Requests from the client to the app server over every run so far, whichever world ran
    /// them; the panel runner takes differences of it to get one run's requests.
    @inline(__always)
    public var serverRequestsSoFar: Int64 {
        var total: Int64 = 0
        for index in worlds.indices { total += worlds[index].kernel.tally.serverRequests }
        return total
    }
}
