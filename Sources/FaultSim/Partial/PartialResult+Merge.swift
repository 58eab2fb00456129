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
        let entries = parts.map { (file: $0.file, part: $0.result) }
        let checks: [(MergeError.Problem, (PartialResult) -> String)] = [
            (.differentVersions, { "simrun \($0.tool) (model \($0.model))" }),
            (.differentKinds, { $0.kind.name + (kindDetail($0.kind)) }),
            (.differentSeeds, { "seed \($0.seed)" }),
            (.differentTotals, { "\($0.totalRuns) runs in all" }),
            (.differentDesigns, { "designs \($0.designs.joined(separator: ","))" }),
            (.differentScenarios, { "scenario content \($0.contentHash.prefix(12))… (\($0.parts.map(\.name).joined(separator: ",")))" }),
        ]
        if let error = firstDifference(entries, checks) { return .failure(error) }
        let ordered: [(file: String, part: PartialResult)]
        switch tiling(entries, runs: \.runs, total: first.result.totalRuns) {
        case .success(let tiled): ordered = tiled
        case .failure(let error): return .failure(error)
        }

        var merged = first.result
        merged.shard = Shard(index: 0, count: 1)
        merged.runs = 0..<first.result.totalRuns
        for index in merged.parts.indices {
            var tallies = [DesignTally](repeating: DesignTally(), count: merged.designs.count)
            var pairs = PairedLosses(designs: merged.designs.count)
            for part in ordered {
                for design in tallies.indices { tallies[design].merge(part.part.parts[index].tallies[design]) }
                pairs.merge(part.part.parts[index].pairs)
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
