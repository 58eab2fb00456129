/// Two designs compared intent by intent over the same runs, for every outcome counted per
/// intent: how many intents ended that way under A only, under B only, and under both. A view
/// of a panel (`PanelResult.pairedOutcomes`), what `simrun compare` prints.
public struct PairedOutcomes: Sendable, Equatable {
    public struct Counts: Sendable, Equatable {
        public var onlyA: Int64 = 0
        public var onlyB: Int64 = 0
        public var both: Int64 = 0

        public init(onlyA: Int64 = 0, onlyB: Int64 = 0, both: Int64 = 0) {
            self.onlyA = onlyA
            self.onlyB = onlyB
            self.both = both
        }
    }

    /// A's intents over the runs (B has as many).
    public let intents: Int64
    /// Indexed like `outcomes`.
    public let counts: [Counts]
    public let outcomes: [Outcome]

    public init(intents: Int64, counts: [Counts], outcomes: [Outcome]) {
        precondition(counts.count == outcomes.count, "one count per outcome")
        self.intents = intents
        self.counts = counts
        self.outcomes = outcomes
    }

    public subscript(_ outcome: Outcome) -> Counts { counts[outcomes.firstIndex(of: outcome)!] }
}

extension PairedOutcomes.Counts {
    /// (A's count − B's count) per intent, in percentage points, with a 95% interval for a
    /// difference of paired proportions (Wald: d ± 1.96·√(b + c − (b − c)²/n) / n).
    public func difference(intents: Int64) -> (points: Double, low: Double, high: Double) {
        let n = Double(max(intents, 1))
        let b = Double(onlyA), c = Double(onlyB)
        let d = (b - c) / n
        let variance = max(0, b + c - (b - c) * (b - c) / n)
        let half = Wilson.z95 * variance.squareRoot() / n
        return (d * 100, (d - half) * 100, (d + half) * 100)
    }

    /// McNemar's exact test of "A and B end this way equally often": natural log of its p-value.
    public var exactLogPValue: Double { ExactMcNemar.logPValue(onlyA: onlyA, onlyB: onlyB) }
}

/// McNemar's exact test: under "no difference", each of the n = b + c discordant intents is A's
/// or B's with probability 1/2, so p = min(1, 2·P(X ≤ min(b, c))) for X ~ Binomial(n, 1/2). Summed
/// in log space with the project's own `log` and `exp`, so it is the same on every platform and
/// does not underflow at millions of discordant intents.
public enum ExactMcNemar {
    static let logTwo = DeterministicMath.log(2)

    /// The natural logarithm of the two-sided p-value (0 when the counts are equal).
    /// - Complexity: O(min(b, c)) logarithms.
    public static func logPValue(onlyA b: Int64, onlyB c: Int64) -> Double {
        let n = b + c
        let k = min(b, c)
        guard n > 0, k < n - k else { return 0 }
        // log C(n, i) for i = 0…k, incrementally; the terms grow with i (i ≤ k < n/2), so
        // the last is the largest: sum exp(term − last) and add the last back.
        var logChoose = 0.0
        var terms: [Double] = [0]
        terms.reserveCapacity(Int(k) + 1)
        if k > 0 {
            for i in 0..<k {
                logChoose += DeterministicMath.log(Double(n - i)) - DeterministicMath.log(Double(i + 1))
                terms.append(logChoose)
            }
        }
        let largest = terms[terms.count - 1]
        var sum = 0.0
        for term in terms { sum += DeterministicMath.exp(term - largest) }
        let logTail = largest + DeterministicMath.log(sum) - Double(n) * logTwo
        return min(0, logTail + logTwo)
    }
}
