/// A weighted part as a JSON file: sums as 64 hex digits, counts as integer text, largest terms
/// in Swift's round-trip form, keys in a fixed order: the same shard always writes the same bytes,
/// and a reload gives the same sums. `partHash` (`PartFile.sealed`, as every part) seals the rest
/// of the file: a sum is 64 hex digits with no redundancy, so a digit changed by hand or by a
/// damaged copy would otherwise merge into silently wrong figures.
extension WeightedPart {
    public var fileText: String { JSONWriter.write(jsonValue) + "\n" }

    var jsonValue: JSONValue {
        PartFile.sealed([
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

    /// Reads a weighted part (its version and `partHash` already checked by `PartFile`); an
    /// error names the file, the key and the value. Every sum and
    /// count is range-checked against the part's runs, so merging parts that tile a job can
    /// neither overflow an `ExactSum` nor an `Int64` (an edited part is an error, not a trap).
    public static func parse(_ file: PartFile) throws(ScenarioError) -> WeightedPart {
        let root = try file.reader(.weighted)
        let header = try PartHeader.read(root, unit: .runs)
        let biasText = try root.string("bias")
        let bias = try FaultBias.parse(biasText, file: file.path + " (its bias)")
        let designs = header.designs
        let (from, to) = (header.covers.lowerBound, header.covers.upperBound)
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
        part.tool = header.tool
        part.model = header.model
        part.scenarioName = try root.string("scenario")
        part.platform = try root.string("platform")
        part.seed = header.seed
        part.totalRuns = header.total
        part.designs = designs
        part.contentHash = header.contentHash
        part.biasText = biasText
        part.shard = header.shard
        part.runs = header.covers
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

    static func read(_ reader: ObjectReader, _ bounds: WeightedPart.Bounds) throws(ScenarioError) -> WeightedDesign {
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

extension ObjectReader {
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
