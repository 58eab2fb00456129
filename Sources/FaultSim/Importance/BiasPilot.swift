import Policies

/// Chooses importance sampling's bias for the lost orders of some designs: a balanced start,
/// then cross-entropy steps (Rubinstein; de Boer, Kroese, Mannor and Rubinstein 2005), on pilot
/// runs numbered from 2^62, disjoint from every estimation run (choosing a bias on the runs it
/// then estimates from would make the estimate depend on the choice).
///
/// **Balanced start** (balanced failure biasing, Shahabuddin 1994, translated to independent
/// draws): a plain pilot counts how often each kind is read per run (n̄, the most over the
/// designs) and its nominal probability p. Every rare kind (p below `rareBelow`) gets an equal
/// share c = budget / (rare kinds) of expected boosted firings per run: q = min(0.5, max(p, c/n̄)).
/// So any loss mechanism of k rare faults is reached with chance of order c^k however rare each
/// fault is, and the no-fire factors ((1 − p)/(1 − q) per point) compound to about e^budget.
///
/// **Cross-entropy step**: the bias closest (in Kullback-Leibler divergence) to the
/// zero-variance law of the target, within the family: for each kind, the weighted share of
/// its points that fired among the runs with a lost intent,
/// q = Σ_d (Σ Y_d · fired / Σ Y_d) / Σ_d (Σ Y_d · read / Σ Y_d), each design normalised by its own
/// total so the design that loses least has as much say as the one that loses most; smoothed
/// (0.7 new, 0.3 old) and kept within [p/20, 0.9]. A design with too few events doubles the
/// budget and starts again (at most `maxLadder` times).
public enum BiasPilot {
    public static let firstRun: UInt64 = 1 << 62
    public static let rareBelow = 0.05
    public static let smoothing = 0.7
    public static let maxLadder = 3
    public static let minimumEvents: Int64 = 30

    /// One pilot step, for the output: what it was, and each design's events and effective size.
    public struct Step: Sendable, Equatable {
        public let label: String
        public let eventRuns: [Int64]
        public let effectiveSize: [Double]
    }

    /// Tunes a bias for `designs`' lost orders in `scenario`.
    /// - Complexity: (1 + ladder + iterations) · `runsPerStep` runs of every design.
    public static func tune(scenario: Scenario, designs: [Design], runsPerStep: Int, iterations: Int = 4,
                            budget: Double = 2, nominalShare: Double = 0.1, jobs: Int) -> (bias: FaultBias, steps: [Step]) {
        var start = firstRun
        func pilot(_ bias: FaultBias) -> (tallies: [DesignTally], panel: WeightedPanel) {
            defer { start += UInt64(runsPerStep) }
            return Runner.weighted(scenario: scenario, designs: designs, runs: start..<(start + UInt64(runsPerStep)), bias: bias,
                                   jobs: jobs, tunes: true)
        }
        let identity = FaultBias(firing: FaultBias.identity.firing, nominalShare: nominalShare)
        let plain = pilot(identity).panel
        var steps: [Step] = []
        var strength = budget
        var bias = balanced(plain, budget: strength, nominalShare: nominalShare)
        var ladder = 0
        var iteration = 0
        while iteration < iterations {
            let result = pilot(bias)
            let step = Self.step(result, label: "cross-entropy \(iteration + 1) (budget \(strength))")
            steps.append(step)
            if step.eventRuns.contains(where: { $0 < minimumEvents }) && ladder < maxLadder {
                ladder += 1
                strength *= 2
                bias = balanced(plain, budget: strength, nominalShare: nominalShare)
                continue
            }
            bias = crossEntropy(result.panel, from: bias, nominal: plain)
            iteration += 1
        }
        return (bias, steps)
    }

    /// The balanced start from a plain pilot's read counts.
    static func balanced(_ plain: WeightedPanel, budget: Double, nominalShare: Double) -> FaultBias {
        let runs = Double(max(plain.runs, 1))
        let (nominal, readsPerRun) = nominalAndReads(plain)
        let rare = FaultKind.allCases.filter { nominal[$0.rawValue] > 0 && nominal[$0.rawValue] < rareBelow && readsPerRun[$0.rawValue] > 0 }
        var firing = FaultBias.identity.firing
        let share = budget / Double(max(rare.count, 1))
        for kind in rare {
            let p = nominal[kind.rawValue]
            let q = min(0.5, max(p, share / readsPerRun[kind.rawValue]))
            if q > p { firing[kind.rawValue] = q }
        }
        var tails = FaultBias.identity.tails
        for slot in TailSlot.allCases {
            let drawsPerRun = (0..<3).map { bin in plain.designs.map { Double($0.tailBins[3 * slot.rawValue + bin]) }.max() ?? 0 }
                .reduce(0, +) / runs
            guard drawsPerRun > 0 else { continue }
            let upper = min(0.3, max(TailSlot.upperTail * 2, share / drawsPerRun))
            tails[2 * slot.rawValue] = upper
            tails[2 * slot.rawValue + 1] = upper / 2
        }
        return FaultBias(firing: firing, nominalShare: nominalShare, tails: tails)
    }

    /// Each kind's largest nominal probability and its reads per run (the most over the designs).
    static func nominalAndReads(_ panel: WeightedPanel) -> (nominal: [Double], readsPerRun: [Double]) {
        let runs = Double(max(panel.runs, 1))
        var nominal = [Double](repeating: 0, count: FaultKind.allCases.count)
        var reads = nominal
        for design in panel.designs {
            for kind in nominal.indices {
                nominal[kind] = max(nominal[kind], design.largestNominal[kind])
                reads[kind] = max(reads[kind], Double(design.reads[kind]) / runs)
            }
        }
        return (nominal, reads)
    }

    /// One cross-entropy update of `bias` from a pilot under it.
    static func crossEntropy(_ panel: WeightedPanel, from bias: FaultBias, nominal plain: WeightedPanel) -> FaultBias {
        let (nominal, _) = nominalAndReads(plain)
        let lost = WeightedPanel.outcomes.firstIndex(of: .lost)!
        var firing = bias.firing
        for kind in FaultKind.allCases {
            let k = kind.rawValue
            let p = nominal[k]
            guard p > 0 && p < 1 else { continue }
            var fired = 0.0, read = 0.0
            for design in panel.designs {
                let total = design.sums[lost].value
                guard total > 0 else { continue }
                fired += design.tunedFires[k].value / total
                read += design.tunedReads[k].value / total
            }
            guard read > 0 else {
                firing[k] = 0  // no loss run read it: nothing to gain from biasing it
                continue
            }
            let old = bias.firing(kind, nominal: p)
            let target = min(0.9, max(p / 20, fired / read))
            let q = smoothing * target + (1 - smoothing) * old
            firing[k] = abs(q - p) <= p * 0.01 ? 0 : q
        }
        return FaultBias(firing: firing, nominalShare: bias.nominalShare, tails: crossEntropyTails(panel, from: bias))
    }

    /// The tail masses' update: each slot's weighted bin frequencies over the runs with a lost
    /// intent, each design normalised by its own total, smoothed and kept within
    /// [nominal width / 20, 0.4]; a slot no loss run drew returns to nominal.
    static func crossEntropyTails(_ panel: WeightedPanel, from bias: FaultBias) -> [Double] {
        let lost = WeightedPanel.outcomes.firstIndex(of: .lost)!
        var tails = bias.tails
        for slot in TailSlot.allCases {
            var binShares = [0.0, 0.0, 0.0]
            for design in panel.designs {
                let total = design.sums[lost].value
                guard total > 0 else { continue }
                for bin in 0..<3 { binShares[bin] += design.tunedTailBins[3 * slot.rawValue + bin].value / total }
            }
            let draws = binShares.reduce(0, +)
            guard draws > 0 else {
                tails[2 * slot.rawValue] = 0
                tails[2 * slot.rawValue + 1] = 0
                continue
            }
            let old = bias.tailMasses(slot)
            for bin in 1...2 {
                let target = min(0.4, max(TailSlot.widths[bin] / 20, binShares[bin] / draws))
                tails[2 * slot.rawValue + bin - 1] = max(TailSlot.widths[bin], smoothing * target + (1 - smoothing) * old[bin])
            }
        }
        return tails
    }

    static func step(_ result: (tallies: [DesignTally], panel: WeightedPanel), label: String) -> Step {
        let rates = result.tallies.indices.map { result.panel.rate($0, .lost, intents: result.tallies[$0].intents) }
        return Step(label: label, eventRuns: rates.map(\.eventRuns), effectiveSize: rates.map(\.effectiveSize))
    }
}
