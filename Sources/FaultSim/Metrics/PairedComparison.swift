/// Paired comparison of designs over the same intents (common random numbers): for every
/// ordered pair (a, b), how many intents design a lost and design b did not. These raw counts
/// merge by addition, and McNemar's test on them says whether two lost rates really differ.
public struct PairedLosses: Sendable, Equatable {
    public let designs: Int
    /// `discordant[a * designs + b]`: intents lost by a but not by b.
    public private(set) var discordant: [Int64]

    public init(designs: Int) {
        self.designs = designs
        discordant = Array(repeating: 0, count: designs * designs)
    }

    /// Adds one run, given each design's lost-intent mask for it.
    /// - Complexity: O(1) when no design lost anything (the common case), else O(designs²).
    public mutating func record(lostMasks: [UInt64]) {
        var any: UInt64 = 0
        for mask in lostMasks { any |= mask }
        guard any != 0 else { return }
        for a in 0..<designs where lostMasks[a] != 0 {
            for b in 0..<designs where a != b {
                discordant[a * designs + b] += Int64((lostMasks[a] & ~lostMasks[b]).nonzeroBitCount)
            }
        }
    }

    public mutating func merge(_ other: PairedLosses) {
        precondition(other.designs == designs)
        for index in discordant.indices { discordant[index] += other.discordant[index] }
    }

    /// Intents lost by `a` but not by `b`.
    public func lostOnlyBy(_ a: Int, notBy b: Int) -> Int64 { discordant[a * designs + b] }

    /// McNemar's test of "a and b lose equally often" (two-sided, continuity-corrected χ²
    /// with one degree of freedom). Returns the p-value; 1 when the designs never disagree.
    public func mcNemarPValue(_ a: Int, _ b: Int) -> Double {
        let onlyA = Double(lostOnlyBy(a, notBy: b))
        let onlyB = Double(lostOnlyBy(b, notBy: a))
        guard onlyA + onlyB > 0 else { return 1 }
        let corrected = max(0, abs(onlyA - onlyB) - 1)
        let chiSquare = corrected * corrected / (onlyA + onlyB)
        // P(χ²₁ ≥ x) = erfc(√(x/2)).
        return min(1, ComplementaryErrorFunction.of((chiSquare / 2).squareRoot()))
    }
}

/// erfc(x) for x ≥ 0 by the Chebyshev fit of Numerical Recipes (`erfcc`, relative error below
/// 1.2e-7), on `DeterministicMath.exp` so the value is the same on every platform.
public enum ComplementaryErrorFunction {
    public static func of(_ x: Double) -> Double {
        let z = abs(x)
        let t = 1 / (1 + 0.5 * z)
        let polynomial = -z * z - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418
            + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587
            + t * (-0.82215223 + t * 0.17087277))))))))
        let value = t * DeterministicMath.exp(polynomial)
        return x >= 0 ? value : 2 - value
    }
}
