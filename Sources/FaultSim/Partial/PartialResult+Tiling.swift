/// The two checks every merge of parts makes, whatever the parts hold (a run or sweep's counts,
/// `PartialResult`; a weighted run's sums, `WeightedPart`): that they describe one job, and that
/// their runs cover the job's exactly once.
extension PartialResult {
    /// The first way `parts` differ where `checks` say they must agree (each describes what it
    /// compares), naming the first part and the first that differs; nil when they agree.
    static func firstDifference<Part>(_ parts: [(file: String, part: Part)],
                                      _ checks: [(MergeError.Problem, (Part) -> String)]) -> MergeError? {
        guard let first = parts.first else { return nil }
        for (problem, describe) in checks {
            let reference = describe(first.part)
            guard let other = parts.first(where: { describe($0.part) != reference }) else { continue }
            return MergeError(problem: problem, message: "cannot merge parts with \(problem.rawValue): \(first.file) has \(reference), "
                + "\(other.file) has \(describe(other.part))")
        }
        return nil
    }

    /// `parts` in order of their first run (then file name), or why their runs do not tile
    /// `0..<total` exactly once: an overlap or a gap, naming the files around it.
    /// - Complexity: O(parts log parts).
    static func tiling<Part>(_ parts: [(file: String, part: Part)], runs: (Part) -> Range<UInt64>,
                             total: UInt64) -> Result<[(file: String, part: Part)], MergeError> {
        let ordered = parts.sorted { runs($0.part).lowerBound != runs($1.part).lowerBound
            ? runs($0.part).lowerBound < runs($1.part).lowerBound : $0.file < $1.file }
        var covered: UInt64 = 0
        var previous: String?
        for entry in ordered {
            let range = runs(entry.part)
            if range.lowerBound < covered, let previous {
                return .failure(MergeError(problem: .overlap, message: "cannot merge overlapping runs: \(previous) and \(entry.file) "
                    + "both count runs \(range.lowerBound)..<\(min(covered, range.upperBound))"))
            }
            if range.lowerBound > covered {
                let after = previous.map { " (after \($0), before \(entry.file))" } ?? " (before \(entry.file))"
                return .failure(MergeError(problem: .missing, message: "cannot merge: runs \(covered)..<\(range.lowerBound) are in no part\(after)"))
            }
            covered = max(covered, range.upperBound)
            previous = entry.file
        }
        if covered < total {
            return .failure(MergeError(problem: .missing, message: "cannot merge: runs \(covered)..<\(total) of "
                + "\(total) are in no part (the last is \(previous ?? parts.first?.file ?? "none"))"))
        }
        return .success(ordered)
    }
}
