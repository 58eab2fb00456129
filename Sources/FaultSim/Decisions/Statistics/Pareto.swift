/// Pareto dominance between designs judged on several objectives, lower being better: in point
/// estimate (`Pareto`), and statistically (`Dominance`), the rule `optimize` races and
/// certifies by.
public enum Pareto {
    /// `a` dominates `b` in point estimate: no worse on every objective and better on one.
    public static func dominates(_ a: [Double], _ b: [Double]) -> Bool {
        var better = false
        for (x, y) in zip(a, b) {
            if x > y { return false }
            if x < y { better = true }
        }
        return better
    }

    /// The indices of the vectors that no other vector dominates, in the order given. Equal
    /// vectors are all kept.
    /// - Complexity: O(n² · objectives).
    public static func front(_ vectors: [[Double]]) -> [Int] {
        vectors.indices.filter { index in !vectors.indices.contains { $0 != index && dominates(vectors[$0], vectors[index]) } }
    }

    /// NSGA-II's crowding distance of each vector of a front: for each objective, the gap
    /// between its neighbours in that objective's order over the objective's range, summed;
    /// infinite at either end of any objective (a constant objective adds nothing).
    /// - Complexity: O(objectives · n log n).
    public static func crowdingDistances(_ vectors: [[Double]]) -> [Double] {
        var distances = [Double](repeating: 0, count: vectors.count)
        guard let width = vectors.first?.count else { return distances }
        for k in 0..<width {
            let order = vectors.indices.sorted { vectors[$0][k] != vectors[$1][k] ? vectors[$0][k] < vectors[$1][k] : $0 < $1 }
            let low = vectors[order.first!][k], high = vectors[order.last!][k]
            guard high > low else { continue }
            distances[order.first!] = .infinity
            distances[order.last!] = .infinity
            for position in order.indices.dropFirst().dropLast() {
                distances[order[position]] += (vectors[order[position + 1]][k] - vectors[order[position - 1]][k]) / (high - low)
            }
        }
        return distances
    }
}

/// When one design dominates another, statistically, over the same runs: on every objective,
/// A is either significantly better than B (the paired test's two-sided p below `level`, A − B
/// below 0) or, when `identicalIsTie`, identical to B in every run compared (no discordant
/// intent; no run whose request counts differ); and on at least one it is significantly better.
///
/// It is an intersection-union test: A is declared to dominate only when every objective's own
/// test says so, so a design that is truly better on an objective where the two differ is
/// wrongly declared dominated with probability at most `level`, with no correction for the
/// number of objectives. Counting "identical so far" as a tie is the caller's choice: over all
/// the runs there are, it is exact; over fewer, a difference rarer than the runs can show
/// (about 3 in the number compared, at 95%) may be hidden.
public enum Dominance {
    /// Whether A dominates B, given A − B on every objective.
    public static func holds(_ differences: [PairedDifference], level: Double, identicalIsTie: Bool = true) -> Bool {
        holds(count: differences.count, level: level, identicalIsTie: identicalIsTie) { differences[$0] }
    }

    /// Whether A dominates B, given A − B on objective k by `difference(k)` for k in
    /// 0..<count, asked in order and no further than the first objective that settles "no"
    /// (so a caller can put its costliest objective last).
    public static func holds(count: Int, level: Double, identicalIsTie: Bool = true, difference: (Int) -> PairedDifference) -> Bool {
        let logLevel = DeterministicMath.log(level)
        var better = false
        for k in 0..<count {
            let d = difference(k)
            if d.isIdentical && identicalIsTie { continue }
            guard d.difference < 0, d.logP < logLevel else { return false }
            better = true
        }
        return better
    }
}

extension PairedDifference {
    /// The two designs had the same value in every run compared: no intent counted under one
    /// and not the other, or no run whose request counts differ.
    public var isIdentical: Bool { onlyA == 0 && onlyB == 0 && difference == 0 && low == 0 && high == 0 }

    /// Significantly below 0 at `level` (two-sided): A is better.
    public func isBetter(at level: Double) -> Bool { difference < 0 && logP < DeterministicMath.log(level) }
}
