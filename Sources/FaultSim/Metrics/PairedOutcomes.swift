/// Two designs compared intent by intent over the same runs, for every blemished outcome: how
/// many intents ended that way under A only, under B only, and under both. Raw counts, so
/// they merge by addition.
public struct PairedOutcomes: Sendable, Equatable {
    /// The outcomes compared, in table order: every way an intent can end badly, then the
    /// intents that moved no money at all (cancels included), for context.
    public enum Outcome: Int, Sendable, CaseIterable {
        case lost, misdelivered, duplicated, doubleCharged, lostSale, notCharged

        public var name: String {
            switch self {
            case .lost: "lost"
            case .misdelivered: "misdelivered"
            case .duplicated: "duplicated"
            case .doubleCharged: "double_charged"
            case .lostSale: "lost_sale"
            case .notCharged: "not_charged"
            }
        }
    }

    /// One run's intents that ended each way, a bit per intent.
    public struct Masks: Sendable, Equatable {
        public var lost: UInt64
        public var misdelivered: UInt64
        public var duplicated: UInt64
        public var doubleCharged: UInt64
        /// Never charged because the order could not be created (a subset of `notCharged`).
        public var lostSale: UInt64
        public var notCharged: UInt64

        public init(lost: UInt64, misdelivered: UInt64, duplicated: UInt64, doubleCharged: UInt64 = 0, lostSale: UInt64 = 0,
                    notCharged: UInt64) {
            self.lost = lost
            self.misdelivered = misdelivered
            self.duplicated = duplicated
            self.doubleCharged = doubleCharged
            self.lostSale = lostSale
            self.notCharged = notCharged
        }

        public subscript(_ outcome: Outcome) -> UInt64 {
            switch outcome {
            case .lost: lost
            case .misdelivered: misdelivered
            case .duplicated: duplicated
            case .doubleCharged: doubleCharged
            case .lostSale: lostSale
            case .notCharged: notCharged
            }
        }
    }

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

    public private(set) var counts = [Counts](repeating: Counts(), count: Outcome.allCases.count)
    public private(set) var intents: Int64 = 0

    public init() {}

    public subscript(_ outcome: Outcome) -> Counts { counts[outcome.rawValue] }

    /// Adds one run: each outcome's intent masks under A and under B, and the run's intents.
    public mutating func record(_ a: Masks, _ b: Masks, intents runIntents: Int) {
        intents += Int64(runIntents)
        for outcome in Outcome.allCases {
            let x = a[outcome], y = b[outcome]
            counts[outcome.rawValue].onlyA += Int64((x & ~y).nonzeroBitCount)
            counts[outcome.rawValue].onlyB += Int64((y & ~x).nonzeroBitCount)
            counts[outcome.rawValue].both += Int64((x & y).nonzeroBitCount)
        }
    }

    public mutating func merge(_ other: PairedOutcomes) {
        intents += other.intents
        for index in counts.indices {
            counts[index].onlyA += other.counts[index].onlyA
            counts[index].onlyB += other.counts[index].onlyB
            counts[index].both += other.counts[index].both
        }
    }
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
