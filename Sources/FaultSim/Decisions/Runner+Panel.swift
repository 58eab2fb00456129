import Dispatch
import Policies

extension Runner {
    /// Simulates runs `runs` of `scenario` for every design and compares the pairs `pairs`
    /// names on every objective, run by run (common random numbers). The result does not depend
    /// on `jobs` or `chunkSize`: it is integer counts merged in worker order.
    /// - Complexity: O(|runs| · (|designs| · events per run + pairs compared)).
    public static func panel(
        scenario: Scenario, designs: [Design], pairs: PanelPairs, runs: Range<UInt64>, jobs: Int,
        chunkSize: Int = defaultChunkSize, progress: ProgressCounter? = nil
    ) -> PanelResult {
        let plan = ChunkPlan(runs: runs, jobs: jobs, chunkSize: chunkSize)
        let collector = WorkerResults<PanelResult>(workers: plan.workers)
        DispatchQueue.concurrentPerform(iterations: plan.workers) { worker in
            var worlds = designs.map { DesignWorlds(scenario: scenario, design: $0) }
            var result = PanelResult(designs: designs.count, pairs: pairs)
            let blank = OutcomeMasks(lost: 0, misdelivered: 0, duplicated: 0, notCharged: 0)
            var masks = [OutcomeMasks](repeating: blank, count: designs.count)
            var requests = [Int64](repeating: 0, count: designs.count)
            var before = [Int64](repeating: 0, count: designs.count)
            plan.forEachChunk(of: worker) { chunk in
                for run in chunk {
                    for index in worlds.indices {
                        worlds[index].run(run)
                        masks[index] = worlds[index].outcomeMasks
                        let now = worlds[index].serverRequestsSoFar
                        requests[index] = now - before[index]
                        before[index] = now
                    }
                    result.record(masks: masks, requests: requests)
                }
                progress?.add(chunk.count)
            }
            for index in worlds.indices { result.setTally(worlds[index].tally, of: index) }
            collector.store(worker: worker, result)
        }
        var merged = PanelResult(designs: designs.count, pairs: pairs)
        for part in collector.results { merged.merge(part) }
        for tally in merged.tallies { tally._checkInvariants() }
        return merged
    }
}
