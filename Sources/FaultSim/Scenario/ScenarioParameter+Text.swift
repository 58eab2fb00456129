import Policies

extension ScenarioParameter.Value {
    /// The value for people, as the key tables print it: `0.00005` (never `5e-05`), `100,000`,
    /// `30d`, `logNormal median 1d, p99 7d`, `every preset`.
    public var text: String {
        switch self {
        case .text(let text): "\"\(text)\""
        case .count(let count): Grouped.format(count)
        case .seed(let seed): String(seed)
        case .probability(let p): Self.decimal(p)
        case .duration(let ms): DurationText.format(ms)
        case .choice(let name): name
        case .names(let names): names == Design.presets.map(\.name) ? "every preset" : names.joined(separator: ", ")
        case .distribution(let kind, let first, let second):
            switch kind {
            case .fixed: DurationText.format(first)
            case .uniform: "uniform \(DurationText.format(first)) to \(DurationText.format(second))"
            case .logNormal: "logNormal median \(DurationText.format(first)), p99 \(DurationText.format(second))"
            case .exponential: "exponential mean \(DurationText.format(first))"
            }
        }
    }

    /// `p` in plain decimal digits, as short as `String(p)` gives them.
    static func decimal(_ p: Double) -> String {
        let shortest = String(p)
        guard shortest.contains("e") else { return shortest.hasSuffix(".0") ? String(shortest.dropLast(2)) : shortest }
        var fixed = FixedPoint.format(p, places: 12)
        while fixed.hasSuffix("0") { fixed.removeLast() }
        return fixed
    }
}

extension ScenarioParameter {
    /// The default as the tables print it ("none" for custom designs).
    public var defaultText: String { defaultValue?.text ?? "none" }

    /// Where the default comes from, in one line: the citation, "guess" with what informs it
    /// and the plausible range, or "setting".
    public var sourceText: String {
        switch source {
        case .cited(let citation): citation
        case .setting: "setting of the experiment"
        case .guess(let basis, let low, let high, let reason):
            (basis.isEmpty ? "guess" : "guess (\(basis))") + ", plausible \(low.text) to \(high.text): \(reason)"
        }
    }
}
