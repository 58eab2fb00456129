/// One outcome compared between two designs over the same runs: A − B in the outcome's
/// unit, its 95% interval, and the natural log of the two-sided p-value.
public struct PairedDifference: Sendable, Equatable {
    /// A − B in `Outcome.unit` (per 10^6 intents, or requests per intent).
    public let difference: Double
    public let low: Double
    public let high: Double
    /// ln p: McNemar's exact test for an intent-counted objective, a paired z-test on the runs'
    /// request counts for a count per run (`serverRequests`).
    public let logP: Double
    /// Intents counted under A only and under B only (0 for a count per run (`serverRequests`)).
    public let onlyA: Int64
    public let onlyB: Int64
    /// The importance-sampling difference this one scales, or nil when the runs were counted.
    public var weighted: WeightedDifference? = nil
    /// Why the difference is not to be trusted (the guard on either weighted rate), or nil.
    public var warning: String? = nil

    /// Significant at `alpha` (two-sided).
    public func isSignificant(alpha: Double = 0.05) -> Bool { logP < DeterministicMath.log(alpha) }

    /// p for people ("0.041", "3.2e-07").
    public var pText: String { PValue.text(logP: logP) }
}

/// The normal distribution's two-sided tail in log space, for the paired z-test: ln P(|Z| ≥ z).
/// Numerical Recipes' `erfcc` (fractional error below 1.2e-7 everywhere), evaluated as a
/// logarithm so it never underflows, with the project's own `exp` and `log`.
enum NormalTail {
    static func logTwoSided(z: Double) -> Double {
        let x = abs(z) / 2.0.squareRoot()
        let t = 1 / (1 + 0.5 * x)
        var poly = 0.17087277
        for c in [-0.82215223, 1.48851587, -1.13520398, 0.27886807, -0.18628806, 0.09678418, 0.37409196, 1.00002368] {
            poly = c + t * poly
        }
        let logErfc = DeterministicMath.log(t) - x * x - 1.26551223 + t * poly
        return min(0, logErfc)
    }
}
