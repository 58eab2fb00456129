import FaultSim
import Foundation
import Policies
import Testing

/// Issue 23: the report's outcome charts share one axis. The pages are rendered in process
/// from small runs, so nothing is printed.
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

    /// Each outcome chart's SVG.
    static func outcomeCharts(_ page: String) -> [String] {
        page.components(separatedBy: "class=\"outcome-chart\">").dropFirst().map { $0.components(separatedBy: "</svg>")[0] }
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
