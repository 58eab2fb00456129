/// What `simrun calibrate` prints: the job, the waves, which guesses the figures constrain, the
/// figures at the best point, held-out checks, the limits, a given truth, and the designs over
/// the region. Each section says in words what its numbers mean.
extension CalibrationResult {
    public var text: String {
        var text = job.header(Self.tool) + "\n"
        let observations = plan.observations
        text += "observations: \(observations.file): \(Grouped.count(observations.matched.count, "figure")) matched on "
            + "\(Grouped.count(plan.designs.count, "design")), "
            + "\(observations.figures.count - observations.matched.count) held out; "
            + "\(Grouped.count(observations.known.count, "key")) set outright\n"
        text += "calibrated: \(Grouped.count(plan.guesses.count, "guess", "guesses"))"
            + (plan.calibratesVolume ? " and the daily volume \(observations.volume!.name)" : "")
            + "; each setting judged at " + plan.stages.map { Grouped.format($0) }.joined(separator: ", ") + " runs (the same runs for every setting)\n"
        text += "a setting of the guesses fits when no figure is more than \(FixedPoint.format(plan.cutoff, places: 2)) standard deviations "
            + "off (its misfit; the deviations count the figure's own noise, the simulation's and the stated model discrepancy)\n\n"
        if let answer = answerText { text += answer + "\n" }
        text += wavesText + "\n" + spreadText + "\n" + figuresText
        if observations.figures.contains(where: \.holdOut) { text += "\n" + heldOutText }
        text += "\n" + limitsText
        if let truth { text += "\n" + truthText(truth) }
        if let decision { text += "\n" + decisionText(decision) }
        return text
    }

    var wavesText: String {
        var rows = [["wave", "share of the ranges searched", "candidates", "fit", "closest misfit", "runs"]]
        for wave in waves {
            rows.append([String(wave.wave), Calibration.short(wave.box.volume), Grouped.format(wave.candidates), Grouped.format(wave.kept),
                         FixedPoint.format(wave.closest, places: 2), Grouped.format(wave.runs)])
        }
        let share = share
        var text = "search: \(searchText)\n" + TextColumns.aligned(rows, left: [0])
        text += "region: \(Grouped.count(region.count, "setting")) fit; they fill \(Calibration.short(share.estimate)) of the plausible ranges "
            + "(95% \(Calibration.short(share.low)) to \(Calibration.short(share.high)))\n"
        return text
    }

    /// Why the search stopped, by the rule `Calibration.run` states.
    var searchText: String {
        let used = waves.reduce(0) { $0 + $1.candidates }
        switch stop {
        case .settled:
            return "settled after \(Grouped.count(waves.count, "wave")) and \(Grouped.count(used, "candidate")): at least "
                + "\(Calibration.enoughPoints) settings fit, the search no longer narrows, and the designs' lost orders over them moved "
                + "under \(FixedPoint.format(Calibration.settledShare * 100, places: 0))% in the last wave"
        case .budget, .waves:
            let limit = stop == .budget ? "the budget of \(Grouped.count(plan.budget, "candidate")) (--budget)" : "\(Grouped.count(plan.maxWaves, "wave")) (--waves)"
            return "stopped at \(limit) after \(Grouped.count(used, "candidate")), before the answer settled "
                + "(each wave doubles while fewer than \(Calibration.enoughPoints) settings fit); " + (region.isEmpty ? starvedText : "raise it for a steadier answer")
        }
    }

    /// With nothing kept: whether more search or a different model is needed. The search was
    /// starved while the closest misfit still falls from wave to wave (by more than 0.05); once
    /// it stalls above the limit, more of the same search is unlikely to help.
    var starvedText: String {
        let trend = waves.map(\.closest)
        let first = FixedPoint.format(trend.first!, places: 2), last = FixedPoint.format(trend.last!, places: 2)
        if trend.count < 2 { return "no setting fit in one wave, too little search to tell the sampler from the model; raise --budget" }
        if trend.last! < trend.dropLast().min()! - 0.05 {
            return "no setting fit, and the closest misfit was still falling (\(first) to \(last)): the search was starved, "
                + "not the model refuted; raise --budget"
        }
        if unmetFigure == nil {
            return "no setting fit, and the closest misfit stopped falling at \(last): each figure alone is met, but not together; "
                + "within this model the figures pull the guesses apart, and more search is unlikely to help (limits below)"
        }
        return "no setting fit, and the closest misfit stopped falling at \(last): a figure no candidate meets even alone "
            + "says the model, or that figure's design, size or discrepancy, disagrees (limits below)"
    }

    /// The spread table: constrained coordinates first (by shrinkage), the rest named in one line.
    var spreadText: String {
        let spreads = spreads
        guard region.count >= 2 else {
            return "spread: \(region.isEmpty ? "no setting fits" : "one setting fits"); a spread needs two or more (raise --budget)\n"
        }
        let shown = spreads.indices.filter { (spreads[$0].shrinkage ?? 1) <= 0.9 }
            .sorted { (spreads[$0].shrinkage ?? 1, $0) < (spreads[$1].shrinkage ?? 1, $1) }
        var text = "how far your figures narrow each guess (spread: the width left over the width of its plausible range; 1: not at all):\n"
        var rows = [["guess", "plausible range", "settings that fit, 5% to 95%", "spread", "verdict"]]
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
        let text = bestPoint.map { "figures at the best-fitting setting (misfit \(FixedPoint.format($0.criterion, places: 2))):\n" }
            ?? "figures, each at the candidate that came closest to it:\n"
        var rows = [["figure", "observed", "model there", "off by (sd)", "discrepancy", "largest noise"]]
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
        var text = "held out (not used to rule settings out), against the settings that fit:\n"
        for (index, figure) in plan.observations.figures.enumerated() where figure.holdOut {
            let check = heldOut(index)
            text += "  \(figure.label), \(figure.dataText): consistent (off by at most 3 sd) at \(check.consistent) of "
                + "\(check.points) settings that fit; median misfit \(FixedPoint.format(check.median, places: 2))\n"
        }
        return text
    }
}
