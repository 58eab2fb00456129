/// Where each design's weighted lost orders get their mean and their variance
/// (`WeightedMechanisms`), as a CSV: `simrun run --importance --mechanisms-out`.
extension ImportanceTable {
    /// One row per design and mechanism, each design's rows by share of Σ Y², largest first:
    /// `lost_runs` lost runs of the mechanism, `per_million` its part of the design's weighted lost
    /// rate, `estimate_share` its share of Σ Y, `second_moment_share` its share of Σ Y² (the
    /// estimate's variance, when that is much larger than the squared mean), `relative_weight` its
    /// lost runs' mean Y over all lost runs' (above 1: the mixture draws the mechanism that many
    /// times too rarely for what it carries). Empty of rows when the panel kept no mechanisms.
    public var mechanismsCSV: String {
        var text = "scenario,platform,design,mechanism,lost_runs,per_million,estimate_share,second_moment_share,relative_weight\n"
        for (index, design) in designs.enumerated() {
            let mechanisms = panel.designs[index].mechanisms
            let sums = mechanisms.sums.map(\.value), squares = mechanisms.squares.map(\.value)
            let total = sums.reduce(0, +), totalSquares = squares.reduce(0, +)
            let totalRuns = mechanisms.lostRuns.reduce(0, +)
            guard total > 0 && totalSquares > 0 && intents[index] > 0 else { continue }
            let order = mechanisms.keys.indices.sorted { squares[$0] != squares[$1] ? squares[$0] > squares[$1] : mechanisms.keys[$0] < mechanisms.keys[$1] }
            for at in order {
                let runs = mechanisms.lostRuns[at]
                let relative = (sums[at] / Double(runs)) / (total / Double(totalRuns))
                let fields = [scenarioName, platform, design, WeightedMechanisms.name(mechanisms.keys[at]), String(runs),
                              "\(sums[at] / Double(intents[index]) * Self.million)", "\(sums[at] / total)", "\(squares[at] / totalSquares)",
                              "\(relative)"]
                text += CSV.record(fields)
            }
        }
        return text
    }
}
