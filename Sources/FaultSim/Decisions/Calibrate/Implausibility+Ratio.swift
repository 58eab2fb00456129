extension Implausibility {
    /// A figure on one design over the same figure on another ("more reports after v1.0 than
    /// under v0"), observed somewhere from `low` to `high`, each design seen over n units: 0 when
    /// the model's ratio lies inside (as a range), else the distance from the nearer end on the
    /// log scale, where a ratio's noise is symmetric and the unknown volume and contact
    /// probability, which scale both figures alike, cancel. Variances, by the delta method for
    /// two independent counts of expected sizes μ: the observation's 1/(n r) + 1/(n r') at the
    /// model's rates r and r' (as for a count, at the model's rates, not the observed ones); the
    /// simulation's 1/(K + ½) + 1/(K' + ½) from the simulated counts; the discrepancy's
    /// ln(1 + δ)², δ the relative error the model may make on the ratio itself. Rates are
    /// smoothed by ½ event, so a design with no event gives a large variance, not a division by 0.
    /// `Terms.model` and `.observed` are the ratio and the nearer end; the variances are on the log scale.
    public static func ratio(low: Double, high: Double, n: Double, events: Int64, units: Int64, overEvents: Int64, overUnits: Int64,
                             delta: Double) -> Terms {
        let rate = (Double(events) + 0.5) / (Double(max(units, 0)) + 1)
        let overRate = (Double(overEvents) + 0.5) / (Double(max(overUnits, 0)) + 1)
        let model = rate / overRate
        let observation = n > 0 ? 1 / (n * rate) + 1 / (n * overRate) : 0
        let simulation = 1 / (Double(events) + 0.5) + 1 / (Double(overEvents) + 0.5)
        let logFactor = DeterministicMath.log(1 + delta)
        var terms = Terms(value: 0, model: model, observed: model, observation: observation, simulation: simulation,
                          discrepancy: logFactor * logFactor)
        guard model < low || model > high else { return terms }
        terms.observed = model < low ? low : high
        let gap = abs(DeterministicMath.log(model) - DeterministicMath.log(terms.observed))
        terms.value = min(gap / (observation + simulation + terms.discrepancy).squareRoot(), cap)
        return terms
    }

    /// The relative discrepancy δ at which a ratio figure `terms` would score exactly `cutoff`
    /// (the log-scale variances of `ratio` solved for ln(1 + δ)); 0 when it passes without one.
    public static func ratioDiscrepancyNeeded(_ terms: Terms, cutoff: Double) -> Double {
        guard terms.model > 0, terms.observed > 0 else { return 0 }
        let gap = DeterministicMath.log(terms.model) - DeterministicMath.log(terms.observed)
        let logFactor = max(gap * gap / (cutoff * cutoff) - terms.observation - terms.simulation, 0).squareRoot()
        return DeterministicMath.exp(logFactor) - 1
    }
}
