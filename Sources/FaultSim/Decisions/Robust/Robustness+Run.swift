import Policies

/// Simulating a robustness job: each setting as a panel of every design over the same runs, then
/// a crossover search for each one-at-a-time setting that flips the leader. Settings run one
/// after another, each over all threads; nothing depends on the thread count.
extension Robustness {
    /// The whole job, or shard `shard`'s part of it: measures its settings (the baseline first),
    /// then searches a crossover for each one-at-a-time setting that flips the leader. `source`
    /// names the scenario in the outputs; `reporter` watches the two phases.
    /// - Complexity: the settings' panels, then `crossoverSteps` paired simulations per flip.
    public func run(shard: Shard = Shard(index: 0, count: 1), source: String? = nil, jobs: Int,
                    reporter: (any ProgressReporter)? = nil) -> RobustResult {
        var result = emptyResult(shard: shard, source: source)
        let measured = indices(of: shard)
        let simulated = measured.filter { $0 == 0 || !settings[$0].sameAsBaseline }.count
        measure(measured, into: &result, jobs: jobs, progress: reporter?.begin("\(simulated) settings", totalRuns: simulated * runs))
        let searches = settingsToSearch(in: result).count
        if searches > 0 {
            searchCrossovers(into: &result, jobs: jobs,
                             progress: reporter?.begin("\(searches) crossover searches", totalRuns: searches * crossoverSteps * runs))
        }
        result._checkInvariants()
        return result
    }

    /// Measures the settings `indices` (which must start with the baseline, 0: the other
    /// settings' verdicts are judged against its leader) into `result`. A setting whose values
    /// are all the scenario's own takes the baseline's counts without simulating.
    /// - Complexity: O(|indices| · runs · designs²) plus the simulation.
    public func measure(_ indices: [Int], into result: inout RobustResult, jobs: Int, progress: ProgressCounter? = nil) {
        precondition(indices.first == 0, "the baseline comes first")
        for index in indices {
            if index != 0 && settings[index].sameAsBaseline {
                result.counts[index] = result.counts[0]
                continue
            }
            if let bias {
                let weighted = Runner.weighted(scenario: scenario(of: settings[index]), designs: designs, runs: 0..<UInt64(runs), bias: bias,
                                               jobs: jobs, progress: progress)
                result.counts[index] = Self.counts(weighted.tallies, weighted.panel)
                continue
            }
            let panel = Runner.panel(scenario: scenario(of: settings[index]), designs: designs, pairs: .all, outcomes: [.lost],
                                     pairsRequests: false, runs: 0..<UInt64(runs), jobs: jobs, progress: progress)
            result.counts[index] = Self.counts(panel)
        }
    }

    /// A weighted setting's counts: the estimates, with the runs that lost an order under the
    /// bias as `lost` (no paired counts: the answers come from the estimates).
    static func counts(_ tallies: [DesignTally], _ panel: WeightedPanel) -> RobustResult.Counts {
        let weighted = WeightedLosses(panel: panel, tallies: tallies)
        return RobustResult.Counts(lost: weighted.rates.map(\.eventRuns), intents: tallies.map(\.intents),
                                   lostOnly: Array(repeating: 0, count: tallies.count * tallies.count), weighted: weighted)
    }

    /// The lost-order counts of a panel.
    static func counts(_ panel: PanelResult) -> RobustResult.Counts {
        RobustResult.Counts(lost: panel.tallies.map(\.lost), intents: panel.tallies.map(\.intents), lostOnly: panel.pairedLosses.discordant)
    }

    /// The measured one-at-a-time settings of `result` that flip the leader, in order: where
    /// `searchCrossovers` searches (or notes why it cannot).
    public func settingsToSearch(in result: RobustResult) -> [Int] {
        result.settings.indices.filter { index in
            result.counts[index] != nil && result.guessMoved(by: index) != nil && result.verdict(index) == .flips
        }
    }

    /// For each setting of `settingsToSearch`, bisects between the scenario's value of its guess
    /// (t = 0, the baseline) and the end that flips (t = 1) on the sign of the baseline leader's
    /// lost intents minus the new leader's, paired over the same runs: `crossoverSteps`
    /// halvings, each a paired simulation of the two designs. A choice has no value between
    /// its ends and is noted instead.
    /// - Complexity: `crossoverSteps` paired simulations of `runs` per flipping setting.
    public func searchCrossovers(into result: inout RobustResult, jobs: Int, progress: ProgressCounter? = nil) {
        for index in settingsToSearch(in: result) {
            let (guessIndex, _) = result.guessMoved(by: index)!
            let guess = guesses[guessIndex]
            let end = settings[index].assignments[0].value
            let leader = result.baselineLeader, challenger = result.leader(index)
            guard !guess.current.isStepped(towards: end) else {
                let note = guess.isStepped ? "a choice: no value lies between its ends"
                    : "the scenario's value (\(guess.current.text)) and \(end.text) are distributions that do not blend"
                result.crossovers.append(.init(setting: index, leader: leader, challenger: challenger, points: [], estimate: nil,
                                               low: nil, high: nil, note: note))
                continue
            }
            var evaluated: [RobustResult.CrossoverPoint] = []
            let found = Crossover.bisect(0...1, steps: crossoverSteps) { t in
                let value = guess.current.interpolated(to: end, at: t)
                let counts: (leaderLost: Int64, challengerLost: Int64, onlyLeader: Int64, onlyChallenger: Int64, intents: Int64)
                var weighted: WeightedLosses?
                if t == 0 || t == 1 {
                    let known = result.counts(t == 0 ? 0 : index)
                    counts = (known.lost[leader], known.lost[challenger], known.only(leader, notBy: challenger),
                              known.only(challenger, notBy: leader), known.intents[leader])
                    weighted = known.weighted.map { $0.pair(leader, challenger) }
                } else if let bias {
                    var scenario = baseline
                    guess.row.field.set(value, in: &scenario)
                    let paired = Runner.weighted(scenario: scenario, designs: [designs[leader], designs[challenger]], runs: 0..<UInt64(runs),
                                                 bias: bias, jobs: jobs, progress: progress)
                    let losses = WeightedLosses(panel: paired.panel, tallies: paired.tallies)
                    counts = (losses.rates[0].eventRuns, losses.rates[1].eventRuns, 0, 0, paired.tallies[0].intents)
                    weighted = losses
                } else {
                    var scenario = baseline
                    guess.row.field.set(value, in: &scenario)
                    let paired = Runner.compare(scenario: scenario, designs: [designs[leader], designs[challenger]],
                                                runs: 0..<UInt64(runs), jobs: jobs, progress: progress)
                    counts = (paired.tallies[0].lost, paired.tallies[1].lost, paired.pairs.lostOnlyBy(0, notBy: 1),
                              paired.pairs.lostOnlyBy(1, notBy: 0), paired.tallies[0].intents)
                }
                let point = RobustResult.CrossoverPoint(t: t, value: .init(value), leaderLost: counts.leaderLost,
                                                        challengerLost: counts.challengerLost, onlyLeader: counts.onlyLeader,
                                                        onlyChallenger: counts.onlyChallenger, intents: counts.intents, weighted: weighted)
                evaluated.append(point)
                return Crossover.Point(value: t, difference: point.leaderMinusChallenger, significant: point.logP < Significance.logLevel, detail: "")
            }
            evaluated.sort { $0.t < $1.t }
            func text(_ t: Double?) -> RobustResult.ValueText? { t.map { .init(guess.current.interpolated(to: end, at: $0)) } }
            result.crossovers.append(.init(setting: index, leader: leader, challenger: challenger, points: evaluated,
                                           estimate: text(found.estimate), low: text(found.interval?.low), high: text(found.interval?.high),
                                           note: nil))
        }
    }

}
