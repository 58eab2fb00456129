import FaultSim
import Foundation
import Policies
import Testing
@testable import simrun

/// `simrun compare`: McNemar's exact test and the paired counts behind the verdict.
@Suite("Paired comparison")
struct ComparisonTests {
    static let anomalies = packageRoot + "/scenarios/storekit-anomalies.json"

    @Test("Exact McNemar p-values match the binomial by hand")
    func exactMcNemar() {
        func p(_ b: Int64, _ c: Int64) -> Double { DeterministicMath.exp(ExactMcNemar.logPValue(onlyA: b, onlyB: c)) }
        // 10 vs 0: 2 · (1/2)^10.
        #expect(abs(p(10, 0) - 2.0 / 1_024) < 1e-12)
        // 3 vs 7: 2 · (C(10,0)+C(10,1)+C(10,2)+C(10,3)) / 2^10 = 352 / 1024.
        #expect(abs(p(3, 7) - 352.0 / 1_024) < 1e-12)
        #expect(p(7, 3) == p(3, 7))
        #expect(p(5, 5) == 1)
        #expect(p(3, 4) == 1, "2 · P(X ≤ 3) for n = 7 is exactly 1")
        #expect(p(0, 0) == 1)
        // Millions of discordant intents neither underflow nor overflow in log space.
        let huge = ExactMcNemar.logPValue(onlyA: 1_000_000, onlyB: 900_000)
        #expect(huge.isFinite && huge < -1_000)
        #expect(PValue.text(logP: huge) == "< 1e-300")
        #expect(PValue.text(logP: DeterministicMath.log(0.34375)) == "0.344")
        #expect(PValue.text(logP: DeterministicMath.log(2.0 / 1_024)) == "0.002")
        #expect(PValue.text(logP: DeterministicMath.log(2.0e-5)) == "2.0e-05")
    }

    @Test("Paired counts: only A, only B and both, per outcome, intent by intent")
    func pairedCounts() {
        let a = OutcomeMasks(lost: 0b011, misdelivered: 0b100, duplicated: 0, notCharged: 0b001)
        let b = OutcomeMasks(lost: 0b110, misdelivered: 0, duplicated: 0b001, notCharged: 0b001)
        var first = PanelResult.recorded([[a, b]], intents: 3)
        first.merge(PanelResult.recorded([[b, a]], intents: 3))
        let paired = first.pairedOutcomes(0, 1)
        #expect(paired.intents == 6)
        #expect(paired[.lost] == PairedOutcomes.Counts(onlyA: 2, onlyB: 2, both: 2))
        #expect(paired[.misdelivered] == PairedOutcomes.Counts(onlyA: 1, onlyB: 1, both: 0))
        #expect(paired[.notCharged] == PairedOutcomes.Counts(onlyA: 0, onlyB: 0, both: 2))
    }

    @Test("Runner.pair's lost counts agree with the run command's pairwise comparison")
    func pairAgreesWithCompare() throws {
        let scenario = try ScenarioLoader.load(path: Self.anomalies)
        let designs = [Design.seed000V1_0, Design.seed000V1_2]
        let pair = Runner.pair(scenario: scenario, designs[0], designs[1], runs: 0..<3_000, jobs: 2)
        let (tallies, pairs) = Runner.compare(scenario: scenario, designs: designs, runs: 0..<3_000, jobs: 2)
        #expect(pair.paired[.lost].onlyA == pairs.lostOnlyBy(0, notBy: 1))
        #expect(pair.paired[.lost].onlyB == pairs.lostOnlyBy(1, notBy: 0))
        #expect(pair.paired[.lost].onlyA + pair.paired[.lost].both == tallies[0].lost)
        #expect(pair.paired[.misdelivered].onlyB + pair.paired[.misdelivered].both == tallies[1].misdelivered)
        #expect(pair.a == tallies[0] && pair.b == tallies[1])
    }

    @Test("compare writes one CSV row per outcome and finds v1.2 better than v1.0 under the anomalies")
    func compareCSV() throws {
        let folder = try TemporaryFolder()
        let out = folder.path("compare.csv").path
        expectSimrun(["compare", Self.anomalies, "--designs", "seed000-v1.0,seed000-v1.2", "--runs", "4000",
                      "--out", out, "--quiet"], exits: 0)
        let lines = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        #expect(lines.count == 9)
        #expect(lines[0].joined(separator: ",") == "scenario,platform,design_a,design_b,outcome,intents,count_a,count_b,only_a,only_b,both,"
            + "difference_pts,ci_low_pts,ci_high_pts,log_p_exact,p_exact")
        #expect(lines.dropFirst().map { String($0[4]) } == ["lost", "lost_sales", "misdelivered", "duplicated", "double_charged",
                                                             "delivered_after_refund", "refunded_undelivered", "not_charged"])
        let lost = lines[1]
        let onlyA = try #require(Int(lost[8])), onlyB = try #require(Int(lost[9]))
        #expect(onlyA > 20 * max(onlyB, 1), "v1.0 loses many intents v1.2 keeps")
        #expect(try #require(Double(lost[14])) < DeterministicMath.log(1e-9))
        // The same command gives the same bytes on one thread.
        let again = folder.path("again.csv").path
        expectSimrun(["compare", Self.anomalies, "--designs", "seed000-v1.0,seed000-v1.2", "--runs", "4000",
                      "--out", again, "--jobs", "1", "--quiet"], exits: 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == Data(contentsOf: URL(fileURLWithPath: again)))
    }

    @Test("The verdict names the better design and its evidence, or says there is no difference")
    func verdicts() {
        func line(_ b: Int64, _ c: Int64) -> Comparison.Line {
            let counts = PairedOutcomes.Counts(onlyA: b, onlyB: c, both: 0)
            return Comparison.Line(outcome: .lost, countA: b, countB: c, counts: counts,
                                   difference: counts.difference(intents: 1_000), logP: counts.exactLogPValue)
        }
        #expect(Comparison.verdict(line(412, 9), a: "A", b: "B").hasPrefix("orders lost: B loses fewer orders than A (412 vs 9 discordant intents, p = "))
        #expect(Comparison.verdict(line(3, 7), a: "A", b: "B") == "orders lost: no significant difference (3 vs 7 discordant intents, p = 0.344).")
        #expect(Comparison.verdict(line(0, 0), a: "A", b: "B") == "orders lost: the same intents under both designs (0).")
    }

    @Test("compare flags a trade-off: fewer lost orders but significantly more of another harm")
    func tradeOffs() {
        func line(_ outcome: Outcome, _ b: Int64, _ c: Int64) -> Comparison.Line {
            let counts = PairedOutcomes.Counts(onlyA: b, onlyB: c, both: 0)
            return Comparison.Line(outcome: outcome, countA: b, countB: c, counts: counts,
                                   difference: counts.difference(intents: 100_000), logP: counts.exactLogPValue)
        }
        let lines = [line(.lost, 975, 6), line(.doubleCharged, 0, 696), line(.misdelivered, 0, 2), line(.notCharged, 108, 0)]
        #expect(Comparison.tradeOff(lines, a: "v0", b: "naive")
            == "Trade-off: naive loses fewer orders but is worse on intents charged twice (696 vs 0): weigh them before choosing.")
        // Not charging is no harm; an insignificant difference in lost orders decides nothing.
        #expect(Comparison.tradeOff([line(.lost, 975, 6), line(.notCharged, 0, 108)], a: "v0", b: "naive") == nil)
        #expect(Comparison.tradeOff([line(.lost, 3, 7), line(.doubleCharged, 696, 0)], a: "A", b: "B") == nil)
    }

    @Test("The table's leader is the tie's design with no more of any other harm, and a note flags a leader clearly worse on one")
    func leaderCaveat() {
        func tally(lost: Int64, doubleCharged: Int64) -> DesignTally {
            var tally = DesignTally()
            tally.runs = 100_000
            tally.intents = 100_000
            tally.lost = lost
            tally.doubleCharged = doubleCharged
            tally.delivered = 100_000 - lost
            return tally
        }
        let tied = [("weiai", tally(lost: 0, doubleCharged: 696)), ("bliap", tally(lost: 0, doubleCharged: 0))]
            .map { ResultRow(scenario: Scenario(), design: $0.0, tally: $0.1) }
        let text = ResultTable.render(tied, pairs: PairedLosses(designs: 2))
        #expect(text.contains("the others are compared with bliap") || text.contains("All 2 designs tie"), "\(text)")
        #expect(!text.contains("Note:"), "the leader, bliap, charges no one twice")
        let alone = [("weiai", tally(lost: 0, doubleCharged: 696)), ("bliap", tally(lost: 1, doubleCharged: 0))]
            .map { ResultRow(scenario: Scenario(), design: $0.0, tally: $0.1) }
        #expect(ResultTable.leaderCaveat(alone, leader: 0)
            == "Note: weiai loses the fewest orders but is clearly worse on intents charged twice 696 (bliap: 0); "
            + "weigh that before choosing (simrun compare pairs them).")
        #expect(ResultTable.percentPlaces(high: 0.0000029) == 5 && ResultTable.percentPlaces(high: 0.03) == 3)
    }

    @Test("compare rejects bad design lists with exit 64", arguments: [
        ["compare", "--designs", "naive"],
        ["compare", "--designs", "naive,naive"],
        ["compare", "--designs", "naive,bliapp"],
        ["compare"],
    ])
    func compareUsage(_ arguments: [String]) {
        expectSimrun(arguments + ["--quiet"], exits: 64)
    }

    @Test("Progress is redrawn on a terminal, written as plain lines in a log, and silenced by --quiet or a capture")
    func progressStyles() {
        #expect(!ProgressLine(total: 10, label: "test", quiet: false, style: .none).isDrawing)
        #expect(!ProgressLine(total: 10, label: "test", quiet: true, style: .redrawn).isDrawing)
        #expect(!ProgressLine(total: 10, label: "test", quiet: true, style: .logLines).isDrawing)
        // Finished before its first second, the line only erases itself, on the command's
        // standard error (here captured, not the terminal's).
        let erased = capturingCommandOutput {
            let drawing = ProgressLine(total: 10, label: "test", quiet: false, style: .redrawn)
            #expect(drawing.isDrawing)
            drawing.finish()
        }
        #expect(erased.errorOutput == "\r\u{1B}[K" && erased.output.isEmpty, "\(erased.errorOutput.debugDescription)")
        // In a log: whole lines, no escapes, nothing to erase at the end.
        let logged = capturingCommandOutput {
            let lines = ProgressLine(total: 10, label: "test", quiet: false, style: .logLines, logInterval: .milliseconds(20))
            lines.counter.add(4)
            Thread.sleep(forTimeInterval: 0.2)
            lines.finish()
        }
        let lines = logged.errorOutput.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count >= 2 && lines.last == "" && !logged.errorOutput.contains("\u{1B}"), "\(logged.errorOutput.debugDescription)")
        #expect(lines.first?.hasPrefix("test: 4 / 10 runs, ") == true, "\(logged.errorOutput.debugDescription)")
        #expect([0.6, 1.4, 90, 600, 9_000].map { DurationText.spoken(seconds: $0) } == ["1 second", "1 second", "90 seconds", "10 minutes", "2.5 hours"])
    }

    @Test("compare reports double charges and lost sales too")
    func compareHasEveryOutcome() {
        #expect(Outcome.paired.map(\.name)
            == ["lost", "lost_sales", "misdelivered", "duplicated", "double_charged", "delivered_after_refund", "refunded_undelivered",
                "not_charged"])
        let paired = PanelResult.recorded([[OutcomeMasks(doubleCharged: 0b1), OutcomeMasks(lostSales: 0b1, notCharged: 0b1)]], intents: 1)
            .pairedOutcomes(0, 1)
        #expect(paired[.doubleCharged] == PairedOutcomes.Counts(onlyA: 1, onlyB: 0, both: 0))
        #expect(paired[.lostSales] == PairedOutcomes.Counts(onlyA: 0, onlyB: 1, both: 0))
    }
}
