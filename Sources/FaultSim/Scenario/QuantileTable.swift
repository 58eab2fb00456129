import Foundation

/// A quantile function (inverse CDF) tabulated once per distribution and read back by cubic
/// Hermite interpolation: about 30 instructions per sample where the closed form (Acklam's
/// normal quantile and an `exp`) cost about 150.
///
/// Knot `k` holds the exact quantile at u = k / `intervals` and its slope, both from the
/// closed form, which is built on `DeterministicMath`: so the table, and every duration read
/// from it, is the same bits on every platform. Between knots the Hermite cubic is within
/// 1e-7 of the closed form, relatively, for σ ≤ 3 (measured; `QuantileTableTests`). Near 0
/// and 1 the quantile's slope grows without bound and no cubic follows it, so uniforms below
/// `edge` or above 1 − `edge` (1/16 of draws) use the closed form itself.
///
/// The table is monotone: a table is built only if every interval passes Fritsch and
/// Carlson's test (both slopes ≥ 0 and α² + β² ≤ 9 in units of the secant), which makes its
/// cubic non-decreasing; and at the edges the table meets the closed form at an exact knot.
/// So a larger uniform still never gives a shorter duration.
///
/// The knots live in memory that is never freed, built once per distinct distribution by
/// `QuantileTable.interned(_:_:_:)`: so a `DurationDistribution` stays a plain value whose copy
/// costs no retain (an array here cost every sample a retain, a release and an outlined copy,
/// more than the table saved). A process sees a few dozen distinct distributions (the
/// scenario's, a sweep's points, the tests' random worlds), 16 KB each.
///
/// `@unchecked Sendable`: the knots are written once, before the pointer is published under
/// the cache's lock, and only read after; the memory is never freed.
struct QuantileTable: @unchecked Sendable, Equatable {
    /// Intervals of the grid in u.
    static var intervals: Int { 1_024 }
    /// Uniforms below this, or at or above 1 − this, use the closed form.
    static var edge: Double { 1.0 / 32 }

    /// Knot k: the value at u = k / intervals and the slope times the interval width, side by
    /// side so one interpolation reads one or two cache lines.
    let knots: UnsafePointer<Knot>

    struct Knot: Sendable, Equatable {
        var value: Double
        var scaledSlope: Double
    }

    /// Tabulates `quantile` (with derivative `slope`) over the knots inside the edges, or
    /// returns nil when an interval fails the monotonicity test.
    /// - Complexity: O(intervals) evaluations of each function.
    static func build(quantile: (Double) -> Double, slope: (Double) -> Double) -> UnsafePointer<Knot>? {
        let n = QuantileTable.intervals
        let width = 1.0 / Double(n)
        let first = Int(QuantileTable.edge * Double(n)), last = n - first
        var knots = [Knot](repeating: Knot(value: 0, scaledSlope: 0), count: n + 1)
        for k in first...last {
            let u = Double(k) * width
            knots[k] = Knot(value: quantile(u), scaledSlope: slope(u) * width)
        }
        for k in first..<last {
            let rise = knots[k + 1].value - knots[k].value
            guard rise > 0, knots[k].scaledSlope >= 0, knots[k + 1].scaledSlope >= 0 else { return nil }
            let alpha = knots[k].scaledSlope / rise, beta = knots[k + 1].scaledSlope / rise
            guard alpha * alpha + beta * beta <= 9 else { return nil }
        }
        let memory = UnsafeMutablePointer<Knot>.allocate(capacity: n + 1)
        memory.initialize(from: knots, count: n + 1)
        return UnsafePointer(memory)
    }

    /// The table of the distribution (kind, first, second), built by `build` on first use and
    /// shared by every copy of it afterwards; nil when `build` refuses it.
    static func interned(_ key: Key, quantile: (Double) -> Double, slope: (Double) -> Double) -> QuantileTable? {
        cache.lock.lock()
        defer { cache.lock.unlock() }
        if let known = cache.tables[key] { return known.map(QuantileTable.init(knots:)) }
        let built = build(quantile: quantile, slope: slope)
        cache.tables[key] = .some(built)
        return built.map(QuantileTable.init(knots:))
    }

    /// What identifies a distribution's quantile function.
    struct Key: Hashable {
        var kind: DurationDistribution.Kind
        var first: SimTime
        var second: SimTime
    }

    static let cache = Cache()

    /// Every table built so far, by key (looked up, never iterated).
    /// `@unchecked Sendable`: `tables` is only touched while holding `lock`.
    final class Cache: @unchecked Sendable {
        let lock = NSLock()
        var tables: [Key: UnsafePointer<Knot>?] = [:]
    }

    /// Whether `u` lies in the tabulated range.
    @inline(__always)
    static func covers(_ u: Double) -> Bool { u >= edge && u < 1 - edge }

    /// The interpolated quantile at `u` (which `covers`).
    /// - Complexity: O(1): two knots and a cubic.
    @inline(__always)
    func value(at u: Double) -> Double {
        let scaled = u * Double(QuantileTable.intervals)
        let k = Int(scaled)
        return value(knot: k, offset: scaled - Double(k))
    }

    /// The grid interval of the uniform `Xoshiro256.unit(bits)`, from the bits: the uniform is
    /// u = (bits >> 11) · 2^-53, so u · 1,024 = (bits >> 11) · 2^-43, whose integer part is
    /// bits >> 54 (the `Int(scaled)` of `value(at:)`).
    @inline(__always)
    static func interval(of bits: UInt64) -> Int { Int(bits >> 54) }

    /// Whether interval `k` lies in the tabulated range: u ≥ 1/32 exactly when k ≥ 32, and
    /// u < 31/32 exactly when k < 992 (both edges are multiples of 2^-10), as `covers(_:)`.
    @inline(__always)
    static func covers(interval k: Int) -> Bool { UInt(bitPattern: k &- 32) < 960 }

    /// `value(at: Xoshiro256.unit(bits))` from the bits, for `k = interval(of: bits)`: the offset
    /// in the interval, u · 1,024 − k, is the low 43 bits of bits >> 11 times 2^-43, exactly
    /// (both are exact in a double), so the result is the same to the bit.
    @inline(__always)
    func value(interval k: Int, bits: UInt64) -> Double {
        value(knot: k, offset: Double(Int64(bitPattern: (bits >> 11) & (1 << 43 - 1))) * 0x1p-43)
    }

    /// The cubic between knots `k` and `k + 1` at offset `t` in [0, 1).
    @inline(__always)
    private func value(knot k: Int, offset t: Double) -> Double {
        let left = knots[k], right = knots[k &+ 1]  // k < intervals: `covers` keeps u below 1 − edge
        // Hermite basis in Horner-like form: h00 = 2t³ − 3t² + 1, h10 = t³ − 2t² + t,
        // h01 = −2t³ + 3t², h11 = t³ − t².
        let rise = right.value - left.value
        return left.value + t * (left.scaledSlope
            + t * ((3 * rise - 2 * left.scaledSlope - right.scaledSlope)
            + t * (left.scaledSlope + right.scaledSlope - 2 * rise)))
    }
}
