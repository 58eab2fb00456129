/// The honest limits of a calibration, in words: what the figures cannot tell apart, which
/// figure no setting meets (and the discrepancy it would need), a given truth's verdict, and
/// the designs over the region with the caveat that shares are of volume, not probability.
extension CalibrationResult {
    var limitsText: String {
        var text = "limits:\n"
        if region.isEmpty { return text + emptyRegionText }
        let loose = spreads.filter { ($0.shrinkage ?? 1) > 0.9 }.count
        if region.count >= 2 { text += "  \(loose) of \(plan.dimensions) calibrated inputs are not constrained: these figures cannot tell their values apart "
            + "within the plausible ranges\n" }
        text += ratioResolutionText
        if region.count < Calibration.enoughPoints {
            text += "  only \(Grouped.count(region.count, "setting")) fit: spreads are rough (raise --budget)\n"
        }
        text += "  the share assumes the last search box encloses every setting that fits; a small or separate pocket of them can be missed by any sampler\n"
        return text
    }

    /// For each matched ratio, how far outside its range a model's ratio must lie before the
    /// figure can rule it out, at the best-fitting point: a factor e^(cutoff·σ), σ the root of
    /// the log-scale variances. A contrast seen over a few reports cannot tell "half as many"
    /// from "more", and this says so with the figure's own noise rather than leaving the reader
    /// to wonder why the guess it speaks to stayed loose.
    var ratioResolutionText: String {
        guard let bestPoint = chosenPoints.first.map({ region[$0] }) else { return "" }
        var text = ""
        for (index, figure) in plan.observations.figures.enumerated() where !figure.holdOut {
            guard case .ratio(let low, let high, _, _) = figure.data else { continue }
            let terms = bestPoint.terms[index]
            let factor = DeterministicMath.exp(plan.cutoff * (terms.observation + terms.simulation + terms.discrepancy).squareRoot())
            text += "  \(figure.label) rules out only ratios below \(Calibration.short(low / factor)) or above "
                + "\(Calibration.short(high * factor)) (a factor \(FixedPoint.format(factor, places: 2)) beyond its range at the best-fitting "
                + "point; largest variance: \(Self.dominant(terms)))\n"
        }
        return text
    }

    /// The matched figure that no candidate met even alone (the one its closest candidate missed
    /// by most), or nil when each was met by some candidate: what tells a model that cannot
    /// reach a figure from figures that only disagree with each other.
    var unmetFigure: Int? {
        let figures = plan.observations.figures
        let worst = figures.indices.filter { !figures[$0].holdOut }
            .max { (best[$0].terms[$0].value, $1) < (best[$1].terms[$1].value, $0) }!
        return best[worst].terms[worst].value > plan.cutoff ? worst : nil
    }

    /// Why no point is left: a figure no point meets even alone (and the discrepancy it would
    /// need), or, when each alone is met somewhere, the figures no point meets together.
    var emptyRegionText: String {
        let observations = plan.observations
        let matched = observations.figures.indices.filter { !observations.figures[$0].holdOut }
        guard let worst = unmetFigure else {
            let missed = matched.max { (closest.terms[$0].value, $1) < (closest.terms[$1].value, $0) }!
            return "  no setting of the guesses reproduces the figures together, though each alone is met by some point: the closest "
                + "candidate (misfit \(FixedPoint.format(closest.criterion, places: 2))) misses \(observations.figures[missed].label) "
                + "(off by \(FixedPoint.format(closest.terms[missed].value, places: 2)) sd); within this model the figures "
                + "disagree, or the settings that fit fill less than \(Calibration.short(share.high)) of the ranges (raise --budget)\n"
        }
        let terms = best[worst].terms[worst]
        var text = "  no setting of the guesses reproduces the figures: \(observations.figures[worst].label) cannot be met "
            + "(the closest candidate is off by \(FixedPoint.format(terms.value, places: 2)) sd, model rate \(Scientific.format(terms.model)) "
            + "against \(Scientific.format(terms.observed)) observed)\n"
        if let needed = neededDiscrepancy(worst), needed > observations.figures[worst].discrepancy {
            text += "  its best point would pass with a discrepancy of \(FixedPoint.format(needed * 100, places: 0))%"
                + (needed > 0.5 ? ": far more than a model error; a mechanism the model lacks (docs/model.md §13) or a figure mapped to the wrong output" : "")
                + "\n"
        } else {
            text += "  a small count judged by its exact tail: a larger discrepancy would not bring it within the limit; "
                + "the model's other losses for this design, or the ranges of the guesses, are what the figure disputes\n"
        }
        return text
    }

    func truthText(_ truth: CalibrationPoint) -> String {
        let verdict = truth.passed ? "inside the region" : "ruled out"
        return "truth: \(verdict) (misfit \(FixedPoint.format(truth.criterion, places: 2)) against the limit "
            + "\(FixedPoint.format(plan.cutoff, places: 2)), judged at \(Grouped.format(truth.runs)) runs)\n"
    }

    func decisionText(_ decision: RegionDecision) -> String {
        let summaries = decision.summaries(guesses: plan.guesses.map(\.path), region: region)
        var text = "designs over the settings that fit: \(Grouped.count(decision.points.count, "setting")), "
            + "\(Grouped.format(decision.runs)) runs each, paired with the current design \(decision.designs[0]) on the same runs\n"
        var rows = [["design", "lost/10^6 median", "5% to 95% of settings", "beats current", "clearly", "strongest guess (rank corr.)", "could flip"]]
        for (index, summary) in summaries.enumerated() {
            let interval = Wilson.interval(successes: Int64(summary.beats), trials: Int64(max(summary.points, 1)))
            rows.append([summary.design + (index == 0 ? " (current)" : ""), Calibration.short(summary.median),
                         "\(Calibration.short(summary.low)) to \(Calibration.short(summary.high))",
                         index == 0 ? "-" : "\(summary.beats)/\(summary.points) (\(FixedPoint.format(interval.low, places: 2))-\(FixedPoint.format(interval.high, places: 2)))",
                         index == 0 ? "-" : "\(summary.clearlyBeats)/\(summary.points)",
                         summary.guess.map { "\($0) (\(FixedPoint.format(summary.correlation, places: 2, sign: .alwaysUnlessZero)))" } ?? "-",
                         index == 0 ? "-" : (summary.couldFlip ? "yes" : "no")])
        }
        text += TextColumns.aligned(rows, left: [0, 2, 3, 4, 5, 6], indent: "  ")
        text += "  counts of settings are shares of the plausible ranges that fit your figures, not probabilities; they depend on those ranges\n"
        return text
    }
}
