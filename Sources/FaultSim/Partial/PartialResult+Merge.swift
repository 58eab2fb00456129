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
            /// A count negative, or a sum past what an `Int64` or `ExactSum` holds.
            case outOfRange = "counts out of range"
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
        let checks = PartMerge.Checks<PartialResult>(job: [(.differentKinds, { $0.kind.name + kindDetail($0.kind) })],
                                                     size: (.differentTotals, { "\($0.totalRuns) runs in all" }),
                                                     fingerprint: { "scenario content \($0.contentHash.prefix(12))… (\($0.parts.map(\.name).joined(separator: ",")))" })
        return PartMerge.ordered(parts.map { (file: $0.file, part: $0.result) }, header: \.header, checks).flatMap { ordered -> Result<PartialResult, MergeError> in
            if let error = outOfRange(ordered) { return .failure(error) }
            var merged = ordered[0].part
            merged.shard = Shard(index: 0, count: 1)
            merged.runs = 0..<merged.totalRuns
            for index in merged.parts.indices {
                var tallies = [DesignTally](repeating: DesignTally(), count: merged.designs.count)
                var pairs = PairedLosses(designs: merged.designs.count)
                for part in ordered {
                    for design in tallies.indices { tallies[design].merge(part.part.parts[index].tallies[design]) }
                    pairs.merge(part.part.parts[index].pairs)
                }
                merged.parts[index].tallies = tallies
                merged.parts[index].pairs = pairs
            }
            merged._checkInvariants()
            return .success(merged)
        }
    }

    /// The first count of `parts` that is negative, or whose sum over the parts an `Int64`
    /// cannot hold, checked before anything is added: an error naming the file, the scenario,
    /// the design and the count, never an overflow trap. Parts read from files cannot fail it
    /// (each count is at most its runs' `World.maxEventsPerRun`); parts made in memory can.
    /// - Complexity: O(parts · scenarios · designs · counts).
    static func outOfRange(_ parts: [(file: String, part: PartialResult)]) -> MergeError? {
        let first = parts[0].part
        for (index, scenario) in first.parts.enumerated() {
            for (design, name) in first.designs.enumerated() {
                let counts = parts.map { (file: $0.file, counts: $0.part.parts[index].tallies[design].namedCounts
                    + $0.part.parts[index].pairs.namedCounts(of: design)) }
                if let problem = PartMerge.unsummable(counts) {
                    return MergeError(problem: .outOfRange, message: "cannot merge: \(problem.file): scenario \(scenario.name), design \(name): "
                        + "\(problem.name) \(problem.why)")
                }
            }
        }
        return nil
    }

    private static func kindDetail(_ kind: Kind) -> String {
        guard case .sweep(_, let labels, let logX) = kind else { return "" }
        return " (\(labels.joined(separator: ","))\(logX ? ", log" : ""))"
    }
}
