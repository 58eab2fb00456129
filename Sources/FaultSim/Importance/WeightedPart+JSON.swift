/// A weighted part as a JSON file: sums as 64 hex digits, counts as integer text, largest terms
/// in Swift's round-trip form, keys in a fixed order: the same shard always writes the same bytes,
/// and a reload gives the same sums.
extension WeightedPart {
    public var fileText: String { JSONWriter.write(jsonValue) + "\n" }

    var jsonValue: JSONValue {
        object([
            ("format", .string(Self.format)), ("formatVersion", .number(String(Self.formatVersion))),
            ("tool", .string(tool)), ("model", .string(model)), ("scenario", .string(scenarioName)), ("platform", .string(platform)),
            ("seed", .number(String(seed))), ("totalRuns", .number(String(totalRuns))), ("designs", .array(designs.map { .string($0) })),
            ("contentHash", .string(contentHash)), ("bias", .string(biasText)), ("shard", .string(shard.description)),
            ("runs", object([("from", .number(String(runs.lowerBound))), ("to", .number(String(runs.upperBound)))])),
            ("intents", .array(intents.map { .number(String($0)) })),
            ("panelRuns", .number(String(panel.runs))),
            ("sums", .array(panel.designs.map(\.jsonValue))), ("products", hexes(panel.products)),
            ("differenceFourths", hexes(panel.differenceFourths)),
        ])
    }

    /// Reads a weighted part; an error names the file, the key and the value.
    public static func parse(_ file: PartFile) throws(ScenarioError) -> WeightedPart {
        let root = try file.reader(format: format, version: formatVersion, kind: "weighted partial result (written by `simrun run "
            + "--importance --partial-out`)", versionName: "weighted-partial format")
        let biasText = try root.string("bias")
        let bias = try FaultBias.parse(biasText, file: file.path + " (its bias)")
        let designs = try root.array("designs").map { item throws(ScenarioError) in try item.stringValue() }
        guard let shard = Shard.parse(try root.string("shard")) else { throw try root.field("shard").error("expected K/N") }
        let range = try root.field("runs")
        let from = try range.unsigned("from"), to = try range.unsigned("to")
        guard from <= to, to <= (try root.unsigned("totalRuns")) else { throw range.error("expected from <= to <= totalRuns") }
        let sums = try root.array("sums").map { item throws(ScenarioError) in try WeightedDesign.read(item) }
        let products = try root.array("products").map { item throws(ScenarioError) in try item.exactSum() }
        let differenceFourths = try root.array("differenceFourths").map { item throws(ScenarioError) in try item.exactSum() }
        let intents = try root.array("intents").map { item throws(ScenarioError) in try item.integerValue() }
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

    static func read(_ reader: PartialReader) throws(ScenarioError) -> WeightedDesign {
        var design = WeightedDesign()
        design.weights = try reader.field("weights").exactSum()
        design.weightSquares = try reader.field("weightSquares").exactSum()
        design.sums = try reader.sums("sums", count: WeightedPanel.outcomes.count)
        design.squares = try reader.sums("squares", count: WeightedPanel.outcomes.count)
        design.fourths = try reader.sums("fourths", count: WeightedPanel.outcomes.count)
        design.largest = try reader.array("largest").map { item throws(ScenarioError) in
            guard case .number(let text) = item.value, let value = Double(text), value >= 0 else { throw item.error("expected a number ≥ 0") }
            return value
        }
        design.eventRuns = try reader.array("eventRuns").map { item throws(ScenarioError) in try item.integerValue() }
        design.nominalRuns = try reader.integer("nominalRuns")
        design.nominalCounts = try reader.array("nominalCounts").map { item throws(ScenarioError) in try item.integerValue() }
        design.lostCauses = try reader.sums("lostCauses", count: Cause.allCases.count)
        design.firings = try reader.sums("firings", count: FaultKind.allCases.count)
        guard design.largest.count == design.sums.count, design.eventRuns.count == design.sums.count,
              design.nominalCounts.count == design.sums.count else {
            throw reader.error("expected one largest term, event-run count and nominal count per outcome")
        }
        return design
    }
}

extension PartialReader {
    func exactSum() throws(ScenarioError) -> ExactSum {
        guard let sum = ExactSum(hex: try stringValue()) else { throw error("expected 64 hex digits (an exact sum)") }
        return sum
    }

    func sums(_ key: String, count: Int) throws(ScenarioError) -> [ExactSum] {
        let items = try array(key).map { item throws(ScenarioError) in try item.exactSum() }
        guard items.count == count else { throw try field(key).error("expected \(count) sums") }
        return items
    }
}

private func hexes(_ sums: [ExactSum]) -> JSONValue { .array(sums.map { .string($0.hex) }) }
private func object(_ fields: [(String, JSONValue)]) -> JSONValue { .object(fields.map { ($0.0, $0.1, 0) }) }
