/// A distribution of durations (virtual milliseconds), as a scenario file states it.
///
/// Every kind is sampled from exactly one uniform draw through its inverse CDF, so a larger
/// uniform always gives a longer duration. That keeps draw counts fixed (common random
/// numbers stay aligned) and makes "more latency" monotone in the random source.
public struct DurationDistribution: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case fixed, uniform, logNormal, exponential
    }

    public let kind: Kind
    /// fixed: the value; uniform: the minimum; logNormal: the median; exponential: the mean.
    public let firstMs: SimTime
    /// uniform: the maximum; logNormal: the 99th percentile; otherwise unused (0).
    public let secondMs: SimTime
    /// logNormal only: σ of the underlying normal, from median and p99.
    let sigma: Double
    /// logNormal and exponential: the quantile function tabulated (nil for the other kinds,
    /// and for a degenerate distribution whose table would not be monotone).
    let table: QuantileTable?

    init(kind: Kind, firstMs: SimTime, secondMs: SimTime, sigma: Double) {
        self.kind = kind
        self.firstMs = firstMs
        self.secondMs = secondMs
        self.sigma = sigma
        switch kind {
        case .fixed, .uniform:
            table = nil
        case .logNormal:
            let median = Double(firstMs)
            table = QuantileTable.interned(
                QuantileTable.Key(kind: kind, first: firstMs, second: secondMs),
                quantile: { u in median * DeterministicMath.exp(sigma * NormalQuantile.of(u)) },
                slope: { u in
                    // d/du median·e^(σz(u)) = median·e^(σz)·σ / φ(z), φ the normal density.
                    let z = NormalQuantile.of(u)
                    let density = DeterministicMath.exp(-z * z / 2) / (2 * Double.pi).squareRoot()
                    return median * DeterministicMath.exp(sigma * z) * sigma / density
                })
        case .exponential:
            let mean = Double(firstMs)
            table = QuantileTable.interned(QuantileTable.Key(kind: kind, first: firstMs, second: 0),
                                           quantile: { u in -mean * DeterministicMath.log(1 - u) },
                                           slope: { u in mean / (1 - u) })
        }
    }

    public static func fixed(_ valueMs: SimTime) -> DurationDistribution {
        precondition(valueMs >= 0)
        return DurationDistribution(kind: .fixed, firstMs: valueMs, secondMs: 0, sigma: 0)
    }

    public static func uniform(minMs: SimTime, maxMs: SimTime) -> DurationDistribution {
        precondition(minMs >= 0 && minMs <= maxMs)
        return DurationDistribution(kind: .uniform, firstMs: minMs, secondMs: maxMs, sigma: 0)
    }

    /// Log-normal given by its median and 99th percentile (p99 ≥ median > 0).
    public static func logNormal(medianMs: SimTime, p99Ms: SimTime) -> DurationDistribution {
        precondition(medianMs > 0 && p99Ms >= medianMs)
        let sigma = (DeterministicMath.log(Double(p99Ms)) - DeterministicMath.log(Double(medianMs)))
            / NormalQuantile.z99
        return DurationDistribution(kind: .logNormal, firstMs: medianMs, secondMs: p99Ms, sigma: sigma)
    }

    public static func exponential(meanMs: SimTime) -> DurationDistribution {
        precondition(meanMs >= 0)
        return DurationDistribution(kind: .exponential, firstMs: meanMs, secondMs: 0, sigma: 0)
    }

    /// The longest duration a sample may take: 100 years, far past any horizon, so a heavy
    /// tail can never overflow virtual time.
    public static let capMs: SimTime = DurationText.maxMs

    /// P(a sample ≤ `t`), found by bisection on `quantile` (monotone in u), so it agrees with
    /// sampling to within 2^-48 whatever the kind. For `simrun check`, never in the seeded hot loop.
    /// - Complexity: O(48) quantile evaluations.
    public func cumulative(_ t: SimTime) -> Double {
        if t < 0 { return 0 }
        switch kind {
        case .fixed: return t >= firstMs ? 1 : 0
        // quantile(u) = min + ⌊u · span⌋ ≤ t exactly when u < (t − min + 1) / span.
        case .uniform: return min(1, max(0, Double(t - firstMs + 1) / Double(secondMs - firstMs + 1)))
        case .logNormal, .exponential: break
        }
        var low = 0.0, high = 1.0
        // Invariant: quantile(low) ≤ t is the answer's lower side, quantile(high) > t or high = 1.
        if quantile(0) > t { return 0 }
        for _ in 0..<48 {
            let middle = (low + high) / 2
            if quantile(middle) <= t { low = middle } else { high = middle }
        }
        return high
    }

    /// The unrounded log-normal or exponential quantile at `u`, from its formula: what the
    /// table holds at its knots, and what the tails use.
    func closedForm(_ u: Double) -> Double {
        switch kind {
        case .logNormal: Double(firstMs) * DeterministicMath.exp(sigma * NormalQuantile.of(u))
        case .exponential: -Double(firstMs) * DeterministicMath.log(1 - u)
        case .fixed, .uniform: preconditionFailure("closed form of a \(kind) distribution")
        }
    }

    /// The duration at uniform `u` in [0, 1): for log-normal and exponential durations, read
    /// from the distribution's `QuantileTable` except in the outer 1/32 at each end.
    /// - Complexity: O(1); no allocation.
    @inline(__always)
    public func quantile(_ u: Double) -> SimTime {
        let value: Double
        switch kind {
        case .fixed:
            return firstMs
        case .uniform:
            let span = Double(secondMs - firstMs + 1)
            return min(firstMs + SimTime(u * span), secondMs)
        case .logNormal, .exponential:
            if let table, QuantileTable.covers(u) {
                value = table.value(at: u)
            } else {
                value = closedForm(u)
            }
        }
        return DurationDistribution.clampedMs(value)
    }

    /// A log-normal or exponential quantile `value`, in whole milliseconds, at most `capMs`.
    @inline(__always)
    static func clampedMs(_ value: Double) -> SimTime {
        // One compare stands for `value.isFinite && value < cap`: NaN and +inf compare false, and
        // -inf never arises (a median or mean > 0 times `exp` or −`log(1 − u)`, u < 1, is ≥ 0).
        // The finiteness test's bit mask and two constants cost 8 instructions per sample.
        guard value < Double(DurationDistribution.capMs) else { return DurationDistribution.capMs }
        invariant(value >= 0, "a duration's quantile is never negative")
        return DurationDistribution.roundedMs(value)
    }

    /// The duration at the deferred draw `draw` (`DeferredUniform`): a fixed duration does not
    /// read it, so its mix and conversion are skipped; any other reads `draw.value`, the uniform
    /// `quantile(_:)` would have been given.
    /// - Complexity: O(1).
    /// A tabulated distribution reads the draw's bits as integers (`QuantileTable.interval(of:)`):
    /// the same knot and offset as `quantile(_:)` finds from the uniform, without the double's
    /// conversions and their range checks.
    @inline(__always)
    func quantile(deferred draw: DeferredUniform) -> SimTime {
        switch kind {
        case .fixed:
            return firstMs
        case .uniform:
            return quantile(draw.value)
        case .logNormal, .exponential:
            let bits = draw.bits
            let interval = QuantileTable.interval(of: bits)
            if let table, QuantileTable.covers(interval: interval) {
                return DurationDistribution.clampedMs(table.value(interval: interval, bits: bits))
            }
            return DurationDistribution.clampedMs(closedForm(Xoshiro256.unit(bits)))
        }
    }

    /// `value`, in [0, 2^52), rounded to the nearest integer, ties to even: exactly
    /// `SimTime(value.rounded(.toNearestOrEven))`, without that expression's call to libm's
    /// `rint` (Swift on x86-64 Linux may not assume SSE4.1's `roundsd`) and its conversion's
    /// range checks. Past 2^52 a double has no fraction bits, so adding 2^52 rounds `value` to
    /// an integer in the default rounding mode (to nearest, ties to even), and that integer
    /// is the sum's bit pattern minus 2^52's.
    /// - Complexity: O(1): an add and a subtract.
    @inline(__always)
    static func roundedMs(_ value: Double) -> SimTime {
        SimTime(bitPattern: (value + 0x1p52).bitPattern &- (0x1p52 as Double).bitPattern)
    }
}

/// The standard normal quantile function (Acklam's rational approximation, relative error
/// below 1.2e-9), built on `DeterministicMath` so it is bit-identical everywhere.
public enum NormalQuantile {
    /// Φ⁻¹(0.99).
    public static let z99 = 2.3263478740408408

    static let a: (Double, Double, Double, Double, Double, Double) = (
        -3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
        1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00)
    static let b: (Double, Double, Double, Double, Double) = (
        -5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
        6.680131188771972e+01, -1.328068155288572e+01)
    static let c: (Double, Double, Double, Double, Double, Double) = (
        -7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
        -2.549732539343734e+00, 4.374664141464968e+00, 2.938163982698783e+00)
    static let d: (Double, Double, Double, Double) = (
        7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00, 3.754408661907416e+00)

    /// Φ⁻¹(u) for u in [0, 1); u = 0 is treated as the smallest positive double.
    public static func of(_ uniform: Double) -> Double {
        let p = max(uniform, 0x1p-60)
        let low = 0.02425
        if p < low {
            let q = (-2 * DeterministicMath.log(p)).squareRoot()
            return tail(q)
        }
        if p > 1 - low {
            let q = (-2 * DeterministicMath.log(1 - p)).squareRoot()
            return -tail(q)
        }
        let q = p - 0.5
        let r = q * q
        let numerator = (((((a.0 * r + a.1) * r + a.2) * r + a.3) * r + a.4) * r + a.5) * q
        let denominator = ((((b.0 * r + b.1) * r + b.2) * r + b.3) * r + b.4) * r + 1
        return numerator / denominator
    }

    static func tail(_ q: Double) -> Double {
        let numerator = ((((c.0 * q + c.1) * q + c.2) * q + c.3) * q + c.4) * q + c.5
        let denominator = (((d.0 * q + d.1) * q + d.2) * q + d.3) * q + 1
        return numerator / denominator
    }
}
