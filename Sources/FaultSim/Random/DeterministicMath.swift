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
    ///
    /// Table-driven: x = (32m + j) · ln2/32 + r with |r| ≤ ln2/64, so e^x = 2^m · 2^(j/32) · e^r,
    /// with 2^(j/32) read from `twoToThe` and e^r from its Taylor polynomial of degree 6
    /// (remainder below 4e-18). About 1 ulp; half the instructions of the degree-13 series over
    /// the whole of ±ln2/2 it replaced (issue 15).
    /// - Complexity: O(1), no loop on the sampling path.
    @inline(__always)
    public static func exp(_ x: Double) -> Double {
        if x.isNaN { return x }
        if x > 709.78 { return .infinity }
        if x < -745.2 { return 0 }
        let k = roundedToEven(x * (32 / ln2))
        // ln2High / 32 keeps ln2High's 21 trailing zero bits, so k · it is exact for |k| < 2^16.
        let r = (x - k * (ln2High / 32)) - k * (ln2Low / 32)
        let polynomial = 1 + r * (1 + r * (1.0 / 2 + r * (1.0 / 6 + r * (1.0 / 24 + r * (1.0 / 120 + r * (1.0 / 720))))))
        let n = Int(k)
        let m = n >> 5  // floor division: n = 32m + j with j in 0..<32
        let scaled = twoToThe[n & 31] * polynomial
        if m > -1000 && m < 1000 {
            return scaled * Double(bitPattern: UInt64(1023 + m) << 52)  // 2^m, exactly
        }
        return scaleByPowerOfTwo(scaled, m)
    }

    /// `y.rounded(.toNearestOrEven)` for |y| < 2^51, without the call to libm's `rint` (Swift on
    /// x86-64 Linux may not assume SSE4.1's `roundsd`): 1.5 · 2^52 + y lies where doubles are the
    /// integers, so the sum is y rounded to an integer, ties to the even one (1.5 · 2^52 is even),
    /// and taking 1.5 · 2^52 off again is exact. Only a zero's sign may differ (+0 for y in
    /// (−0.5, 0]), which `exp` cannot tell: it subtracts multiples of k and converts it to `Int`.
    @inline(__always)
    static func roundedToEven(_ y: Double) -> Double {
        (y + 0x1.8p52) - 0x1.8p52
    }

    /// 2^(j/32) for j = 0…31, each the double nearest the exact value (computed to 60 digits),
    /// written in hexadecimal so every platform reads the same bits.
    static let twoToThe: [Double] = [
        0x1.0000000000000p+0, 0x1.059b0d3158574p+0, 0x1.0b5586cf9890fp+0, 0x1.11301d0125b51p+0,
        0x1.172b83c7d517bp+0, 0x1.1d4873168b9aap+0, 0x1.2387a6e756238p+0, 0x1.29e9df51fdee1p+0,
        0x1.306fe0a31b715p+0, 0x1.371a7373aa9cbp+0, 0x1.3dea64c123422p+0, 0x1.44e086061892dp+0,
        0x1.4bfdad5362a27p+0, 0x1.5342b569d4f82p+0, 0x1.5ab07dd485429p+0, 0x1.6247eb03a5585p+0,
        0x1.6a09e667f3bcdp+0, 0x1.71f75e8ec5f74p+0, 0x1.7a11473eb0187p+0, 0x1.82589994cce13p+0,
        0x1.8ace5422aa0dbp+0, 0x1.93737b0cdc5e5p+0, 0x1.9c49182a3f090p+0, 0x1.a5503b23e255dp+0,
        0x1.ae89f995ad3adp+0, 0x1.b7f76f2fb5e47p+0, 0x1.c199bdd85529cp+0, 0x1.cb720dcef9069p+0,
        0x1.d5818dcfba487p+0, 0x1.dfc97337b9b5fp+0, 0x1.ea4afa2a490dap+0, 0x1.f50765b6e4540p+0,
    ]

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
