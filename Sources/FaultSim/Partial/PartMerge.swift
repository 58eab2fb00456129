/// The one skeleton of every merge of parts, whatever they hold: that they describe one job
/// (`firstDifference` over their headers and the kind's own checks), and that they cover the
/// job exactly once (`tiling`, of runs or of shards). Only then does each kind add its payload:
/// counts (`PartialResult.merge`), exact sums (`WeightedPart.merge`), settings (`RobustResult.merge`).
enum PartMerge {
    typealias MergeError = PartialResult.MergeError
    /// A field parts of one job must agree on: the problem when they do not, and the field as text.
    typealias Check<Part> = (MergeError.Problem, (Part) -> String)

    /// What a kind checks beside the header, each where a refusal should name it first.
    struct Checks<Part> {
        /// Of the job's shape, before its seed (a run or a sweep).
        var job: [Check<Part>] = []
        /// Its size: the runs in all, or per setting.
        var size: Check<Part>
        /// Of its settings, after its designs (a robust job's guesses and points).
        var settings: [Check<Part>] = []
        /// The job's fingerprint as the kind describes it.
        var fingerprint: (Part) -> String
    }

    /// `parts` in the order they cover the job, after checking they are one job's (same versions,
    /// seed, size, designs and fingerprint, and for parts split by shards, shard count) and cover
    /// it exactly once; or why not, naming the files.
    /// - Complexity: O(parts · checks + parts log parts).
    static func ordered<Part>(_ parts: [(file: String, part: Part)], header: @escaping (Part) -> PartHeader,
                              _ kind: Checks<Part>) -> Result<[(file: String, part: Part)], MergeError> {
        guard let first = parts.first else { return .failure(MergeError(problem: .noParts, message: "no partial results to merge")) }
        var checks: [Check<Part>] = [(.differentVersions, { "simrun \(header($0).tool) (model \(header($0).model))" })]
        checks += kind.job
        checks += [(.differentSeeds, { "seed \(header($0).seed)" }), kind.size,
                   (.differentDesigns, { "designs \(header($0).designs.joined(separator: ","))" })]
        checks += kind.settings
        checks.append((.differentScenarios, kind.fingerprint))
        if header(first.part).unit == .shards { checks.append((.differentShardCounts, { "\(header($0).shard.count) shards" })) }
        if let error = firstDifference(parts, checks) { return .failure(error) }
        return tiling(parts, header: header)
    }

    /// The first way `parts` differ where `checks` say they must agree (each describes what it
    /// compares), naming the first part and the first that differs; nil when they agree.
    static func firstDifference<Part>(_ parts: [(file: String, part: Part)], _ checks: [Check<Part>]) -> MergeError? {
        guard let first = parts.first else { return nil }
        for (problem, describe) in checks {
            let reference = describe(first.part)
            guard let other = parts.first(where: { describe($0.part) != reference }) else { continue }
            return MergeError(problem: problem, message: "cannot merge parts with \(problem.rawValue): \(first.file) has \(reference), "
                + "\(other.file) has \(describe(other.part))")
        }
        return nil
    }

    /// `parts` in order of what they cover (then file name), or why they do not tile the job
    /// exactly once: an overlap or a gap, naming the files around it.
    /// - Complexity: O(parts log parts).
    static func tiling<Part>(_ parts: [(file: String, part: Part)],
                             header: (Part) -> PartHeader) -> Result<[(file: String, part: Part)], MergeError> {
        let ordered = parts.sorted { header($0.part).covers.lowerBound != header($1.part).covers.lowerBound
            ? header($0.part).covers.lowerBound < header($1.part).covers.lowerBound : $0.file < $1.file }
        guard let first = ordered.first else { return .success([]) }
        let total = header(first.part).total, unit = header(first.part).unit
        var covered: UInt64 = 0
        var previous: String?
        for entry in ordered {
            let range = header(entry.part).covers
            if range.lowerBound < covered, let previous {
                return .failure(overlap(unit, previous, entry.file, range.lowerBound..<min(covered, range.upperBound), of: total))
            }
            if range.lowerBound > covered {
                return .failure(gap(unit, covered..<range.lowerBound, of: total, after: previous, before: entry.file))
            }
            covered = max(covered, range.upperBound)
            previous = entry.file
        }
        if covered < total { return .failure(gap(unit, covered..<total, of: total, after: previous ?? first.file, before: nil)) }
        return .success(ordered)
    }

    private static func overlap(_ unit: PartHeader.Unit, _ one: String, _ other: String, _ both: Range<UInt64>,
                                of total: UInt64) -> MergeError {
        switch unit {
        case .runs:
            MergeError(problem: .overlap, message: "cannot merge overlapping runs: \(one) and \(other) both count \(named(both, unit))")
        case .truths:
            MergeError(problem: .overlap, message: "cannot merge overlapping truths: \(one) and \(other) both hold \(named(both, unit))")
        case .shards:
            MergeError(problem: .overlap, message: "cannot merge overlapping parts: \(one) and \(other) are both shard "
                + "\(both.lowerBound + 1)/\(total)")
        }
    }

    private static func gap(_ unit: PartHeader.Unit, _ missing: Range<UInt64>, of total: UInt64, after: String?,
                            before: String?) -> MergeError {
        guard unit != .shards else {
            return MergeError(problem: .missing, message: "cannot merge: shard \(missing.lowerBound + 1)/\(total) is in no part")
        }
        guard let before else {
            return MergeError(problem: .missing, message: "cannot merge: \(named(missing, unit)) of \(total) are in no part "
                + "(the last is \(after ?? "none"))")
        }
        let around = after.map { " (after \($0), before \(before))" } ?? " (before \(before))"
        return MergeError(problem: .missing, message: "cannot merge: \(named(missing, unit)) are in no part\(around)")
    }

    /// `range` as a person names it: run indices as a range from 0, truths by their numbers from 1.
    private static func named(_ range: Range<UInt64>, _ unit: PartHeader.Unit) -> String {
        unit == .truths ? "truths \(range.lowerBound + 1) to \(range.upperBound)" : "runs \(range)"
    }
}

extension PartMerge {
    /// The first count, among `parts`' counts (each part's in the same order, by name), that is
    /// negative or whose sum over the parts overflows an `Int64`: its part's file, its name, why.
    /// - Complexity: O(parts · counts).
    static func unsummable(_ parts: [(file: String, counts: [(String, Int64)])]) -> (file: String, name: String, why: String)? {
        guard let first = parts.first else { return nil }
        var sums = [Int64](repeating: 0, count: first.counts.count)
        for part in parts {
            invariant(part.counts.count == sums.count, "parts of one job count the same things")
            for (index, (name, count)) in part.counts.enumerated() {
                guard count >= 0 else { return (part.file, name, "is negative (\(count))") }
                let (sum, overflow) = sums[index].addingReportingOverflow(count)
                guard !overflow else { return (part.file, name, "adds up past \(Int64.max) over the parts") }
                sums[index] = sum
            }
        }
        return nil
    }
}
