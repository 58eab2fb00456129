/// The comparison as `simrun compare --out` writes it: one row per outcome; with
/// `--by-segment`, a `segment` column after `design_b` says whose runs a row counts (`all`,
/// then each segment's name). Every record goes through `CSV.record`: the scenario's label
/// carries `--set` text, and a custom design's name is the user's, whose commas and quotes
/// would otherwise split one field into several.
extension Comparison {
    public var csv: String {
        var text = CSV.record(["scenario", "platform", "design_a", "design_b"] + (segments == nil ? [] : ["segment"])
            + ["outcome", "intents", "count_a", "count_b", "only_a", "only_b", "both", "difference_pts", "ci_low_pts", "ci_high_pts",
               "log_p_exact", "p_exact"])
        text += rows(lines, intents: intents, segment: segments == nil ? nil : Scenario.allSegmentsName)
        for segment in segments ?? [] { text += rows(segment.lines, intents: segment.intents, segment: segment.name) }
        return text
    }

    /// The rows of one set of lines, over `intents`, with the `segment` column when given.
    func rows(_ lines: [Line], intents: Int64, segment: String?) -> String {
        var text = ""
        for line in lines {
            let d = line.difference
            let names: [String] = [scenarioLabel, platform, a, b] + (segment.map { [$0] } ?? [])
            let counts: [String] = [line.outcome.name, String(intents), String(line.countA), String(line.countB),
                                    String(line.counts.onlyA), String(line.counts.onlyB), String(line.counts.both)]
            let figures: [String] = [Self.signed(d.points, places: 6), Self.signed(d.low, places: 6), Self.signed(d.high, places: 6),
                                     Self.signed(line.logP, places: 6), PValue.text(logP: line.logP)]
            text += CSV.record(names + counts + figures)
        }
        return text
    }
}
