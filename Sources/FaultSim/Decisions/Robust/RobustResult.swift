import Policies

/// What `simrun robust` found, self-contained: the job (designs, guesses, settings, every value as
/// text) and the raw counts of each setting it measured, plus the crossover searches. Everything
/// it prints or writes (rankings, verdicts, leads, the CSV, the tornado chart, the report's
/// section) is derived from these counts, so the shards of a job, each holding some settings,
/// merge into exactly the whole job's result (`RobustResult.merge`).
public struct RobustResult: Sendable, Equatable {
    /// A value as `--set` takes it, as people read it, and in a few characters for a chart.
    public struct ValueText: Sendable, Equatable {
        public let set: String
        public let shown: String
        public let short: String

        public init(_ value: ScenarioParameter.Value) {
            self.init(set: value.setText, shown: value.shownText, short: value.shortText)
        }

        init(set: String, shown: String, short: String) {
            self.set = set
            self.shown = shown
            self.short = short
        }
    }

    /// A guess of the job: its key, unit, the scenario's value and the plausible ends.
    public struct GuessInfo: Sendable, Equatable {
        public let path: String
        public let unit: String
        public let current: ValueText
        public let low: ValueText
        public let high: ValueText
        /// No value lies between its ends (a choice): no crossover to search.
        public let stepped: Bool
    }

    /// One guess's value in a setting.
    public struct Assignment: Sendable, Equatable {
        public let guess: Int
        public let value: ValueText
    }

    /// One setting of the job (`Robustness.Setting`), as text.
    public struct SettingInfo: Sendable, Equatable {
        public let kind: Robustness.Kind
        public let assignments: [Assignment]
        public let sameAsBaseline: Bool
    }

    /// One setting's counts over the job's runs: each design's lost intents and intents, and for
    /// every ordered pair (a, b) the intents lost under a and not under b (`lostOnly[a · designs + b]`).
    /// In a weighted job (`--importance`), `weighted` holds the estimates every answer is derived
    /// from; `lost` then counts the runs that lost an order under the bias (what happened in the
    /// biased world, not an estimate) and `lostOnly` is not counted (zeros).
    public struct Counts: Sendable, Equatable {
        public let lost: [Int64]
        public let intents: [Int64]
        public let lostOnly: [Int64]
        public let weighted: WeightedLosses?

        public init(lost: [Int64], intents: [Int64], lostOnly: [Int64], weighted: WeightedLosses? = nil) {
            self.lost = lost
            self.intents = intents
            self.lostOnly = lostOnly
            self.weighted = weighted
        }

        public func only(_ a: Int, notBy b: Int) -> Int64 { lostOnly[a * lost.count + b] }
    }

    /// One evaluated point of a crossover search: the guess a fraction `t` of the way from the
    /// scenario's value to the flipping end, and the two designs' paired counts there.
    public struct CrossoverPoint: Sendable, Equatable {
        public let t: Double
        public let value: ValueText
        /// Intents the baseline's leader lost, and the challenger.
        public let leaderLost: Int64
        public let challengerLost: Int64
        /// Intents the baseline's leader lost and the challenger did not, and the reverse.
        public let onlyLeader: Int64
        public let onlyChallenger: Int64
        public let intents: Int64
        /// In a weighted job: the two designs' estimates (the leader first, then the challenger).
        public var weighted: WeightedLosses? = nil

        /// The leader's lost orders minus the challenger's per intent: from the discordant
        /// intents, or in a weighted job the estimated difference.
        public var leaderMinusChallenger: Double {
            if let weighted { return weighted.difference(0, 1).difference }
            return Double(onlyLeader - onlyChallenger) / Double(max(intents, 1))
        }

        /// ln p of the two designs' difference: McNemar's exact test, or the weighted paired z-test.
        public var logP: Double {
            if let weighted { return weighted.difference(0, 1).logP }
            return ExactMcNemar.logPValue(onlyA: onlyLeader, onlyB: onlyChallenger)
        }

        /// Whether the challenger loses fewer orders than the leader here.
        public var challengerAhead: Bool {
            if let weighted { return weighted.rates[1].rate < weighted.rates[0].rate }
            return challengerLost < leaderLost
        }
    }

    /// The leader's lead measured again (`simrun robust --lead-runs`): the baseline's leader and
    /// runner-up over `runs` more runs from run `firstRun` (after the settings' runs, so the two
    /// designs were not chosen on them), their paired counts, or in a weighted job their
    /// estimates, as a crossover point's at the scenario's values (`t` 0, no value).
    public struct Lead: Sendable, Equatable {
        public let leader: Int
        public let runnerUp: Int
        public let firstRun: Int
        public let runs: Int
        public let point: CrossoverPoint

        /// A lead point's value: the scenario's own, which it does not restate.
        static let scenarioValue = ValueText(set: "", shown: "", short: "")

        /// The lead, the runner-up's lost orders minus the leader's, per 10^6 intents with its 95%
        /// interval: the weighted paired difference, or the discordant counts' (`PairedOutcomes`).
        public var perMillion: (lead: Double, low: Double, high: Double) {
            if let weighted = point.weighted {
                let d = weighted.difference(1, 0)
                return (d.difference * 1e6, d.low * 1e6, d.high * 1e6)
            }
            let d = PairedOutcomes.Counts(onlyA: point.onlyChallenger, onlyB: point.onlyLeader).difference(intents: point.intents)
            return (d.points * 1e4, d.low * 1e4, d.high * 1e4)
        }
    }

    /// Where, between the scenario's value and the end that flips the leader, the leader changes.
    public struct CrossoverSearch: Sendable, Equatable {
        /// The one-at-a-time setting that flipped.
        public let setting: Int
        /// The baseline's leader and the design that leads at the setting (indices into `designs`).
        public let leader: Int
        public let challenger: Int
        /// Every value evaluated, in increasing t.
        public let points: [CrossoverPoint]
        /// The bisection's estimate (its last bracket's middle) and the interval the noise allows;
        /// nil when not searched.
        public let estimate: ValueText?
        public let low: ValueText?
        public let high: ValueText?
        /// Why no search was made (a choice has no value between its ends); nil when one was.
        public let note: String?
    }

    // The job.
    /// The scenario as the command named it (a path); its name when read from a part.
    public var source = ""
    public let scenarioName: String
    public let platform: String
    public let description: String
    public let seed: UInt64
    public let runs: Int
    public let designs: [String]
    public let guesses: [GuessInfo]
    public let skipped: [SkippedGuess]
    public let settings: [SettingInfo]
    public let points: Int
    public let crossoverSteps: Int
    /// `Robustness.contentHash`: shards of one job share it.
    public let contentHash: String
    /// What the digest is computed from, kept so a part can be checked against it: the
    /// baseline scenario's JSON, and every design it covers axis by axis (`PartDesigns`).
    public let baseline: JSONValue
    public let designAxes: JSONValue
    /// The shard that computed this (1/1 for a whole or merged job).
    public var shard: Shard

    // What was measured: nil for a setting another shard computes.
    public var counts: [Counts?]
    /// In increasing setting order.
    public var crossovers: [CrossoverSearch]
    /// A weighted job's bias file text (`Robustness.biasText`); empty for plain Monte Carlo.
    public var biasText = ""
    /// `Robustness.leadRuns`, and the lead measured on them (nil when none, or in a shard but the first).
    public var leadRuns = 0
    public var lead: Lead? = nil
    /// `Robustness.fallbackRuns`: the plain runs a flagged weighted setting was counted on instead.
    public var fallbackRuns = 0

    public var job: DecisionJob {
        DecisionJob(source: source.isEmpty ? scenarioName : source, scenario: scenarioName, platform: platform, seed: seed, runs: runs)
    }

    /// Whether every setting was measured (a whole job, or all its shards merged).
    public var isComplete: Bool { counts.allSatisfy { $0 != nil } }

    /// What holds of a result, whole or a shard's: one count per setting; each measured
    /// setting counts every design, with no more lost intents than intents and no more intents
    /// lost only by a design than it lost, none against itself; the baseline is measured
    /// whenever any setting is; every crossover search belongs to a measured one-at-a-time
    /// setting, in setting order. The full check runs in debug builds only.
    public func _checkInvariants() {
        invariant(counts.count == settings.count && designs.count >= 2, "a robust result holds one count per setting, of two designs or more")
        #if DEBUG
        let d = designs.count
        invariant(counts.allSatisfy { $0 == nil } || counts[0] != nil, "a measured setting without the baseline it is judged against")
        for case let measured? in counts {
            invariant(measured.lost.count == d && measured.intents.count == d && measured.lostOnly.count == d * d, "a setting's counts of the wrong shape")
            for a in 0..<d {
                invariant(measured.lost[a] >= 0 && measured.lost[a] <= measured.intents[a], "more lost intents than intents")
                invariant(measured.only(a, notBy: a) == 0, "a design counted against itself")
                for b in 0..<d { invariant(measured.only(a, notBy: b) >= 0 && measured.only(a, notBy: b) <= measured.lost[a], "a bad paired count") }
            }
        }
        for (index, search) in crossovers.enumerated() {
            invariant(counts[search.setting] != nil && guessMoved(by: search.setting) != nil, "a crossover search of a setting not measured")
            invariant(index == 0 || crossovers[index - 1].setting < search.setting, "crossover searches out of setting order")
        }
        if let lead {
            invariant(lead.runs == leadRuns && lead.firstRun == runs && lead.leader != lead.runnerUp
                      && max(lead.leader, lead.runnerUp) < d, "a lead of other runs or designs than the job's")
        }
        #endif
    }

    /// The counts of setting `index`, which must have been measured.
    public func counts(_ index: Int) -> Counts {
        guard let counts = counts[index] else { preconditionFailure("setting \(index) was not measured in this shard") }
        return counts
    }
}

extension Robustness {
    /// The job as a result with nothing measured yet.
    public func emptyResult(shard: Shard = Shard(index: 0, count: 1), source: String? = nil) -> RobustResult {
        let infos = guesses.map { guess in
            RobustResult.GuessInfo(path: guess.path, unit: guess.row.unit, current: .init(guess.current), low: .init(guess.low),
                                   high: .init(guess.high), stepped: guess.isStepped)
        }
        let settingInfos = settings.map { setting in
            RobustResult.SettingInfo(kind: setting.kind, assignments: setting.assignments.map { .init(guess: $0.guess, value: .init($0.value)) },
                                     sameAsBaseline: setting.sameAsBaseline)
        }
        return RobustResult(source: source ?? baseline.name, scenarioName: baseline.label, platform: baseline.platform.name, description: baseline.description,
                            seed: baseline.seed, runs: runs, designs: designs.map(\.name), guesses: infos, skipped: skipped,
                            settings: settingInfos, points: points, crossoverSteps: crossoverSteps, contentHash: contentHash,
                            baseline: baseline.jsonValue, designAxes: PartDesigns.json(designs + olderOSDesigns),
                            shard: shard, counts: Array(repeating: nil, count: settings.count), crossovers: [], biasText: biasText, leadRuns: leadRuns,
                            fallbackRuns: fallbackRuns)
    }
}
