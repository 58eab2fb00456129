import Policies

/// Chooses importance sampling's biased worlds, one per design, each for that design's lost
/// orders, by multilevel cross-entropy (Rubinstein 1999; de Boer, Kroese, Mannor and Rubinstein
/// 2005), on pilot runs numbered from 2^62, disjoint from every estimation run (choosing a bias on
/// the runs it then estimates from would make the estimate depend on the choice).
///
/// A lost order is too rare to learn from directly, so the pilot climbs to it through a score
/// that says how close a run came: the longest time from a charge to its delivery
/// (`World.lastRunDeliveryScore`; an undelivered charge scores above any delay). Each step runs
/// `runsPerStep` runs under the current world, calls elite the runs whose score is at or above the
/// level (`nextLevel`), and moves the world to the closest (in Kullback-Leibler divergence) to the
/// law of the elite runs within the family: for each fault kind, the weighted share of its points
/// that fired among the elite runs, q = Σ elite W · fired / Σ elite W · read; the same for each
/// tail's bins and for the iOS trait; smoothed (0.7 new, 0.3 old) and kept within [p, 0.9]; a
/// kind no elite run read goes back to nominal. Once the level is the lost order itself, the
/// climb ends after `finalSteps` steps on lost orders that are `settled`; one that stalls is
/// started again (`tuneWorld`).
public enum BiasPilot {
    public static let firstRun: UInt64 = 1 << 62
    public static let smoothing = 0.7
    public static let rarity = 0.01
    public static let minimumEvents: Int64 = 30
    /// The effective sample size a climb's last step must reach on lost orders: below it the
    /// weights of the world still disagree too much to estimate with.
    public static let minimumEffectiveSize = 50.0

    /// A step's lost-order estimate is enough to end a climb on: `minimumEvents` lost runs and
    /// an effective size of `minimumEffectiveSize`.
    static func settled(_ estimate: WeightedRate) -> Bool {
        estimate.eventRuns >= minimumEvents && estimate.effectiveSize >= minimumEffectiveSize
    }

    /// One pilot step, for the output: the design tuned, its level, and its events and effective
    /// size under the step's bias.
    public struct Step: Sendable, Equatable {
        public let design: String
        public let label: String
        public let eventRuns: Int64
        public let effectiveSize: Double

        /// The same step marked as the one whose worlds the pilot kept.
        var kept: Step { Step(design: design, label: label + " (kept)", eventRuns: eventRuns, effectiveSize: effectiveSize) }
    }

    /// Each design's lost-order estimate on a pilot step (`panel` and `tallies` of `designs`),
    /// added to `steps` labelled `label(index)`, and its relative variance per run (infinite
    /// below `minimumEvents` lost runs).
    static func recordSteps(_ panel: WeightedPanel, tallies: [DesignTally], designs: [Design], label: (Int) -> String,
                            into steps: inout [Step]) -> [Double] {
        designs.indices.map { index in
            let estimate = panel.rate(index, .lost, intents: tallies[index].intents)
            steps.append(Step(design: designs[index].name, label: label(index), eventRuns: estimate.eventRuns,
                              effectiveSize: estimate.effectiveSize))
            return estimate.eventRuns >= minimumEvents ? relativeVariance(panel, design: index) : .infinity
        }
    }

    /// Tunes biased worlds for each design's lost orders and returns their mixture: each design's
    /// mechanisms are its own, and one world pooled over several designs serves the one that loses
    /// most. Per design, the climb (`tuneWorld`) finds one world; with `mixture`, the mixture
    /// steps (`refine`) then split it into one world per loss mechanism when that is worth more
    /// per unit of work. Each design gets an equal part of the biased runs, shared among its worlds
    /// and a broad one (`broadShare` alone, `comparedBroadShare` among two to `jointDesigns`, none
    /// among more); two to `jointDesigns` designs then take the joint steps (`jointRefine`) and the
    /// shares step (`reshare`: the shares over all the worlds but the broad ones, chosen for the
    /// variance of the paired differences they give).
    /// A design named in `reusing` is not tuned again: its bias, from an earlier pilot, is its mixture.
    /// - Complexity: per design not in `reusing`, (1 + at most `attempts` · `maxSteps` + `mixtureSteps` + 1) · `runsPerStep`
    ///   runs, and with the joint and shares steps 4 · `runsPerStep` more.
    public static func tune(scenario: Scenario, designs: [Design], runsPerStep: Int, maxSteps: Int = 16, finalSteps: Int = 2,
                            nominalShare: Double = 0.1, jobs: Int, mixture: Bool = true,
                            reusing: [String: FaultBias] = [:]) -> (bias: FaultBias, steps: [Step]) {
        var mixtures: [Mixture] = []
        var steps: [Step] = []
        for design in designs {
            if let earlier = reusing[design.name] {
                mixtures.append(Mixture(earlier))
                continue
            }
            let tuned = tuneWorld(scenario: scenario, design: design, runsPerStep: runsPerStep, maxSteps: maxSteps, finalSteps: finalSteps,
                                  nominalShare: nominalShare, jobs: jobs)
            steps += tuned.steps
            guard mixture else {
                mixtures.append(Mixture(worlds: [tuned.world], shares: [1]))
                continue
            }
            let refined = refine(scenario: scenario, design: design, world: tuned.world, firstRun: firstRun + UInt64(attempts) << 40,
                                 runsPerStep: runsPerStep, nominalShare: nominalShare, broadShare: broadShare(designs: designs.count), jobs: jobs)
            steps += refined.steps
            mixtures.append(refined.mixture)
        }
        guard mixture && designs.count > 1 && designs.count <= jointDesigns else {
            return (combined(mixtures, nominalShare: nominalShare), steps)
        }
        let joint = jointRefine(scenario: scenario, designs: designs, mixtures: mixtures, firstRun: firstRun + UInt64(attempts + 1) << 40,
                                runsPerStep: runsPerStep, nominalShare: nominalShare, jobs: jobs)
        steps += joint.steps
        // The broad worlds keep their shares: what they are for, the mechanisms no other world
        // reaches, is too rare for a pilot step to show (`Mixture.broad`).
        let fixed = joint.mixtures.flatMap { mixture in mixture.drawn.worlds.indices.map { $0 >= mixture.worlds.count } }
        let shared = reshare(scenario: scenario, designs: designs, bias: combined(joint.mixtures, nominalShare: nominalShare), fixed: fixed,
                             firstRun: firstRun + UInt64(attempts + 2) << 40, runsPerStep: runsPerStep, jobs: jobs)
        return (shared.bias, steps + shared.steps)
    }

    /// A design's broad world's share of its part when `designs` are tuned together (nil: none).
    static func broadShare(designs: Int) -> Double? {
        designs == 1 ? broadShare : (designs <= jointDesigns ? comparedBroadShare : nil)
    }

    /// Compared designs at most for the joint steps: a joint step keeps every design's elite runs'
    /// draws at once (about 40 MB a design at 100,000 pilot runs), so a search over dozens of
    /// designs keeps each design's own mixture instead.
    public static let jointDesigns = 4

    /// The multilevel cross-entropy climb for one design (see the type's comment). Cross-entropy
    /// can settle on a mechanism that delays delivery without ever losing it (a daily job that
    /// always delivers): a climb whose level has not risen 5% for `stallSteps` steps is abandoned
    /// and started again on other pilot runs from a balanced world (`startBudgets`), at most
    /// `attempts` climbs; a climb that succeeded, else the one that reached the highest level
    /// (then the most lost orders), is kept.
    static func tuneWorld(scenario: Scenario, design: Design, runsPerStep: Int, maxSteps: Int, finalSteps: Int, nominalShare: Double,
                          jobs: Int) -> (world: BiasedWorld, steps: [Step]) {
        var best: Climb?
        var steps: [Step] = []
        for attempt in 0..<attempts {
            let climb = Self.climb(scenario: scenario, design: design, firstRun: firstRun + UInt64(attempt) << 40, runsPerStep: runsPerStep,
                                   maxSteps: maxSteps, finalSteps: finalSteps, nominalShare: nominalShare, startBudget: startBudgets[attempt],
                                   jobs: jobs)
            steps += climb.steps.map { Step(design: $0.design, label: "climb \(attempt + 1): " + $0.label, eventRuns: $0.eventRuns,
                                            effectiveSize: $0.effectiveSize) }
            if best.map({ climb.isBetter(than: $0) }) ?? true { best = climb }
            if climb.succeeded { break }
        }
        invariant(best != nil && steps.count <= attempts * maxSteps, "a design's climbs keep one and take at most their steps")
        return (best!.world, steps)
    }

    /// Climbs started again when one stalls.
    public static let attempts = 3
    /// Each attempt's start: the nominal world, then balanced starts of growing strength
    /// (`balanced`), so a climb that followed a slow but harmless path is retried from a world
    /// where every rare fault is already frequent.
    static let startBudgets: [Double] = [0, 1, 3]
    /// Steps without a level 5% higher after which a climb is abandoned.
    public static let stallSteps = 4

    /// One climb's end: its world, the level it reached and its lost-order events there.
    struct Climb {
        let world: BiasedWorld
        let steps: [Step]
        let level: SimTime
        let lostEvents: Int64
        let succeeded: Bool

        func isBetter(than other: Climb) -> Bool {
            if succeeded != other.succeeded { return succeeded }
            return level != other.level ? level > other.level : lostEvents > other.lostEvents
        }
    }

    /// One climb from `startBudget` (see `tuneWorld`): a plain step on the pilot runs from
    /// `firstRun`, then up to `maxSteps` cross-entropy steps on the runs after it, each on its
    /// own `runsPerStep` runs (`Runner.inStages`), until the level is the lost order and
    /// `finalSteps` steps settled on it, or it stalls.
    /// - Complexity: (1 + at most `maxSteps`) · `runsPerStep` runs of `design`.
    static func climb(scenario: Scenario, design: Design, firstRun: UInt64, runsPerStep: Int, maxSteps: Int, finalSteps: Int,
                      nominalShare: Double, startBudget: Double, jobs: Int) -> Climb {
        precondition(runsPerStep > 0 && maxSteps >= 0, "a climb takes steps of at least one run")
        func pilot(_ world: BiasedWorld, _ level: SimTime?, _ runs: Range<Int>) -> (tallies: [DesignTally], panel: WeightedPanel) {
            Runner.weighted(scenario: scenario, designs: [design], runs: UInt64(runs.lowerBound)..<UInt64(runs.upperBound),
                            bias: FaultBias(components: [world], nominalShare: nominalShare), jobs: jobs, tunes: true,
                            levels: level.map { [$0] })
        }
        let first = Int(firstRun)
        var world = BiasedWorld(firing: BiasedWorld.nominal.firing, designs: [design.name])
        let plain = pilot(world, nil, first..<(first + runsPerStep))
        let lost = World.lostScore(horizonMs: scenario.horizonMs)
        var level = nextLevel(plain.panel.designs[0], after: 0, lost: lost)
        let nominal = plain.panel.designs[0].largestNominal
        if startBudget > 0 {
            world = balanced(plain.panel, budget: startBudget, belowIOS15Share: scenario.device.belowIOS15Probability, design: design.name)
        }
        var steps: [Step] = []
        var atTarget = 0, sinceRise = 0, lostEvents: Int64 = 0, lastSettled = false
        Runner.inStages((0..<maxSteps).map { first + ($0 + 2) * runsPerStep }, from: first + runsPerStep) { runs, _ in
            let reached = level >= lost
            let result = pilot(world, reached ? nil : level, runs)
            let estimate = result.panel.rate(0, .lost, intents: result.tallies[0].intents)
            lostEvents = estimate.eventRuns
            lastSettled = settled(estimate)
            steps.append(Step(design: design.name, label: reached ? "lost orders" : "delivered after " + DurationText.human(level),
                              eventRuns: estimate.eventRuns, effectiveSize: estimate.effectiveSize))
            world = crossEntropy(result.panel.designs[0], from: world, nominal: nominal,
                                 belowIOS15Share: scenario.device.belowIOS15Probability)
            if reached {
                atTarget += 1
                return !(atTarget >= finalSteps && lastSettled)
            }
            let next = nextLevel(result.panel.designs[0], after: level, lost: lost)
            invariant(next >= level && next <= lost, "a climb's level never falls, nor passes the lost order")
            // A rise of less than 5% (or a second) is no rise: the level creeps along an atom.
            sinceRise = next > level + max(1_000, level / 20) ? 0 : sinceRise + 1
            level = next
            return sinceRise < stallSteps
        }
        invariant(steps.count <= maxSteps, "a climb takes at most \(maxSteps) steps after its plain one")
        return Climb(world: world, steps: steps, level: level, lostEvents: lostEvents, succeeded: level >= lost && lastSettled)
    }

    /// Balanced failure biasing (Shahabuddin 1994), for independent draws: every rare kind
    /// (nominal probability below 0.05) gets an equal share of `budget` expected firings per run,
    /// q = min(0.5, max(p, share / reads per run)); every tail read gets masses (0.05, 0.02); the
    /// iOS trait 0.1. A start from which a rare combination of faults is no longer rare.
    static func balanced(_ plain: WeightedPanel, budget: Double, belowIOS15Share: Double, design: String) -> BiasedWorld {
        let sums = plain.designs[0]
        let runs = Double(max(plain.runs, 1))
        let rare = FaultKind.allCases.filter { sums.largestNominal[$0.rawValue] > 0 && sums.largestNominal[$0.rawValue] < 0.05 }
        let share = budget / Double(max(rare.count, 1))
        var world = BiasedWorld(firing: BiasedWorld.nominal.firing, designs: [design])
        for kind in rare {
            let p = sums.largestNominal[kind.rawValue], reads = Double(sums.reads[kind.rawValue]) / runs
            let q = min(0.5, max(p, share / reads))
            if q > p { world.firing[kind.rawValue] = q }
        }
        for slot in TailSlot.allCases where (0..<3).contains(where: { sums.tailBins[3 * slot.rawValue + $0] > 0 }) {
            world.tails[2 * slot.rawValue] = 0.05
            world.tails[2 * slot.rawValue + 1] = 0.02
        }
        if belowIOS15Share > 0 && belowIOS15Share < 0.1 && sums.traitReads > 0 { world.belowIOS15 = 0.1 }
        return world
    }

    /// The next level: the lost order itself once ten runs lost one, else the (1 − ρ) quantile
    /// of the step's scores, at most the lost order's score.
    /// When that quantile does not rise above the last level (the score has an atom there: many
    /// runs delivered at the same moment, such as the hour of a reconciliation job), the level
    /// is taken among the scores strictly above the last one, so the climb never stalls on an
    /// atom while ten or more runs went beyond it.
    static func nextLevel(_ design: WeightedDesign, after previous: SimTime, lost: SimTime) -> SimTime {
        let sorted = design.scores.sorted()
        guard !sorted.isEmpty else { return lost }
        // Ten lost orders already: tune on the target itself rather than on slow deliveries.
        if sorted.count >= minimumBeyond && sorted[sorted.count - minimumBeyond] >= lost { return lost }
        let elite = max(minimumBeyond, Int(Double(sorted.count) * rarity))
        let quantile = sorted[max(0, sorted.count - elite)]
        if quantile > previous { return min(lost, max(quantile, 1)) }
        let beyond = sorted.drop { $0 <= previous }
        guard beyond.count >= minimumBeyond else { return min(lost, max(previous, 1)) }
        return min(lost, beyond[beyond.startIndex + max(0, beyond.count - elite)])
    }

    /// Runs beyond the last level needed to raise it past an atom of the score.
    static let minimumBeyond = 10

    /// One cross-entropy update of `world` from a pilot step under it: each kind's weighted share
    /// of elite points that fired, each tail's bin shares, the iOS trait's share below.
    static func crossEntropy(_ sums: WeightedDesign, from world: BiasedWorld, nominal: [Double], belowIOS15Share: Double) -> BiasedWorld {
        var next = world
        for kind in FaultKind.allCases {
            let k = kind.rawValue
            let p = nominal[k]
            guard p > 0 && p < 1 else { continue }
            let read = sums.tunedReads[k].value
            guard read > 0 else {
                next.firing[k] = 0  // no elite run read it: nothing to gain from biasing it
                continue
            }
            let q = smoothed(sums.tunedFires[k].value / read, old: world.firing(kind, nominal: p), nominal: p)
            next.firing[k] = abs(q - p) <= p * 0.01 ? 0 : q
        }
        next.tails = crossEntropyTails(sums, from: world)
        let traitReads = sums.tunedTraitReads.value
        if belowIOS15Share > 0 && belowIOS15Share < 1 && traitReads > 0 {
            let q = smoothed(sums.tunedTraitBelow.value / traitReads, old: world.belowIOS15(nominal: belowIOS15Share), nominal: belowIOS15Share)
            next.belowIOS15 = abs(q - belowIOS15Share) <= belowIOS15Share * 0.01 ? 0 : q
        } else {
            next.belowIOS15 = 0
        }
        // The update moves probabilities within [nominal, 0.9] (0: nominal) and tail masses within (0, 1).
        invariant(next.firing.allSatisfy { $0 >= 0 && $0 <= 0.9 } && next.belowIOS15 >= 0 && next.belowIOS15 <= 0.9,
                  "a cross-entropy update keeps every probability within [nominal, 0.9]")
        invariant(next.tails.count == world.tails.count && next.tails.allSatisfy { $0 >= 0 && $0 < 1 },
                  "a cross-entropy update keeps every tail mass within [0, 1)")
        return next
    }

    /// The update `target` smoothed with `old`, kept within [p, 0.9]: never below nominal.
    /// Why: a lowered kind that fires multiplies a run's weight by p/q. Cross-entropy lowers
    /// the kinds the elite runs of the main mechanisms seldom fire, and in a design that loses
    /// by many mechanisms those kinds start others: for `seed001-weiai` on `default`, a failed-
    /// then-purchased callback lowered from 1.7e-3 to 7.7e-4 and a crash kept near nominal gave
    /// the heaviest lost runs; kept at nominal, the relative variance per run fell from 94 to 64
    /// (10^6 runs). What lowering would buy, fewer wasted firings of a kind, is small beside it.
    static func smoothed(_ target: Double, old: Double, nominal p: Double) -> Double {
        let clamped = min(0.9, max(p, target))
        return smoothing * clamped + (1 - smoothing) * old
    }

    /// The tail masses' update: each slot's weighted bin shares among the elite runs, never
    /// below the bin's nominal width, at most 0.4; a slot no elite run drew returns to nominal.
    static func crossEntropyTails(_ sums: WeightedDesign, from world: BiasedWorld) -> [Double] {
        var tails = world.tails
        for slot in TailSlot.allCases {
            let bins = (0..<3).map { sums.tunedTailBins[3 * slot.rawValue + $0].value }
            let draws = bins[0] + bins[1] + bins[2]
            guard draws > 0 else {
                tails[2 * slot.rawValue] = 0
                tails[2 * slot.rawValue + 1] = 0
                continue
            }
            let old = world.tailMasses(slot)
            for bin in 1...2 {
                let target = min(0.4, max(TailSlot.widths[bin], bins[bin] / draws))
                tails[2 * slot.rawValue + bin - 1] = max(TailSlot.widths[bin], smoothing * target + (1 - smoothing) * old[bin])
            }
        }
        return tails
    }
}
