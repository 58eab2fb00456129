import Dispatch
import Policies
import Synchronization

/// Extends designs' run profiles to a number of runs, simulating only the runs each lacks, on
/// worker threads. The work is cut into units of at most `chunkSize` runs of one design; a
/// worker takes the next unit from a shared counter, and each unit's result lands in its own
/// slot, joined in unit order: the profiles never depend on the threads or their timing.
enum ProfileRunner {
    static let chunkSize = 2_048

    /// Extends `profiles[i]` (of `designs[i]`) to `prefix` runs, for every i in `which`.
    /// Returns the design-runs simulated.
    /// - Complexity: O(Σ missing runs · events per run).
    @discardableResult
    static func extend(_ profiles: inout [RunProfile], designs: [Design], which: [Int], to prefix: Int, scenario: Scenario,
                       jobs: Int, progress: ProgressCounter? = nil) -> Int64 {
        var units: [(member: Int, runs: Range<Int>)] = []
        for member in which where profiles[member].runs < prefix {
            var start = profiles[member].runs
            while start < prefix {
                let end = min(prefix, start + chunkSize)
                units.append((member, start..<end))
                start = end
            }
        }
        guard !units.isEmpty else { return 0 }
        let work = units
        let slots = WorkerResults<RunProfile.Slice>(workers: units.count)
        let next = Atomic<Int>(0)
        let workers = max(1, min(jobs, units.count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let unit = next.add(1, ordering: .relaxed).oldValue
                guard unit < work.count else { return }
                let (member, runs) = work[unit]
                slots.store(worker: unit, simulate(designs[member], runs: runs, scenario: scenario))
                progress?.add(runs.count)
            }
        }
        var pending: [Int: RunProfile.Slice] = [:]
        for (unit, slice) in slots.results.enumerated() {
            let member = units[unit].member
            if var joined = pending[member] {
                joined.join(slice)
                pending[member] = joined
            } else {
                pending[member] = slice
            }
        }
        for member in which { if let slice = pending[member] { profiles[member].append(slice) } }
        return Int64(units.reduce(0) { $0 + $1.runs.count })
    }

    /// Runs `runs` of `design`, as one slice of its profile.
    static func simulate(_ design: Design, runs: Range<Int>, scenario: Scenario) -> RunProfile.Slice {
        var worlds = DesignWorlds(scenario: scenario, design: design)
        var slice = RunProfile.Slice(first: runs.lowerBound)
        slice.requests.reserveCapacity(runs.count)
        var before: Int64 = 0
        for run in runs {
            worlds.run(UInt64(run))
            let now = worlds.serverRequestsSoFar
            let count = now - before
            before = now
            if count >= Int64(UInt16.max) {
                slice.requests.append(UInt16.max)
                slice.wideRequests.append((run, count))
            } else {
                slice.requests.append(UInt16(count))
            }
            let mask = worlds.outcomeMasks
            if mask.blemished != 0 {
                slice.blemishedRuns.append(run)
                slice.masks.append(mask)
            }
        }
        let tally = worlds.tally
        slice.intents = tally.intents
        slice.objectives = Outcome.objectives.map { $0.total(tally) }
        return slice
    }
}
