/// What holds of a weighted part, a shard's or a merged job's, and the range check its merge
/// makes before adding anything.
extension WeightedPart {
    /// Every sum of the part: each design's, then the panel's pairwise products and fourth powers.
    private var exactSums: [(String, ExactSum)] {
        var sums: [(String, ExactSum)] = []
        for (index, design) in panel.designs.enumerated() {
            sums += [("sums[\(index)].weights", design.weights), ("sums[\(index)].weightSquares", design.weightSquares)]
            let lists = [("sums", design.sums), ("squares", design.squares), ("fourths", design.fourths),
                         ("lostCauses", design.lostCauses), ("firings", design.firings)]
            for (name, list) in lists { sums += list.enumerated().map { ("sums[\(index)].\(name)[\($0.offset)]", $0.element) } }
        }
        sums += panel.products.enumerated().map { ("products[\($0.offset)]", $0.element) }
        sums += panel.differenceFourths.enumerated().map { ("differenceFourths[\($0.offset)]", $0.element) }
        return sums
    }

    /// Every count of the part by name: runs, intents, each design's event runs and nominal counts.
    private var counts: [(String, Int64)] {
        var counts: [(String, Int64)] = [("panelRuns", panel.runs)]
        counts += intents.enumerated().map { ("intents[\($0.offset)]", $0.element) }
        for (index, design) in panel.designs.enumerated() {
            counts += design.eventRuns.enumerated().map { ("sums[\(index)].eventRuns[\($0.offset)]", $0.element) }
            counts.append(("sums[\(index)].nominalRuns", design.nominalRuns))
            counts += design.nominalCounts.enumerated().map { ("sums[\(index)].nominalCounts[\($0.offset)]", $0.element) }
        }
        return counts
    }

    /// The first sum of `parts` past what its part's runs can add (`Bounds`: at most 64 intents
    /// a run, each term below 2^74), or count negative or overflowing over the parts: checked
    /// before anything is added, so a part made in memory (a file's are checked as read) gives
    /// an error naming it, never an overflow trap. Within the bounds, parts tiling a job of at
    /// most 10^12 runs add up below 2^120, far from `ExactSum`'s 2^128.
    /// - Complexity: O(parts · designs² · outcomes).
    static func outOfRange(_ parts: [(file: String, part: WeightedPart)]) -> PartialResult.MergeError? {
        for (file, part) in parts {
            guard part.totalRuns <= UInt64(Scenario.maxRuns) else {
                return PartialResult.MergeError(problem: .outOfRange, message: "cannot merge: \(file): more than \(Scenario.maxRuns) runs")
            }
            let addends = UInt64(part.runs.count) * UInt64(Bounds.intentsPerRun)
            if let (name, _) = part.exactSums.first(where: { !$0.1.isBelow(addends: addends) }) {
                return PartialResult.MergeError(problem: .outOfRange, message: "cannot merge: \(file): \(name) is more than "
                    + "\(part.runs.count) runs of at most \(Bounds.intentsPerRun) intents can add (each term is below 2^74)")
            }
        }
        if let problem = PartMerge.unsummable(parts.map { (file: $0.file, counts: $0.part.counts) }) {
            return PartialResult.MergeError(problem: .outOfRange, message: "cannot merge: \(problem.file): \(problem.name) \(problem.why)")
        }
        return nil
    }

    /// One intent count and one design's sums per design; the panel counted the part's runs; in
    /// debug builds, no count is negative and every sum is within what the part's runs can add.
    public func _checkInvariants() {
        invariant(intents.count == designs.count && panel.designs.count == designs.count, "one intent count and one sum per design")
        invariant(panel.runs == Int64(runs.count) && runs.upperBound <= totalRuns, "the panel counted the part's runs, within the job's")
        #if DEBUG
        invariant(counts.allSatisfy { $0.1 >= 0 }, "a negative count")
        let addends = UInt64(runs.count) * UInt64(Bounds.intentsPerRun)
        invariant(exactSums.allSatisfy { $0.1.isBelow(addends: addends) }, "a sum past what the part's runs can add")
        #endif
    }
}
