/// What `simrun calibrate` prints: the job, the waves, which guesses the figures constrain, the
/// figures at the best point, held-out checks, the limits, a given truth, and the designs over
/// the region. Each section says in words what its numbers mean.
extension CalibrationResult {
    public var text: String {
        var text = job.header(Self.tool) + "\n"
        let observations = plan.observations
        text += "observations: \(observations.file): \(Grouped.count(observations.matched.count, "figure")) matched on "
            + "\(Grouped.count(plan.designs.count, "design")) (cutoff \(FixedPoint.format(plan.cutoff, places: 2))), "
            + "\(observations.figures.count - observations.matched.count) held out; "
            + "\(Grouped.count(observations.known.count, "key")) set outright\n"
        text += "calibrated: \(Grouped.count(plan.guesses.count, "guess", "guesses"))"
            + (observations.volume.map { " and the daily volume \($0.name)" } ?? "")
            + "; each point judged at " + plan.stages.map { Grouped.format($0) }.joined(separator: ", ") + " runs (the same runs for every point)\n\n"
        text += wavesText + "\n" + spreadText + "\n" + figuresText
        if observations.figures.contains(where: \.holdOut) { text += "\n" + heldOutText }
        text += "\n" + limitsText
        if let truth { text += "\n" + truthText(truth) }
        if let decision { text += "\n" + decisionText(decision) }
        return text
    }

    var wavesText: String {
        var rows = [["wave", "box share", "candidates", "not ruled out", "runs"]]
        for wave in waves {
            rows.append([String(wave.wave), Calibration.short(wave.box.volume), Grouped.format(wave.candidates), Grouped.format(wave.kept),
                         Grouped.format(wave.runs)])
        }
        let share = share
        var text = TextColumns.aligned(rows, left: [0])
        text += "region: \(Grouped.count(region.count, "point")) not ruled out; its share of the prior box "
            + "\(Calibration.short(share.estimate)) (95% \(Calibration.short(share.low)) to \(Calibration.short(share.high)))\n"
        return text
    }

    /// The spread table: constrained coordinates first (by shrinkage), the rest named in one line.
    var spreadText: String {
        let spreads = spreads
        guard region.count >= 2 else {
            return "spread: \(region.isEmpty ? "no point is" : "one point is") left; a spread needs two or more (more --candidates or --waves)\n"
        }
        let shown = spreads.indices.filter { (spreads[$0].shrinkage ?? 1) <= 0.9 }
            .sorted { (spreads[$0].shrinkage ?? 1, $0) < (spreads[$1].shrinkage ?? 1, $1) }
        var text = "spread in the region over spread in the prior (1: the figures cannot tell the values apart):\n"
        var rows = [["guess", "prior", "region 5% to 95%", "spread", "verdict"]]
        for index in shown {
            let spread = spreads[index]
            rows.append([spread.name, "\(spread.low) to \(spread.high)", "\(spread.regionLow) to \(spread.regionHigh)",
                         spread.shrinkage.map { FixedPoint.format($0, places: 2) } ?? "-", spread.verdict])
        }
        if shown.isEmpty { text += "  no guess is constrained by these figures\n" } else { text += TextColumns.aligned(rows, left: [0, 1, 2, 4], indent: "  ") }
        let rest = spreads.indices.filter { !shown.contains($0) }
        if !rest.isEmpty {
            let names = rest.prefix(6).map { spreads[$0].name }.joined(separator: ", ") + (rest.count > 6 ? ", ..." : "")
            text += "  not constrained (spread > 0.9): \(Grouped.count(rest.count, "guess", "guesses")): \(names)\n"
        }
        for pair in combinations {
            text += "  constrained together: \(pair.first) and \(pair.second) (rank correlation "
                + "\(FixedPoint.format(pair.correlation, places: 2, sign: .alwaysUnlessZero)) in the region)\n"
        }
        return text
    }

    /// The figures at the best-fitting region point (or, with no region, each at its own best point).
    var figuresText: String {
        let observations = plan.observations
        let bestPoint = chosenPoints.first.map { region[$0] }
        let text = bestPoint.map { "figures at the best-fitting point (criterion \(FixedPoint.format($0.criterion, places: 2))):\n" }
            ?? "figures, each at the point that came closest to it:\n"
        var rows = [["figure", "observed", "model at point", "residual", "discrepancy", "largest variance"]]
        for (index, figure) in observations.figures.enumerated() {
            let terms = (bestPoint ?? best[index]).terms[index]
            rows.append([figure.label + (figure.holdOut ? " (held out)" : ""), figure.dataText, modelText(figure, terms),
                         FixedPoint.format(terms.signed, places: 2, sign: .alwaysUnlessZero),
                         FixedPoint.format(figure.discrepancy * 100, places: 0) + "%", Self.dominant(terms)])
        }
        return text + TextColumns.aligned(rows, left: [0, 1, 2, 5], indent: "  ")
    }

    /// The model's figure at a point on the observation's own scale: a rate for counts and
    /// ranges, a mean for sums, F(t) for a quantile, the ratio of the two designs' figures.
    func modelText(_ figure: Observation, _ terms: Implausibility.Terms) -> String {
        switch figure.data {
        case .count, .range: "rate " + Scientific.format(terms.model)
        case .sum: "mean " + Calibration.short(terms.model)
        case .ratio: "ratio " + Calibration.short(terms.model)
        case .quantile(_, let value, _): "F(\(DurationText.format(value))) = " + FixedPoint.format(terms.model, places: 3)
        }
    }

    static func dominant(_ terms: Implausibility.Terms) -> String {
        let largest = max(terms.observation, terms.simulation, terms.discrepancy)
        return largest == terms.observation ? "observation" : largest == terms.simulation ? "simulation" : "discrepancy"
    }

    var heldOutText: String {
        var text = "held out (not used to rule points out), against the region:\n"
        for (index, figure) in plan.observations.figures.enumerated() where figure.holdOut {
            let check = heldOut(index)
            text += "  \(figure.label), \(figure.dataText): consistent (implausibility ≤ 3) at \(check.consistent) of "
                + "\(check.points) region points; median implausibility \(FixedPoint.format(check.median, places: 2))\n"
        }
        return text
    }
}
