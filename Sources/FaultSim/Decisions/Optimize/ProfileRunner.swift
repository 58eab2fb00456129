import Policies

/// Extends designs' run profiles to a number of runs, simulating only the runs each lacks,
/// through the one run loop (`Runner.simulate`): the designs that lack the same runs form a
/// panel whose accumulator (`Recorder`) keeps each design's runs as profile slices. The
/// profiles never depend on the threads or their timing.
enum ProfileRunner {
    /// Designs simulated side by side at most. One: a design's world then stays in the cache
    /// for a whole chunk of runs, which is what makes a race fast (64 side by side ran a third
    /// slower); profiles need no run of two designs at once.
    static let groupSize = 1

    /// Extends `profiles[i]` (of `designs[i]`) to `prefix` runs, for every i in `which`.
    /// Returns the design-runs simulated.
    /// - Complexity: O(Σ missing runs · events per run).
    @discardableResult
    static func extend(_ profiles: inout [RunProfile], designs: [Design], which: [Int], to prefix: Int, scenario: Scenario,
                       jobs: Int, progress: ProgressCounter? = nil) -> Int64 {
        var simulated: Int64 = 0
        let behind = which.filter { profiles[$0].runs < prefix }
        // Designs that lack the same runs share a panel; the race extends a rung at a time, so
        // they usually all do.
        let starts = behind.map { profiles[$0].runs }.reduce(into: [Int]()) { if !$0.contains($1) { $0.append($1) } }.sorted()
        for start in starts {
            let members = behind.filter { profiles[$0].runs == start }
            for group in stride(from: 0, to: members.count, by: groupSize).map({ Array(members[$0..<min($0 + groupSize, members.count)]) }) {
                let slices = simulate(group.map { designs[$0] }, runs: start..<prefix, scenario: scenario, jobs: jobs, progress: progress)
                for (member, slice) in zip(group, slices) { profiles[member].append(slice) }
                simulated += Int64(group.count) * Int64(prefix - start)
            }
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
