/// The header every part carries, whatever its kind: which simrun wrote it, the job's seed,
/// designs and fingerprint (`contentHash`), its shard, and what of the job it covers. Read in one
/// place (`read`), and compared in one place when parts merge (`PartMerge`).
public struct PartHeader: Sendable, Equatable {
    /// What a job is split by: a run or sweep's run indices; a robust job's shards (each shard
    /// measures whole settings, so its runs are every setting's runs); or calibration-check's
    /// truths, written as runs (truth k is run k − 1) and named by their numbers in errors.
    public enum Unit: Sendable, Equatable {
        case runs
        case shards
        case truths
    }

    public var tool: String
    public var model: String
    public var seed: UInt64
    public var designs: [String]
    /// The job's fingerprint: two parts with the same one are shards of the same job.
    public var contentHash: String
    public var shard: Shard
    public var unit: Unit
    /// What the part covers of the job's `total`: run indices, or its shard's index.
    public var covers: Range<UInt64>
    public var total: UInt64

    /// The header of the part `root`, every value checked: `runs` of at most `Scenario.maxRuns`
    /// within the job's `totalRuns` for a part split by runs; the shard itself for one split by
    /// shards. An error names the file, the key and the value.
    static func read(_ root: ObjectReader, unit: Unit) throws(ScenarioError) -> PartHeader {
        let shardText = try root.string("shard")
        guard let shard = Shard.parse(shardText) else {
            throw ScenarioError(file: root.file, keyPath: "shard", value: shardText, message: "expected K/N")
        }
        var header = PartHeader(tool: try root.string("tool"), model: try root.string("model"), seed: try root.unsigned("seed"),
                                designs: try root.array("designs").map { item throws(ScenarioError) in try item.stringValue() },
                                contentHash: try root.string("contentHash"), shard: shard, unit: unit,
                                covers: UInt64(shard.index)..<UInt64(shard.index + 1), total: UInt64(shard.count))
        guard unit != .shards else { return header }
        (header.covers, header.total) = try runs(root)
        return header
    }

    /// A part's `runs` and `totalRuns`: from ≤ to ≤ totalRuns ≤ `Scenario.maxRuns`.
    private static func runs(_ root: ObjectReader) throws(ScenarioError) -> (Range<UInt64>, UInt64) {
        let file = root.file
        let range = try root.field("runs")
        let from = try range.unsigned("from"), to = try range.unsigned("to")
        guard from <= to else { throw ScenarioError(file: file, keyPath: "runs", value: "\(from)..<\(to)", message: "the range is reversed") }
        let totalRuns = try root.unsigned("totalRuns")
        guard totalRuns <= UInt64(Scenario.maxRuns) else {
            throw ScenarioError(file: file, keyPath: "totalRuns", value: String(totalRuns), message: "more than \(Scenario.maxRuns) runs")
        }
        guard to <= totalRuns else {
            throw ScenarioError(file: file, keyPath: "runs.to", value: String(to), message: "beyond the job's \(totalRuns) runs")
        }
        return (from..<to, totalRuns)
    }
}
