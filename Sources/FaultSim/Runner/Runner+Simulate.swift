import Dispatch
import Policies

extension Runner {
    /// The one run loop: every simulation of many runs goes through here. Runs `runs` of
    /// `scenario` for each design on `jobs` threads, each run of every design before the next
    /// run, hands each run's outcomes to an accumulator (`RunAccumulator`), and returns each
    /// design's tally and the accumulators merged, and each design's tallies by segment
    /// (`segments[d][s]`, in `Scenario.segmentNames` order: one, the tally, without segments).
    ///
    /// Run `i` depends only on (seed, i): every design sees the same worlds (common random
    /// numbers), and each design runs through its `DesignWorlds` (a StoreKit 2 design's runs
    /// below iOS 15 are its `olderOSDesign`'s). Worker `w` takes chunks w, w + jobs, … of
    /// `chunkSize` runs (`ChunkPlan`); the workers' tallies and accumulators merge in worker
    /// order, so the result never depends on `jobs` or `chunkSize`. `progress` counts finished
    /// runs, once per chunk. Each segment's runs are simulated by its own worlds
    /// (`DesignWorlds`), so the split costs the loop nothing: the worlds' tallies are it.
    /// With `bias`, every world draws from importance sampling's biased world (`FaultBias`):
    /// the tallies then count the biased runs as they happened, and only the accumulator's
    /// weighted sums (`WeightedPanel`) estimate the nominal world.
    /// - Complexity: O(|runs| · (|designs| · events per run + the accumulator's work per run)).
    public static func simulate<Accumulator: RunAccumulator>(
        scenario: Scenario, designs: [Design], runs: Range<UInt64>, jobs: Int, chunkSize: Int = defaultChunkSize,
        progress: ProgressCounter? = nil, bias: FaultBias? = nil, into makeAccumulator: @Sendable () -> Accumulator
    ) -> (tallies: [DesignTally], accumulated: Accumulator, segments: [[DesignTally]]) {
        let plan = ChunkPlan(runs: runs, jobs: jobs, chunkSize: chunkSize)
        let collector = WorkerResults<(segments: [[DesignTally]], accumulated: Accumulator)>(workers: plan.workers)
        DispatchQueue.concurrentPerform(iterations: plan.workers) { worker in
            var worlds = designs.map { DesignWorlds(scenario: scenario, design: $0) }
            if let bias {
                // Weighted runs keep their verdicts: a lost order's weight goes to its cause.
                for index in worlds.indices {
                    worlds[index].bias = bias
                    worlds[index].recordsVerdicts = true
                }
            }
            var accumulator = makeAccumulator()
            var masks = [OutcomeMasks](repeating: OutcomeMasks(), count: designs.count)
            var requests = [Int64](repeating: 0, count: designs.count)
            var before = [Int64](repeating: 0, count: designs.count)
            // A loop over the chunks rather than `forEachChunk`'s closure: once the panel's record
            // took the weighted branch, the optimizer kept that closure apart and the run loop
            // inside it retained and released its captures every run (+207 instructions a run).
            for chunk in plan.chunks(of: worker) {
                for run in chunk {
                    for index in worlds.indices {
                        worlds[index].run(run)
                        masks[index] = worlds[index].outcomeMasks
                        let now = worlds[index].serverRequestsSoFar
                        requests[index] = now - before[index]
                        before[index] = now
                    }
                    accumulator.record(run: run, masks: masks, requests: requests, worlds: worlds)
                }
                progress?.add(chunk.count)
            }
            collector.store(worker: worker, (worlds.map(\.segmentTallies), accumulator))
        }
        let empty = [DesignTally](repeating: DesignTally(), count: scenario.segments.count + 1)
        var segments = [[DesignTally]](repeating: empty, count: designs.count)
        var accumulated = makeAccumulator()
        for part in collector.results {
            // A segment a worker never reached counted nothing: merging it would change no count,
            // but would give each of (say) 10,000 segments' tallies their own buffers.
            for index in segments.indices {
                for segment in empty.indices where part.segments[index][segment].runs > 0 {
                    segments[index][segment].merge(part.segments[index][segment])
                }
            }
            accumulated.merge(part.accumulated)
        }
        let tallies = segments.map { parts in parts.dropFirst().reduce(into: parts[0]) { $0.merge($1) } }
        for tally in tallies { tally._checkInvariants() }
        return (tallies, accumulated, segments)
    }
}
