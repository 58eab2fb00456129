import Policies

/// The mixture's shares over its worlds, chosen for the variance they give (the pilot's last
/// step when two to `jointDesigns` designs are tuned together).
///
/// Why: the worlds' shares come from the lost mass each world's group explained in the pilot,
/// a design's worlds an equal part of the runs. The variance does not follow the mass. In the
/// default scenario, under the committed pair's bias, 316 of 50,441 lost runs of `seed001-weiai`
/// (weights 0.01 to 0.1) held 26% of its estimate and 83% of ΣY²: two-fault mechanisms (a first
/// failure, then the user who never returns) that the mixture drew about a hundred times too
/// rarely, while the runs at weights near 10^-4 held 54% of the estimate and 5% of ΣY².
///
/// Every lost run of a pilot step keeps its log-likelihood ratio under each world
/// (`EliteRuns.ratios`), so the same runs say what any shares would give: under shares s, a run
/// weighs 1 / D(s) with D(s) = α + Σ_c s_c · q_c/p, and design d's second moment is
/// M_d(s) = E_old[Y² · W_old / D(s)], convex in s. The shares minimise the sum of the
/// objective's terms (`objectiveTargets`: each pair's paired difference, each against its own
/// value at the old shares) over the shares with α fixed, the broad worlds at their share, and
/// each other world at least `sharesFloor` of its old share (a world the step's lost runs
/// hardly reached may still serve a mechanism they did not show), by exponentiated gradient
/// (mirror descent on the simplex; Kivinen and Warmuth 1997) for `sharesIterations` steps,
/// keeping the best; the optimal mixture weights of multiple importance sampling (He and Owen
/// 2014, "Optimal mixture weights in multiple importance sampling"). Sums run in the runs'
/// order with the project's own `exp`: the same shares on any thread count.
extension BiasPilot {
    /// A world keeps at least this fraction of its share.
    public static let sharesFloor = 0.25
    /// Mirror-descent steps.
    static let sharesIterations = 200

    /// What the shares are chosen for: one design's variance alone, or with several designs each
    /// pair's paired difference, whose second moment is taken as M_a + M_b (the cross term
    /// E[Y_a·Y_b] is left out: it needs both designs' densities under the new shares, and the
    /// designs the pilot tunes together mostly lose by different mechanisms, CRN share near 0).
    /// Why the differences and not each design's own variance: what a comparison decides is the
    /// difference, and the designs' own variances ask for other runs. On `default`, the
    /// recommended design (0.009 per 10^6) and `seed001-weiai` (240): the recommended design's
    /// worlds drew 53% of the runs, each design's variance against its own balanced them there,
    /// and half that share (by hand, 10^6 runs at seeds 1 to 3) left the recommended design's
    /// relative variance per run at 1.3 times but `seed001-weiai`'s, and so the difference's, at
    /// 0.8 times.
    static func objectiveTargets(_ designs: Int) -> [[Int]] {
        guard designs > 1 else { return designs == 1 ? [[0]] : [] }
        return (0..<designs).flatMap { a in ((a + 1)..<designs).map { [a, $0] } }
    }

    /// The second-moment terms of one design's lost runs under a step's bias: a_i = Y_i² · W_i
    /// and each world's likelihood ratio q_c/p of each run, `components` per run.
    public struct ShareTerms: Sendable {
        public var scale: [Double] = []
        public var likelihoods: [Double] = []
    }

    /// Design `index`'s terms from a pilot step's panel under `bias`.
    public static func shareTerms(_ panel: WeightedPanel, design index: Int, bias: FaultBias) -> ShareTerms {
        let elite = panel.designs[index].eliteRuns
        let count = bias.components.count
        precondition(elite.count == 0 || elite.components == count, "the step's ratios are the bias's")
        var terms = ShareTerms()
        for run in elite.ordered {
            let ratios = (0..<count).map { elite.ratio(run, $0) }
            let weight = bias.weight(logRatios: ratios)
            let lost = (elite.weights[run] / weight).rounded()
            guard weight > 0, lost > 0 else { continue }
            terms.scale.append(lost * lost * weight)
            // q_c/p = e^(−ln(p/q_c)), its exponent capped where a double overflows.
            terms.likelihoods += ratios.map { DeterministicMath.exp(min(700, -Double($0) / FaultBias.logScale)) }
        }
        return terms
    }

    /// Σ a_i / D_i(shares) over one design's terms, and its gradient in each share.
    static func secondMoment(_ terms: ShareTerms, shares: [Double], nominalShare: Double) -> (value: Double, gradient: [Double]) {
        let count = shares.count
        var value = 0.0
        var gradient = [Double](repeating: 0, count: count)
        for (position, scale) in terms.scale.enumerated() {
            var density = nominalShare
            for c in 0..<count { density += shares[c] * terms.likelihoods[position * count + c] }
            value += scale / density
            let slope = scale / (density * density)
            for c in 0..<count { gradient[c] -= slope * terms.likelihoods[position * count + c] }
        }
        return (value, gradient)
    }

    /// The shares (of all runs, adding up to 1 − α) that minimise the objective's terms
    /// (`objectiveTargets`), each against its value at `old` (the bias's shares); worlds marked
    /// in `fixed` keep their share. The old shares when no design has lost runs.
    /// - Complexity: O(`sharesIterations` · lost runs · worlds).
    public static func optimalShares(_ designs: [ShareTerms], old: [Double], nominalShare: Double, fixed: [Bool] = []) -> [Double] {
        let count = old.count
        let isFixed = { (c: Int) in c < fixed.count && fixed[c] }
        let moments = designs.map { secondMoment($0, shares: old, nominalShare: nominalShare).value }
        let targets = objectiveTargets(designs.count)
        let baselines = targets.map { $0.reduce(0) { $0 + moments[$1] } }
        let used = targets.indices.filter { baselines[$0] > 0 && baselines[$0].isFinite }
        guard !used.isEmpty, count > 1 else { return old }
        func objective(_ shares: [Double]) -> (value: Double, gradient: [Double]) {
            var value = 0.0, gradient = [Double](repeating: 0, count: count)
            let each = designs.map { secondMoment($0, shares: shares, nominalShare: nominalShare) }
            for index in used {
                for design in targets[index] {
                    value += each[design].value / baselines[index]
                    for c in 0..<count { gradient[c] += each[design].gradient[c] / baselines[index] }
                }
            }
            return (value, gradient)
        }
        // Shares above the floors: free[c] of the free total, moved by mirror descent. A fixed
        // world's floor is its whole share.
        let floors = old.indices.map { isFixed($0) ? old[$0] : old[$0] * sharesFloor }
        let freeTotal = old.reduce(0, +) - floors.reduce(0, +)
        var free = zip(old, floors).map { ($0 - $1) / freeTotal }
        func shares(_ free: [Double]) -> [Double] { (0..<count).map { floors[$0] + free[$0] * freeTotal } }
        var best = (value: Double(used.count), shares: old)
        for _ in 0..<sharesIterations {
            let current = shares(free)
            let (value, gradient) = objective(current)
            if value < best.value { best = (value, current) }
            // A step that moves a share by at most a factor e per iteration.
            let largest = gradient.map { abs($0) * freeTotal }.max() ?? 0
            guard largest > 0 else { break }
            let step = 1 / largest
            var moved = (0..<count).map { free[$0] * DeterministicMath.exp(-step * gradient[$0] * freeTotal) }
            let total = moved.reduce(0, +)
            guard total > 0 && total.isFinite else { break }
            for c in 0..<count { moved[c] /= total }
            free = moved
        }
        invariant(best.shares.count == count && best.shares.allSatisfy { $0 >= 0 && $0.isFinite },
                  "the shares step gives each world a finite, non-negative share")
        invariant(best.shares.indices.allSatisfy { !isFixed($0) || best.shares[$0] == old[$0] }, "a fixed world keeps its share")
        return best.shares
    }
}

extension BiasPilot {
    /// The shares step: a pilot step under `bias` (the designs' kept worlds at their fitted
    /// shares) gives the lost runs' ratios, `optimalShares` new shares, and a second step under
    /// them checks they do better: kept when the objective's terms (`objectiveTargets`) measured
    /// on the two steps (`targetVariance`, new / old) add up to less than their count and every
    /// design still has `minimumEvents` lost runs, else the fitted shares stay.
    /// - Complexity: 2 · `runsPerStep` runs of every design.
    static func reshare(scenario: Scenario, designs: [Design], bias: FaultBias, fixed: [Bool], firstRun: UInt64, runsPerStep: Int,
                        jobs: Int) -> (bias: FaultBias, steps: [Step]) {
        var steps: [Step] = []
        func step(_ bias: FaultBias, from start: UInt64, _ label: String) -> (panel: WeightedPanel, variances: [Double]) {
            let result = Runner.weighted(scenario: scenario, designs: designs, runs: start..<(start + UInt64(runsPerStep)), bias: bias,
                                         jobs: jobs, tunes: true, levels: nil)
            return (result.panel, recordSteps(result.panel, tallies: result.tallies, designs: designs, label: { _ in label }, into: &steps))
        }
        let fitted = step(bias, from: firstRun, "shares 1: as fitted")
        let terms = designs.indices.map { shareTerms(fitted.panel, design: $0, bias: bias) }
        let shares = optimalShares(terms, old: bias.shares, nominalShare: bias.nominalShare, fixed: fixed)
        let candidate = FaultBias(components: bias.components, nominalShare: bias.nominalShare, shares: shares)
        let tried = step(candidate, from: firstRun + UInt64(runsPerStep), "shares 2: by variance")
        let targets = objectiveTargets(designs.count)
        let ratio = targets.reduce(0.0) { $0 + targetVariance(tried.panel, $1) / targetVariance(fitted.panel, $1) }
        let better = ratio.isFinite && ratio < Double(targets.count) && !tried.variances.contains(.infinity)
        let kept = better ? designs.count : 0
        for index in kept..<(kept + designs.count) { steps[index] = steps[index].kept }
        return (better ? candidate : bias, steps)
    }
}

extension BiasPilot {
    /// A target's (`objectiveTargets`) second moment per run over its squared mean, measured on a
    /// step's lost orders: n Σ_d Σ Y_d² / (Σ_d Σ Y_d)², relative variance + 1 for one design
    /// (`relativeVariance`), and for a pair the scale of its difference's variance without the
    /// cross term, as the shares were chosen; infinite when the target lost nothing.
    static func targetVariance(_ panel: WeightedPanel, _ target: [Int]) -> Double {
        let index = WeightedPanel.outcomes.firstIndex(of: .lost)!
        let total = target.reduce(0) { $0 + panel.designs[$1].sums[index].value }
        let squares = target.reduce(0) { $0 + panel.designs[$1].squares[index].value }
        guard total > 0 else { return .infinity }
        return Double(panel.runs) * squares / (total * total)
    }
}
