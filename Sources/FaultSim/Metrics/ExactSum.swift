/// A sum of non-negative doubles that is the same whatever order they are added in: a 256-bit
/// integer counting units of 2^-128. Floating-point sums depend on order, so weighted tallies
/// of different threads, chunks or shards would not merge into the single-thread bytes; integer
/// sums do (the same reason every other tally of the tool counts integers).
///
/// Each addend is placed exactly when it is at least 2^-128 (the bits below are dropped, the same
/// way for the same addend wherever it is added, so the sum stays order-independent), and must be
/// below 2^74 (a weight is at most 1/α and a run has at most 64 intents, so a squared weighted
/// count is far below). Nothing below 2^-128 matters to a rate the tool can report.
public struct ExactSum: Sendable, Equatable, Hashable {
    /// Little-endian limbs: the sum is Σ limbs[i] · 2^(64i − 128).
    var limb0: UInt64 = 0
    var limb1: UInt64 = 0
    var limb2: UInt64 = 0
    var limb3: UInt64 = 0

    public init() {}

    /// Adds `x` (non-negative and finite, below 2^74).
    /// - Complexity: O(1): a shift and at most four limb additions.
    public mutating func add(_ x: Double) {
        precondition(x >= 0 && x < 0x1p74, "ExactSum takes non-negative addends below 2^74")
        guard x >= 0x1p-128 else { return }
        let significand = x.significandBitPattern | (1 << 52)
        // x = significand · 2^(exponent − 52); its lowest bit is bit `shift` of the sum.
        let shift = Int(x.exponent) - 52 + 128
        if shift < 0 {
            addShifted(significand >> UInt64(-shift), at: 0)
        } else {
            addShifted(significand, at: shift)
        }
    }

    /// Adds `x` (non-negative and finite), or just below 2^74 when `x` is larger: for the fourth
    /// powers that judge a variance (`WeightedRate.varianceEffectiveSize`), which a bias file's
    /// small nominal share can push past the range; a capped term still dominates its sum.
    public mutating func addCapped(_ x: Double) { add(min(x, Self.largestAddend)) }

    /// The largest addend `add` takes: the double just below 2^74.
    public static let largestAddend = 0x1p74.nextDown

    /// Adds `value · 2^(at − 128)`: `value` below 2^53, `at` below 202.
    private mutating func addShifted(_ value: UInt64, at bit: Int) {
        let offset = UInt64(bit % 64)
        let low = value << offset
        let high = offset == 0 ? 0 : value >> (64 - offset)
        var parts: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        switch bit / 64 {
        case 0: parts = (low, high, 0, 0)
        case 1: parts = (0, low, high, 0)
        case 2: parts = (0, 0, low, high)
        default: parts = (0, 0, 0, low)
        }
        add(parts)
    }

    private mutating func add(_ parts: (UInt64, UInt64, UInt64, UInt64)) {
        var carry: Bool
        (limb0, carry) = limb0.addingReportingOverflow(parts.0)
        (limb1, carry) = Self.add(limb1, parts.1, carry)
        (limb2, carry) = Self.add(limb2, parts.2, carry)
        (limb3, carry) = Self.add(limb3, parts.3, carry)
        precondition(!carry, "ExactSum overflowed 2^128")
    }

    private static func add(_ a: UInt64, _ b: UInt64, _ carryIn: Bool) -> (UInt64, Bool) {
        let (sum, first) = a.addingReportingOverflow(b)
        let (withCarry, second) = sum.addingReportingOverflow(carryIn ? 1 : 0)
        return (withCarry, first || second)
    }

    /// Whether this could be the sum of `count` addends, each below 2^74: it is below
    /// count · 2^74 (in units of 2^-128, count · 2^202: exactly when the top limb is below
    /// count · 2^10). A part file's sums are checked so before any is added, so an edited file
    /// is an error rather than an overflow trap in `add` (`WeightedPart.Bounds`).
    public func isBelow(addends count: UInt64) -> Bool {
        // From 2^54 addends on, count · 2^10 exceeds every 64-bit limb: any sum is below.
        guard count < 1 << 54 else { return true }
        return count == 0 ? self == ExactSum() : limb3 < count << 10
    }

    /// Adds another sum (of other runs): integer addition, so merging in any order gives the
    /// same limbs.
    public mutating func add(_ other: ExactSum) { add((other.limb0, other.limb1, other.limb2, other.limb3)) }

    /// The sum as the nearest-ish double: the top two non-zero limbs, converted and added in a
    /// fixed order (relative error below 2^-52; the same bits on every machine).
    public var value: Double {
        let limbs = [limb0, limb1, limb2, limb3]
        guard let top = limbs.lastIndex(where: { $0 != 0 }) else { return 0 }
        let scale = Double(sign: .plus, exponent: 64 * top - 128, significand: 1)
        let high = Double(limbs[top]) * scale
        return top == 0 ? high : high + Double(limbs[top - 1]) * (scale * 0x1p-64)
    }

    /// The limbs as 64 hex digits, most significant first (for files that must reload exactly).
    public var hex: String {
        [limb3, limb2, limb1, limb0].map { word in
            let digits = String(word, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
    }

    /// The sum written as `hex` writes it (64 hex digits); nil for anything else.
    public init?(hex text: String) {
        guard text.count == 64, text.allSatisfy(\.isHexDigit) else { return nil }
        let digits = Array(text)
        let words = (0..<4).map { UInt64(String(digits[16 * $0..<16 * $0 + 16]), radix: 16) }
        guard let w3 = words[0], let w2 = words[1], let w1 = words[2], let w0 = words[3] else { return nil }
        (limb3, limb2, limb1, limb0) = (w3, w2, w1, w0)
    }
}
