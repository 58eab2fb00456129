import FaultSim
import Foundation
import Policies
import Testing
@testable import simrun

/// `simrun optimize --importance`: the front's lost orders weighted on the certified runs,
/// deterministic on any thread count, each weighted interval consistent with the counts.
@Suite("Optimizer, weighted certification")
struct OptimizeImportanceTests {
    /// The thread counts compared.
    static let threadCounts = ["1", "2"]

    @Test("optimize --importance weights the front's lost orders: each estimate near the counts, and the same bytes on 1 and 2 threads")
    func weightedFront() throws {
        let folder = try TemporaryFolder()
        let spaceFile = folder.path("space.json").path
        try OptimizerTests.smallSpace.write(toFile: spaceFile, atomically: true, encoding: .utf8)
        let base = ["optimize", "--space", spaceFile, "--runs", "2000", "--first-runs", "500", "--quiet", "--set", "network.requestLossProbability=0.1",
                    "--importance", "--pilot-runs", "2000"]
        var outputs: [String] = []
        for jobs in Self.threadCounts {
            let csv = folder.path("front-\(jobs).csv").path
            let run = expectSimrun(base + ["--jobs", jobs, "--out", csv, "--bias-out", folder.path("bias-\(jobs).json").path], exits: 0)
            let text = run.output.split(separator: "\n").filter { !$0.hasPrefix("time: ") && !$0.hasPrefix("wrote") }.joined(separator: "\n")
            outputs.append(text + (try String(contentsOfFile: csv, encoding: .utf8)))
        }
        #expect(Set(outputs).count == 1, "the same bytes on every thread count")
        #expect(outputs[0].contains("Lost orders by importance sampling"))
        let rows = RobustTests.records(try String(contentsOfFile: folder.path("front-\(Self.threadCounts[0]).csv").path, encoding: .utf8))
        let header = rows[0]
        func cell(_ row: [String], _ name: String) -> String { row[header.firstIndex(of: name)!] }
        let weighted = rows.filter { cell($0, "kind") == "weighted" }
        let front = rows.filter { cell($0, "kind") == "front" }
        #expect(weighted.count >= front.count && !front.isEmpty)
        // The counts' Wilson interval and the weighted one describe the same rate: they overlap.
        for row in front {
            let twin = try #require(weighted.first { cell($0, "design") == cell(row, "design") })
            let (countLow, countHigh) = (Double(cell(row, "lost_low"))!, Double(cell(row, "lost_high"))!)
            let (low, high) = (Double(cell(twin, "lost_low"))!, Double(cell(twin, "lost_high"))!)
            #expect(low <= countHigh && countLow <= high, "\(cell(row, "design")): counts [\(countLow), \(countHigh)], weighted [\(low), \(high)]")
        }
    }

    @Test("A flagged design but the best is weighted again under its worlds and the best's only, and the answers use that")
    func flaggedDesignIsMadeAgain() throws {
        let (scenario, mixture) = ImportanceSamplingTests.plantedMixture()
        var worlds = mixture.worlds
        worlds[0].designs = ["naive"]
        worlds[1].designs = ["seed000-v0"]
        let crashFirst = worlds[0].firing[FaultKind.appCrash.rawValue] > 0
        let bias = FaultBias(components: worlds, nominalShare: 0.1, shares: crashFirst ? [0.995, 0.005] : [0.005, 0.995])
        // naive and swiftystorekit-atomic lose alike (the best is the first); the second mechanism,
        // drawn too rarely, makes a few runs hold each estimate, which the guard flags.
        let designs: [Design] = [.naive, .swiftyStoreKitAtomic, .seed000V0]
        let front = Optimizer.weightedFront(designs, frontCount: 3, runs: 2_000, scenario: scenario, bias: bias, biasText: "", jobs: 2)
        let flagged = designs.indices.filter { $0 != front.best && front.rates[$0].warning != nil }
        #expect(!flagged.isEmpty && front.madeAgain == flagged, "\(front.rates.map(\.warning))")
        for index in flagged {
            let pair = [designs[front.best], designs[index]]
            let again = WeightedLosses(panel: Runner.panel(scenario: scenario, designs: pair, pairs: .all, runs: 0..<2_000, jobs: 1,
                                                           bias: bias.narrowed(to: pair.map(\.name))))
            #expect(front.answerRate(index) == again.rates[1] && front.answerDifference(index) == again.difference(1, 0))
        }
        #expect(front.answerRate(front.best) == front.rates[front.best])
        #expect(Optimizer.weightedFrontText(front, alpha: 0.05).contains("made again on the same runs"))
    }
}
