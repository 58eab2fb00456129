import Policies

/// Extends designs' run profiles to a number of runs, simulating only the runs each lacks,
/// through the one run loop (`Runner.simulate`), in stages (`Runner.inStages`): a design's
/// runs are one slice of its profile per stage, so it has its totals at every stage it passed.
/// The accumulator (`Recorder`) keeps each design's runs as profile slices. The profiles never
/// depend on the threads or their timing.
enum ProfileRunner {
    /// Extends `profiles[i]` (of `designs[i]`) through each of `ends` in turn, for every i in
    /// `which`: a stage at or below the runs a profile holds adds nothing to it. One design at a
    /// time: a design's world then stays in the cache for a whole chunk of runs, which is what
    /// makes a race fast (64 designs side by side ran a third slower); profiles need no run of
    /// two designs at once. Returns the design-runs simulated.
    /// - Complexity: O(Σ missing runs · events per run).
    @discardableResult
    static func extend(_ profiles: inout [RunProfile], designs: [Design], which: [Int], through ends: some Collection<Int>,
                       scenario: Scenario, jobs: Int, progress: ProgressCounter? = nil) -> Int64 {
        var simulated: Int64 = 0
        for member in which {
            let reached = Runner.inStages(ends, from: profiles[member].runs) { runs, _ in
                let slice = simulate([designs[member]], runs: runs, scenario: scenario, jobs: jobs, progress: progress)[0]
                profiles[member].append(slice)
                simulated += Int64(runs.count)
                return true
            }
            invariant(profiles[member].runs == reached, "design \(member)'s profile holds the runs simulated for it")
        }
        return simulated
    }

    /// Runs `runs` of `designs` side by side, each design's runs as one slice of its profile.
    /// Chunks are small enough that a short range (a first rung of 1,000 runs) still keeps
    /// every thread busy; the chunk size never changes the result.
    static func simulate(_ designs: [Design], runs: Range<Int>, scenario: Scenario, jobs: Int, progress: ProgressCounter?) -> [RunProfile.Slice] {
        let count = designs.count
        let chunk = max(64, min(Runner.defaultChunkSize, runs.count / max(1, jobs * 4)))
        let (tallies, recorder, _) = Runner.simulate(scenario: scenario, designs: designs, runs: UInt64(runs.lowerBound)..<UInt64(runs.upperBound),
                                                     jobs: jobs, chunkSize: chunk, progress: progress) { Recorder(designs: count) }
        return designs.indices.map { index in
            var slice = recorder.slice(of: index, first: runs.lowerBound)
            slice.intents = tallies[index].intents
            slice.objectives = Outcome.objectives.map { $0.total(tallies[index]) }
            return slice
        }
    }

    /// The run loop's accumulator for profiles: each design's runs as pieces of slices, one
    /// piece per stretch of consecutive runs a worker recorded; joined in run order at the end.
    struct Recorder: RunAccumulator {
        /// `pieces[design]`, in the order recorded.
        private var pieces: [[RunProfile.Slice]]

        init(designs: Int) { pieces = Array(repeating: [], count: designs) }

        mutating func record(run: UInt64, masks: [OutcomeMasks], requests: [Int64]) {
            let run = Int(run)
            for design in pieces.indices {
                if pieces[design].last?.end != run { pieces[design].append(RunProfile.Slice(first: run)) }
                pieces[design][pieces[design].count - 1].add(run, mask: masks[design], requests: requests[design])
            }
        }

        mutating func merge(_ other: Recorder) {
            for design in pieces.indices { pieces[design] += other.pieces[design] }
        }

        /// Design `design`'s runs from `first` on, as one slice (its pieces joined in run order).
        func slice(of design: Int, first: Int) -> RunProfile.Slice {
            var slice = RunProfile.Slice(first: first)
            for piece in pieces[design].sorted(by: { $0.first < $1.first }) { slice.join(piece) }
            return slice
        }
    }
}
