import Policies

extension Optimizer {
    /// What happened to a design in the race.
    enum Fate: Sendable, Equatable {
        case alive
        /// Left at `runs`: `by` dominated it (`Dominance`).
        case dominated(by: Int, runs: Int)
        /// Parked behind design `leader`: identical to it on every objective in every one of
        /// the first `runs` runs, a rung with runs enough for the resolution.
        case following(leader: Int, runs: Int)
        /// Parked behind design `leader`, and left with it at `runs`.
        case leftWith(leader: Int, runs: Int)
        /// A neighbour identical to the design it was found from, in every run of the first
        /// rung: the search set it aside unraced.
        case setAside(parent: Int)
    }

    /// The race: every design seen (by number, in the order seen), its profile, its fate, and the
    /// pool of designs nothing has dominated, all on the pool's rung.
    struct Race {
        let scenario: Scenario
        let space: DesignSpace
        let settings: Settings
        let rungs: [Int]
        let progress: ProgressCounter?
        /// The objectives, server requests (the costly test) last.
        let cheapFirst: [Outcome]

        private(set) var points: [DesignPoint] = []
        private(set) var designs: [Design] = []
        private(set) var origins: [Origin] = []
        var profiles: [RunProfile] = []
        /// With a race bias: each design's lost orders under it (`WeightedProfile`), on the first
        /// `Settings.weightedRuns` of each rung it reached; empty profiles without one.
        var weightedProfiles: [WeightedProfile] = []
        private(set) var fates: [Fate] = []
        /// The designs parked behind each design, in the order they parked.
        private(set) var followers: [Int: [Int]] = [:]
        var expanded: [Bool] = []
        /// Each design's number, by its point.
        private var numbers: [DesignPoint: Int] = [:]
        /// Alive designs on `rungs[poolRung]`, ascending.
        private(set) var pool: [Int] = []
        private(set) var poolRung = 0
        private(set) var simulated: Int64 = 0
        /// Weighted design-runs simulated (with a race bias).
        private(set) var weightedSimulated: Int64 = 0
        /// Lost-order tests decided by the weights, and those the guard sent to the counts; the
        /// designs that left on each kind.
        private(set) var weightedTests = 0, flaggedTests = 0, weightedDrops = 0, flaggedDrops = 0

        /// The first rung on which "identical in every run" is trusted (`Settings.resolution`).
        let trustedRung: Int

        init(scenario: Scenario, space: DesignSpace, settings: Settings, progress: ProgressCounter?) {
            trustedRung = settings.trustedRung
            self.scenario = scenario
            self.space = space
            self.settings = settings
            self.rungs = settings.rungs
            self.progress = progress
            cheapFirst = settings.objectives.filter { $0 != .serverRequests } + settings.objectives.filter { $0 == .serverRequests }
        }

        var topRung: Int { rungs.count - 1 }

        /// Registers a legal point not seen before; nil when it was seen.
        mutating func add(_ point: DesignPoint, origin: Origin) -> Int? {
            guard numbers[point] == nil else { return nil }
            let number = points.count
            numbers[point] = number
            points.append(point)
            designs.append(space.design(at: point, name: "candidate-\(number)"))
            origins.append(origin)
            profiles.append(RunProfile())
            weightedProfiles.append(WeightedProfile())
            fates.append(.alive)
            expanded.append(false)
            return number
        }

        /// The number of `point`, when it was registered.
        func number(of point: DesignPoint) -> Int? { numbers[point] }

        /// Races `newcomers` into the pool: they climb rung by rung to the pool's rung, leaving
        /// when a pool design or another newcomer dominates them; on the pool's rung, pool and
        /// newcomers are raced together (a newcomer may push pool designs out).
        mutating func admit(_ newcomers: [Int]) {
            defer { _checkInvariants() }
            var alive = newcomers
            for rung in 0...poolRung {
                extend(alive, to: rung)
                let stay = round(alive, residents: pool, residentsMayLeave: rung == poolRung, rung: rung)
                if rung == poolRung {
                    pool = (stay.residents + stay.newcomers).sorted()
                    return
                }
                alive = stay.newcomers
                if alive.isEmpty { return }
            }
        }

        /// The pool climbs one rung and is raced there.
        mutating func promote() {
            precondition(poolRung < topRung)
            poolRung += 1
            extend(pool, to: poolRung)
            pool = round(pool, residents: [], residentsMayLeave: false, rung: poolRung).newcomers
            _checkInvariants()
        }

        /// Of `children` of `parent` (a pool design), those that differ from it in some run of the
        /// first rung; the others are set aside unraced: a local search learns nothing from a
        /// step it cannot see yet, and most such steps change an axis the design never uses.
        mutating func screen(_ children: [Int], parent: Int) -> [Int] {
            // On counts alone: a screen decides nothing about lost orders, and most children are set aside.
            extend(children, to: 0, weighted: false)
            var differing: [Int] = []
            for child in children {
                if totals(child, rung: 0) == totals(parent, rung: 0) && compare(parent, child, rung: 0).allSatisfy(\.isIdentical) {
                    fates[child] = .setAside(parent: parent)
                    profiles[child] = RunProfile()
                    weightedProfiles[child] = WeightedProfile()
                } else {
                    differing.append(child)
                }
            }
            _checkInvariants()
            return differing
        }

        /// What holds between the race's steps: one entry per design seen in every list; the
        /// pool ascending, without repeats, every member alive and simulated to the pool's rung;
        /// a design parked behind a leader says so, and the leader is alive; a design that left
        /// holds no runs. The full check runs in debug builds only.
        func _checkInvariants() {
            invariant(poolRung >= 0 && poolRung < rungs.count, "the pool's rung is off the ladder")
            #if DEBUG
            let count = points.count
            invariant(designs.count == count && origins.count == count && profiles.count == count && fates.count == count
                      && expanded.count == count, "the race's lists disagree on how many designs it has seen")
            for (index, member) in pool.enumerated() {
                invariant(index == 0 || pool[index - 1] < member, "the pool is not ascending without repeats")
                invariant(fates[member] == .alive, "pool design \(member) has left the race")
                invariant(profiles[member].runs == rungs[poolRung], "pool design \(member) is not on the pool's rung")
            }
            for (leader, parked) in followers {
                invariant(fates[leader] == .alive, "design \(leader) leads parked designs but has left")
                for follower in parked {
                    guard case .following(let named, _) = fates[follower] else { preconditionFailure("design \(follower) parked but not following") }
                    invariant(named == leader, "design \(follower) parked behind \(leader) names \(named)")
                }
            }
            for member in fates.indices {
                switch fates[member] {
                case .dominated, .leftWith, .setAside:
                    invariant(profiles[member].runs == 0 && weightedProfiles[member].runs == 0, "design \(member) left but keeps its runs")
                case .alive, .following: break
                }
            }
            #endif
        }

        /// Design-runs the pool still needs to reach the top rung, a weighted run charged
        /// `Settings.weightedCost`.
        var remainingClimb: Int64 {
            let top = rungs[topRung]
            let plain = pool.reduce(Int64(0)) { $0 + Int64(top - profiles[$1].runs) }
            guard settings.raceBias != nil else { return plain }
            let weightedTop = settings.weightedRuns(top)
            return plain + settings.weightedCost * pool.reduce(Int64(0)) { $0 + Int64(weightedTop - weightedProfiles[$1].runs) }
        }

        /// Design-runs spent against the budget: plain runs, and each weighted run at `Settings.weightedCost`.
        var spent: Int64 { simulated + settings.weightedCost * weightedSimulated }

        /// Simulates the runs each of `members` lacks up to `rungs[rung]`, one rung at a time,
        /// so every design has its totals at every rung it passed (a newcomer may be compared
        /// with it at any of them).
        /// With a race bias and `weighted`, each also gets its weighted runs of every rung
        /// (`Settings.weightedRuns`), one design at a time in the order given.
        mutating func extend(_ members: [Int], to rung: Int, weighted: Bool = true) {
            let ends = rungs[0...rung]
            simulated += ProfileRunner.extend(&profiles, designs: designs, which: members, through: ends, scenario: scenario,
                                              jobs: settings.jobs, progress: progress)
            guard weighted, let bias = settings.raceBias else { return }
            weightedSimulated += WeightedProfile.extend(&weightedProfiles, designs: designs, which: members,
                                                        through: ends.map { settings.weightedRuns($0) }, scenario: scenario, bias: bias,
                                                        jobs: settings.jobs)
        }

        /// The objectives' totals of `member` over the first `rungs[rung]` runs, as doubles for
        /// `Pareto` (counts, not rates: every design has the same intents in a run).
        func totals(_ member: Int, rung: Int) -> [Double] {
            let totals = profiles[member].totals(at: rungs[rung])
            return settings.objectives.map { Double(totals[$0]) }
        }

        /// A − B on every objective over the first `rungs[rung]` runs.
        func compare(_ a: Int, _ b: Int, rung: Int) -> [PairedDifference] {
            RunProfile.compare(profiles[a], profiles[b], over: rungs[rung], objectives: settings.objectives)
        }

        /// Whether `a` dominates `b` over the first `rungs[rung]` runs at the racing level
        /// (`Dominance`; an objective identical in every run is a tie only on a trusted rung),
        /// testing server requests (O(runs)) last, only when the intent counts allow it.
        /// With a race bias, lost orders are decided by the weighted paired z-test
        /// (`weightedLost`) wherever the guard trusts both designs' estimates, else by the count
        /// test; the counters say which decided, and which decided a design's leaving.
        mutating func dominates(_ a: Int, _ b: Int, rung: Int) -> Bool {
            var test = LostTest.counts
            let holds = Dominance.holds(count: cheapFirst.count, level: settings.racingLevel, identicalIsTie: rung >= trustedRung) { k in
                if cheapFirst[k] == .lost, settings.raceBias != nil {
                    let (weighted, trusted) = weightedLost(a, b, rung: rung)
                    test = trusted ? .weighted : .flagged
                    if let weighted { return weighted }
                }
                return RunProfile.compare(profiles[a], profiles[b], over: rungs[rung], objectives: [cheapFirst[k]])[0]
            }
            switch test {
            case .counts: break
            case .weighted: weightedTests += 1; weightedDrops += holds ? 1 : 0
            case .flagged: flaggedTests += 1; flaggedDrops += holds ? 1 : 0
            }
            return holds
        }

        /// How a pair's lost orders were tested.
        enum LostTest { case counts, weighted, flagged }

        /// A − B in lost orders on the weighted runs of `rung`, when the guard trusts both
        /// designs' estimates there (`WeightedRate.warning` nil for both); else nil, and the
        /// caller falls back to the count test. `trusted` says which.
        func weightedLost(_ a: Int, _ b: Int, rung: Int) -> (difference: PairedDifference?, trusted: Bool) {
            guard let runs = trustedWeightedRuns(a, b, rung: rung) else { return (nil, false) }
            // Every design has the same intents in a run, and no bias changes them: A's are B's.
            let intents = weightedProfiles[a].intents(at: runs)
            return (WeightedProfile.compare(weightedProfiles[a], weightedProfiles[b], over: runs, intents: intents), true)
        }

        /// One round at `rung` for designs already simulated to it. Each newcomer leaves when a
        /// resident or another newcomer dominates it; when `residentsMayLeave`, each resident
        /// leaves when a newcomer dominates it (residents were raced among themselves on this
        /// rung before). On a trusted rung, a newcomer that stays and is identical to an earlier
        /// design that stays, on every objective in every run, parks behind it: it is not raced
        /// or expanded any more, and leaves when that design leaves (they are the same design at
        /// the race's resolution). Every decision is taken on the designs present at the start,
        /// so the order of the lists never matters.
        /// - Complexity: O(|newcomers| · (|newcomers| + |residents|)) point-estimate checks, and a
        ///   paired test for each point-estimate dominator tried (O(runs) on server requests).
        private mutating func round(_ newcomers: [Int], residents: [Int], residentsMayLeave: Bool, rung: Int)
            -> (newcomers: [Int], residents: [Int]) {
            let everyone = (residents + newcomers).sorted()
            var vectors: [Int: [Double]] = [:]
            for member in everyone { vectors[member] = totals(member, rung: rung) }
            var dominated: [Int: Int] = [:]
            func challenge(_ b: Int, by challengers: [Int]) {
                for a in challengers where a != b && pointDominates(a, b, vectors: vectors, rung: rung) && dominates(a, b, rung: rung) {
                    dominated[b] = a
                    return
                }
            }
            for b in newcomers.sorted() { challenge(b, by: everyone) }
            if residentsMayLeave { for b in residents.sorted() { challenge(b, by: newcomers.sorted()) } }
            var parked: Set<Int> = []
            if rung >= trustedRung {
                for b in newcomers.sorted() where dominated[b] == nil {
                    // The lowest-numbered identical design that stays leads (identity is an equivalence).
                    for a in everyone where a < b && dominated[a] == nil && !parked.contains(a) && vectors[a]! == vectors[b]! {
                        guard compare(a, b, rung: rung).allSatisfy(\.isIdentical), weightedIdentical(a, b, rung: rung) else { continue }
                        fates[b] = .following(leader: a, runs: rungs[rung])
                        // A pool design parking now brings the designs parked behind it along.
                        let behind = followers.removeValue(forKey: b) ?? []
                        for follower in behind {
                            if case .following(_, let runs) = fates[follower] { fates[follower] = .following(leader: a, runs: runs) }
                        }
                        followers[a, default: []] += [b] + behind
                        parked.insert(b)
                        break
                    }
                }
            }
            for member in dominated.keys.sorted() {
                fates[member] = .dominated(by: dominated[member]!, runs: rungs[rung])
                profiles[member] = RunProfile()
                weightedProfiles[member] = WeightedProfile()
                for follower in followers.removeValue(forKey: member) ?? [] {
                    fates[follower] = .leftWith(leader: member, runs: rungs[rung])
                    profiles[follower] = RunProfile()
                    weightedProfiles[follower] = WeightedProfile()
                }
            }
            return (newcomers.filter { dominated[$0] == nil && !parked.contains($0) }.sorted(), residents.filter { dominated[$0] == nil })
        }

        /// `a` dominates `b` in point estimate on `rung` (the paired test's precondition). With a
        /// race bias, lost orders compare by the weighted estimates when the guard trusts both
        /// (as the test then does), else by the counts: at a few lost orders per 10^6 the counts
        /// are mostly 0 and would let the weights' test decide only among designs the counts tie.
        func pointDominates(_ a: Int, _ b: Int, vectors: [Int: [Double]], rung: Int) -> Bool {
            let x = vectors[a]!, y = vectors[b]!
            guard settings.raceBias != nil, let lost = settings.objectives.firstIndex(of: .lost),
                  let runs = trustedWeightedRuns(a, b, rung: rung) else { return Pareto.dominates(x, y) }
            var weightedX = x, weightedY = y
            // Rates over the same runs: ordered as the totals would be.
            weightedX[lost] = weightedProfiles[a].rate(at: runs).rate
            weightedY[lost] = weightedProfiles[b].rate(at: runs).rate
            return Pareto.dominates(weightedX, weightedY)
        }

        /// The weighted runs of `rung`, when the guard trusts both designs' estimates over them
        /// (`WeightedRate.warning` nil for both); else nil.
        func trustedWeightedRuns(_ a: Int, _ b: Int, rung: Int) -> Int? {
            let runs = settings.weightedRuns(rungs[rung])
            return weightedProfiles[a].trusted(at: runs) && weightedProfiles[b].trusted(at: runs) ? runs : nil
        }

        /// Without a race bias, true; with one, whether `a` and `b` had the same weighted lost
        /// count in every weighted run of `rung`: two designs identical on the counts in every
        /// run are one design at the race's resolution only if the biased runs, where faults the
        /// plain runs rarely draw are frequent, cannot tell them apart either.
        func weightedIdentical(_ a: Int, _ b: Int, rung: Int) -> Bool {
            guard settings.raceBias != nil else { return true }
            let runs = settings.weightedRuns(rungs[rung])
            return WeightedProfile.compare(weightedProfiles[a], weightedProfiles[b], over: runs, intents: weightedProfiles[a].intents(at: runs))
                .isIdentical
        }

        /// The next pool design to expand: on the pool's point-estimate front, not expanded yet,
        /// the one with the largest crowding distance (the ends of the front first, then where
        /// the front is sparsest), the lowest number on a tie; else the first unexpanded pool
        /// design; nil when all are expanded.
        func nextToExpand() -> Int? {
            let vectors = pool.map { totals($0, rung: poolRung) }
            let front = Pareto.front(vectors)
            let distances = Pareto.crowdingDistances(front.map { vectors[$0] })
            var best: (member: Int, distance: Double)?
            for (slot, index) in front.enumerated() where !expanded[pool[index]] {
                if best == nil || distances[slot] > best!.distance { best = (pool[index], distances[slot]) }
            }
            return best?.member ?? pool.first { !expanded[$0] }
        }
    }
}
