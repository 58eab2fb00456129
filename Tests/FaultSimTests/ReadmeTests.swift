import FaultSim
import Foundation
import Policies
import Testing

/// README.md stays true: its example table is exactly what `simrun` prints for the default
/// scenario today, and it fits the terminal width the README promises.
@Suite("README")
struct ReadmeTests {
    /// The README's example: the fenced block after the line that introduces it.
    static func readmeTable() throws -> String {
        let readme = try String(contentsOfFile: packageRoot + "/README.md", encoding: .utf8)
        let intro = try #require(readme.range(of: "`simrun` prints, below its header lines"))
        let open = try #require(readme.range(of: "```\n", range: intro.upperBound..<readme.endIndex))
        let close = try #require(readme.range(of: "```\n", range: open.upperBound..<readme.endIndex))
        return String(readme[open.upperBound..<close.lowerBound])
    }

    @Test("The README's example table is what simrun prints for the default scenario")
    func exampleTableIsCurrent() throws {
        let scenario = try ScenarioLoader.parse(Scenario.defaultFileText, file: "default.json", name: "default")
        let designs = scenario.selectedDesigns
        let result = Runner.compare(scenario: scenario, designs: designs, runs: 0..<UInt64(scenario.runs), jobs: 2)
        let rows = zip(designs, result.tallies).map { ResultRow(scenario: scenario, design: $0.name, tally: $1) }
        let table = ResultTable.render(rows, pairs: result.pairs)
        #expect(try Self.readmeTable() == table, "run scripts/readme-table: README.md shows an older table than `simrun` prints now")
        #expect(table.split(separator: "\n").allSatisfy { $0.count <= ResultTable.narrowWidth })
    }

    @Test("The built-in default scenario is scenarios/default.json, byte for byte")
    func builtInDefaultIsTheFile() throws {
        #expect(try String(contentsOfFile: packageRoot + "/" + Scenario.defaultFilePath, encoding: .utf8) == Scenario.defaultFileText)
    }

    @Test("Designs that tie at the fewest lost orders are all named as tied")
    func tiesAreNamed() {
        var tally = DesignTally()
        tally.runs = 10
        tally.intents = 10
        tally.delivered = 10
        for _ in 0..<10 { tally.deliveryDelay.record(1_000) }
        let rows = ["a", "b"].map { ResultRow(scenario: Scenario(), design: $0, tally: tally) }
        let text = ResultTable.render(rows, pairs: PairedLosses(designs: 2))
        #expect(text.components(separatedBy: "tied best").count == 3)
        #expect(text.contains("All 2 designs tie"))
    }
}
