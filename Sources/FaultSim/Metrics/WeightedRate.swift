/// A weighted rate per intent, its 95% interval, and the diagnostics that say whether to trust it.
public struct WeightedRate: Sendable, Equatable {
    /// Σ W·L / intents.
    public let rate: Double
    public let standardError: Double
    /// Runs in which the outcome happened at least once (under the biased world).
    public let eventRuns: Int64
    /// Owen's effective sample size for the integrand, (Σ Y)² / Σ Y²: about how many equally
    /// weighted events the estimate rests on.
    public let effectiveSize: Double
    /// The largest single run's share of Σ Y.
    public let largestShare: Double
    /// How many runs the interval's width rests on (`ImportanceGuard.varianceEffectiveSize`).
    public let varianceEffectiveSize: Double
    /// Σ W / runs and its standard error: 1 in expectation, exactly.
    public let meanWeight: Double
    public let meanWeightError: Double
    /// The mixture's nominal runs alone, unweighted: a plain Monte Carlo count over their intents.
    public let nominalCount: Int64
    public let nominalIntents: Int64

    public var low: Double { max(0, rate - Wilson.z95 * standardError) }
    public var high: Double { rate + Wilson.z95 * standardError }

    /// Why the estimate is not to be trusted, or nil. Thresholds: at least
    /// `ImportanceGuard.minimumEffectiveSize` effective events, no run above
    /// `ImportanceGuard.largestShare` of the sum, and a mean weight within four standard errors of
    /// 1 (a bias that a run's draws cannot have come from shows here first).
    public var warning: String? {
        if eventRuns == 0 { return "no event under the bias: not resolved (raise the runs or re-run the pilot)" }
        if effectiveSize < ImportanceGuard.minimumEffectiveSize {
            return "effective sample size \(Int(effectiveSize)) < \(Int(ImportanceGuard.minimumEffectiveSize))"
        }
        if largestShare > ImportanceGuard.largestShare {
            return "one run holds \(Int((largestShare * 100).rounded()))% of the estimate"
        }
        if abs(meanWeight - 1) > 4 * meanWeightError + 1e-12 {
            return "mean weight \(meanWeight) is not 1"
        }
        return nil
    }

    /// A word of caution on the interval's width, or nil (`ImportanceGuard.varianceCaution`).
    public var caution: String? { ImportanceGuard.varianceCaution(varianceEffectiveSize, of: "its interval's width") }

    /// The plain Monte Carlo estimate from the nominal runs, with its Wilson interval: what a
    /// degenerate estimate falls back to.
    public var fallback: (rate: Double, low: Double, high: Double) {
        let interval = Wilson.interval(successes: nominalCount, trials: max(nominalIntents, 1))
        return (Double(nominalCount) / Double(max(nominalIntents, 1)), interval.low, interval.high)
    }
}

/// A − B per intent over the same weighted runs, with a paired z-test.
public struct WeightedDifference: Sendable, Equatable {
    public let difference: Double
    public let standardError: Double
    /// ln of the two-sided p-value of the paired z-test on the runs' D = Y_A − Y_B.
    public let logP: Double
    /// 2·Cov(Y_A, Y_B) / (Var Y_A + Var Y_B): how much of the two variances pairing removed.
    public let crnShare: Double
    /// How many runs the interval's width rests on (`ImportanceGuard.varianceEffectiveSize`
    /// of the runs' D); +∞ where nothing differed.
    public let varianceEffectiveSize: Double

    /// The difference of a design with itself: 0, p = 1.
    public static let none = WeightedDifference(difference: 0, standardError: 0, logP: 0, crnShare: 0, varianceEffectiveSize: .infinity)

    /// A word of caution on the interval's width, or nil (`ImportanceGuard.varianceCaution`).
    public var caution: String? { ImportanceGuard.varianceCaution(varianceEffectiveSize, of: "the difference's interval width") }

    public var low: Double { difference - Wilson.z95 * standardError }
    public var high: Double { difference + Wilson.z95 * standardError }
}

/// The thresholds importance sampling's estimates are judged by (`WeightedRate.warning`).
public enum ImportanceGuard {
    /// Fewer effective events than this and the interval's coverage is not what it says
    /// (the design note's toy model: coverage about 95% from 100 on).
    public static let minimumEffectiveSize = 100.0
    /// A run holding more of the sum than this means the weights have degenerated.
    public static let largestShare = 0.05
    /// Fewer effective runs than this under the variance, and the interval's width is said to
    /// rest on a few heavy runs (`varianceCaution`).
    public static let varianceCautionSize = 10.0

    /// Owen's effective sample size for the variance (Monte Carlo theory, methods and examples,
    /// §9.3), (Σ Y²)² / Σ Y⁴ over the runs' weighted counts Y (or paired differences D): about how
    /// many runs the sample variance, and so the interval's width, rests on. The effective size
    /// of Σ Y can be large while a few heavy runs (a mechanism the bias reaches rarely, each
    /// weighing hundreds of typical lost runs) hold most of Σ Y². Such a seed's interval is wider
    /// for them, and rightly: they belong to the estimate's variance. But seeds that drew none
    /// give narrower intervals, so a small figure says that the width varies from seed to seed and
    /// that the bias leaves a mechanism under-sampled. It is reported, not acted on: at 40 seeds
    /// of the default scenario's committed pair (results/importance-seeds.txt) the seeds with a
    /// small figure had the wider intervals, and the intervals that missed were mostly other
    /// seeds'; a fallback would have thrown away the good estimates. +∞ when nothing was
    /// counted, or every Y was below 2^-32 (no Y⁴ reaches `ExactSum`'s resolution).
    static func varianceEffectiveSize(squares: Double, fourths: Double) -> Double {
        guard squares > 0 else { return .infinity }
        return fourths > 0 ? squares * squares / fourths : .infinity
    }

    /// The caution for `subject` ("its interval's width") when it rests on fewer than
    /// `varianceCautionSize` effective runs, or nil.
    static func varianceCaution(_ size: Double, of subject: String) -> String? {
        guard size < varianceCautionSize else { return nil }
        return "\(subject) rests on \(FixedPoint.format(size, places: 1)) effective runs: a few heavy runs hold its variance, "
            + "and another --seed may give a narrower interval (docs/model.md §14)"
    }
}
