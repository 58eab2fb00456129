import Policies

/// One design's lost orders under the race's bias (`optimize --importance`), run by run, over the
/// weighted runs [0, `runs`): each run's weighted lost count Y = W · (intents lost), kept only for
/// the runs where it is positive, and at each prefix the profile was extended to, the design's
/// weighted rate with its diagnostics (what `WeightedRate.warning` judges). With it, two designs
/// simulated apart compare over any common prefix exactly as one `WeightedPanel` holding both
/// would have compared them: the same Σ Y, Σ Y² and Σ Y_A · Y_B, summed exactly (`ExactSum`), the
/// same paired z-test (`WeightedPanel.pairedDifference`). A run's weight depends only on
/// (seed, run) and the design's own draws, so the profile is the same on any thread count.
///
/// About 16 bytes a run with a lost order under the bias.
struct WeightedProfile: Sendable {
    /// Runs held: [0, runs).
    private(set) var runs = 0
    /// The runs with a lost order under the bias, ascending, and their Y.
    private(set) var lostRuns: [Int] = []
    private(set) var lostValues: [Double] = []
    /// The design's weighted sums over every run held (merged slice by slice, exactly).
    private var sums = WeightedDesign()
    private var intents: Int64 = 0
    /// The design's lost-order rate over [0, prefix) for each prefix the profile was extended to.
    private(set) var checkpoints: [(runs: Int, rate: WeightedRate, intents: Int64, trusted: Bool)] = []

    /// The rate over [0, prefix); `prefix` must be one the profile was extended to.
    func rate(at prefix: Int) -> WeightedRate { checkpoint(prefix).rate }

    /// The intents of the runs [0, prefix) (the plain runs' too: no bias changes them).
    func intents(at prefix: Int) -> Int64 { checkpoint(prefix).intents }

    /// The guard trusts the rate over [0, prefix) (`WeightedRate.warning` is nil).
    func trusted(at prefix: Int) -> Bool { checkpoint(prefix).trusted }

    private func checkpoint(_ prefix: Int) -> (runs: Int, rate: WeightedRate, intents: Int64, trusted: Bool) {
        guard let found = checkpoints.first(where: { $0.runs == prefix }) else {
            preconditionFailure("no weighted checkpoint at \(prefix) runs (have \(checkpoints.map(\.runs)))")
        }
        return found
    }

    /// Appends the next runs, simulated elsewhere (`WeightedProfile.simulate`), and checkpoints the rate.
    mutating func append(_ slice: Slice, bias: FaultBias) {
        precondition(slice.first == runs, "weighted slices join in run order")
        lostRuns += slice.lostRuns
        lostValues += slice.lostValues
        sums.merge(slice.sums)
        intents += slice.intents
        runs = slice.end
        let panel = WeightedPanel(bias: bias, runs: Int64(runs), designs: [sums], products: [], differenceFourths: [])
        let rate = panel.rate(0, .lost, intents: intents)
        checkpoints.append((runs, rate, intents, rate.warning == nil))
    }

    /// A − B in lost orders over the weighted runs [0, prefix): the paired z-test of
    /// `WeightedPanel.difference` in `Outcome.lost`'s unit (per 10^6 intents), as a
    /// `PairedDifference` whose `onlyA` and `onlyB` count the runs where Y_A > Y_B and Y_B > Y_A
    /// (so `isIdentical` means the same weighted lost count in every weighted run).
    /// - Complexity: O(lost runs of A and B below prefix).
    static func compare(_ a: WeightedProfile, _ b: WeightedProfile, over prefix: Int, intents: Int64) -> PairedDifference {
        var sumA = ExactSum(), sumB = ExactSum(), squaresA = ExactSum(), squaresB = ExactSum(), product = ExactSum()
        var aAbove: Int64 = 0, bAbove: Int64 = 0
        var i = 0, j = 0
        let endA = a.lostRuns.partitionPoint { $0 >= prefix }, endB = b.lostRuns.partitionPoint { $0 >= prefix }
        while i < endA || j < endB {
            let runA = i < endA ? a.lostRuns[i] : Int.max, runB = j < endB ? b.lostRuns[j] : Int.max
            let x = runA <= runB ? a.lostValues[i] : 0, y = runB <= runA ? b.lostValues[j] : 0
            if x > 0 { sumA.add(x); squaresA.add(x * x) }
            if y > 0 { sumB.add(y); squaresB.add(y * y) }
            if x > 0 && y > 0 { product.add(x * y) }
            if x > y { aAbove += 1 } else if y > x { bAbove += 1 }
            if runA <= runB { i += 1 }
            if runB <= runA { j += 1 }
        }
        let d = WeightedPanel.pairedDifference(runs: Int64(prefix), sumA: sumA.value, sumB: sumB.value, squaresA: squaresA.value,
                                               squaresB: squaresB.value, product: product.value,
                                               differenceFourths: 0, intents: intents) // the race reads no caution
        let scale = Outcome.lost.scale
        return PairedDifference(difference: d.difference * scale, low: d.low * scale, high: d.high * scale, logP: d.logP,
                                onlyA: aAbove, onlyB: bAbove)
    }

    /// Consecutive weighted runs of one design, as the run loop accumulated them.
    struct Slice: Sendable {
        let first: Int
        var end: Int
        var lostRuns: [Int] = []
        var lostValues: [Double] = []
        var sums = WeightedDesign()
        var intents: Int64 = 0
    }

    /// Extends `profiles[i]` (of `designs[i]`) under `bias` through each of `ends` in turn, for
    /// every i in `which`, one design at a time, a slice and a checkpoint per stage (a stage at or
    /// below the runs a profile holds adds nothing). Returns the weighted design-runs simulated.
    /// - Complexity: O(Σ missing runs · events per run).
    static func extend(_ profiles: inout [WeightedProfile], designs: [Design], which: [Int], through ends: some Collection<Int>,
                       scenario: Scenario, bias: FaultBias, jobs: Int) -> Int64 {
        var simulated: Int64 = 0
        for member in which {
            let reached = Runner.inStages(ends, from: profiles[member].runs) { runs, _ in
                profiles[member].append(simulate(designs[member], runs: runs, scenario: scenario, bias: bias, jobs: jobs), bias: bias)
                simulated += Int64(runs.count)
                return true
            }
            invariant(profiles[member].runs == reached, "design \(member)'s weighted profile holds the runs simulated for it")
        }
        return simulated
    }

    /// Runs `runs` of `design` under `bias`, as one slice of its weighted profile.
    /// Chunks as `ProfileRunner.simulate` chooses them; the chunk size never changes the result.
    static func simulate(_ design: Design, runs: Range<Int>, scenario: Scenario, bias: FaultBias, jobs: Int) -> Slice {
        let chunk = max(64, min(Runner.defaultChunkSize, runs.count / max(1, jobs * 4)))
        let range = UInt64(runs.lowerBound)..<UInt64(runs.upperBound)
        let (tallies, recorder, _) = Runner.simulate(scenario: scenario, designs: [design], runs: range, jobs: jobs, chunkSize: chunk,
                                                     bias: bias) { Recorder(bias: bias) }
        var slice = Slice(first: runs.lowerBound, end: runs.upperBound)
        for index in recorder.lost.indices.sorted(by: { recorder.lost[$0].run < recorder.lost[$1].run }) {
            slice.lostRuns.append(recorder.lost[index].run)
            slice.lostValues.append(recorder.lost[index].value)
        }
        slice.sums = recorder.panel.designs[0]
        slice.intents = tallies[0].intents
        return slice
    }

    /// The run loop's accumulator: the weighted panel of the one design (its exact sums) and each
    /// run's Y where positive, in the order recorded (sorted by run at the end).
    struct Recorder: RunAccumulator {
        var panel: WeightedPanel
        var lost: [(run: Int, value: Double)] = []

        init(bias: FaultBias) { panel = WeightedPanel(bias: bias, designCount: 1) }

        mutating func record(run: UInt64, masks: [OutcomeMasks], requests: [Int64]) {
            preconditionFailure("a weighted profile reads the worlds: the run loop calls record(run:masks:requests:worlds:)")
        }

        mutating func record(run: UInt64, masks: [OutcomeMasks], requests: [Int64], worlds: [DesignWorlds]) {
            panel.record(run: run, masks: masks, requests: requests, worlds: worlds)
            let count = masks[0].lost.nonzeroBitCount
            guard count > 0 else { return }
            // The same weight, from the same log-ratios, as the panel's sums hold.
            lost.append((Int(run), worlds[0].lastRunWeight(panel.bias) * Double(count)))
        }

        mutating func merge(_ other: Recorder) {
            panel.merge(other.panel)
            lost += other.lost
        }
    }
}
