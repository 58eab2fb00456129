/// A weighted part as a JSON file: sums as 64 hex digits, counts as integer text, largest terms
/// in Swift's round-trip form, keys in a fixed order: the same shard always writes the same bytes,
/// and a reload gives the same sums. `partHash` seals the rest of the file: a sum is 64 hex
/// digits with no redundancy, so a digit changed by hand or by a damaged copy would otherwise
/// merge into silently wrong figures.
extension WeightedPart {
    public var fileText: String { JSONWriter.write(jsonValue) + "\n" }

    /// The key of the part's own digest: SHA-256 of the part as `JSONWriter.write` renders it
    /// without this key (`sealHash`), written with the part and checked when it is read.
    static let partHashKey = "partHash"

    var jsonValue: JSONValue {
        var fields: [(String, JSONValue)] = [
            ("format", .string(Self.format)), ("formatVersion", .number(String(Self.formatVersion))),
            ("tool", .string(tool)), ("model", .string(model)), ("scenario", .string(scenarioName)), ("platform", .string(platform)),
            ("seed", .number(String(seed))), ("totalRuns", .number(String(totalRuns))), ("designs", .array(designs.map { .string($0) })),
            ("contentHash", .string(contentHash)), ("bias", .string(biasText)), ("shard", .string(shard.description)),
            ("runs", object([("from", .number(String(runs.lowerBound))), ("to", .number(String(runs.upperBound)))])),
            ("intents", .array(intents.map { .number(String($0)) })),
            ("panelRuns", .number(String(panel.runs))),
            ("sums", .array(panel.designs.map(\.jsonValue))), ("products", hexes(panel.products)),
            ("differenceFourths", hexes(panel.differenceFourths)),
        ]
        fields.insert((Self.partHashKey, .string(Self.sealHash(object(fields)))), at: 2)
        return object(fields)
    }

    /// SHA-256 of `root` without its `partHash` key, as `JSONWriter.write` renders it: the same
    /// for the part as written and as read back (numbers keep their text, keys their order), and
    /// for a part reformatted (`jq -c`) but not changed.
    static func sealHash(_ root: JSONValue) -> String {
        guard case .object(let fields) = root else { return SHA256.hex(JSONWriter.write(root)) }
        return SHA256.hex(JSONWriter.write(.object(fields.filter { $0.key != partHashKey })))
    }

    /// The root of `file` after its format, version and `partHash` are checked. A part of format
    /// 2 (before parts carried the hash) is refused, not read on trust: nothing could tell its
    /// sums from edited ones, and a shard is cheaper to run again than a wrong figure.
    static func sealedRoot(_ file: PartFile) throws(ScenarioError) -> PartialReader {
        if case .number("2")? = try? PartialReader(file: file.path, value: file.root, path: "").field("formatVersion").value,
           file.format == format {
            throw ScenarioError(file: file.path, keyPath: "formatVersion", value: "2",
                                message: "a weighted part written before parts carried \(partHashKey), their integrity check; "
                                    + "this simrun reads format \(formatVersion) only: run its shard again with this simrun")
        }
        let root = try file.reader(format: format, version: formatVersion, kind: "weighted partial result (written by `simrun run "
            + "--importance --partial-out`)", versionName: "weighted-partial format")
        let written = try root.string(partHashKey)
        let computed = sealHash(file.root)
        guard written == computed else {
            throw ScenarioError(file: file.path, keyPath: partHashKey, value: written,
                                message: "does not match the part's content (its SHA-256 is \(computed.prefix(12))…): the file was edited "
                                    + "or damaged after simrun wrote it; run its shard again")
        }
        return root
    }

    /// Reads a weighted part; an error names the file, the key and the value. Every sum and
    /// count is range-checked against the part's runs, so merging parts that tile a job can
    /// neither overflow an `ExactSum` nor an `Int64` (an edited part is an error, not a trap).
    public static func parse(_ file: PartFile) throws(ScenarioError) -> WeightedPart {
        let root = try sealedRoot(file)
        let biasText = try root.string("bias")
        let bias = try FaultBias.parse(biasText, file: file.path + " (its bias)")
        let designs = try root.array("designs").map { item throws(ScenarioError) in try item.stringValue() }
        guard let shard = Shard.parse(try root.string("shard")) else { throw try root.field("shard").error("expected K/N") }
        let range = try root.field("runs")
        let from = try range.unsigned("from"), to = try range.unsigned("to")
        guard from <= to, to <= (try root.unsigned("totalRuns")) else { throw range.error("expected from <= to <= totalRuns") }
        guard try root.unsigned("totalRuns") <= UInt64(Scenario.maxRuns) else {
            throw try root.field("totalRuns").error("more than \(Scenario.maxRuns) runs")
        }
        let bounds = Bounds(runs: Int64(to - from))
        let sums = try root.array("sums").map { item throws(ScenarioError) in try WeightedDesign.read(item, bounds) }
        let products = try root.array("products").map { item throws(ScenarioError) in try item.exactSum(bounds) }
        let differenceFourths = try root.array("differenceFourths").map { item throws(ScenarioError) in try item.exactSum(bounds) }
        let intents = try root.array("intents").map { item throws(ScenarioError) in try item.count(bounds.intents) }
        let pairs = designs.count * (designs.count - 1) / 2 * WeightedPanel.outcomes.count
        guard sums.count == designs.count, intents.count == designs.count, products.count == pairs, differenceFourths.count == pairs else {
            throw root.error("expected one sum and one intent count per design, and \(pairs) products and fourth powers")
        }
        let panelRuns = try root.integer("panelRuns")
        guard panelRuns == Int64(to - from) else { throw try root.field("panelRuns").error("the part covers \(to - from) runs") }
        var part = WeightedPart.placeholder
        part.tool = try root.string("tool")
        part.model = try root.string("model")
        part.scenarioName = try root.string("scenario")
        part.platform = try root.string("platform")
        part.seed = try root.unsigned("seed")
        part.totalRuns = try root.unsigned("totalRuns")
        part.designs = designs
        part.contentHash = try root.string("contentHash")
        part.biasText = biasText
        part.shard = shard
        part.runs = from..<to
        part.intents = intents
        part.panel = WeightedPanel(bias: bias, runs: panelRuns, designs: sums, products: products, differenceFourths: differenceFourths)
        return part
    }

    /// A part to fill in (`parse`).
    private static var placeholder: WeightedPart {
        WeightedPart(scenario: Scenario(), designs: [], biasText: "", shard: Shard(index: 0, count: 1), runs: 0..<0, intents: [],
                     panel: WeightedPanel(bias: .identity, designCount: 1))
    }
}

extension WeightedDesign {
    /// The sums a part keeps (the pilot's are not kept: a sharded job reads its bias from a file).
    var jsonValue: JSONValue {
        object([
            ("weights", .string(weights.hex)), ("weightSquares", .string(weightSquares.hex)),
            ("sums", hexes(sums)), ("squares", hexes(squares)), ("fourths", hexes(fourths)),
            ("largest", .array(largest.map { .number("\($0)") })), ("eventRuns", .array(eventRuns.map { .number(String($0)) })),
            ("nominalRuns", .number(String(nominalRuns))), ("nominalCounts", .array(nominalCounts.map { .number(String($0)) })),
            ("lostCauses", hexes(lostCauses)), ("firings", hexes(firings)),
        ])
    }

    static func read(_ reader: PartialReader, _ bounds: WeightedPart.Bounds) throws(ScenarioError) -> WeightedDesign {
        var design = WeightedDesign()
        design.weights = try reader.field("weights").exactSum(bounds)
        design.weightSquares = try reader.field("weightSquares").exactSum(bounds)
        design.sums = try reader.sums("sums", count: WeightedPanel.outcomes.count, bounds)
        design.squares = try reader.sums("squares", count: WeightedPanel.outcomes.count, bounds)
        design.fourths = try reader.sums("fourths", count: WeightedPanel.outcomes.count, bounds)
        design.largest = try reader.array("largest").map { item throws(ScenarioError) in
            guard case .number(let text) = item.value, let value = Double(text), value >= 0, value <= ExactSum.largestAddend else {
                throw item.error("expected a number from 0 to 2^74 (the largest term one run adds)")
            }
            return value
        }
        design.eventRuns = try reader.array("eventRuns").map { item throws(ScenarioError) in try item.count(bounds.runs) }
        design.nominalRuns = try reader.field("nominalRuns").count(bounds.runs)
        design.nominalCounts = try reader.array("nominalCounts").map { item throws(ScenarioError) in try item.count(bounds.intents) }
        design.lostCauses = try reader.sums("lostCauses", count: Cause.allCases.count, bounds)
        design.firings = try reader.sums("firings", count: FaultKind.allCases.count, bounds)
        guard design.largest.count == design.sums.count, design.eventRuns.count == design.sums.count,
              design.nominalCounts.count == design.sums.count else {
            throw reader.error("expected one largest term, event-run count and nominal count per outcome")
        }
        return design
    }
}

extension WeightedPart {
    /// The most a part of `runs` runs can hold: a run has at most 64 intents (one bit each in
    /// `OutcomeMasks`; `user.intentsPerRun` ≤ 64), and adds at most one term below 2^74 per
    /// intent to any sum. A sum or count past these was not written by simrun; and within them,
    /// parts tiling a job of at most 10^12 runs add up to below 2^120, far from `ExactSum`'s
    /// 2^128 and from `Int64.max`.
    struct Bounds {
        static let intentsPerRun: Int64 = 64
        let runs: Int64
        var intents: Int64 { runs * Self.intentsPerRun }
    }
}

extension PartialReader {
    func exactSum(_ bounds: WeightedPart.Bounds) throws(ScenarioError) -> ExactSum {
        guard let sum = ExactSum(hex: try stringValue()) else { throw error("expected 64 hex digits (an exact sum)") }
        guard sum.isBelow(addends: UInt64(bounds.intents)) else {
            throw error("more than \(bounds.runs) runs of at most \(WeightedPart.Bounds.intentsPerRun) intents can add (each term is below 2^74)")
        }
        return sum
    }

    func sums(_ key: String, count: Int, _ bounds: WeightedPart.Bounds) throws(ScenarioError) -> [ExactSum] {
        let items = try array(key).map { item throws(ScenarioError) in try item.exactSum(bounds) }
        guard items.count == count else { throw try field(key).error("expected \(count) sums") }
        return items
    }
}

private func hexes(_ sums: [ExactSum]) -> JSONValue { .array(sums.map { .string($0.hex) }) }
private func object(_ fields: [(String, JSONValue)]) -> JSONValue { .object(fields.map { ($0.0, $0.1, 0) }) }
