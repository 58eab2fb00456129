import Policies

/// One shard of an importance-sampled `simrun run` (`--importance --bias F --shard K/N
/// --partial-out P`): the weighted sums of its runs, exactly (every `ExactSum` as 64 hex digits,
/// every largest term in Swift's round-trip form), and what makes shards of one job comparable.
/// `simrun merge` adds the parts of a job into the bytes one unsharded job writes: the sums are
/// integers, so their order does not matter. The bias must be a file (no pilot per shard), and
/// its text is part of the job's digest.
public struct WeightedPart: Sendable, Equatable {
    public static let format = PartKind.weighted.format
    /// 3: a part carries `partHash`, the digest of its own content, checked when it is read.
    public static let formatVersion = PartKind.weighted.version

    public var tool: String
    public var model: String
    public var scenarioName: String
    public var platform: String
    public var seed: UInt64
    public var totalRuns: UInt64
    public var designs: [String]
    /// SHA-256 of the scenario's JSON, every design's axes and the bias file's text.
    public var contentHash: String
    /// The bias file's text, from which the weights were computed.
    public var biasText: String
    public var shard: Shard
    public var runs: Range<UInt64>
    /// Each design's intents over the part's runs.
    public var intents: [Int64]
    public var panel: WeightedPanel

    public init(scenario: Scenario, designs: [Design], biasText: String, shard: Shard, runs: Range<UInt64>, intents: [Int64],
                panel: WeightedPanel) {
        tool = FaultSimVersion.tool
        model = String(FaultSimVersion.model)
        scenarioName = scenario.label
        platform = scenario.platform.name
        seed = scenario.seed
        totalRuns = UInt64(scenario.runs)
        self.designs = designs.map(\.name)
        contentHash = SHA256.hex(JSONWriter.write(scenario.jsonValue) + "\n" + designs.map { "design \($0.name):\n" + $0.fingerprintLines }.joined()
            + "bias:\n" + biasText)
        self.biasText = biasText
        self.shard = shard
        self.runs = runs
        self.intents = intents
        self.panel = panel
    }

    /// What every part carries, as the merge compares it.
    public var header: PartHeader {
        PartHeader(tool: tool, model: model, seed: seed, designs: designs, contentHash: contentHash, shard: shard, unit: .runs,
                   covers: runs, total: totalRuns)
    }

    /// The sum of `parts` (file, part), which must be shards of one job whose runs tile
    /// `0..<totalRuns`; an error names the files. Every sum is range-checked before it is added
    /// (`outOfRange`), so no `ExactSum` or count can overflow.
    /// - Complexity: O(parts · designs² · outcomes) after sorting the parts by their first run.
    public static func merge(_ parts: [(file: String, part: WeightedPart)]) -> Result<WeightedPart, PartialResult.MergeError> {
        let checks = PartMerge.Checks<WeightedPart>(size: (.differentTotals, { "\($0.totalRuns) runs in all" }),
                                                    fingerprint: { "scenario, designs and bias \($0.contentHash.prefix(12))…" })
        return PartMerge.ordered(parts, header: \.header, checks).flatMap { ordered -> Result<WeightedPart, PartialResult.MergeError> in
            if let error = outOfRange(ordered) { return .failure(error) }
            var merged = ordered[0].part
            for entry in ordered.dropFirst() {
                merged.panel.merge(entry.part.panel)
                for index in merged.intents.indices { merged.intents[index] += entry.part.intents[index] }
            }
            merged.shard = Shard(index: 0, count: 1)
            merged.runs = 0..<merged.totalRuns
            merged._checkInvariants()
            return .success(merged)
        }
    }
}
