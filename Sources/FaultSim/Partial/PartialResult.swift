import Policies

/// What one shard of a job computed: raw counts only (every count the CSVs are derived from),
/// and what makes it comparable with the other shards. Shards of one job merge by addition
/// into exactly the single-machine result (`PartialResult.merge`).
public struct PartialResult: Sendable, Equatable {
    /// What the job was.
    public enum Kind: Sendable, Equatable {
        /// `simrun run`: one scenario.
        case run
        /// `simrun sweep`: one scenario per value of `key`; `logX` when the values were spaced
        /// geometrically (`--range ... --log`), which the chart's x axis follows.
        case sweep(key: String, labels: [String], logX: Bool)

        public var name: String {
            switch self {
            case .run: "run"
            case .sweep(let key, let labels, _): "sweep of \(key) over \(labels.count) values"
            }
        }
    }

    /// One scenario of the job (a run has one; a sweep one per value) and its counts.
    public struct Part: Sendable, Equatable {
        /// The scenario's name, platform and description, as the tables print them.
        public var name: String
        public var platform: String
        public var description: String
        /// The scenario as scenario-file JSON, with the job's seed and total runs.
        public var scenario: JSONValue
        /// One tally per design, in `designs` order.
        public var tallies: [DesignTally]
        /// The paired lost-intent counts of every two designs.
        public var pairs: PairedLosses
    }

    public static let format = PartKind.counts.format
    /// 2: a part carries its designs' axes (`designAxes`), so merge can check its digest;
    /// 3: and `partHash`, the digest of its own content (`PartFile.sealed`).
    public static let formatVersion = PartKind.counts.version

    public var tool: String
    public var model: String
    public var kind: Kind
    public var seed: UInt64
    /// Runs of the whole job, over all shards.
    public var totalRuns: UInt64
    public var designs: [String]
    /// SHA-256 of every scenario's JSON and every design's axes: two shards with the same
    /// digest simulated the same worlds with the same designs.
    public var contentHash: String
    /// Every design the digest covers, axis by axis (`PartDesigns`): `designs`, then the
    /// older-OS designs they name that the job does not list.
    public var designAxes: JSONValue
    /// The shard, as it was asked for (1/1 for a whole or merged result).
    public var shard: Shard
    /// The run indices counted here.
    public var runs: Range<UInt64>
    public var parts: [Part]

    /// A shard's result, with its identity computed from what it simulated.
    public init(kind: Kind, scenarios: [Scenario], designs: [Design], totalRuns: UInt64, shard: Shard, runs: Range<UInt64>,
                results: [(tallies: [DesignTally], pairs: PairedLosses)]) {
        precondition(scenarios.count == results.count && !scenarios.isEmpty, "one result per scenario")
        tool = FaultSimVersion.tool
        model = String(FaultSimVersion.model)
        self.kind = kind
        seed = scenarios[0].seed
        self.totalRuns = totalRuns
        self.designs = designs.map(\.name)
        self.shard = shard
        self.runs = runs
        parts = zip(scenarios, results).map { scenario, result in
            var whole = scenario
            whole.runs = Int(totalRuns)
            return Part(name: scenario.label, platform: scenario.platform.name, description: scenario.description,
                        scenario: whole.jsonValue, tallies: result.tallies, pairs: result.pairs)
        }
        // The design users below iOS 15 run (the legacy build, or before the build floor a
        // StoreKit 2 design's olderOSDesign) runs some of its runs: hashed too, as it may be a
        // custom design the job does not list.
        let olderOS = designs.compactMap { scenarios[0].belowIOS15Design(of: $0) }.filter { older in !designs.contains { $0.name == older.name } }
        var seen: [Design] = []
        for design in olderOS where !seen.contains(where: { $0.name == design.name }) { seen.append(design) }
        contentHash = PartialResult.contentHash(kind: kind, parts: parts, designs: designs + seen)
        designAxes = PartDesigns.json(designs + seen)
    }

    init(tool: String, model: String, kind: Kind, seed: UInt64, totalRuns: UInt64, designs: [String], contentHash: String,
         designAxes: JSONValue, shard: Shard, runs: Range<UInt64>, parts: [Part]) {
        self.tool = tool
        self.model = model
        self.kind = kind
        self.seed = seed
        self.totalRuns = totalRuns
        self.designs = designs
        self.contentHash = contentHash
        self.designAxes = designAxes
        self.shard = shard
        self.runs = runs
        self.parts = parts
    }

    /// The digest of what a job simulates: the kind, each scenario's name and JSON, and each
    /// design's name and value on every axis (so a custom design with a preset's name differs).
    static func contentHash(kind: Kind, parts: [Part], designs: [Design]) -> String {
        var text = "kind: \(kind.name)\n"
        if case .sweep(let key, let labels, let logX) = kind { text += "sweep: \(key) \(labels) log \(logX)\n" }
        for part in parts { text += "scenario \(part.name):\n" + JSONWriter.write(part.scenario) + "\n" }
        for design in designs {
            text += "design \(design.name):\n" + design.fingerprintLines
        }
        return SHA256.hex(text)
    }

    /// Checks that a part read from `file` is the job its `contentHash` names: every scenario
    /// read back, with the part's seed and total runs, every design from `designAxes`, and the
    /// digest computed again from them. So a seed, run count, design or scenario value edited
    /// by hand is refused rather than merged into results the digest does not describe. A part
    /// of another simrun or model is taken on its word: its digest follows that version's recipe.
    func checkContent(file: String) throws(ScenarioError) {
        guard tool == FaultSimVersion.tool, model == String(FaultSimVersion.model) else { return }
        let definitions = try PartDesigns.read(ObjectReader(file: file, path: "designAxes", any: designAxes))
        guard definitions.count >= designs.count, definitions.prefix(designs.count).map(\.name) == designs else {
            throw PartDesigns.edited(file, "designs")
        }
        let known = Design.catalog.map(\.name) + definitions.map(\.name)
        var canonical = parts
        for (index, part) in parts.enumerated() {
            let scenario = try ScenarioLoader.scenario(from: part.scenario, file: file, keyPath: "parts[\(index)].scenario",
                                                       name: part.name, knownDesigns: known)
            // The job's seed is its first scenario's (a sweep may sweep the seed itself).
            guard index > 0 || scenario.seed == seed else { throw PartDesigns.edited(file, "seed") }
            guard UInt64(scenario.runs) == totalRuns else { throw PartDesigns.edited(file, "total runs") }
            guard scenario.platform.name == part.platform, scenario.description == part.description else {
                throw PartDesigns.edited(file, "scenario")
            }
            canonical[index].scenario = scenario.jsonValue
        }
        guard Self.contentHash(kind: kind, parts: canonical, designs: definitions) == contentHash else {
            throw PartDesigns.edited(file, "settings (its scenario, sweep or designs)")
        }
    }

    /// What every part carries, as the merge compares it.
    public var header: PartHeader {
        PartHeader(tool: tool, model: model, seed: seed, designs: designs, contentHash: contentHash, shard: shard, unit: .runs,
                   covers: runs, total: totalRuns)
    }

    /// The result rows of each part, in design order, as the CSVs and tables take them.
    public var rows: [[ResultRow]] {
        parts.map { part in
            zip(designs, part.tallies).map { ResultRow(scenario: part.name, platform: part.platform, design: $0, seed: seed, tally: $1) }
        }
    }
}
