/// What every decision tool (`ablate`, `robust`, `optimize`) returns: one value that holds what
/// the tool found and the job that found it, from which every output is rendered. The command
/// line prints `text` and writes `csv`, `json` and a page of `html` where asked (`--out`,
/// `--json`, `--html`); the report places `html` in its answer. A new output format is one
/// requirement here, its renderer in each tool's folder, and its option in one place of the
/// command line.
///
/// Renderers read the value and nothing else: no simulation, no filter computed twice (each
/// tool computes what it concludes once, and its renderers tell the same story).
public protocol DecisionReport: Sendable {
    /// The tool, as the command line names it: "ablate".
    static var tool: String { get }
    /// The job: the scenario as the command named it, its platform, seed and runs.
    var job: DecisionJob { get }
    /// What the command prints, its header line first.
    var text: String { get }
    /// The table `--out` writes, one row per change, setting or design.
    var csv: String { get }
    /// The whole result as `--json` writes it (through `JSONWriter`).
    var json: JSONValue { get }
    /// The title of its HTML section (`--html`'s page, the report's answer).
    var htmlTitle: String { get }
    /// Its HTML section's body in the report's style: no heading, no ids, no script.
    var html: String { get }
}

/// The job a decision tool ran: what its outputs say they were made from.
public struct DecisionJob: Sendable, Equatable {
    /// The scenario as the command named it: a path, or a scenario's name.
    public let source: String
    /// The scenario's `name` (the CSV's `scenario` column).
    public let scenario: String
    public let platform: String
    public let seed: UInt64
    /// Runs per design (per setting for `robust`; the certified runs for `optimize`).
    public let runs: Int

    public init(source: String, scenario: String, platform: String, seed: UInt64, runs: Int) {
        self.source = source
        self.scenario = scenario
        self.platform = platform
        self.seed = seed
        self.runs = runs
    }

    /// The job of `scenario` at `runs` runs, named `source` (its path; its name when nil).
    public init(_ scenario: Scenario, source: String? = nil, runs: Int? = nil) {
        self.init(source: source ?? scenario.label, scenario: scenario.label, platform: scenario.platform.name, seed: scenario.seed,
                  runs: runs ?? scenario.runs)
    }

    /// "simrun ablate: scenarios/default.json (today platform), 2,000 runs, seed 1".
    public func header(_ tool: String) -> String {
        "simrun \(tool): \(source) (\(platform) platform), \(Grouped.format(runs)) runs, seed \(seed)"
    }

    /// The fields every decision tool's JSON starts with.
    var jsonFields: [(key: String, value: JSONValue, line: Int)] {
        [("scenario", .string(scenario), 0), ("platform", .string(platform), 0), ("seed", .number(String(seed)), 0),
         ("runs", .number(String(runs)), 0)]
    }
}

extension JSONValue {
    /// An object of fields in order.
    static func fields(_ fields: [(String, JSONValue)]) -> JSONValue { .object(fields.map { ($0.0, $0.1, 0) }) }

    /// A number written with six decimals; nil (JSON has no infinity) for an infinite one.
    static func decimal(_ value: Double) -> JSONValue {
        value.isFinite ? .number(FixedPoint.format(value, places: 6, sign: .minusIfNegative)) : .null
    }

    /// A whole number.
    static func integer<Number: BinaryInteger>(_ value: Number) -> JSONValue { .number(String(value)) }

    /// One paired difference: A − B in the outcome's unit, its interval, the discordant
    /// intents, ln p and p.
    static func difference(_ d: PairedDifference) -> JSONValue {
        fields([("difference", decimal(d.difference)), ("low", decimal(d.low)), ("high", decimal(d.high)), ("onlyA", integer(d.onlyA)),
                ("onlyB", integer(d.onlyB)), ("logP", decimal(d.logP)), ("p", .string(d.pText))])
    }
}
