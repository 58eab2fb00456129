import Policies

extension Optimizer {
    /// One objective of one design over the certified runs: its value in the objective's unit
    /// with a 95% interval (Wilson for intent counts, normal for requests per intent), as a
    /// panel gives it.
    public typealias Estimate = RateEstimate

    /// A design on the front found.
    public struct FrontDesign: Sendable {
        /// Named `front-1`, `front-2`, … in front order (objectives ascending, in order).
        public let design: Design
        public let point: DesignPoint
        /// Per objective, in `Result.objectives` order.
        public let estimates: [Estimate]
        /// Designs parked behind it: identical to it on every objective in every run of a rung
        /// with runs enough for the resolution (axes that made no difference here).
        public let equivalents: [DesignPoint]
        /// The fewest runs any of `equivalents` was compared on (the certified runs when all
        /// matched it in every one).
        public let equivalentsRuns: Int
        /// Front designs (by index into `Result.front`) that no paired test at level α tells
        /// apart from this one on any objective: ties at this many runs.
        public let tiedWith: [Int]
        /// How the search reached it.
        public let origin: Origin
    }

    /// A survivor of the race not on the front: a front design is better in point estimate on
    /// every objective, but no paired test shows it.
    public struct TiedDesign: Sendable {
        public let design: Design
        public let point: DesignPoint
        public let estimates: [Estimate]
        /// The first front design that is better in point estimate, and this design minus it.
        public let behind: Int
        public let differences: [PairedDifference]
    }

    /// One of the scenario's designs against the front.
    public struct DesignVerdict: Sendable {
        public enum Status: Sendable, Equatable {
            /// It is front design `index`: the same axis values, parked behind it, or identical to
            /// it on every objective in every run.
            case onFront(Int)
            /// Front design `by` dominates it at level α (`Dominance`).
            case dominated(by: Int)
            /// Front design `by` is better in point estimate on every objective, but not
            /// significantly on each where they differ.
            case notSignificantlyDominated(by: Int)
            /// No front design is better in point estimate: it belongs on the front as well.
            case notDominated
        }

        public let name: String
        /// The design as the scenario has it.
        public let design: Design
        public let estimates: [Estimate]
        public let status: Status
        /// This design minus the front design, per objective (positive: this one is worse),
        /// for `dominated` and `notSignificantlyDominated`; empty otherwise.
        public let differences: [PairedDifference]
        /// How the search started from it.
        public let start: Start
    }

    public struct Result: Sendable {
        /// The job; its runs are the certified runs.
        public let job: DecisionJob
        public let space: DesignSpace
        /// The space file the space was read from; nil for every axis on its grid.
        public let spaceFile: String?
        public let combinations: UInt64
        public let legalCount: UInt64
        /// Every legal design was raced (no search).
        public let enumerated: Bool
        public let objectives: [Outcome]
        /// The certified runs.
        public let runs: Int
        public let alpha: Double
        public let racingLevel: Double
        /// `Settings.resolution`, and the runs of the first rung identity is trusted on.
        public let resolution: Double
        public let trustedRuns: Int
        public let front: [FrontDesign]
        public let ties: [TiedDesign]
        public let designs: [DesignVerdict]
        public let statistics: Statistics
        /// With `--importance`: the front's lost orders weighted (`certifyWeighted`); nil otherwise.
        public var weighted: WeightedFront? = nil
    }

    /// The survivors' point-estimate front, named and certified in one panel with `designs`.
    static func certify(_ race: Race, designs: [Design], starts: [Start], legal: UInt64, enumerated: Bool,
                        statistics: Statistics, source: String?, spaceFile: String?) -> Result {
        let settings = race.settings
        let objectives = settings.objectives
        let top = race.topRung
        let runs = race.rungs[top]
        let survivors = race.pool
        let onFront = Pareto.front(survivors.map { race.totals($0, rung: top) }).map { survivors[$0] }
        let ordered = onFront.sorted { a, b in
            let x = race.totals(a, rung: top), y = race.totals(b, rung: top)
            return x != y ? x.lexicographicallyPrecedes(y) : race.points[a] < race.points[b]
        }
        let identical = race.followers
        let frontDesigns = ordered.enumerated().map { race.space.design(at: race.points[$1], name: "front-\($0 + 1)") }
        var statistics = statistics
        statistics.certificationRuns = Int64(runs) * Int64(frontDesigns.count + designs.count)
        let panel = Runner.panel(scenario: race.scenario, designs: frontDesigns + designs, pairs: .all, runs: 0..<UInt64(runs),
                                 jobs: settings.jobs, progress: race.progress)
        for (index, member) in ordered.enumerated() {
            let totals = race.profiles[member].totals(at: runs)
            precondition(objectives.allSatisfy { $0.total(panel.tallies[index]) == totals[$0] },
                         "the panel and the race's profile disagree on \(frontDesigns[index].name)")
        }
        let logAlpha = DeterministicMath.log(settings.alpha)
        func estimates(_ index: Int) -> [Estimate] { objectives.map { panel.estimate($0, of: index) } }
        func differences(_ a: Int, _ b: Int) -> [PairedDifference] { objectives.map { panel.difference($0, a, b) } }

        let front = ordered.enumerated().map { index, member in
            FrontDesign(design: frontDesigns[index], point: race.points[member], estimates: estimates(index),
                        equivalents: (identical[member] ?? []).map { race.points[$0] },
                        equivalentsRuns: (identical[member] ?? []).map { follower -> Int in
                            if case .following(_, let compared) = race.fates[follower] { return compared }
                            return runs
                        }.min() ?? runs,
                        tiedWith: ordered.indices.filter { other in
                            other != index && !differences(index, other).contains { $0.logP < logAlpha }
                        },
                        origin: race.origins[member])
        }
        let ties = survivors.filter { !onFront.contains($0) }.sorted().map { member in
            let mine = race.totals(member, rung: top)
            let behind = ordered.firstIndex { Pareto.dominates(race.totals($0, rung: top), mine) }!
            return TiedDesign(design: race.space.design(at: race.points[member], name: "tie-\(member)"), point: race.points[member],
                              estimates: Optimizer.estimates(profile: race.profiles[member], runs: runs, objectives: objectives),
                              behind: behind, differences: race.compare(member, ordered[behind], rung: top))
        }
        let verdicts = designs.enumerated().map { offset, design in
            verdict(of: design, at: frontDesigns.count + offset, race: race, panel: panel, ordered: ordered, front: front,
                    start: starts.first { $0.name == design.name } ?? Start(name: design.name, moves: nil))
        }
        return Result(job: DecisionJob(race.scenario, source: source, runs: runs), space: race.space, spaceFile: spaceFile,
                      combinations: race.space.combinations, legalCount: legal, enumerated: enumerated,
                      objectives: objectives, runs: runs, alpha: settings.alpha, racingLevel: settings.racingLevel,
                      resolution: settings.resolution, trustedRuns: race.rungs[race.trustedRung], front: front,
                      ties: ties, designs: verdicts, statistics: statistics)
    }

    /// Where one of the scenario's designs (panel member `index`) stands against the certified
    /// front: on it (the same point, parked behind a front design, or identical to one in every
    /// run), dominated by a front design at level α, behind one in point estimate only, or
    /// not dominated.
    static func verdict(of design: Design, at index: Int, race: Race, panel: PanelResult, ordered: [Int], front: [FrontDesign],
                        start: Start) -> DesignVerdict {
        let objectives = race.settings.objectives
        func differences(_ a: Int, _ b: Int) -> [PairedDifference] { objectives.map { panel.difference($0, a, b) } }
        let rates = objectives.map { panel.rate($0, of: index) }
        var status = DesignVerdict.Status.notDominated
        var evidence: [PairedDifference] = []
        if let point = race.space.point(of: design), let number = race.number(of: point),
           let position = ordered.firstIndex(where: { $0 == number || race.followers[$0]?.contains(number) == true }) {
            status = .onFront(position)
        } else if let twin = front.indices.first(where: { differences($0, index).allSatisfy(\.isIdentical) }) {
            status = .onFront(twin)
        } else if let by = front.indices.first(where: { Dominance.holds(differences($0, index), level: race.settings.alpha) }) {
            status = .dominated(by: by)
            evidence = differences(index, by)
        } else if let by = front.indices.first(where: { member in Pareto.dominates(objectives.map { panel.rate($0, of: member) }, rates) }) {
            status = .notSignificantlyDominated(by: by)
            evidence = differences(index, by)
        }
        return DesignVerdict(name: design.name, design: design, estimates: objectives.map { panel.estimate($0, of: index) },
                             status: status, differences: evidence, start: start)
    }

    /// An estimate from a race profile over its first `runs` runs.
    static func estimates(profile: RunProfile, runs: Int, objectives: [Outcome]) -> [Estimate] {
        let totals = profile.totals(at: runs)
        var squares: Int64 = 0
        for run in 0..<runs { squares += profile.requests(in: run) * profile.requests(in: run) }
        return objectives.map { .counted($0, total: totals[$0], intents: totals.intents, runs: Int64(runs), squares: squares) }
    }
}
