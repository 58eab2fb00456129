@testable import FaultSim
import Policies
import Testing

@Suite("Determinism")
struct DeterminismTests {
    /// Thread count and chunk size decide only who computes which run, never a result. The
    /// quick suite splits 2,000 runs (still 2,000 chunks of one run, 21 of 97), the full one 6,000.
    @Test("Byte-identical CSV for --jobs 1, 2, 5 and 7 and any chunk size")
    func sameCSVForAnyParallelism() {
        var scenario = Scenario()
        scenario.name = "default"
        let designs = TestDesigns.all
        let runs = TestScale.pick(quick: UInt64(2_000), full: 6_000)
        let reference = csv(scenario, designs: designs, tallies: simulate(scenario, designs: designs, runs: runs, jobs: 1))
        for (jobs, chunk) in [(2, 4_096), (5, 97), (7, 333), (2, 1), (5, 1_000)] {
            let other = csv(scenario, designs: designs,
                            tallies: simulate(scenario, designs: designs, runs: runs, jobs: jobs, chunkSize: chunk))
            #expect(other == reference, "jobs \(jobs), chunk size \(chunk) changed the CSV")
        }
    }

    @Test("A run's tally is the same alone as inside a bulk run")
    func runAloneEqualsItsShare() {
        let scenario = Scenario()
        var bulk = World(scenario: scenario, design: .seed000V1_2)
        var previous = DesignTally()
        for run in UInt64(0)..<300 {
            bulk.run(run)
            var alone = World(scenario: scenario, design: .seed000V1_2)
            alone.run(run)
            #expect(alone.tally.lost == bulk.tally.lost - previous.lost, "run \(run)")
            #expect(alone.tally.events == bulk.tally.events - previous.events, "run \(run)")
            #expect(alone.tally.faultCounts.indices.allSatisfy {
                alone.tally.faultCounts[$0] == bulk.tally.faultCounts[$0] - previous.faultCounts[$0]
            }, "run \(run)")
            previous = bulk.tally
        }
    }

    @Test("A replayed run draws exactly the same numbers: fingerprints match, traced or not")
    func fingerprintsMatch() {
        let scenario = Scenario()
        for design in TestDesigns.all {
            var first = World(scenario: scenario, design: design)
            first.recordsVerdicts = true
            first.recordsFingerprint = true
            var second = World(scenario: scenario, design: design)
            second.recordsVerdicts = true
            second.recordsFingerprint = true
            second.tracing = true
            for run in UInt64(0)..<300 {
                first.run(run)
                second.run(run)
                #expect(first.lastRunFingerprint == second.lastRunFingerprint, "\(design.name) run \(run)")
            }
        }
    }

    /// The world's run arrays share one uniqueness check (`World.reset`): a copy taken between
    /// runs must still behave as a value, whichever copy runs first.
    @Test("A copy of a world is a value: both copies run as fresh worlds do")
    func worldCopiesAreValues() {
        let scenario = Scenario()
        for design in TestDesigns.all.prefix(4) {
            var original = World(scenario: scenario, design: design)
            original.recordsVerdicts = true
            original.recordsFingerprint = true
            for run in UInt64(0)..<20 { original.run(run) }
            var copy = original
            var fresh = World(scenario: scenario, design: design)
            fresh.recordsVerdicts = true
            fresh.recordsFingerprint = true
            for run in UInt64(20)..<60 {
                // Alternate which copy runs first, so each takes private storage in turn.
                if run % 2 == 0 { copy.run(run); original.run(run + 1_000) } else { original.run(run + 1_000); copy.run(run) }
                fresh.run(run)
                #expect(copy.lastRunFingerprint == fresh.lastRunFingerprint, "\(design.name) run \(run)")
                #expect(copy.lastRunVerdicts == fresh.lastRunVerdicts, "\(design.name) run \(run)")
            }
        }
    }

    /// A copy shares the original's storage until its next run (`RunArray`), and the trace
    /// log is a reference: running the copy must leave everything the original shows alone.
    @Test("Running a copy of a world changes nothing the original shows")
    func copyCannotChangeOriginal() {
        let scenario = Scenario()
        for design in TestDesigns.all.prefix(4) {
            var original = World(scenario: scenario, design: design)
            original.recordsVerdicts = true
            original.recordsFingerprint = true
            original.tracing = true
            original.run(7)
            let trace = original.trace, verdicts = original.lastRunVerdicts, tally = original.tally
            let masks = original.outcomeMasks, fingerprint = original.lastRunFingerprint
            var copy = original
            for run in UInt64(100)..<110 { copy.run(run) }
            #expect(original.trace == trace, "\(design.name)")
            #expect(original.lastRunVerdicts == verdicts && original.tally == tally, "\(design.name)")
            #expect(original.outcomeMasks == masks && original.lastRunFingerprint == fingerprint, "\(design.name)")
            original.run(7)
            #expect(original.trace == trace && original.lastRunFingerprint == fingerprint, "\(design.name): a rerun replays")
        }
    }

    @Test("Draw n of a stream depends on seed, run, component and n only, and can be computed directly")
    func drawsAreAddressable() {
        var seen = Set<UInt64>()
        for seed in UInt64(0)..<4 {
            for run in UInt64(0)..<64 {
                var streams = RandomStreams()
                streams.reseed(seed: seed, run: run)
                for component in Component.allCases {
                    for index in UInt64(0)..<8 {
                        let drawn = streams.next(component)
                        #expect(drawn == RandomStreams.draw(seed: seed, run: run, component: component, index: index))
                        seen.insert(drawn)
                    }
                }
            }
        }
        #expect(seen.count == 4 * 64 * Component.allCases.count * 8)
        // Reseeding from another seed and back gives the same numbers (the seed key is cached).
        var streams = RandomStreams()
        streams.reseed(seed: 9, run: 5)
        streams.reseed(seed: 7, run: 3)
        #expect(streams.next(.apple) == RandomStreams.draw(seed: 7, run: 3, component: .apple, index: 0))
    }

    @Test("Each run steps by its own odd gamma with at least 24 bit transitions")
    func gammasAreStrong() {
        var gammas = Set<UInt64>()
        for run in UInt64(0)..<10_000 {
            var streams = RandomStreams()
            streams.reseed(seed: 1, run: run)
            #expect(streams.gamma & 1 == 1)
            #expect((streams.gamma ^ (streams.gamma >> 1)).nonzeroBitCount >= 24)
            gammas.insert(streams.gamma)
        }
        #expect(gammas.count == 10_000)
    }

    @Test("The same seed gives the same results; another seed does not")
    func seedMatters() {
        var scenario = Scenario()
        let first = simulate(scenario, designs: [.naive], runs: 4_000)
        #expect(simulate(scenario, designs: [.naive], runs: 4_000) == first)
        scenario.seed = 2
        #expect(simulate(scenario, designs: [.naive], runs: 4_000) != first)
    }

    @Test("The chunk plan hands every run to exactly one worker", arguments: [
        (0, 1, 4_096), (1, 2, 4_096), (10_000, 1, 4_096), (10_000, 2, 97), (10_001, 5, 1_000), (7, 9, 1),
    ])
    func chunkPlanCoversEveryRunOnce(_ runs: Int, _ jobs: Int, _ chunkSize: Int) {
        let plan = ChunkPlan(runs: 5..<UInt64(5 + runs), jobs: jobs, chunkSize: chunkSize)
        var seen = [Int](repeating: 0, count: runs)
        for worker in 0..<plan.workers {
            plan.forEachChunk(of: worker) { chunk in
                for run in chunk { seen[Int(run - 5)] += 1 }
            }
        }
        #expect(seen.allSatisfy { $0 == 1 })
        #expect(plan.workers == max(1, min(jobs, (runs + chunkSize - 1) / chunkSize)))
    }

    @Test("The chunk plan covers every run exactly once, even with chunk sizes and run counts near the integer limits")
    func chunkPlanIsOverflowSafe() {
        for (runs, size, jobs) in [(UInt64(0)..<1_000, Int.max, 2), (5..<1_000_000_000_000, 999_999_999_999, 3),
                                   (0..<7, 3, 1_024), (0..<0, 1, 2)] {
            let plan = ChunkPlan(runs: runs, jobs: jobs, chunkSize: size)
            var covered: UInt64 = 0
            var previousEnd = runs.lowerBound
            var chunks: [Range<UInt64>] = []
            for worker in 0..<plan.workers { plan.forEachChunk(of: worker) { chunks.append($0) } }
            for chunk in chunks.sorted(by: { $0.lowerBound < $1.lowerBound }) {
                #expect(chunk.lowerBound == previousEnd)
                previousEnd = chunk.upperBound
                covered += UInt64(chunk.count)
            }
            #expect(covered == UInt64(runs.count), "runs \(runs), chunk size \(size)")
        }
    }
}
