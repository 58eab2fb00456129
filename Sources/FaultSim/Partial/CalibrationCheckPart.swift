/// A shard of `scripts/calibration-check`, the simulation-based check of `simrun calibrate`: the
/// truths it judged, one entry each as the script wrote them, under the header every part has.
/// The check is split by truth, so the header's `runs` are truth indices (truth k is run k − 1)
/// of the job's `totalRuns` truths; its fingerprint is the SHA-256 of the job's settings (`job`,
/// as `JSONWriter.write` renders it), checked again when read. `simrun merge` joins the parts
/// with the checks every merge makes, and the script renders the report from the merged part.
public struct CalibrationCheckPart: Sendable, Equatable {
    public var header: PartHeader
    /// The job's settings, as the script wrote them.
    public var job: JSONValue
    /// One entry per truth covered, in truth order; simrun reads only each one's `truth`.
    public var truths: [JSONValue]

    /// The file a part is written as: its JSON and a newline.
    public var fileText: String { JSONWriter.write(jsonValue) + "\n" }

    var jsonValue: JSONValue {
        let kind = PartKind.calibrationCheck
        return PartFile.sealed([
            ("format", .string(kind.format)), ("formatVersion", .number(String(kind.version))),
            ("tool", .string(header.tool)), ("model", .string(header.model)), ("seed", .number(String(header.seed))),
            ("totalRuns", .number(String(header.total))), ("designs", .array(header.designs.map { .string($0) })),
            ("contentHash", .string(header.contentHash)), ("shard", .string(header.shard.description)),
            ("runs", .object([("from", .number(String(header.covers.lowerBound)), 0), ("to", .number(String(header.covers.upperBound)), 0)])),
            ("job", job), ("truths", .array(truths)),
        ])
    }

    /// Reads a part (its version and `partHash` already checked by `PartFile`): one entry per
    /// truth its runs cover, numbered in order, and a job whose SHA-256 is its `contentHash`.
    public static func parse(_ file: PartFile) throws(ScenarioError) -> CalibrationCheckPart {
        let root = try file.reader(.calibrationCheck)
        let header = try PartHeader.read(root, unit: .truths)
        let entries = try root.array("truths")
        guard entries.count == header.covers.count else {
            throw try root.field("truths").error("expected \(Grouped.count(header.covers.count, "truth")), one per run the part covers")
        }
        for (offset, entry) in entries.enumerated() {
            let expected = header.covers.lowerBound + UInt64(offset) + 1
            guard try entry.integer("truth") == Int64(expected) else { throw try entry.field("truth").error("expected truth \(expected)") }
        }
        let job = try root.field("job").value
        guard SHA256.hex(JSONWriter.write(job)) == header.contentHash else { throw PartDesigns.edited(file.path, "job") }
        return CalibrationCheckPart(header: header, job: job, truths: entries.map(\.value))
    }

    /// The whole check from its shards: parts of one job (same versions, seed, truths, design and
    /// job settings) whose truths tile the job's, each once, their entries in truth order.
    /// - Complexity: O(parts log parts + truths).
    public static func merge(_ parts: [(file: String, part: CalibrationCheckPart)]) -> Result<CalibrationCheckPart, PartialResult.MergeError> {
        let checks = PartMerge.Checks<CalibrationCheckPart>(size: (.differentTotals, { "\($0.header.total) truths in all" }),
                                                            fingerprint: { "job \($0.header.contentHash.prefix(12))… \($0.job.oneLine)" })
        return PartMerge.ordered(parts, header: \.header, checks).flatMap { ordered -> Result<CalibrationCheckPart, PartialResult.MergeError> in
            var merged = ordered[0].part
            merged.truths = ordered.flatMap(\.part.truths)
            merged.header.shard = Shard(index: 0, count: 1)
            merged.header.covers = 0..<merged.header.total
            merged._checkInvariants()
            return .success(merged)
        }
    }

    /// One entry per truth the part covers, within the job's truths, split by truth.
    public func _checkInvariants() {
        invariant(truths.count == header.covers.count && header.covers.upperBound <= header.total,
                  "one entry per truth the part covers, within the job's")
        invariant(header.unit == .truths, "a calibration check is split by truth")
    }
}
