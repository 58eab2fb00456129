/// `simrun calibrate`'s files: the CSV (`--out`), the JSON (`--json`), the HTML section
/// (`--html`, the report), and the region points as scenario files (`--points-out`).
extension CalibrationResult {
    /// One row per calibrated input (its spread), then one row per written region point and
    /// figure (observed, model, residual), then one row per design over the region.
    public var csv: String {
        var text = CSV.record(["section", "name", "prior_low", "prior_high", "region_low", "region_high", "spread", "verdict"])
        for spread in spreads {
            text += CSV.record(["spread", spread.name, spread.low, spread.high, spread.regionLow, spread.regionHigh,
                                spread.shrinkage.map { FixedPoint.format($0, places: 4) } ?? "", spread.verdict])
        }
        text += "\n" + CSV.record(["point", "file", "criterion", "figure", "observed", "model", "residual"])
        for (rank, index) in chosenPoints.enumerated() {
            let point = region[index]
            for (figure, observation) in plan.observations.figures.enumerated() {
                let terms = point.terms[figure]
                text += CSV.record([String(rank + 1), Self.pointFile(rank), FixedPoint.format(point.criterion, places: 4), observation.label,
                                    FixedPoint.format(terms.observed, places: 8), FixedPoint.format(terms.model, places: 8),
                                    FixedPoint.format(terms.signed, places: 4, sign: .minusIfNegative)])
            }
        }
        if let decision {
            text += "\n" + CSV.record(["design", "lost_per_million_median", "lost_per_million_p5", "lost_per_million_p95", "beats_current",
                                       "clearly_beats_current", "points", "strongest_guess", "rank_correlation", "could_flip"])
            for summary in decision.summaries(guesses: plan.guesses.map(\.path), region: region) {
                text += CSV.record([summary.design, FixedPoint.format(summary.median, places: 3), FixedPoint.format(summary.low, places: 3),
                                    FixedPoint.format(summary.high, places: 3), String(summary.beats), String(summary.clearlyBeats),
                                    String(summary.points), summary.guess ?? "", FixedPoint.format(summary.correlation, places: 4),
                                    summary.couldFlip ? "yes" : "no"])
            }
        }
        return text
    }

    /// The name of the `rank`-th written point (from 0): `point-01.json`.
    public static func pointFile(_ rank: Int) -> String { "point-" + (rank < 9 ? "0" : "") + String(rank + 1) + ".json" }

    /// The chosen region points as scenario files, best-fitting first: the scenario with each
    /// calibrated guess at the point's value and the custom designs it names (a file that
    /// reproduces the point exactly and runs on its own).
    public var pointFiles: [(name: String, text: String)] {
        chosenPoints.enumerated().map { rank, index in
            (Self.pointFile(rank), JSONWriter.write(plan.scenario(at: region[index].t).selfContainedJSONValue) + "\n")
        }
    }

    public var json: JSONValue {
        var fields = job.jsonFields.map { ($0.key, $0.value) }
        fields.append(("observations", .string(plan.observations.file)))
        fields.append(("cutoff", .decimal(plan.cutoff)))
        fields.append(("waves", .array(waves.map { wave in
            .fields([("wave", .integer(wave.wave)), ("boxShare", .decimal(wave.box.volume)), ("candidates", .integer(wave.candidates)),
                     ("kept", .integer(wave.kept)), ("runs", .integer(wave.runs))])
        })))
        let share = share
        fields.append(("region", .fields([("points", .integer(region.count)), ("share", .decimal(share.estimate)),
                                          ("shareLow", .decimal(share.low)), ("shareHigh", .decimal(share.high))])))
        fields.append(("spreads", .array(spreads.map { spread in
            .fields([("name", .string(spread.name)), ("low", .string(spread.low)), ("high", .string(spread.high)),
                     ("regionLow", .string(spread.regionLow)), ("regionHigh", .string(spread.regionHigh)),
                     ("spread", spread.shrinkage.map { .decimal($0) } ?? .null), ("verdict", .string(spread.verdict))])
        })))
        fields.append(("points", .array(chosenPoints.enumerated().map { rank, index in
            let point = region[index]
            return .fields([("file", .string(Self.pointFile(rank))), ("criterion", .decimal(point.criterion)),
                            ("residuals", .array(plan.observations.figures.indices.map { figure in
                                .fields([("figure", .string(plan.observations.figures[figure].label)),
                                         ("observed", .decimal(point.terms[figure].observed)), ("model", .decimal(point.terms[figure].model)),
                                         ("residual", .decimal(point.terms[figure].signed))])
                            }))])
        })))
        if let truth { fields.append(("truth", .fields([("inside", .bool(truth.passed)), ("criterion", .decimal(truth.criterion))]))) }
        return .fields(fields)
    }

    public var htmlTitle: String { "What the team's figures say about the guesses" }

    /// The report's section: the region in a sentence, the guesses the figures constrain, the
    /// figures at the best-fitting point, held-out checks and the designs over the region.
    public var html: String {
        let e = Markup.escaped, observations = plan.observations, share = share
        var html = "<p class=\"answer\">Of the settings of \(plan.dimensions) calibrated inputs within their plausible ranges, "
            + "those that reproduce the \(observations.matched.count) figures of <code>\(e(observations.file))</code> "
        if region.isEmpty {
            html += "were <b>not found</b>: " + e(limitsText.split(separator: "\n").dropFirst().first.map(String.init) ?? "") + ".</p>\n"
        } else {
            html += "fill \(e(Calibration.short(share.estimate))) of the box (95% \(e(Calibration.short(share.low))) to "
                + "\(e(Calibration.short(share.high)))), found as \(Grouped.count(region.count, "point")) in \(Grouped.count(waves.count, "wave")).</p>\n"
        }
        let constrained = spreads.filter { ($0.shrinkage ?? 1) <= 0.9 }.sorted { ($0.shrinkage ?? 1) < ($1.shrinkage ?? 1) }
        if region.count >= 2 {
            html += constrained.isEmpty ? "<p>No guess is constrained: the figures cannot tell any guess's values apart.</p>\n"
                : "<div class=\"wide\"><table><tr><th class=\"name\">guess</th><th>plausible</th><th>in the region (5% to 95%)</th><th>spread</th></tr>\n"
                    + constrained.map { spread in
                        "<tr><td class=\"name\"><code>\(e(spread.name))</code></td><td>\(e(spread.low)) to \(e(spread.high))</td><td>"
                            + "\(e(spread.regionLow)) to \(e(spread.regionHigh))</td><td>\(FixedPoint.format(spread.shrinkage ?? 1, places: 2))</td></tr>\n"
                    }.joined() + "</table></div>\n<p class=\"note\">Spread: the guess's spread in the region over its spread in the "
                    + "plausible range; \(spreads.count - constrained.count) other inputs are not constrained.</p>\n"
        }
        for (index, figure) in observations.figures.enumerated() where figure.holdOut && !region.isEmpty {
            let check = heldOut(index)
            html += "<p>Held out, <code>\(e(figure.label))</code> (\(e(figure.dataText))): consistent at \(check.consistent) of \(check.points) "
                + "region points.</p>\n"
        }
        if let decision {
            html += "<p>The designs over the region, each paired with the current design on the same runs "
                + "(shares are of the region's volume, not probabilities):</p>\n<pre>" + e(decisionText(decision)) + "</pre>\n"
        }
        return html
    }
}
