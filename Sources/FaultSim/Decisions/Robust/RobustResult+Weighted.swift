import Policies

/// `simrun robust --importance`: each setting's lost orders estimated by importance sampling
/// (docs/model.md §14) rather than counted. One bias, tuned at the scenario as given (or read
/// from a file), serves every setting: a setting changes nominal probabilities, and each run's
/// likelihood ratio is taken against the setting's own, so every setting's estimate is unbiased;
/// how well the bias suits a setting shows in its effective size and flags. A setting is never
/// split across shards, so its estimates, written with every bit (`Double`'s shortest round-trip
/// text), merge exactly.
extension RobustResult {
    /// Whether the job's settings were estimated by importance sampling (some may have been
    /// counted on plain runs instead: `countedSettings`).
    public var isWeighted: Bool { !biasText.isEmpty || counts.contains { $0?.weighted != nil } }

    /// Whether setting `index` is weighted and its leader, runner-up or the baseline's leader has
    /// an estimate the guard flags: its verdict rests on an estimate the guard does not trust.
    public func isFlagged(_ index: Int) -> Bool {
        guard let weighted = counts[index]?.weighted else { return false }
        let order = ranking(index)
        return weighted.warning(order[0], order.count > 1 ? order[1] : order[0], baselineLeader) != nil
    }

    /// The settings measured on their own that are flagged (`isFlagged`), in order.
    public var flaggedSettings: [Int] { ownSettings.filter(isFlagged) }

    /// In a weighted job with `fallbackRuns`, the settings measured on their own that were
    /// counted on plain runs because the guard flagged their weighted estimates, in order.
    public var countedSettings: [Int] {
        fallbackRuns > 0 ? ownSettings.filter { counts[$0]?.weighted == nil } : []
    }

    /// The measured settings that are not the scenario as given under another name, in order.
    public var ownSettings: [Int] { counts.indices.filter { counts[$0] != nil && ($0 == 0 || !settings[$0].sameAsBaseline) } }
}

extension WeightedLosses {
    /// As a part's JSON: every number as its shortest round-trip text (a string, so a p-value's
    /// −∞ survives), so a merge reads back exactly what the shard computed.
    var json: JSONValue {
        func number(_ value: Double) -> JSONValue { .string(String(value)) }
        return .object([
            ("rates", .array(rates.map { rate in
                .object([("rate", number(rate.rate), 0), ("standardError", number(rate.standardError), 0),
                         ("eventRuns", .number(String(rate.eventRuns)), 0), ("effectiveSize", number(rate.effectiveSize), 0),
                         ("largestShare", number(rate.largestShare), 0),
                         ("varianceEffectiveSize", number(rate.varianceEffectiveSize), 0), ("meanWeight", number(rate.meanWeight), 0),
                         ("meanWeightError", number(rate.meanWeightError), 0), ("nominalCount", .number(String(rate.nominalCount)), 0),
                         ("nominalIntents", .number(String(rate.nominalIntents)), 0)])
            }), 0),
            ("differences", .array(differences.map { difference in
                .object([("difference", number(difference.difference), 0), ("standardError", number(difference.standardError), 0),
                         ("logP", number(difference.logP), 0), ("crnShare", number(difference.crnShare), 0),
                         ("varianceEffectiveSize", number(difference.varianceEffectiveSize), 0)])
            }), 0),
        ])
    }

    init(_ reader: ObjectReader, designs: Int, ceiling: Int64) throws(ScenarioError) {
        func number(_ item: ObjectReader, _ key: String) throws(ScenarioError) -> Double {
            let field = try item.field(key)
            guard let value = Double(try field.stringValue()), !value.isNaN else { throw field.error("expected a number as text") }
            return value
        }
        let rates = try reader.array("rates").map { item throws(ScenarioError) in
            WeightedRate(rate: try number(item, "rate"), standardError: try number(item, "standardError"),
                         eventRuns: try item.field("eventRuns").count(ceiling), effectiveSize: try number(item, "effectiveSize"),
                         largestShare: try number(item, "largestShare"),
                         varianceEffectiveSize: try number(item, "varianceEffectiveSize"), meanWeight: try number(item, "meanWeight"),
                         meanWeightError: try number(item, "meanWeightError"), nominalCount: try item.field("nominalCount").count(ceiling),
                         nominalIntents: try item.field("nominalIntents").count(ceiling))
        }
        let differences = try reader.array("differences").map { item throws(ScenarioError) in
            WeightedDifference(difference: try number(item, "difference"), standardError: try number(item, "standardError"),
                               logP: try number(item, "logP"), crnShare: try number(item, "crnShare"),
                               varianceEffectiveSize: try number(item, "varianceEffectiveSize"))
        }
        guard rates.count == designs, differences.count == designs * designs else {
            throw reader.error("expected a weighted rate per design and a difference per ordered pair")
        }
        self.init(rates: rates, differences: differences)
    }
}
