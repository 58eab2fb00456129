@testable import FaultSim
import Policies
import Testing

/// The variance's effective size (docs/model.md §14, `ImportanceGuard.varianceEffectiveSize`):
/// how many runs an interval's width rests on, from Σ Y⁴ kept beside Σ Y and Σ Y².
@Suite("Importance sampling: the variance's effective size")
struct VarianceSizeTests {
    /// One design's sums over 10,000 runs: `light` runs of Y = 0.001 and `heavy` runs of Y = 0.03.
    static func panel(light: Int, heavy: Int) -> WeightedPanel {
        var design = WeightedDesign()
        let lost = WeightedPanel.outcomes.firstIndex(of: .lost)!
        for y in [Double](repeating: 0.001, count: light) + [Double](repeating: 0.03, count: heavy) {
            design.sums[lost].add(y)
            design.squares[lost].add(y * y)
            design.fourths[lost].add(y * y * (y * y))
            design.largest[lost] = max(design.largest[lost], y)
            design.eventRuns[lost] += 1
        }
        design.weights.add(10_000)
        design.weightSquares.add(10_000)
        return WeightedPanel(bias: .identity, runs: 10_000, designs: [design], products: [], differenceFourths: [])
    }

    @Test("Equal weighted counts: the variance rests on every event run, and no caution")
    func equalCountsRestOnEveryRun() {
        let rate = Self.panel(light: 2_000, heavy: 0).rate(0, .lost, intents: 10_000)
        #expect(abs(rate.varianceEffectiveSize - 2_000) < 1e-6 && rate.caution == nil && rate.warning == nil, "\(rate)")
    }

    @Test("Three heavy runs among 2,000 light ones: the estimate is trusted, its width rests on 9 runs and says so")
    func fewHeavyRunsAreCautioned() {
        // Σ Y² = 0.002 + 0.0027, Σ Y⁴ = 2e-9 + 2.43e-6: (Σ Y²)² / Σ Y⁴ ≈ 9.09, while (Σ Y)² / Σ Y² ≈ 929
        // and the largest run holds 1.4% of Σ Y: the guard's warning stays silent.
        let panel = Self.panel(light: 2_000, heavy: 3)
        let rate = panel.rate(0, .lost, intents: 10_000)
        #expect(abs(rate.varianceEffectiveSize - 9.09) < 0.01 && rate.effectiveSize > 900, "\(rate)")
        #expect(rate.warning == nil && rate.caution?.contains("rests on 9.1 effective runs") == true, "\(String(describing: rate.caution))")
        let table = ImportanceTable(scenarioName: "planted", platform: "today", designs: ["planted"], intents: [10_000], panel: panel)
        #expect(table.estimatesText(pairs: []).contains("planted lost: its interval's width rests on 9.1 effective runs"))
        #expect(table.csv.contains(",variance_effective_size,") && table.csv.contains(",\(rate.varianceEffectiveSize),"))
    }

    @Test("A paired difference's width rests on the runs' D: a design against itself has nothing to judge, two designs their D's size")
    func differenceSizeComesFromTheRunsDifferences() {
        let bias = ImportanceSamplingTests.boosting(.appCrash, to: 0.2)
        let result = Runner.weighted(scenario: Scenario(), designs: [.naive, .bliap, .naive], runs: 0..<400, bias: bias, jobs: 2)
        let intents = result.tallies[0].intents
        #expect(result.panel.difference(0, 2, .lost, intents: intents).varianceEffectiveSize == .infinity)
        let difference = result.panel.difference(0, 1, .lost, intents: intents)
        #expect(difference.varianceEffectiveSize.isFinite && difference.varianceEffectiveSize >= 1, "\(difference)")
        let panel = Runner.panel(scenario: Scenario(), designs: [.naive, .bliap, .naive], pairs: .all, runs: 0..<400, jobs: 2, bias: bias)
        #expect(panel.weighted == result.panel && panel.difference(.lost, 0, 1).weighted == difference)
        let table = ImportanceTable(scenario: Scenario(), designs: [.naive, .bliap, .naive], panel: panel)
        #expect(table.pairsCSV(table.everyPair).contains("\(difference.varianceEffectiveSize)"))
    }
}
