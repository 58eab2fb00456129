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
        if leadRuns > 0 && shard.index == 0 {
            result.lead = measureLead(in: result, jobs: jobs, progress: reporter?.begin("the lead", totalRuns: leadRuns))
        }
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
    /// are all the scenario's own takes the baseline's counts without simulating. In a weighted
    /// job with `fallbackRuns`, a setting the guard flags is counted again on plain runs.
    /// The counts again run on `progress` too, whose total grows by them: by those made and, for
    /// the time left, those the settings left would need at the share flagged so far (how many
    /// settings the guard flags is known only as they are measured; at the end, exactly those made).
    /// - Complexity: O(|indices| · runs · designs²) plus the simulation.
    public func measure(_ indices: [Int], into result: inout RobustResult, jobs: Int, progress: ProgressCounter? = nil) {
        precondition(indices.first == 0, "the baseline comes first")
        let simulated = indices.filter { $0 == 0 || !settings[$0].sameAsBaseline }.count
        var weighed = 0, flagged = 0
        for index in indices {
            if index != 0 && settings[index].sameAsBaseline {
                result.counts[index] = result.counts[0]
                continue
            }
            result.counts[index] = counted(index, runs: runs, bias: bias, jobs: jobs, progress: progress)
            guard bias != nil, fallbackRuns > 0 else { continue }
            guard fallbackRuns > 0 else { continue }
            weighed += 1
            let isFlagged = result.isFlagged(index)
            if isFlagged { flagged += 1 }
            progress?.setAddedTotal(fallbackRuns * (flagged + flagged * (simulated - weighed) / weighed))
            if isFlagged { result.counts[index] = counted(index, runs: fallbackRuns, jobs: jobs, progress: progress) }
        }
    }

    /// Setting `index`'s lost orders over runs `0..<runs`: counted, or weighted under `bias`.
    func counted(_ index: Int, runs: Int, bias: FaultBias? = nil, jobs: Int, progress: ProgressCounter? = nil) -> RobustResult.Counts {
        Self.counts(Runner.panel(scenario: scenario(of: settings[index]), designs: designs, pairs: .all, outcomes: [.lost],
                                 pairsRequests: false, runs: 0..<UInt64(runs), jobs: jobs, progress: progress, bias: bias))
    }

    /// The lost-order counts of a panel; of a weighted one, the estimates, with the runs that
    /// lost an order under the bias as `lost` (no paired counts: the answers come from the estimates).
    static func counts(_ panel: PanelResult) -> RobustResult.Counts {
        guard panel.isWeighted else {
            return RobustResult.Counts(lost: panel.tallies.map(\.lost), intents: panel.tallies.map(\.intents),
                                       lostOnly: panel.pairedLosses.discordant)
        }
        let weighted = WeightedLosses(panel: panel)
        return RobustResult.Counts(lost: weighted.rates.map(\.eventRuns), intents: panel.tallies.map(\.intents),
                                   lostOnly: Array(repeating: 0, count: panel.designs * panel.designs), weighted: weighted)
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
                let point: RobustResult.CrossoverPoint
                if t == 0 || t == 1 {
                    let known = result.counts(t == 0 ? 0 : index)
                    point = .init(t: t, value: .init(value), leaderLost: known.lost[leader], challengerLost: known.lost[challenger],
                                  onlyLeader: known.only(leader, notBy: challenger), onlyChallenger: known.only(challenger, notBy: leader),
                                  intents: known.intents[leader], weighted: known.weighted.map { $0.pair(leader, challenger) })
                } else {
                    var scenario = baseline
                    guess.row.field.set(value, in: &scenario)
                    point = pairedPoint(scenario, leader, challenger, runs: 0..<UInt64(runs), bias: bias, t: t, value: .init(value),
                                        jobs: jobs, progress: progress)
                }
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

    /// The baseline's leader and runner-up compared again on `leadRuns` more runs (`--lead-runs`),
    /// nil when the job has none or one design. A weighted job draws them from the bias narrowed
    /// to the two designs' own worlds (`FaultBias.narrowed`): the other designs' worlds would
    /// spend runs on losses neither design has.
    /// - Complexity: one paired simulation of `leadRuns` runs.
    public func measureLead(in result: RobustResult, jobs: Int, progress: ProgressCounter? = nil) -> RobustResult.Lead? {
        guard leadRuns > 0, let (runnerUp, _) = result.runnerUp else { return nil }
        let leader = result.baselineLeader
        let runs = UInt64(self.runs)..<UInt64(self.runs + leadRuns)
        let point = pairedPoint(baseline, leader, runnerUp, runs: runs, bias: bias?.narrowed(to: [designs[leader].name, designs[runnerUp].name]),
                                t: 0, value: RobustResult.Lead.scenarioValue, jobs: jobs, progress: progress)
        return RobustResult.Lead(leader: leader, runnerUp: runnerUp, firstRun: self.runs, runs: leadRuns, point: point)
    }

    /// Designs `leader` and `challenger` of the job over `runs` of `scenario`, paired: counted, or
    /// weighted under `bias`.
    func pairedPoint(_ scenario: Scenario, _ leader: Int, _ challenger: Int, runs: Range<UInt64>, bias: FaultBias?, t: Double,
                     value: RobustResult.ValueText, jobs: Int, progress: ProgressCounter?) -> RobustResult.CrossoverPoint {
        let pair = [designs[leader], designs[challenger]]
        let paired = Runner.panel(scenario: scenario, designs: pair, pairs: .all, outcomes: [.lost], pairsRequests: false, runs: runs,
                                  jobs: jobs, progress: progress, bias: bias)
        let counts = Self.counts(paired)
        return .init(t: t, value: value, leaderLost: counts.lost[0], challengerLost: counts.lost[1], onlyLeader: counts.lostOnly[1],
                     onlyChallenger: counts.lostOnly[2], intents: counts.intents[0], weighted: counts.weighted)
    }
}
