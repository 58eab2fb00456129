import Policies

extension Optimizer {
    /// A design of the scenario as a starting point of the search.
    public struct Start: Sendable {
        public let name: String
        /// The axes moved to put it on the space (empty: it is in the space); nil when no legal
        /// point is near it.
        public let moves: [DesignSpace.Move]?
    }

    /// Races the space: every legal design when there are at most `enumerateUpTo`, else the
    /// local search; then the survivors climb to the last rung, and the front is certified
    /// against `designs` (the scenario's designs, compared as they are).
    /// - Complexity: O(budget · events per run) simulation, plus the certification's panel.
    /// `legalCount` is the space's, when the caller has it already (it takes seconds to count).
    public static func run(scenario: Scenario, space: DesignSpace, designs: [Design], settings: Settings, legalCount: UInt64? = nil,
                           source: String? = nil, spaceFile: String? = nil,
                           progress: ProgressCounter? = nil) -> Result {
        let legal = legalCount ?? space.legalCount(jobs: settings.jobs)
        let enumerated = legal <= settings.enumerateUpTo
        var race = Race(scenario: scenario, space: space, settings: settings, progress: progress)
        var statistics = Statistics()
        statistics.rungs = settings.rungs
        if settings.raceBias != nil {
            (statistics.raceBias, statistics.weightedShare, statistics.weightedCost) = (settings.raceBiasText, settings.weightedShare, settings.weightedCost)
        }
        var starts: [Start] = []
        if enumerated {
            var all: [Int] = []
            space.forEachLegalPoint { point in if let number = race.add(point, origin: .enumerated) { all.append(number) } }
            race.admit(all)
            starts = designs.map { Start(name: $0.name, moves: space.point(of: $0) == nil ? nil : []) }
        } else {
            starts = search(&race, designs: designs, statistics: &statistics)
        }
        while race.poolRung < race.topRung { race.promote() }
        statistics.designsEvaluated = race.points.count
        statistics.searchRuns = race.simulated
        statistics.weightedRuns = race.weightedSimulated
        (statistics.weightedTests, statistics.flaggedTests) = (race.weightedTests, race.flaggedTests)
        (statistics.weightedDrops, statistics.flaggedDrops) = (race.weightedDrops, race.flaggedDrops)
        for fate in race.fates {
            switch fate {
            case .alive: break
            case .dominated: statistics.dominated += 1
            case .following: statistics.parked += 1
            case .leftWith: statistics.leftWithLeader += 1
            case .setAside: statistics.setAside += 1
            }
        }
        return certify(race, designs: designs, starts: starts, legal: legal, enumerated: enumerated, statistics: statistics,
                       source: source, spaceFile: spaceFile)
    }

    /// The Pareto local search: the scenario's designs (moved onto the space) and
    /// `randomStarts` random legal designs enter the race; then, while the budget lasts, the
    /// next pool design (`Race.nextToExpand`) has every legal design one axis away raced in
    /// (those identical to it on the first rung set aside), and the pool climbs a rung whenever
    /// it outgrows `poolLimit`. When every pool design is expanded (a local optimum) and budget
    /// is left, `randomStarts` more random designs enter (a restart). The budget is checked
    /// before each expansion and restart against the design-runs simulated plus those the pool
    /// needs to reach the last rung.
    static func search(_ race: inout Race, designs: [Design], statistics: inout Statistics) -> [Start] {
        let settings = race.settings
        var starts: [Start] = []
        var entering: [Int] = []
        for design in designs {
            guard let (point, moves) = race.space.projection(of: design) else {
                starts.append(Start(name: design.name, moves: nil))
                continue
            }
            starts.append(Start(name: design.name, moves: moves))
            if let number = race.add(point, origin: .preset(design.name)) { entering.append(number) }
        }
        var random = Xoshiro256(seed: race.scenario.seed ^ 0x6F70_7469_6D69_7A65)  // "optimize"
        entering += randomDesigns(&race, count: settings.randomStarts, random: &random)
        race.admit(entering)
        while race.spent + race.remainingClimb < settings.budget {
            guard let next = race.nextToExpand() else {
                let restart = randomDesigns(&race, count: settings.randomStarts, random: &random)
                guard !restart.isEmpty else { break }
                statistics.restarts += 1
                race.admit(restart)
                continue
            }
            race.expanded[next] = true
            statistics.expansions += 1
            let children = race.space.neighbours(of: race.points[next]).compactMap { race.add($0, origin: .neighbour(of: next)) }
            race.admit(race.screen(children, parent: next))
            while race.pool.count > settings.poolLimit && race.poolRung < race.topRung { race.promote() }
        }
        statistics.budgetSpent = race.spent + race.remainingClimb >= settings.budget
        statistics.unexpanded = race.pool.filter { !race.expanded[$0] }.count
        return starts
    }

    /// Up to `count` legal designs not seen before, drawn uniformly (a bounded number of tries).
    static func randomDesigns(_ race: inout Race, count: Int, random: inout Xoshiro256) -> [Int] {
        var drawn: [Int] = []
        for _ in 0..<(count * 1_000) where drawn.count < count {
            let point = race.space.randomPoint(&random)
            guard race.space.isLegal(point), let number = race.add(point, origin: .random) else { continue }
            drawn.append(number)
        }
        return drawn
    }
}
