import Policies

/// `simrun check`: every schedule of at most K faults of one design, with every duration fixed
/// (`CheckTiming`), explored depth-first; each schedule weighed by its probability in the
/// seeded world, so the lost rate is bounded from both sides.
///
/// A *schedule* is the set of choice points that fire (see `FaultChooser`). A run's fault
/// points are numbered in the order they arise, and firing point p changes nothing before p,
/// so the children of a schedule S are S + {p} for each choice point p of S's run after S's
/// last point: every schedule of at most K points is run exactly once, and a fault that adds
/// retries adds their choice points too.
///
/// The weight of S is the product, over the choice points its run reached, of p where the
/// fault fired and 1 − p where it did not: the probability that the seeded world, with the
/// same fixed timings, makes exactly those choices. Schedules are disjoint events, so the
/// losing schedules' mass is a lower bound of P(lost), and that plus the mass never explored
/// (1 − the explored mass: every schedule with more than K faults) an upper bound.
public struct Exploration: Sendable {
    public struct Options: Sendable {
        public var maxFaults: Int
        public var outcomes: [IntentVerdict.Outcome]
        public var timing: CheckTiming
        /// A bound on the schedules run, so that a check always ends (the answer then says it
        /// stopped short).
        public var maxSchedules: Int
        /// How many counterexamples to keep, smallest first.
        public var keptCounterexamples: Int

        /// The schedules a check runs at most unless told otherwise (`simrun check --max-schedules`).
        public static let defaultMaxSchedules = 50_000_000

        public init(maxFaults: Int, outcomes: [IntentVerdict.Outcome] = [.lost, .misdelivered, .duplicated, .doubleCharged],
                    timing: CheckTiming = .median, maxSchedules: Int = defaultMaxSchedules, keptCounterexamples: Int = 20) {
            self.maxFaults = maxFaults
            self.outcomes = outcomes
            self.timing = timing
            self.maxSchedules = maxSchedules
            self.keptCounterexamples = keptCounterexamples
        }
    }

    /// One world of the check: the server knew the customer beforehand or not, and (for a
    /// StoreKit 2 design) the user's device runs iOS 14 or older or not, with its weight: the
    /// product of the two probabilities, so the variants partition the seeded world.
    public struct Variant: Sendable, Equatable {
        public let returningCustomer: Bool
        /// The user's iOS: below 15 the run is the legacy build's (before the build floor, a
        /// StoreKit 2 design's `olderOSDesign`'s, or with none one the app cannot sell in).
        public let iOS: IOSBand
        public let weight: Double
    }

    public let design: Design
    public let options: Options
    /// The scenario with every duration fixed, as explored.
    public let scenario: Scenario
    public let variants: [Variant]

    // Results.
    /// Schedules run, by number of faults (index 0: the fault-free run).
    public private(set) var schedulesByFaults: [Int]
    public private(set) var stoppedShort = false
    /// Counterexamples, smallest first, at most `options.keptCounterexamples`.
    public private(set) var counterexamples: [Counterexample] = []
    /// Losing schedules by class (all of them, not only the kept ones).
    public private(set) var badSchedules: [Counterexample.Avoidability: Int] = [:]
    /// Probability mass of the explored schedules, and of those with an intent lost (or with
    /// any of `outcomes`), summed over the variants by their weights.
    public private(set) var exploredMass = 0.0
    public private(set) var lostMass = 0.0
    public private(set) var badMass = 0.0
    /// How often each fault kind was offered as a choice, and how often it fired, over every
    /// schedule run.
    public private(set) var offered = [Int](repeating: 0, count: FaultKind.allCases.count)
    public private(set) var fired = [Int](repeating: 0, count: FaultKind.allCases.count)
    /// Bit k: some schedule handled an event of the world's kind k.
    public private(set) var eventKinds: UInt64 = 0

    public init(scenario original: Scenario, design: Design, options: Options) {
        self.design = design
        self.options = options
        scenario = options.timing.apply(to: original)
        func split(_ p: Double) -> [(Bool, Double)] { p <= 0 ? [(false, 1)] : p >= 1 ? [(true, 1)] : [(false, 1 - p), (true, p)] }
        variants = IOSBand.bands(of: design, in: original).flatMap { band, osWeight in
            split(original.user.returningCustomerProbability).map { returning, customerWeight in
                Variant(returningCustomer: returning, iOS: band, weight: customerWeight * osWeight)
            }
        }
        schedulesByFaults = [Int](repeating: 0, count: options.maxFaults + 1)
    }

    public var schedules: Int { schedulesByFaults.reduce(0, +) }
    /// P(an intent lost) is at least this…
    public var lostLowerBound: Double { lostMass }
    /// …and at most this.
    public var lostUpperBound: Double { min(1, lostMass + max(0, 1 - exploredMass)) }
    public var badLowerBound: Double { badMass }
    public var badUpperBound: Double { min(1, badMass + max(0, 1 - exploredMass)) }
    /// Losing schedules that no design could survive (`Counterexample.excuseRule`), and the
    /// legacy build's.
    public var unavoidableSchedules: Int { badSchedules.filter { $0.key != .avoidable }.values.reduce(0, +) }
    /// No avoidable counterexample among the schedules run, and all of them were run.
    public var holds: Bool { (badSchedules[.avoidable] ?? 0) == 0 && !stoppedShort }

    /// The scenario as one variant runs it. Without its segments: a variant fixes who the user
    /// is, and a segment's keys (its `device.belowIOS15Probability` above all) would override the
    /// variant's; check explores the scenario's own keys (docs/model.md §10, "Segments").
    public static func variantScenario(_ scenario: Scenario, returningCustomer: Bool, iOS: IOSBand = .from16) -> Scenario {
        var copy = scenario
        copy.segments = []
        copy.user.returningCustomerProbability = returningCustomer ? 1 : 0
        iOS.apply(to: &copy)
        return copy
    }

    /// Runs every schedule.
    /// - Complexity: O(schedules · events per run); schedules ≤ Σ_{k ≤ K} C(choice points, k).
    public mutating func explore() {
        for variant in variants {
            var world = DesignWorlds(scenario: Self.variantScenario(scenario, returningCustomer: variant.returningCustomer,
                                                                    iOS: variant.iOS),
                                     design: design, faults: .scripted(firing: []))
            world.recordsVerdicts = true
            world.recordsChoices = true
            var stack: [[Int]] = [[]]
            // Every loop has a bound: each pass pops one schedule and runs it once.
            while let schedule = stack.popLast() {
                if schedules >= options.maxSchedules { stoppedShort = true; break }
                world.faults = .scripted(firing: schedule)
                world.run(0)
                let weight = visit(world, schedule: schedule, variant: variant)
                exploredMass += variant.weight * weight
                guard schedule.count < options.maxFaults else { continue }
                let after = schedule.last ?? -1
                for choice in world.lastRunChoices.reversed() where choice.point > after {
                    stack.append(schedule + [choice.point])
                }
            }
        }
    }

    /// Records one schedule's run and returns its weight.
    mutating func visit(_ world: DesignWorlds, schedule: [Int], variant: Variant) -> Double {
        schedulesByFaults[schedule.count] += 1
        eventKinds |= world.lastRunEventKinds
        var weight = 1.0
        var firedPoints: [Int] = []
        var faults: [FaultKind] = []
        for choice in world.lastRunChoices {
            offered[choice.kind.rawValue] += 1
            if choice.fired {
                fired[choice.kind.rawValue] += 1
                firedPoints.append(choice.point)
                faults.append(choice.kind)
                weight *= choice.probability
            } else {
                weight *= 1 - choice.probability
            }
        }
        invariant(firedPoints == schedule, "a scripted schedule fires exactly its points: \(firedPoints) against \(schedule)")
        var lost = false, bad: Counterexample?
        for (intent, verdict) in world.lastRunVerdicts.enumerated() where options.outcomes.contains(verdict.outcome) {
            if verdict.outcome == .lost { lost = true }
            guard bad == nil else { continue }
            bad = Counterexample(
                points: schedule, faults: faults, returningCustomer: variant.returningCustomer, iOS: variant.iOS,
                intent: intent, outcome: verdict.outcome, cause: verdict.cause, events: world.lastRunEvents,
                avoidability: Counterexample.avoidability(cause: verdict.cause, platform: scenario.platform, iOS: variant.iOS,
                                                          returningCustomer: variant.returningCustomer,
                                                          boughtOutsideApp: world.lastRunBoughtOutsideApp(intent),
                                                          ranLegacyBuild: variant.iOS == .below15 && scenario.platform.newBuildFloor == .iOS15))
        }
        if lost { lostMass += variant.weight * weight }
        if let bad {
            badMass += variant.weight * weight
            badSchedules[bad.avoidability, default: 0] += 1
            keep(bad)
        }
        return weight
    }

    /// Keeps the smallest counterexamples, avoidable ones first.
    mutating func keep(_ example: Counterexample) {
        func before(_ a: Counterexample, _ b: Counterexample) -> Bool {
            let aAvoidable = a.avoidability == .avoidable, bAvoidable = b.avoidability == .avoidable
            if aAvoidable != bAvoidable { return aAvoidable }
            return Counterexample.precedes(a, b)
        }
        let position = counterexamples.firstIndex { before(example, $0) } ?? counterexamples.endIndex
        guard position < options.keptCounterexamples else { return }
        counterexamples.insert(example, at: position)
        if counterexamples.count > options.keptCounterexamples { counterexamples.removeLast() }
    }
}
