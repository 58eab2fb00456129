/// Merging the shards of one job: every count added, after checking that the parts belong
/// together and cover the job's runs exactly once.
extension PartialResult {
    /// Why parts cannot be merged, naming the files.
    public struct MergeError: Error, Sendable, Equatable, CustomStringConvertible {
        public enum Problem: String, Sendable {
            case noParts = "no parts"
            case differentVersions = "different versions"
            case differentKinds = "different kinds of job"
            case differentSeeds = "different seeds"
            case differentTotals = "different run counts"
            case differentDesigns = "different designs"
            /// Robust parts: the guesses moved, Latin-hypercube points or crossover steps.
            case differentSettings = "different settings"
            case differentScenarios = "different scenarios"
            /// Robust parts: shards of splits into different numbers of shares.
            case differentShardCounts = "different shard counts"
            case overlap = "overlapping runs"
            case missing = "missing runs"
        }

        public let problem: Problem
        public let message: String
        public var description: String { message }
    }

    /// The sum of `parts` (file name, result), which must be shards of one job (same versions,
    /// kind, seed, total runs, designs and content) whose run ranges tile `0..<totalRuns`. The
    /// result is the whole job, as one unsharded run would have counted it.
    /// - Complexity: O(parts · designs² · values) after sorting the parts by their first run.
    public static func merge(_ parts: [(file: String, result: PartialResult)]) -> Result<PartialResult, MergeError> {
        guard let first = parts.first else { return .failure(MergeError(problem: .noParts, message: "no partial results to merge")) }
        func differ(_ problem: MergeError.Problem, _ describe: (PartialResult) -> String) -> MergeError? {
            let reference = describe(first.result)
            guard let other = parts.first(where: { describe($0.result) != reference }) else { return nil }
            return MergeError(problem: problem, message: "cannot merge parts with \(problem.rawValue): \(first.file) has \(reference), "
                + "\(other.file) has \(describe(other.result))")
        }
        let checks: [(MergeError.Problem, (PartialResult) -> String)] = [
            (.differentVersions, { "simrun \($0.tool) (model \($0.model))" }),
            (.differentKinds, { $0.kind.name + (kindDetail($0.kind)) }),
            (.differentSeeds, { "seed \($0.seed)" }),
            (.differentTotals, { "\($0.totalRuns) runs in all" }),
            (.differentDesigns, { "designs \($0.designs.joined(separator: ","))" }),
            (.differentScenarios, { "scenario content \($0.contentHash.prefix(12))… (\($0.parts.map(\.name).joined(separator: ",")))" }),
        ]
        for (problem, describe) in checks {
            if let error = differ(problem, describe) { return .failure(error) }
        }

        let ordered = parts.sorted { $0.result.runs.lowerBound != $1.result.runs.lowerBound
            ? $0.result.runs.lowerBound < $1.result.runs.lowerBound : $0.file < $1.file }
        var covered: UInt64 = 0
        var previous: String?
        for part in ordered {
            let runs = part.result.runs
            if runs.lowerBound < covered, let previous {
                return .failure(MergeError(problem: .overlap, message: "cannot merge overlapping runs: \(previous) and \(part.file) "
                    + "both count runs \(runs.lowerBound)..<\(min(covered, runs.upperBound))"))
            }
            if runs.lowerBound > covered {
                let after = previous.map { " (after \($0), before \(part.file))" } ?? " (before \(part.file))"
                return .failure(MergeError(problem: .missing, message: "cannot merge: runs \(covered)..<\(runs.lowerBound) are in no part\(after)"))
            }
            covered = max(covered, runs.upperBound)
            previous = part.file
        }
        if covered < first.result.totalRuns {
            return .failure(MergeError(problem: .missing, message: "cannot merge: runs \(covered)..<\(first.result.totalRuns) of "
                + "\(first.result.totalRuns) are in no part (the last is \(previous ?? first.file))"))
        }

        var merged = first.result
        merged.shard = Shard(index: 0, count: 1)
        merged.runs = 0..<first.result.totalRuns
        for index in merged.parts.indices {
            var tallies = [DesignTally](repeating: DesignTally(), count: merged.designs.count)
            var pairs = PairedLosses(designs: merged.designs.count)
            for part in ordered {
                for design in tallies.indices { tallies[design].merge(part.result.parts[index].tallies[design]) }
                pairs.merge(part.result.parts[index].pairs)
            }
            for tally in tallies { tally._checkInvariants() }
            merged.parts[index].tallies = tallies
            merged.parts[index].pairs = pairs
        }
        return .success(merged)
    }

    private static func kindDetail(_ kind: Kind) -> String {
        guard case .sweep(_, let labels, let logX) = kind else { return "" }
        return " (\(labels.joined(separator: ","))\(logX ? ", log" : ""))"
    }
}
