/// Natural logarithm and exponential built from IEEE-754 +, −, ×, ÷ and exact scaling
/// only, so every platform gets bit-identical results (the platform's `log`/`exp` may
/// differ in the last bit between libm versions, which would change sampled latencies).
/// Accuracy is about 1e-15 relative, far beyond what a latency model needs.
public enum DeterministicMath {
    /// ln 2 split in a high part with trailing zero bits and a low correction (fdlibm).
    static let ln2High = 6.93147180369123816490e-01
    static let ln2Low = 1.90821492927058770002e-10
    static let ln2 = 0.6931471805599453

    /// e^x. Overflows to +∞ above ~709.78 and underflows to 0 below ~−745.
    public static func exp(_ x: Double) -> Double {
        if x.isNaN { return x }
        if x > 709.78 { return .infinity }
        if x < -745.2 { return 0 }
        // x = k ln2 + r with |r| ≤ ln2 / 2.
        let k = (x / ln2).rounded(.toNearestOrEven)
        let r = (x - k * ln2High) - k * ln2Low
        // Taylor series of e^r to degree 13 in Horner form: the remainder is below 2e-17 for
        // |r| ≤ 0.35. The coefficients 1/n! are folded to constants at compile time.
        let sum = 1 + r * (1 + r * (1.0 / 2 + r * (1.0 / 6 + r * (1.0 / 24 + r * (1.0 / 120 + r * (1.0 / 720
            + r * (1.0 / 5_040 + r * (1.0 / 40_320 + r * (1.0 / 362_880 + r * (1.0 / 3_628_800
            + r * (1.0 / 39_916_800 + r * (1.0 / 479_001_600 + r * (1.0 / 6_227_020_800)))))))))))))
        return scaleByPowerOfTwo(sum, Int(k))
    }

    /// ln x for x > 0; −∞ at 0 and NaN below.
    public static func log(_ x: Double) -> Double {
        if x.isNaN || x < 0 { return .nan }
        if x == 0 { return -.infinity }
        if x.isInfinite { return x }
        // x = m · 2^e with m in [√½, √2).
        var exponent = Int(x.exponent)
        var m = x.significand  // in [1, 2), exact
        if m > 1.4142135623730951 {
            m *= 0.5
            exponent += 1
        }
        // ln m = 2 atanh(f), f = (m − 1)/(m + 1), |f| ≤ 0.1716: the series converges fast.
        let f = (m - 1) / (m + 1)
        let s = f * f
        // 2·atanh(f) = 2f(1 + s/3 + s²/5 + … + s¹²/25), Horner form; s ≤ 0.0295 so the next
        // term is below 1e-20.
        let series = 1 + s * (1.0 / 3 + s * (1.0 / 5 + s * (1.0 / 7 + s * (1.0 / 9 + s * (1.0 / 11 + s * (1.0 / 13
            + s * (1.0 / 15 + s * (1.0 / 17 + s * (1.0 / 19 + s * (1.0 / 21 + s * (1.0 / 23 + s * (1.0 / 25))))))))))))
        let sum = f * series
        let e = Double(exponent)
        return (e * ln2High + 2 * sum) + e * ln2Low
    }

    /// x · 2^n, exact whenever the result is a normal number.
    static func scaleByPowerOfTwo(_ x: Double, _ n: Int) -> Double {
        var result = x
        var remaining = n
        // Scale in steps that stay inside the exponent range of a normal double.
        while remaining > 1000 {
            result *= 0x1p1000
            remaining -= 1000
        }
        while remaining < -1000 {
            result *= 0x1p-1000
            remaining += 1000
        }
        return result * Double(sign: .plus, exponent: remaining, significand: 1)
    }
}
