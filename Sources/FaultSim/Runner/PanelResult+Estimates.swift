/// A panel's one API: each design's rate of an outcome and each pair's paired difference, each
/// with its 95% interval (and the difference with its test). Counted runs give Wilson's interval
/// and McNemar's exact test (a paired z-test on requests); weighted runs (a panel with a bias)
/// give the importance-sampling estimators for the rare outcomes, with the guard's warning when
/// an estimate is not to be trusted (`WeightedPanel+Estimates.swift`). A caller reads the same
/// figures either way; `weighted` on the result holds the diagnostics a weighted table prints.
extension PanelResult {
    /// Whether `outcome`'s figures come from the weighted sums: a weighted panel's rare outcomes.
    /// A weighted panel's other figures count the biased world, and no estimate reads them.
    func weighs(_ outcome: Outcome) -> Bool {
        guard isWeighted else { return false }
        precondition(WeightedPanel.outcomes.contains(outcome), "a weighted panel estimates only the rare outcomes, not \(outcome.name)")
        return true
    }

    /// Design `index`'s `outcome` per intent, in the outcome's unit.
    public func rate(_ outcome: Outcome, of index: Int) -> Double {
        let intents = tallies[index].intents
        if weighs(outcome) { return weighted!.rate(index, outcome, intents: intents).rate * outcome.scale }
        return intents > 0 ? Double(outcome.total(tallies[index])) / Double(intents) * outcome.scale : 0
    }

    /// Design `index`'s `outcome` in its unit, with its 95% interval: Wilson's for a count of
    /// intents, the normal one for requests per intent, the weighted z-interval (and its
    /// diagnostics and warning) for a weighted panel's rare outcomes.
    public func estimate(_ outcome: Outcome, of index: Int) -> RateEstimate {
        let tally = tallies[index]
        if weighs(outcome) { return RateEstimate(weighted!.rate(index, outcome, intents: tally.intents), scale: outcome.scale) }
        return RateEstimate.counted(outcome, total: outcome.total(tally), intents: tally.intents, runs: runs,
                                    squares: pairsRequests ? requestSquares[index] : 0)
    }

    /// A − B on `outcome`, paired over the panel's runs, with its 95% interval and p: McNemar's
    /// exact test on the discordant intents, a paired z-test on requests, or the weighted paired
    /// z-test (with the guard's warning on either design's rate) for a weighted panel's rare outcomes.
    public func difference(_ outcome: Outcome, _ a: Int, _ b: Int) -> PairedDifference {
        let intents = max(tallies[a].intents, 1)
        if weighs(outcome) {
            guard a != b else { return PairedDifference(.none, scale: outcome.scale, warning: nil) }
            let warning = weighted!.rate(a, outcome, intents: tallies[a].intents).warning
                ?? weighted!.rate(b, outcome, intents: tallies[b].intents).warning
            return PairedDifference(weighted!.difference(a, b, outcome, intents: intents), scale: outcome.scale, warning: warning)
        }
        if outcome.row.measure == .intents {
            return PairedDifference.counted(outcome, onlyA: only(outcome, a, notBy: b), onlyB: only(outcome, b, notBy: a), intents: intents)
        }
        precondition(outcome == .serverRequests && pairsRequests && compares(a, b), "requests of (\(a), \(b)) were not paired")
        // The runs' differences d = a − b have Σd = Σa − Σb and Σd² = Σa² + Σb² − 2Σab.
        let product = requestProducts[min(a, b) * designs + max(a, b)]
        return PairedDifference.requests(sum: tallies[a].serverRequests - tallies[b].serverRequests,
                                         squares: requestSquares[a] + requestSquares[b] - 2 * product, runs: runs, intents: intents)
    }
}

/// One design's rate of one outcome: its value in the outcome's unit with a 95% interval, and
/// for a weighted estimate its diagnostics (`weighted`), whose guard may say not to trust it.
public struct RateEstimate: Sendable, Equatable {
    public let value: Double
    public let low: Double
    public let high: Double
    /// The importance-sampling estimate this one scales, or nil when the runs were counted.
    public let weighted: WeightedRate?

    public init(value: Double, low: Double, high: Double, weighted: WeightedRate? = nil) {
        self.value = value
        self.low = low
        self.high = high
        self.weighted = weighted
    }

    /// A weighted rate per intent in a unit `scale` times larger.
    init(_ rate: WeightedRate, scale: Double) {
        self.init(value: rate.rate * scale, low: rate.low * scale, high: rate.high * scale, weighted: rate)
    }

    /// Why the estimate is not to be trusted (the importance-sampling guard), or nil.
    public var warning: String? { weighted?.warning }

    /// Wilson's interval for an intent count; for requests, the mean per intent ± 1.96 standard
    /// errors of the runs' counts (`squares`: Σ over runs of the requests squared).
    static func counted(_ outcome: Outcome, total: Int64, intents: Int64, runs: Int64, squares: Int64) -> RateEstimate {
        let scale = outcome.scale
        let perIntent = Double(total) / Double(max(intents, 1))
        guard outcome == .serverRequests else {
            let (low, high) = Wilson.interval(successes: total, trials: max(intents, 1))
            return RateEstimate(value: perIntent * scale, low: low * scale, high: high * scale)
        }
        let n = Double(max(runs, 1))
        let mean = Double(total) / n
        let variance = runs > 1 ? max(0, (Double(squares) - n * mean * mean) / (n - 1)) : 0
        let half = Wilson.z95 * (variance / n).squareRoot() * n / Double(max(intents, 1))
        return RateEstimate(value: perIntent, low: perIntent - half, high: perIntent + half)
    }
}

extension PairedDifference {
    /// A weighted difference per intent in a unit `scale` times larger, with the guard's
    /// `warning` on the rates it compares.
    init(_ weighted: WeightedDifference, scale: Double, warning: String?) {
        self.init(difference: weighted.difference * scale, low: weighted.low * scale, high: weighted.high * scale, logP: weighted.logP,
                  onlyA: 0, onlyB: 0, weighted: weighted, warning: warning)
    }
}
