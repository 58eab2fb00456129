import Policies

/// A shard of a robustness job as a JSON file, and the merge of a job's shards. A shard holds the
/// whole job's description (every value as text) and the counts of the settings it measured, so
/// `simrun merge` needs nothing but the parts to write exactly the files the unsharded job writes.
/// Integers are written as JSON number text, never through a Double.
extension RobustResult {
    public static let partialFormat = PartKind.robust.format
    /// 3: a part carries its baseline scenario and its designs' axes, so merge can check its
    /// digest; 4: and `partHash`, the digest of its own content (`PartFile.sealed`).
    public static let partialFormatVersion = PartKind.robust.version

    /// The file a shard writes: its JSON and a newline.
    public var partialFileText: String { JSONWriter.write(partialJSON) + "\n" }

    var partialJSON: JSONValue {
        var fields: [(String, JSONValue)] = [
            ("format", .string(Self.partialFormat)), ("formatVersion", int(Self.partialFormatVersion)),
            ("tool", .string(FaultSimVersion.tool)), ("model", .string(String(FaultSimVersion.model))),
            ("contentHash", .string(contentHash)), ("shard", .string(shard.description)),
            ("baseline", baseline), ("designAxes", designAxes),
            ("scenario", object([("name", .string(scenarioName)), ("platform", .string(platform)), ("description", .string(description))])),
            ("seed", .number(String(seed))), ("runs", int(runs)), ("points", int(points)), ("crossoverSteps", int(crossoverSteps)),
            ("designs", .array(designs.map { .string($0) })),
            ("guesses", .array(guesses.map { guess in
                object([("path", .string(guess.path)), ("unit", .string(guess.unit)), ("current", guess.current.json),
                        ("low", guess.low.json), ("high", guess.high.json), ("stepped", .bool(guess.stepped))])
            })),
            ("skipped", .array(skipped.map { object([("path", .string($0.path)), ("reason", .string($0.reason))]) })),
            ("settings", .array(settings.map(\.json))),
            ("measured", .array(counts.indices.compactMap { index in
                counts[index].map { counts in
                    object([("setting", int(index)), ("lost", ints(counts.lost)), ("intents", ints(counts.intents)),
                            ("lostOnly", ints(counts.lostOnly))] + (counts.weighted.map { [("weighted", $0.json)] } ?? []))
                }
            })),
            ("crossovers", .array(crossovers.map(\.json))),
        ]
        // Only a weighted job's part carries a bias, and only a job that measures its lead again its
        // lead runs: any other part has no such keys.
        if !biasText.isEmpty { fields.append(("bias", .string(biasText))) }
        if leadRuns > 0 { fields += [("leadRuns", int(leadRuns)), ("lead", lead.map(\.json) ?? .null)] }
        if fallbackRuns > 0 { fields.append(("fallbackRuns", int(fallbackRuns))) }
        return PartFile.sealed(fields)
    }

    /// Reads a shard written by `partialFileText`; an error names the file, the key and the value.
    public static func parsePartial(_ part: PartFile) throws(ScenarioError) -> (tool: String, model: String, result: RobustResult) {
        let file = part.path
        let root = try part.reader(.robust)
        let header = try PartHeader.read(root, unit: .shards)
        let shard = header.shard
        let runs = try root.integer("runs")
        guard runs >= 1, runs <= Int64(Scenario.maxRuns) else { throw root.error("runs must be 1 to \(Scenario.maxRuns)") }
        let fallbackRuns = try root.optionalField("fallbackRuns").map { field throws(ScenarioError) in
            try field.count(Int64(Scenario.maxRuns))
        } ?? 0
        // No run has more than 64 intents, so no count can exceed this.
        let ceiling = max(runs, fallbackRuns) * 64
        let designs = header.designs
        guard designs.count >= 2 else { throw root.error("a robustness job compares two designs or more") }
        let guesses = try root.array("guesses").map { item throws(ScenarioError) in
            GuessInfo(path: try item.string("path"), unit: try item.string("unit"), current: try ValueText(item.field("current")),
                      low: try ValueText(item.field("low")), high: try ValueText(item.field("high")), stepped: try item.bool("stepped"))
        }
        let skipped = try root.array("skipped").map { item throws(ScenarioError) in
            SkippedGuess(path: try item.string("path"), reason: try item.string("reason"))
        }
        let settings = try root.array("settings").map { item throws(ScenarioError) in try SettingInfo(item, guesses: guesses.count) }
        guard settings.first?.kind == .baseline else { throw root.error("the first setting must be the baseline") }
        var counts = [Counts?](repeating: nil, count: settings.count)
        for item in try root.array("measured") {
            let index = try item.integer("setting")
            guard index >= 0, index < Int64(settings.count), counts[Int(index)] == nil else { throw item.error("no such setting, or measured twice") }
            let lost = try item.array("lost").map { value throws(ScenarioError) in try value.count(ceiling) }
            let intents = try item.array("intents").map { value throws(ScenarioError) in try value.count(ceiling) }
            let lostOnly = try item.array("lostOnly").map { value throws(ScenarioError) in try value.count(ceiling) }
            guard lost.count == designs.count, intents.count == designs.count, lostOnly.count == designs.count * designs.count,
                  zip(lost, intents).allSatisfy({ $0 <= $1 }) else {
                throw item.error("expected a lost and an intents count per design, a lostOnly count per pair, lost ≤ intents")
            }
            let weighted = try item.optionalField("weighted").map { reader throws(ScenarioError) in
                try WeightedLosses(reader, designs: designs.count, ceiling: ceiling)
            }
            counts[Int(index)] = Counts(lost: lost, intents: intents, lostOnly: lostOnly, weighted: weighted)
        }
        guard counts[0] != nil else { throw root.error("the baseline's counts are missing; every shard measures it") }
        let crossovers = try root.array("crossovers").map { item throws(ScenarioError) in
            try CrossoverSearch(item, settings: settings.count, designs: designs.count, ceiling: ceiling)
        }
        let leadRuns = try root.optionalField("leadRuns").map { field throws(ScenarioError) in try field.count(Int64(Scenario.maxRuns)) } ?? 0
        let lead = try root.optionalField("lead").flatMap { field throws(ScenarioError) in
            field.value == .null ? nil : try Lead(field, runs: runs, leadRuns: leadRuns, designs: designs.count)
        }
        if lead != nil && shard.index != 0 { throw root.error("only the first shard measures the lead") }
        let scenario = try root.field("scenario")
        let name = try scenario.string("name")
        let biasText = try root.optionalField("bias")?.stringValue() ?? ""
        // A weighted part's settings are weighted, or counted on its fallback runs; a plain part has neither.
        let weightedSettings = counts.contains { $0?.weighted != nil }
        guard biasText.isEmpty ? !weightedSettings && fallbackRuns == 0 : weightedSettings || fallbackRuns > 0 else {
            throw root.error("a weighted part carries its bias and weighted counts, a plain part neither")
        }
        let result = RobustResult(source: name, scenarioName: name, platform: try scenario.string("platform"),
                                  description: try scenario.string("description"), seed: header.seed, runs: Int(runs),
                                  designs: designs, guesses: guesses, skipped: skipped, settings: settings,
                                  points: Int(try root.integer("points")), crossoverSteps: Int(try root.integer("crossoverSteps")),
                                  contentHash: header.contentHash, baseline: try root.field("baseline").value,
                                  designAxes: try root.field("designAxes").value, shard: shard, counts: counts, crossovers: crossovers,
                                  biasText: biasText, leadRuns: Int(leadRuns), lead: lead, fallbackRuns: Int(fallbackRuns))
        try result.checkJob(file: file, tool: header.tool, model: header.model)
        return (header.tool, header.model, result)
    }

    /// Checks that a part read from `file` is the job its `contentHash` names: the plan made
    /// again from the part's baseline scenario and designs (`designAxes`) has the part's seed,
    /// guesses, settings and digest. So a seed, run count, design, guess or setting edited
    /// by hand is refused rather than merged into results the digest does not describe. A part
    /// of another simrun or model is taken on its word: its digest follows that version's recipe.
    func checkJob(file: String, tool: String, model: String) throws(ScenarioError) {
        guard tool == FaultSimVersion.tool, model == String(FaultSimVersion.model) else { return }
        let definitions = try PartDesigns.read(ObjectReader(file: file, path: "designAxes", any: designAxes))
        guard definitions.count >= designs.count, definitions.prefix(designs.count).map(\.name) == designs else {
            throw PartDesigns.edited(file, "designs")
        }
        var scenario = try ScenarioLoader.scenario(from: baseline, file: file, keyPath: "baseline", name: scenarioName,
                                                   knownDesigns: Design.catalog.map(\.name) + definitions.map(\.name))
        // The older-OS designs a job's designs name are found among the scenario's own.
        scenario.customDesigns = definitions.filter { Design.preset(named: $0.name) == nil }
        guard points >= 1, crossoverSteps >= 0 else { throw PartDesigns.edited(file, "settings") }
        var plan = Robustness(scenario: scenario, designs: Array(definitions.prefix(designs.count)),
                              only: guesses.map(\.path) + skipped.map(\.path), points: points, runs: runs, crossoverSteps: crossoverSteps)
        plan.leadRuns = leadRuns
        plan.fallbackRuns = fallbackRuns
        if !biasText.isEmpty {
            plan.bias = try FaultBias.parse(biasText, file: file + " (its bias)")
            plan.biasText = biasText
        }
        let expected = plan.emptyResult(shard: shard, source: source)
        let checks: [(what: String, holds: Bool)] = [
            ("seed", expected.seed == seed),
            ("scenario", expected.platform == platform && expected.description == description),
            ("guesses", expected.guesses == guesses && expected.skipped == skipped),
            ("settings", expected.settings == settings),
            ("settings (its runs, points, steps, baseline scenario or designs)",
             expected.contentHash == contentHash && expected.designAxes == designAxes),
        ]
        if let failed = checks.first(where: { !$0.holds }) { throw PartDesigns.edited(file, failed.what) }
    }

    /// A shard read from its file: the file, the simrun and model versions that wrote it, its result.
    public typealias Part = (file: String, tool: String, model: String, result: RobustResult)

    /// What every part carries, as the merge compares it: a robust job is split by shards.
    static func header(_ part: Part) -> PartHeader {
        let result = part.result
        return PartHeader(tool: part.tool, model: part.model, seed: result.seed, designs: result.designs, contentHash: result.contentHash,
                          shard: result.shard, unit: .shards, covers: UInt64(result.shard.index)..<UInt64(result.shard.index + 1),
                          total: UInt64(result.shard.count))
    }

    /// The whole job from its shards: every part of one job (same versions, content and shard
    /// count), each shard once (`PartMerge`); each setting is taken from the one shard that
    /// measured it, and the baseline, which every shard measures, must be counted alike by all.
    /// - Complexity: O(parts · settings · designs²).
    public static func merge(_ parts: [Part]) -> Result<RobustResult, PartialResult.MergeError> {
        typealias MergeError = PartialResult.MergeError
        // The fields a user sets first, each named, so a refusal says what differs; the digest
        // (the scenario's every value, the designs' axes) last.
        let checks = PartMerge.Checks<Part>(
            size: (.differentTotals, { "\($0.result.runs) runs per setting" }),
            settings: [(.differentSettings, { part in
                let result = part.result
                return "guesses \(result.guesses.map(\.path).joined(separator: ",")), \(result.points) Latin-hypercube points, "
                    + "\(result.crossoverSteps) crossover steps"
            })],
            fingerprint: { "robustness job \($0.result.contentHash.prefix(12))… (\($0.result.scenarioName))" })
        let entries = parts.map { (file: $0.file, part: $0) }
        return PartMerge.ordered(entries, header: header, checks).flatMap { ordered -> Result<RobustResult, MergeError> in
            let first = ordered[0]
            var merged = first.part.result
            for index in merged.counts.indices { merged.counts[index] = nil }
            merged.crossovers = []
            merged.shard = Shard(index: 0, count: 1)
            for (file, holder) in ordered {
                if holder.result.counts[0] != first.part.result.counts[0] {
                    return .failure(MergeError(problem: .differentScenarios, message: "cannot merge: \(first.file) and \(file) "
                        + "counted the baseline differently"))
                }
                for index in merged.counts.indices.dropFirst() where holder.result.counts[index] != nil {
                    merged.counts[index] = holder.result.counts[index]
                }
                merged.crossovers += holder.result.crossovers
            }
            merged.lead = first.part.result.lead
            merged.counts[0] = first.part.result.counts[0]
            if let missing = merged.counts.firstIndex(where: { $0 == nil }) {
                return .failure(MergeError(problem: .missing, message: "cannot merge: setting \(missing) was measured by no part"))
            }
            merged.crossovers.sort { $0.setting < $1.setting }
            merged._checkInvariants()
            return .success(merged)
        }
    }
}

extension RobustResult.ValueText {
    var json: JSONValue { object([("set", .string(set)), ("shown", .string(shown)), ("short", .string(short))]) }

    init(_ reader: ObjectReader) throws(ScenarioError) {
        self.init(set: try reader.string("set"), shown: try reader.string("shown"), short: try reader.string("short"))
    }

    static func optional(_ reader: ObjectReader, _ key: String) throws(ScenarioError) -> Self? {
        let field = try reader.field(key)
        return field.value == .null ? nil : try Self(field)
    }
}

extension RobustResult.SettingInfo {
    var json: JSONValue {
        var fields: [(String, JSONValue)]
        switch kind {
        case .baseline: fields = [("kind", .string("baseline"))]
        case .low(let guess): fields = [("kind", .string("low")), ("guess", int(guess))]
        case .high(let guess): fields = [("kind", .string("high")), ("guess", int(guess))]
        case .latinHypercube(let point): fields = [("kind", .string("lhs")), ("point", int(point))]
        }
        fields.append(("sameAsBaseline", .bool(sameAsBaseline)))
        fields.append(("values", .array(assignments.map { object([("guess", int($0.guess)), ("value", $0.value.json)]) })))
        return object(fields)
    }

    init(_ reader: ObjectReader, guesses: Int) throws(ScenarioError) {
        func guessIndex(_ key: String) throws(ScenarioError) -> Int {
            let index = try reader.integer(key)
            guard index >= 0, index < Int64(guesses) else { throw reader.error("\(key) \(index) is not a guess of the job") }
            return Int(index)
        }
        switch try reader.string("kind") {
        case "baseline": kind = .baseline
        case "low": kind = .low(guess: try guessIndex("guess"))
        case "high": kind = .high(guess: try guessIndex("guess"))
        case "lhs":
            let point = try reader.integer("point")
            guard point >= 0, point < 1_000_000 else { throw reader.error("no such point") }
            kind = .latinHypercube(point: Int(point))
        case let other: throw reader.error("unknown setting kind '\(other)'")
        }
        sameAsBaseline = try reader.bool("sameAsBaseline")
        assignments = try reader.array("values").map { item throws(ScenarioError) in
            let guess = try item.integer("guess")
            guard guess >= 0, guess < Int64(guesses) else { throw item.error("not a guess of the job") }
            return RobustResult.Assignment(guess: Int(guess), value: try RobustResult.ValueText(item.field("value")))
        }
    }
}

extension RobustResult.Lead {
    var json: JSONValue {
        object([("leader", int(leader)), ("runnerUp", int(runnerUp)), ("firstRun", int(firstRun)), ("runs", int(runs)),
                ("point", RobustResult.CrossoverSearch.pointJSON(point))])
    }

    init(_ reader: ObjectReader, runs jobRuns: Int64, leadRuns: Int64, designs: Int) throws(ScenarioError) {
        leader = Int(try reader.field("leader").count(Int64(designs - 1)))
        runnerUp = Int(try reader.field("runnerUp").count(Int64(designs - 1)))
        firstRun = Int(try reader.integer("firstRun"))
        runs = Int(try reader.integer("runs"))
        guard leader != runnerUp, Int64(firstRun) == jobRuns, Int64(runs) == leadRuns else {
            throw reader.error("a lead compares two designs over the job's lead runs, after its settings' runs")
        }
        point = try RobustResult.CrossoverSearch.point(try reader.field("point"), ceiling: leadRuns * 64)
    }
}

extension RobustResult.CrossoverSearch {
    static func pointJSON(_ point: RobustResult.CrossoverPoint) -> JSONValue {
        object([("t", .number(String(point.t))), ("value", point.value.json), ("leaderLost", int(point.leaderLost)),
                ("challengerLost", int(point.challengerLost)), ("onlyLeader", int(point.onlyLeader)),
                ("onlyChallenger", int(point.onlyChallenger)), ("intents", int(point.intents))]
               + (point.weighted.map { [("weighted", $0.json)] } ?? []))
    }

    static func point(_ item: ObjectReader, ceiling: Int64) throws(ScenarioError) -> RobustResult.CrossoverPoint {
        let tField = try item.field("t")
        guard case .number(let text) = tField.value, let t = Double(text), (0...1).contains(t) else { throw tField.error("expected a number from 0 to 1") }
        return RobustResult.CrossoverPoint(t: t, value: try RobustResult.ValueText(item.field("value")),
                                           leaderLost: try item.field("leaderLost").count(ceiling),
                                           challengerLost: try item.field("challengerLost").count(ceiling),
                                           onlyLeader: try item.field("onlyLeader").count(ceiling),
                                           onlyChallenger: try item.field("onlyChallenger").count(ceiling),
                                           intents: try item.field("intents").count(ceiling),
                                           weighted: try item.optionalField("weighted").map { reader throws(ScenarioError) in
                                               try WeightedLosses(reader, designs: 2, ceiling: ceiling)
                                           })
    }

    var json: JSONValue {
        func optional(_ value: RobustResult.ValueText?) -> JSONValue { value?.json ?? .null }
        return object([
            ("setting", int(setting)), ("leader", int(leader)), ("challenger", int(challenger)),
            ("note", note.map { .string($0) } ?? .null), ("estimate", optional(estimate)), ("low", optional(low)), ("high", optional(high)),
            ("points", .array(points.map(Self.pointJSON))),
        ])
    }

    init(_ reader: ObjectReader, settings: Int, designs: Int, ceiling: Int64) throws(ScenarioError) {
        func index(_ key: String, below bound: Int) throws(ScenarioError) -> Int {
            let value = try reader.integer(key)
            guard value >= 0, value < Int64(bound) else { throw reader.error("\(key) \(value) is out of range") }
            return Int(value)
        }
        setting = try index("setting", below: settings)
        leader = try index("leader", below: designs)
        challenger = try index("challenger", below: designs)
        let noteField = try reader.field("note")
        note = noteField.value == .null ? nil : try noteField.stringValue()
        estimate = try RobustResult.ValueText.optional(reader, "estimate")
        low = try RobustResult.ValueText.optional(reader, "low")
        high = try RobustResult.ValueText.optional(reader, "high")
        points = try reader.array("points").map { item throws(ScenarioError) in try Self.point(item, ceiling: ceiling) }
    }
}

private func int(_ value: Int) -> JSONValue { .number(String(value)) }
private func int(_ value: Int64) -> JSONValue { .number(String(value)) }
private func ints(_ values: [Int64]) -> JSONValue { .array(values.map { .number(String($0)) }) }
private func object(_ fields: [(String, JSONValue)]) -> JSONValue { .object(fields.map { ($0.0, $0.1, 0) }) }
