/// How far a setting of the guesses sits from an observed figure, in standard deviations of
/// everything that separates them: the observation's own noise, the simulation's noise at the
/// point, and a stated model discrepancy (Craig et al. 1997; the MUCM toolkit's
/// `I = |z − E f(x)| / √(Var f + Var d + Var e)`, with the simulation's variance in place of an
/// emulator's). Every function is pure and uses the project's own `log`/`exp`, so a point's
/// verdict is the same bytes on every machine (docs/model.md, "Calibration").
public enum Implausibility {
    /// Below this many expected or observed events a count is judged by its exact tail
    /// (Pukelsheim's 3σ rule assumes a continuous, unimodal error; a Poisson count of a few is
    /// neither).
    public static let smallCount = 30.0
    /// Implausibilities are capped here: beyond it nothing changes a verdict.
    public static let cap = 10.0

    /// The terms of one figure at one point, for the residual table and the limits.
    public struct Terms: Sendable, Equatable {
        /// |z − model| over the root of the variances, or the exact tail's normal deviate.
        public var value: Double
        /// The model's figure at the point (a rate, a mean per unit or F(t)).
        public var model: Double
        /// The observed figure on the same scale.
        public var observed: Double
        /// The observation's variance at the model's value, the simulation's, the discrepancy's.
        public var observation: Double
        public var simulation: Double
        public var discrepancy: Double
        /// Whether `observed` lies above the model (for signed residuals).
        public var above: Bool { observed > model }

        /// The residual with its sign: positive when the team saw more than the model gives.
        public var signed: Double { above ? value : -value }
    }

    /// k events among n observed units against K among N simulated ones (§2.2 of the design
    /// note). The observation's variance is taken at the MODEL's rate, not at k/n: at k = 0 the
    /// observed rate has no variance of its own, and "could this world have produced k of n?" is
    /// a question about this world's rate. Small counts use the negative-binomial tail.
    public static func count(k: Double, n: Double, events: Int64, units: Int64, delta: Double) -> Terms {
        let rate = units > 0 ? Double(events) / Double(units) : 0
        let smoothed = (Double(events) + 0.5) / (Double(max(units, 0)) + 1)
        let spread = smoothed * (1 - smoothed)
        let observation = n > 0 ? spread / n : 0
        let simulation = spread / Double(max(units, 1))
        let discrepancy = (delta * smoothed) * (delta * smoothed)
        let observed = n > 0 ? k / n : 0
        var terms = Terms(value: 0, model: rate, observed: observed, observation: observation, simulation: simulation,
                          discrepancy: discrepancy)
        if min(k, n * smoothed) < smallCount {
            let extra = n * n * (simulation + discrepancy)
            terms.value = tailDeviate(k: k, mean: n * smoothed, extraVariance: extra)
        } else {
            let total = observation + simulation + discrepancy
            terms.value = total > 0 ? min(abs(observed - rate) / total.squareRoot(), cap) : 0
        }
        return terms
    }

    /// Somewhere from `low` to `high` events among n: 0 when the model's expected count lies
    /// inside (hmer's range targets), else the count implausibility at the nearer end.
    public static func range(low: Double, high: Double, n: Double, events: Int64, units: Int64, delta: Double) -> Terms {
        let atLow = count(k: low, n: n, events: events, units: units, delta: delta)
        let atHigh = count(k: high, n: n, events: events, units: units, delta: delta)
        let expected = n * atLow.model
        var terms = atLow.value <= atHigh.value ? atLow : atHigh
        if expected >= low && expected <= high {
            terms.value = 0
            terms.observed = terms.model
        }
        return terms
    }

    /// A total over n units (requests per purchase) against a simulated total over N. The
    /// per-unit variance is taken as Poisson (σ² = mean): the tallies keep no per-purchase
    /// squares, and for retries in bursts this understates the spread (a stricter test).
    public static func sum(total: Double, n: Double, modelTotal: Int64, units: Int64, delta: Double) -> Terms {
        let mean = units > 0 ? Double(modelTotal) / Double(units) : 0
        let variance = max(mean, 0.5 / Double(max(units, 0) + 1))
        let observation = n > 0 ? variance / n : 0
        let simulation = variance / Double(max(units, 1))
        let discrepancy = (delta * mean) * (delta * mean)
        let observed = n > 0 ? total / n : 0
        let all = observation + simulation + discrepancy
        return Terms(value: min(abs(observed - mean) / all.squareRoot(), cap), model: mean, observed: observed,
                     observation: observation, simulation: simulation, discrepancy: discrepancy)
    }

    /// "The p-quantile was t, from n delays", on the CDF scale: the count of delays ≤ t among n
    /// is Binomial(n, F(t)), so compare p with the point's F(t). `cdfWider` is F at t·(1 + δ)
    /// and `cdfNarrower` at t/(1 + δ): a time-scale discrepancy δ turns into
    /// ((F(t(1+δ)) − F(t/(1+δ)))/2)² on this scale. No density is needed.
    public static func quantile(p: Double, n: Double, cdf: Double, cdfWider: Double, cdfNarrower: Double, deliveries: Int64) -> Terms {
        let smoothed = (cdf * Double(max(deliveries, 0)) + 0.5) / (Double(max(deliveries, 0)) + 1)
        let spread = smoothed * (1 - smoothed)
        let observation = n > 0 ? spread / n : 0
        let simulation = spread / Double(max(deliveries, 1))
        let half = (cdfWider - cdfNarrower) / 2
        let discrepancy = half * half
        let all = observation + simulation + discrepancy
        return Terms(value: min(abs(p - cdf) / all.squareRoot(), cap), model: cdf, observed: p, observation: observation,
                     simulation: simulation, discrepancy: discrepancy)
    }

    /// The two-sided exact tail of observing k events where this world expects `mean`, with
    /// the rate itself uncertain by `extraVariance` (in events²): a negative binomial of that
    /// mean and variance (a Poisson–gamma mixture), or a Poisson when there is no extra
    /// variance; the tail probability is turned into a standard normal deviate, so it is read
    /// against the same cutoff as the normal rule.
    /// A k past `Observations.largest` (the reader refuses one; code may still pass it) is
    /// judged at the cap, before Int() could trap on it: callers use the exact tail only when
    /// the mean is under `smallCount`, and so many events at such a mean are beyond any cutoff.
    public static func tailDeviate(k: Double, mean: Double, extraVariance: Double) -> Double {
        guard k <= Observations.largest else { return cap }
        let observed = Int(max(k, 0).rounded())
        guard mean > 0 else { return observed == 0 ? 0 : cap }
        let (atMost, atLeast) = tails(observed, mean: mean, extraVariance: extraVariance)
        let twoSided = min(1, 2 * min(atMost, atLeast))
        guard twoSided < 1 else { return 0 }
        guard twoSided > 0 else { return cap }
        return min(-NormalQuantile.of(twoSided / 2), cap)
    }

    /// P(K ≤ k) and P(K ≥ k) for the negative binomial (or Poisson) of `tailDeviate`, summed
    /// term by term from P(0) with the project's own `exp` and `log`.
    static func tails(_ k: Int, mean: Double, extraVariance: Double) -> (atMost: Double, atLeast: Double) {
        var term: Double
        var next: (Int) -> Double
        // A negligible extra variance makes r so large that r·ln(r/(r+m)) loses its digits: the Poisson it tends to.
        if extraVariance <= 1e-6 * mean {
            term = DeterministicMath.exp(-mean)
            next = { i in mean / Double(i + 1) }
        } else {
            let r = mean * mean / extraVariance
            let pi = mean / (r + mean)
            term = DeterministicMath.exp(r * DeterministicMath.log(r / (r + mean)))
            next = { i in (Double(i) + r) / Double(i + 1) * pi }
        }
        var below = 0.0  // P(K ≤ k − 1)
        for i in 0..<k {
            below += term
            term *= next(i)
            if term == 0 && Double(i) > mean { break }
        }
        let atMost = min(below + term, 1)
        return (atMost, max(1 - below, 0))
    }

    /// The cutoff on the largest implausibility of K matched figures: max(3, Φ⁻¹(1 − 0.005/K)),
    /// which keeps the chance that a true world is ruled out by noise near 1% per point for
    /// near-normal errors (Pukelsheim's 3σ for one figure; 3.29 for ten). Above ten figures the
    /// second-largest implausibility is compared with 3 instead (hmer's default).
    public static func cutoff(figures: Int) -> Double {
        guard figures <= 10 else { return 3 }
        return max(3, -NormalQuantile.of(0.005 / Double(max(figures, 1))))
    }

    /// The criterion compared with `cutoff`: the largest implausibility, or the second-largest
    /// above ten figures.
    public static func criterion(_ values: [Double]) -> Double {
        let sorted = values.sorted(by: >)
        guard let first = sorted.first else { return 0 }
        return values.count > 10 ? sorted[1] : first
    }
}
