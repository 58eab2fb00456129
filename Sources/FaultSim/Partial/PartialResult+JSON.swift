/// A partial result as a JSON file: integers written exactly (as JSON number text, never
/// through a Double), keys in a fixed order, so the same shard always writes the same bytes.
extension PartialResult {
    /// The file a part is written as: its JSON and a newline.
    public var fileText: String { JSONWriter.write(jsonValue) + "\n" }

    public var jsonValue: JSONValue {
        var fields: [(String, JSONValue)] = [
            ("format", .string(PartialResult.format)), ("formatVersion", int(PartialResult.formatVersion)),
            ("tool", .string(tool)), ("model", .string(model)),
        ]
        switch kind {
        case .run:
            fields.append(("kind", .string("run")))
        case .sweep(let key, let labels, let logX):
            fields.append(("kind", .string("sweep")))
            fields.append(("sweep", object([("key", .string(key)), ("values", .array(labels.map { .string($0) })), ("log", .bool(logX))])))
        }
        fields += [
            ("seed", .number(String(seed))), ("totalRuns", .number(String(totalRuns))),
            ("designs", .array(designs.map { .string($0) })), ("contentHash", .string(contentHash)), ("designAxes", designAxes),
            ("shard", .string(shard.description)),
            ("runs", object([("from", .number(String(runs.lowerBound))), ("to", .number(String(runs.upperBound)))])),
            ("parts", .array(parts.map(\.jsonValue))),
        ]
        return PartFile.sealed(fields)
    }

    /// Reads a part file of a run or sweep; an error names the file, the key and the value.
    public static func parse(_ part: PartFile) throws(ScenarioError) -> PartialResult {
        let file = part.path
        let root = try part.reader(.counts)
        let header = try PartHeader.read(root, unit: .runs)
        let kind: Kind
        switch try root.string("kind") {
        case "run": kind = .run
        case "sweep":
            let sweep = try root.field("sweep")
            kind = .sweep(key: try sweep.string("key"), labels: try sweep.array("values").map { item throws(ScenarioError) in try item.stringValue() },
                          logX: try sweep.bool("log"))
        case let other: throw ScenarioError(file: file, keyPath: "kind", value: other, message: "expected \"run\" or \"sweep\"")
        }
        let runs = header.covers
        // No run makes more than maxEventsPerRun of anything: a larger count is corrupt, and with
        // this bound no sum over a job's parts (at most 10^12 runs) can overflow.
        let ceiling = Int64(runs.count) * Int64(World.maxEventsPerRun)
        let parts = try root.array("parts").map { item throws(ScenarioError) in try Part.read(item, designs: header.designs.count, ceiling: ceiling) }
        let expectedParts: Int
        if case .sweep(_, let labels, _) = kind { expectedParts = labels.count } else { expectedParts = 1 }
        guard parts.count == expectedParts else {
            throw ScenarioError(file: file, keyPath: "parts", value: String(parts.count), message: "expected \(Grouped.count(expectedParts, "part")), one per scenario")
        }
        for (index, part) in parts.enumerated() {
            for (design, tally) in zip(header.designs, part.tallies) where tally.runs != Int64(runs.count) {
                throw ScenarioError(file: file, keyPath: "parts[\(index)].tallies", value: String(tally.runs),
                                    message: "\(design) counted \(tally.runs) runs; the part covers \(runs.count)")
            }
        }
        let result = PartialResult(tool: header.tool, model: header.model, kind: kind, seed: header.seed, totalRuns: header.total,
                                   designs: header.designs, contentHash: header.contentHash, designAxes: try root.field("designAxes").value,
                                   shard: header.shard, runs: runs, parts: parts)
        try result.checkContent(file: file)
        return result
    }
}

extension PartialResult.Part {
    var jsonValue: JSONValue {
        let designs = pairs.designs
        let rows: [JSONValue] = (0..<designs).map { a in .array((0..<designs).map { b in int(pairs.lostOnlyBy(a, notBy: b)) }) }
        return object([
            ("name", .string(name)), ("platform", .string(platform)), ("description", .string(description)),
            ("scenario", scenario), ("tallies", .array(tallies.map(\.jsonValue))), ("pairs", .array(rows)),
        ])
    }

    static func read(_ reader: ObjectReader, designs: Int, ceiling: Int64) throws(ScenarioError) -> PartialResult.Part {
        let tallies = try reader.array("tallies").map { item throws(ScenarioError) in try DesignTally.read(item, ceiling: ceiling) }
        let rows = try reader.array("pairs")
        guard tallies.count == designs, rows.count == designs else {
            throw reader.error("expected one tally and one pairs row per design (\(designs))")
        }
        var discordant: [Int64] = []
        for row in rows {
            let counts = try row.arrayValue().map { item throws(ScenarioError) in try item.count(ceiling) }
            guard counts.count == designs else { throw row.error("expected \(Grouped.count(designs, "count")), one per design") }
            discordant += counts
        }
        return PartialResult.Part(name: try reader.string("name"), platform: try reader.string("platform"),
                                  description: try reader.string("description"), scenario: try reader.field("scenario").value,
                                  tallies: tallies, pairs: PairedLosses(designs: designs, discordant: discordant))
    }
}

extension DesignTally {
    /// The counts a part written before refunds were modelled lacks (read as 0).
    static let fieldsSinceRefunds = ["refundedUndelivered", "deliveredAfterRefund"]

    /// Every scalar count, by the name the file gives it.
    static var scalarFields: [(String, WritableKeyPath<DesignTally, Int64>)] {
        [("runs", \.runs), ("intents", \.intents), ("notCharged", \.notCharged), ("delivered", \.delivered), ("lost", \.lost),
         ("misdelivered", \.misdelivered), ("duplicated", \.duplicated), ("doubleCharged", \.doubleCharged),
         ("lostSales", \.lostSales), ("deliveredSameSession", \.deliveredSameSession),
         ("deliveredAfterRelaunch", \.deliveredAfterRelaunch), ("deliveredAfterReinstall", \.deliveredAfterReinstall),
         ("supportContacts", \.supportContacts), ("stuckModals", \.stuckModals), ("serverRequests", \.serverRequests),
         ("appleRequests", \.appleRequests), ("leakedRecords", \.leakedRecords), ("events", \.events), ("cappedRuns", \.cappedRuns),
         ("refundedUndelivered", \.refundedUndelivered), ("deliveredAfterRefund", \.deliveredAfterRefund)]
    }

    /// The counts; the delay histogram as [bucket, count] pairs and the fault and cause counts
    /// by name, zeros left out.
    var jsonValue: JSONValue {
        var fields = DesignTally.scalarFields.map { ($0.0, int(self[keyPath: $0.1])) }
        fields.append(("deliveryDelay", .array(deliveryDelay.counts.enumerated().filter { $0.element != 0 }.map {
            .array([int(Int64($0.offset)), int($0.element)])
        })))
        fields.append(("faults", object(FaultKind.allCases.filter { faultCounts[$0.rawValue] != 0 }.map { ($0.name, int(faultCounts[$0.rawValue])) })))
        var causes: [(String, JSONValue)] = []
        for outcome in Blemish.allCases {
            for cause in Cause.allCases where count(of: outcome, cause: cause) != 0 {
                causes.append(("\(outcome.name).\(cause.name)", int(count(of: outcome, cause: cause))))
            }
        }
        fields.append(("causes", object(causes)))
        return object(fields)
    }

    /// Every count must lie in 0...`ceiling`, the most the part's runs can make.
    static func read(_ reader: ObjectReader, ceiling: Int64) throws(ScenarioError) -> DesignTally {
        var tally = DesignTally()
        for (name, path) in scalarFields {
            // The refund counts came with issue 53: a part written before has none, and no refunds.
            if DesignTally.fieldsSinceRefunds.contains(name), try reader.optionalField(name) == nil { continue }
            tally[keyPath: path] = try reader.field(name).count(ceiling)
        }
        for pair in try reader.array("deliveryDelay") {
            let items = try pair.arrayValue()
            guard items.count == 2 else { throw pair.error("expected [bucket, count]") }
            let bucket = try items[0].integerValue(), count = try items[1].count(ceiling)
            guard bucket >= 0, bucket < Int64(DelayHistogram.bucketCount) else { throw pair.error("no such delay bucket") }
            guard tally.deliveryDelay.total <= ceiling - count else { throw pair.error("more delays than the part's runs can make") }
            tally.deliveryDelay.add(count, toBucket: Int(bucket))
        }
        for (name, value) in try reader.field("faults").objectFields() {
            guard let fault = FaultKind.allCases.first(where: { $0.name == name }) else { throw value.error("unknown fault '\(name)'") }
            tally.faultCounts[fault.rawValue] = try value.count(ceiling)
        }
        for (name, value) in try reader.field("causes").objectFields() {
            let pieces = name.split(separator: ".", maxSplits: 1).map(String.init)
            guard pieces.count == 2, let outcome = Blemish.allCases.first(where: { $0.name == pieces[0] }),
                  let cause = Cause.allCases.first(where: { $0.name == pieces[1] }) else {
                throw value.error("unknown outcome and cause '\(name)'")
            }
            tally.causeCounts[DesignTally.causeIndex(outcome, cause)] = try value.count(ceiling)
        }
        if let problem = tally.bookkeepingProblem { throw reader.error("the counts do not add up: \(problem)") }
        return tally
    }
}

private func int(_ value: Int64) -> JSONValue { .number(String(value)) }
private func int(_ value: Int) -> JSONValue { .number(String(value)) }
private func object(_ fields: [(String, JSONValue)]) -> JSONValue { .object(fields.map { ($0.0, $0.1, 0) }) }
