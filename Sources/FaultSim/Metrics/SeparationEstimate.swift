/// How many runs would tell two tied designs apart: the report's answer when designs tie at the
/// fewest lost orders.
///
/// An estimate, and says so: it assumes the two designs keep disagreeing in the ratio observed
/// (b intents lost only by one, c > b only by the other, over `runs` runs) and finds the
/// smallest whole count m ≥ c for the larger side such that McNemar's exact test on m against
/// ⌈b·m/c⌉ gives p < 0.05; the runs scale by m/c. Rounding the smaller side up errs long.
/// Beyond about 50,000 discordant intents on the smaller side the exact test costs too much per
/// trial and agrees with its normal approximation (n = z² / (2r − 1)² discordant intents at
/// ratio r), so that is used there.
public enum SeparationEstimate: Sendable, Equatable {
    /// Already p < 0.05 at these runs.
    case separated
    /// About this many runs in all (the ones done included).
    case runs(Double)
    /// The designs disagree equally often both ways: more runs are not expected to separate them.
    case balanced
    /// They never disagreed. With none of the n intents discordant, the discordance rate is below
    /// 3/n (95%, the rule of three), and the exact test needs at least 6 intents lost one way
    /// and not the other (6 to 0: p = 0.031), so more than about twice these runs.
    case neverDisagreed(moreThan: Double)

    /// z² for a two-sided 5% test.
    static let zSquared = 3.841458820694124

    /// The estimate for `onlyA` intents lost by one design but not the other, `onlyB` the other
    /// way round, over `runs` runs.
    public static func estimate(onlyA: Int64, onlyB: Int64, runs: Int64) -> SeparationEstimate {
        let b = min(onlyA, onlyB), c = max(onlyA, onlyB)
        if c == 0 { return .neverDisagreed(moreThan: 2 * Double(runs)) }
        if b == c { return .balanced }
        if ExactMcNemar.logPValue(onlyA: b, onlyB: c) < Significance.logLevel { return .separated }
        let n = Double(b + c)
        let share = Double(c - b) / n  // |2r − 1|
        let approximate = zSquared / (share * share)  // discordant intents, normal approximation
        if approximate * Double(b) / n > 50_000 { return .runs(Double(runs) * approximate / n) }
        func separates(_ m: Int64) -> Bool {
            ExactMcNemar.logPValue(onlyA: (b * m + c - 1) / c, onlyB: m) < Significance.logLevel
        }
        // Double m until it separates, then bisect to the smallest m that does.
        var low = c, high = 2 * c
        while !separates(high) {
            low = high
            high *= 2
        }
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if separates(middle) { high = middle } else { low = middle }
        }
        return .runs(Double(runs) * Double(high) / Double(c))
    }
}
