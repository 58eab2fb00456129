/// Estimates from a `WeightedPanel` (docs/model.md §14).
///
/// A rate is the plain weighted mean Σ Y / intents, not the self-normalised one: the weights
/// are exact likelihood ratios, so E[W · L] = E_nominal[L] and the plain mean is unbiased, and
/// differences of two designs stay linear. Runs are independent (run i's draws depend on
/// (seed, i) alone), so its variance is the sample variance of the runs' Y; the defensive
/// mixture bounds every Y by 64/α, so the central limit theorem holds and a z-interval is
/// used.
///
/// A paired difference is the mean of D_i = Y_A,i − Y_B,i over the same runs and the same
/// biased worlds, with a paired z-test on the D_i. McNemar's exact test does not apply under
/// weights: it conditions on the discordant pairs and takes each to be A's or B's with
/// probability 1/2 under "no difference", but the bias boosts A's and B's mechanisms by
/// different amounts (A-only runs may be ten times as frequent as B-only ones under the bias
/// with equal nominal rates), each discordant run carries its own weight, and even concordant
/// runs differ once the designs' reads diverge. Σ D_i is a sum of independent bounded terms
/// whose mean is the difference: the z-test on it is valid.
extension WeightedPanel {
    /// `design`'s rate of `outcome` (one of `WeightedPanel.outcomes`) over `intents` intents
    /// (the design's tally's intents: the bias never changes how many intents a run has).
    public func rate(_ design: Int, _ outcome: Outcome, intents: Int64) -> WeightedRate {
        let index = Self.outcomes.firstIndex(of: outcome)!
        let sums = designs[design]
        let n = Double(max(runs, 1))
        let total = sums.sums[index].value
        let squares = sums.squares[index].value
        let fourths = sums.fourths[index].value
        let variance = runs > 1 ? max(0, (squares - total * total / n) / (n - 1)) : 0
        let perIntent = 1 / Double(max(intents, 1))
        let standardError = (variance * n).squareRoot() * perIntent
        let weightMean = sums.weights.value / n
        let weightVariance = runs > 1 ? max(0, (sums.weightSquares.value - sums.weights.value * weightMean) / (n - 1)) : 0
        let nominalIntents = sums.nominalRuns * intents / max(runs, 1)
        return WeightedRate(
            rate: total * perIntent, standardError: standardError, eventRuns: sums.eventRuns[index],
            effectiveSize: squares > 0 ? total * total / squares : 0,
            largestShare: total > 0 ? sums.largest[index] / total : 0,
            varianceEffectiveSize: ImportanceGuard.varianceEffectiveSize(squares: squares, fourths: fourths),
            meanWeight: weightMean, meanWeightError: (weightVariance / n).squareRoot(),
            nominalCount: sums.nominalCounts[index], nominalIntents: nominalIntents)
    }

    /// A − B in `outcome`'s rate per intent over the same runs, its interval and test.
    public func difference(_ a: Int, _ b: Int, _ outcome: Outcome, intents: Int64) -> WeightedDifference {
        precondition(a != b)
        let index = Self.outcomes.firstIndex(of: outcome)!
        let sumA = designs[a].sums[index].value, sumB = designs[b].sums[index].value
        let squaresA = designs[a].squares[index].value, squaresB = designs[b].squares[index].value
        let pair = pairIndex(min(a, b), max(a, b)) * Self.outcomes.count + index
        return Self.pairedDifference(runs: runs, sumA: sumA, sumB: sumB, squaresA: squaresA, squaresB: squaresB,
                                     product: products[pair].value, differenceFourths: differenceFourths[pair].value, intents: intents)
    }

    /// The paired z-test on D = Y_A − Y_B from the sums over `runs` runs (Σ Y_A, Σ Y_B, Σ Y_A²,
    /// Σ Y_B², Σ Y_A · Y_B, Σ D⁴), per intent of `intents`: what `difference` reports, and what
    /// the weighted race (`optimize --importance`) decides lost orders by, from the same sums.
    static func pairedDifference(runs: Int64, sumA: Double, sumB: Double, squaresA: Double, squaresB: Double, product: Double,
                                 differenceFourths: Double, intents: Int64) -> WeightedDifference {
        let n = Double(max(runs, 1))
        let total = sumA - sumB
        let squares = max(0, squaresA + squaresB - 2 * product)
        let variance = runs > 1 ? max(0, (squares - total * total / n) / (n - 1)) : 0
        let perIntent = 1 / Double(max(intents, 1))
        let standardError = (variance * n).squareRoot() * perIntent
        let difference = total * perIntent
        let logP: Double
        if standardError == 0 { logP = difference == 0 ? 0 : -.infinity } else {
            logP = NormalTail.logTwoSided(z: difference / standardError)
        }
        let varianceA = max(0, squaresA - sumA * sumA / n), varianceB = max(0, squaresB - sumB * sumB / n)
        let covariance = product - sumA * sumB / n
        return WeightedDifference(
            difference: difference, standardError: standardError, logP: logP,
            crnShare: varianceA + varianceB > 0 ? 2 * covariance / (varianceA + varianceB) : 0,
            varianceEffectiveSize: ImportanceGuard.varianceEffectiveSize(squares: squares, fourths: differenceFourths))
    }

    /// Design `design`'s weighted firings of `kind` per run: the nominal mean firings per run.
    public func firingsPerRun(_ design: Int, _ kind: FaultKind) -> Double {
        designs[design].firings[kind.rawValue].value / Double(max(runs, 1))
    }
}
