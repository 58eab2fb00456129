import FaultSim
import Foundation
import Policies
import Testing

/// Issue 23, "the report answers first": the page opens with which design to build (or which
/// tie, and the runs that would separate them), and its outcome charts share one axis. The
/// pages are rendered in process from small runs, so nothing is printed.
@Suite("The report answers first")
struct ReportAnswerTests {
    /// The report page of `designs` over runs 0..<runs of the default world.
    static func page(_ designs: [Design], runs: Int, scale: HTMLReport.OutcomeScale = .log) -> String {
        var scenario = Scenario()
        scenario.runs = runs
        let result = Runner.compare(scenario: scenario, designs: designs, runs: 0..<UInt64(runs), jobs: 2)
        let rows = zip(designs, result.tallies).map { ResultRow(scenario: scenario, design: $0.name, tally: $1) }
        return HTMLReport.render(HTMLReport.Input(scenario: scenario, source: "test", rows: rows, pairs: result.pairs, diagrams: [],
                                                  sweeps: [], command: "test", outcomeScale: scale))
    }

    /// A design that lost `lost` of 1,000 intents (one a run) and had the other outcomes given.
    static func row(_ name: String, lost: Int64, misdelivered: Int64 = 0, doubleCharged: Int64 = 0) -> ResultRow {
        var tally = DesignTally()
        tally.runs = 1_000
        tally.intents = 1_000
        tally.lost = lost
        tally.misdelivered = misdelivered
        tally.doubleCharged = doubleCharged
        tally.delivered = 1_000 - lost - misdelivered
        var scenario = Scenario()
        scenario.runs = 1_000
        return ResultRow(scenario: scenario, design: name, tally: tally)
    }

    /// The text of the section under `heading`, tags removed.
    static func section(_ page: String, _ heading: String) throws -> String {
        let start = try #require(page.range(of: "<h2>\(heading)</h2>"))
        let end = page.range(of: "</section>", range: start.upperBound..<page.endIndex)?.lowerBound ?? page.endIndex
        var text = "", inTag = false
        for character in page[start.upperBound..<end] {
            if character == "<" { inTag = true } else if character == ">" { inTag = false } else if !inTag { text.append(character) }
        }
        return text
    }

    /// Each outcome chart's SVG.
    static func outcomeCharts(_ page: String) -> [String] {
        page.components(separatedBy: "class=\"outcome-chart\">").dropFirst().map { $0.components(separatedBy: "</svg>")[0] }
    }

    @Test("A design that clearly wins is named first, with its paired evidence and its other outcomes beside it")
    func answerNamesTheWinner() throws {
        let page = Self.page([.naive, .seed000V0, .faultSimRecommended], runs: 2_000)
        let headings = page.components(separatedBy: "<h2>").dropFirst().map { $0.prefix { $0 != "<" } }
        #expect(Array(headings.prefix(2)) == ["Your answer", "Which design to build"], "the answers come before the evidence")
        let yours = try Self.section(page, "Your answer")
        #expect(yours.contains("rests on the model's default guesses"), "without --observed the page says what its numbers rest on")
        let answer = try Self.section(page, "Which design to build")
        #expect(answer.contains("Build faultsim-recommended."))
        #expect(answer.contains("significantly fewer than every other design"))
        #expect(answer.contains("fewer orders per million intents"))
        #expect(answer.contains("exact McNemar p"))
        for other in ["mis-delivered", "double-charged", "sales"] { #expect(answer.contains(other), "the trade-off names \(other)") }
    }

    @Test("Designs that tie at the fewest lost orders are named as tied, with the runs that would separate them")
    func tieSaysSo() throws {
        let rows = [Self.row("a", lost: 3, misdelivered: 2), Self.row("b", lost: 1), Self.row("c", lost: 1, doubleCharged: 4)]
        // a lost intents b and c delivered in three runs; b and c lost the same one intent.
        let pairs = PairedLosses.recorded([[1, 0, 0], [1, 0, 0], [1, 1, 1]])
        let page = HTMLReport.render(HTMLReport.Input(scenario: { var s = Scenario(); s.runs = 1_000; return s }(), source: "test", rows: rows,
                                                      pairs: pairs, diagrams: [], sweeps: [], command: "test"))
        let answer = try Self.section(page, "Which design to build")
        #expect(answer.contains("No single design wins at 1,000 runs."))
        #expect(answer.contains("b and c lost the fewest orders (1 order each), but a (3) does not lose significantly more"))
        #expect(!answer.contains("Build "), "a tie recommends no design outright")
        // a against b: 2 intents to 0, p = 0.5; 6 to 0 reaches p < 0.05, so three times the runs.
        #expect(answer.contains("a against b: about 3,000 runs"))
        #expect(answer.contains("c against b: they never disagreed"))
        #expect(answer.contains("more than about 2,000 runs"))
        #expect(answer.contains("b has the fewest lost orders, mis-deliveries, duplicates, double charges and lost sales"))
    }

    @Test("The runs that would separate two designs: scaled until the exact test reaches p < 0.05")
    func separationEstimate() {
        #expect(SeparationEstimate.estimate(onlyA: 0, onlyB: 1, runs: 1_000) == .runs(6_000))
        #expect(SeparationEstimate.estimate(onlyA: 2, onlyB: 0, runs: 1_000) == .runs(3_000))
        #expect(SeparationEstimate.estimate(onlyA: 0, onlyB: 6, runs: 1_000) == .separated)
        #expect(SeparationEstimate.estimate(onlyA: 4, onlyB: 4, runs: 1_000) == .balanced)
        #expect(SeparationEstimate.estimate(onlyA: 0, onlyB: 0, runs: 1_000) == .neverDisagreed(moreThan: 2_000))
        // 10 against 20 (p = 0.10): the exact search; at 7 against 8 the ratio needs far more.
        guard case .runs(let some) = SeparationEstimate.estimate(onlyA: 10, onlyB: 20, runs: 1_000),
              case .runs(let many) = SeparationEstimate.estimate(onlyA: 7, onlyB: 8, runs: 1_000) else {
            Issue.record("expected run estimates")
            return
        }
        #expect(some > 1_000 && some < 2_000)
        #expect(many > 10 * some)
        // Large counts take the normal approximation, which the exact search meets at its edge.
        guard case .runs(let large) = SeparationEstimate.estimate(onlyA: 100_000, onlyB: 100_500, runs: 1_000) else {
            Issue.record("expected a run estimate")
            return
        }
        let normal = 3.841458820694124 / (500.0 / 200_500 * 500.0 / 200_500) / 200_500 * 1_000
        #expect(abs(large - normal) < 1e-6 * normal)
    }

    @Test("Outcome panels share one axis with tick labels, so bars compare across panels")
    func sharedAxis() throws {
        for scale in HTMLReport.OutcomeScale.allCases {
            let page = Self.page([.naive, .seed000V0, .faultSimRecommended], runs: 2_000, scale: scale)
            let charts = Self.outcomeCharts(page)
            #expect(charts.count >= 2)
            let ticks = charts.map { chart -> [String] in
                guard let group = chart.components(separatedBy: "<g class=\"tick-labels\"").dropFirst().first else { return [] }
                return group.components(separatedBy: "</g>")[0].components(separatedBy: "<text ").dropFirst()
                    .map { String($0.drop { $0 != ">" }.dropFirst().prefix { $0 != "<" }) }
            }
            #expect(ticks[0].count >= 3, "\(scale): the axis has ticks")
            #expect(ticks.allSatisfy { $0 == ticks[0] }, "\(scale): every panel has the same ticks")
            #expect(ticks[0].contains(scale == .log ? "1%" : "0%"), "\(scale): \(ticks[0])")
            // naive's lost bar (3.4%) is longer than its double-charged bar (0.6%) on the shared axis.
            func naiveBarWidth(_ chart: String) throws -> Double {
                let rest = try #require(chart.components(separatedBy: ">naive</text>").dropFirst().first)
                let width = try #require(rest.components(separatedBy: "width=\"").dropFirst().first?.prefix { $0 != "\"" })
                return try #require(Double(width))
            }
            let lost = try #require(charts.first { $0.contains(">lost (% of intents)") })
            let doubleCharged = try #require(charts.first { $0.contains(">double-charged (% of intents)") }, "double charges have a chart")
            #expect(try naiveBarWidth(lost) > naiveBarWidth(doubleCharged), "\(scale)")
        }
    }

    @Test("A panel in which no design had the outcome is one line of text, not a chart of whiskers")
    func allZeroPanelIsText() {
        let page = Self.page([.naive, .faultSimRecommended], runs: 1_000)
        #expect(page.contains("<p class=\"none\">No design had any duplicated intent"))
        #expect(!page.contains(">duplicated (% of intents)"))
        #expect(page.contains(">double-charged (% of intents)"))
    }
}
