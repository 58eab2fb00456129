import Policies

/// One design's worlds for a scenario: the design's own, and for a StoreKit 2 design the world
/// of the StoreKit 1 design its users below iOS 15 get (`Design.olderOSDesign`). Everything that
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
public struct DesignWorlds: Sendable {
    public let design: Design
    /// The StoreKit 1 design this design's users below iOS 15 get, when the design is StoreKit
    /// 2, names one, and the scenario has such users.
    public let olderOSDesign: Design?
    /// The share of this design's runs whose user is below iOS 15: the scenario's
    /// `device.belowIOS15Probability` for a StoreKit 2 design, 0 for a StoreKit 1 design.
    public let belowIOS15Share: Double
    /// The design's world, then the fallback design's when there is one. An array rather than
    /// a second `World?`: with the optional, the runner's loop copied a whole world every run
    /// (a memcpy of about 370 instructions under callgrind, 9% of a run); an array element is
    /// reached in place.
    var worlds: [World]
    let seedKey: UInt64
    /// The last run's user was below iOS 15 and the design is StoreKit 2: the run was the
    /// fallback design's, or (with none) a run in which the app could not sell.
    public private(set) var lastRunBelowIOS15 = false
    /// The index in `worlds` of the world that ran the last run.
    var active = 0

    /// `design`'s worlds in `scenario`. A fallback name that the scenario does not know, or that
    /// names a StoreKit 2 design, is a programming error here: scenario files are checked when
    /// read (`DesignReader`), and a test checks the presets.
    public init(scenario: Scenario, design: Design, faults: FaultChooser = .seeded) {
        self.design = design
        let share = design.storeKitAPI == .sk2 ? scenario.device.belowIOS15Probability : 0
        belowIOS15Share = share
        seedKey = RandomStreams.seedKey(scenario.seed)
        worlds = [World(scenario: scenario, design: design, faults: faults)]
        if share > 0, let name = design.olderOSDesign {
            guard let older = scenario.availableDesigns.first(where: { $0.name == name }), older.storeKitAPI == .sk1 else {
                preconditionFailure("design \(design.name): olderOSDesign '\(name)' is not a StoreKit 1 design of the scenario")
            }
            olderOSDesign = older
            var world = World(scenario: scenario, design: older, faults: faults)
            world.olderOSNote = "the device runs iOS 14 or older: StoreKit 2 needs iOS 15, so \(design.name) runs its "
                + "StoreKit 1 design, \(older.name) (olderOSDesign), in this run"
            worlds.append(world)
        } else {
            olderOSDesign = nil
        }
    }

    /// Whether run `index`'s user is below iOS 15, for this design (always false for StoreKit 1).
    @inline(__always)
    public func isBelowIOS15(_ index: UInt64) -> Bool {
        belowIOS15Share > 0 && RandomStreams.traitUnit(seedKey: seedKey, run: index, .belowIOS15) < belowIOS15Share
    }

    /// Simulates run `index` in the world its user gets and adds its outcomes to `tally`.
    @inline(__always)
    public mutating func run(_ index: UInt64) {
        lastRunBelowIOS15 = isBelowIOS15(index)
        if !lastRunBelowIOS15 {
            active = 0
            worlds[0].run(index)
        } else if worlds.count > 1 {
            active = 1
            worlds[1].run(index)
        } else {
            active = 0
            worlds[0].runWithoutStoreKit(index)
        }
    }

    /// The last run was simulated by the fallback design's world.
    public var lastRunUsedOlderOSDesign: Bool { active == 1 }

    /// The design whose world ran the last run: `olderOSDesign` or this one.
    public var lastRunDesign: Design { worlds[active].design }

    /// Counts over every run so far, whichever world ran it.
    public var tally: DesignTally {
        var merged = worlds[0].tally
        for world in worlds.dropFirst() { merged.merge(world.tally) }
        return merged
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

    public var recordsChoices: Bool {
        get { worlds[0].recordsChoices }
        set { for index in worlds.indices { worlds[index].recordsChoices = newValue } }
    }

    public var tracing: Bool {
        get { worlds[0].tracing }
        set { for index in worlds.indices { worlds[index].tracing = newValue } }
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
    public var serverKnewCustomer: Bool { worlds[active].serverKnewCustomer }
    public var lastRunChoices: [ChoicePoint] { worlds[active].lastRunChoices }
    public var lastRunEventKinds: UInt64 { worlds[active].lastRunEventKinds }
    public var trace: [TraceEntry] { worlds[active].trace }
}

extension Scenario {
    /// The design `design.olderOSDesign` names among this scenario's designs, if any.
    public func olderOSDesign(of design: Design) -> Design? {
        guard let name = design.olderOSDesign else { return nil }
        return availableDesigns.first { $0.name == name }
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
