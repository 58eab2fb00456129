import Policies

/// The answers derived from a setting's counts: the ranking, the leader, whether it differs from
/// the baseline's and whether significantly (McNemar's exact test on the paired lost intents),
/// and how far the baseline's leader leads.
extension RobustResult {
    /// What a setting does to the answer.
    public enum Verdict: String, Sendable {
        /// The scenario as given.
        case baseline
        /// The baseline's leader still loses the fewest orders.
        case keeps
        /// Another design loses fewer, significantly (exact McNemar p < 0.05 against the baseline's leader).
        case flips
        /// Another design loses fewer, but not significantly: a tie within the noise.
        case notSignificant = "not significant"
    }


    /// Lost orders of design `d` per 10^6 intents: counted, or in a weighted job estimated.
    public static func perMillion(_ counts: Counts, _ d: Int) -> Double {
        if let weighted = counts.weighted { return weighted.rates[d].rate * 1_000_000 }
        return counts.intents[d] > 0 ? Double(counts.lost[d]) / Double(counts.intents[d]) * 1_000_000 : 0
    }

    /// The natural log of the two-sided p for designs a and b on lost intents: McNemar's exact
    /// test, or in a weighted job the paired z-test on the runs' weighted differences (McNemar's
    /// does not hold under weights: `WeightedPanel.difference`).
    public static func logP(_ counts: Counts, _ a: Int, _ b: Int) -> Double {
        if let weighted = counts.weighted { return weighted.difference(a, b).logP }
        return ExactMcNemar.logPValue(onlyA: counts.only(a, notBy: b), onlyB: counts.only(b, notBy: a))
    }

    /// Whether design a loses fewer orders than b: by count, or in a weighted job by estimate.
    static func losesFewer(_ counts: Counts, _ a: Int, than b: Int) -> Bool {
        if let weighted = counts.weighted { return weighted.rates[a].rate < weighted.rates[b].rate }
        return counts.lost[a] < counts.lost[b]
    }

    /// The designs of setting `index`, fewest lost orders first. Ties keep the baseline's leader
    /// ahead (a tie does not change the leader), then the order of `designs`; in the baseline,
    /// the order of `designs` alone.
    public func ranking(_ index: Int) -> [Int] {
        let counts = counts(index)
        let favoured = index == 0 ? nil : Optional(baselineLeader)
        return designs.indices.sorted { a, b in
            if Self.losesFewer(counts, a, than: b) || Self.losesFewer(counts, b, than: a) { return Self.losesFewer(counts, a, than: b) }
            if let favoured, (a == favoured) != (b == favoured) { return a == favoured }
            return a < b
        }
    }

    /// The design that loses the fewest orders in the baseline (`Leader`, which robust, knowing
    /// only lost orders per setting, applies to those: the first of the fewest; in a weighted
    /// job, the first of the lowest estimates).
    public var baselineLeader: Int {
        if counts(0).weighted != nil { return ranking(0)[0] }
        return Leader.index(of: counts(0).lost.map { [$0] })!
    }

    /// The design that loses the fewest orders in setting `index`.
    public func leader(_ index: Int) -> Int { ranking(index)[0] }

    /// What setting `index` does to the answer.
    public func verdict(_ index: Int) -> Verdict {
        if index == 0 { return .baseline }
        let leader = leader(index), previous = baselineLeader
        if leader == previous { return .keeps }
        let counts = counts(index)
        let fewer = Self.losesFewer(counts, leader, than: previous)
        return fewer && Self.logP(counts, leader, previous) < Significance.logLevel ? .flips : .notSignificant
    }

    /// The baseline leader's lead in setting `index`: the best other design's lost orders minus
    /// its own, per 10^6 intents; negative when another design loses fewer.
    public func lead(_ index: Int) -> Double {
        let counts = counts(index), leader = baselineLeader
        let others = designs.indices.filter { $0 != leader }.map { Self.perMillion(counts, $0) }
        return (others.min() ?? 0) - Self.perMillion(counts, leader)
    }

    /// The one-at-a-time settings of guess `guess`: (low, high) setting indices.
    public func endSettings(of guess: Int) -> (low: Int, high: Int) { (1 + 2 * guess, 2 + 2 * guess) }

    /// The crossover search of setting `index`, if one was made or noted.
    public func crossover(of index: Int) -> CrossoverSearch? { crossovers.first { $0.setting == index } }

    /// The guess a one-at-a-time setting moves, and whether to its high end.
    public func guessMoved(by index: Int) -> (guess: Int, high: Bool)? {
        switch settings[index].kind {
        case .low(let guess): (guess, false)
        case .high(let guess): (guess, true)
        case .baseline, .latinHypercube: nil
        }
    }

    /// The Latin-hypercube settings, in point order.
    public var latinHypercubeSettings: [Int] {
        settings.indices.filter { if case .latinHypercube = settings[$0].kind { true } else { false } }
    }

    // What the job concludes, for every output to tell alike.

    /// The one-at-a-time settings (a guess at an end) whose verdict is `verdict`, in order.
    public func oneAtATime(_ verdict: Verdict) -> [Int] {
        settings.indices.filter { guessMoved(by: $0) != nil && self.verdict($0) == verdict }
    }

    /// The Latin-hypercube settings whose verdict is `verdict`, in point order.
    public func latinHypercube(_ verdict: Verdict) -> [Int] { latinHypercubeSettings.filter { self.verdict($0) == verdict } }

    /// The one-at-a-time settings judged on their own: those not equal to the scenario as given.
    public var judgedOneAtATime: Int { settings.indices.filter { guessMoved(by: $0) != nil && !settings[$0].sameAsBaseline }.count }

    /// The baseline's runner-up (nil with one design), and whether the leader loses
    /// significantly fewer orders than it (exact McNemar).
    public var runnerUp: (design: Int, leaderIsSignificantlyBetter: Bool)? {
        let order = ranking(0)
        guard order.count > 1 else { return nil }
        let counts = counts(0), leader = order[0], second = order[1]
        return (second, Self.losesFewer(counts, leader, than: second) && Self.logP(counts, leader, second) < Significance.logLevel)
    }
}
