/// `simrun ablate --json`: the job, the design's own rates, and every change (or step) with
/// every objective's rate and paired difference, as one object.
extension Ablation.Result {
    public var json: JSONValue {
        .fields([("tool", .string(Self.tool))] + job.jsonFields.map { ($0.key, $0.value) } + [
            ("design", .string(design.name)), ("intents", .integer(intents)), ("rates", Ablation.ratesJSON(baseRates)),
            ("axesThatMatter", .array(axesThatMatter.map { .fields([("axis", .string($0.change.axis)), ("to", $0.change.to)]) })),
            ("changes", .array(rows.map { row in
                .fields([("axis", .string(row.change.axis)), ("from", row.change.from), ("to", row.change.to),
                         ("rates", Ablation.ratesJSON(row.rates)), ("differences", Ablation.differencesJSON(row.differences))])
            })),
            ("skipped", .array(skipped.map { change in
                .fields([("axis", .string(change.axis)), ("from", change.from), ("to", change.to),
                         ("problems", .array(change.problems.map(JSONValue.string)))])
            })),
        ])
    }
}

extension Ablation.Walk {
    public var json: JSONValue {
        .fields([("tool", .string(Self.tool))] + job.jsonFields.map { ($0.key, $0.value) } + [
            ("from", .string(from.name)), ("to", .string(to.name)), ("designRuns", .integer(designRuns)),
            ("startRates", Ablation.ratesJSON(startRates)),
            ("steps", .array(steps.map { step in
                .fields([("changes", .array(step.changes.map { .fields([("axis", .string($0.axis)), ("from", $0.from), ("to", $0.to)]) })),
                         ("rates", Ablation.ratesJSON(step.rates)), ("differences", Ablation.differencesJSON(step.differences)),
                         ("alternatives", .integer(step.alternatives))])
            })),
        ])
    }
}

extension Ablation {
    /// `{"lost": 2.0, ...}`, in `Outcome.objectives` order and units.
    static func ratesJSON(_ rates: [Double]) -> JSONValue {
        .fields(zip(Outcome.objectives, rates).map { ($0.name, .decimal($1)) })
    }

    static func differencesJSON(_ differences: [PairedDifference]) -> JSONValue {
        .fields(zip(Outcome.objectives, differences).map { ($0.name, .difference($1)) })
    }
}
