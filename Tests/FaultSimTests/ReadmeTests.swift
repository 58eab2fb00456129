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

    /// A table's column names, and per design its counts of lost, mis-delivered, duplicated,
    /// double-charged orders and lost sales, read back from the text `ResultTable` renders.
    static func counts(in table: String) -> (columns: [Substring], rows: [(design: Substring, counts: [Int])]) {
        let lines = table.split(separator: "\n", omittingEmptySubsequences: false)
        let columns = lines.first.map { $0.split(separator: " ") } ?? []
        let rows = lines.dropFirst(2).prefix { !$0.isEmpty }.map { line in
            let fields = line.split(separator: " ")
            // design, lost, rate, [low, high], misdeliv, dup, 2x chg, no sale, ...
            return (design: fields[0], counts: [1, 5, 6, 7, 8].map { Int(fields[$0]) ?? -1 })
        }
        return (columns, rows)
    }

    /// The full suite simulates the README's 100,000 runs of every preset and compares the
    /// table byte for byte. The quick suite cannot reproduce the table without them, so it
    /// simulates the first 10,000 of the same runs and checks what those can show: the same
    /// columns and designs in the same order, a table that fits, and no count in the README
    /// below what its own first tenth of the runs already gives (counts only grow with runs).
    @Test("The README's example table is what simrun prints for the default scenario")
    func exampleTableIsCurrent() throws {
        let scenario = try ScenarioLoader.parse(Scenario.defaultFileText, file: "default.json", name: "default")
        let designs = scenario.selectedDesigns
        let runs = TestScale.pick(quick: UInt64(scenario.runs / 10), full: UInt64(scenario.runs))
        let result = Runner.compare(scenario: scenario, designs: designs, runs: 0..<runs, jobs: 2)
        let rows = zip(designs, result.tallies).map { ResultRow(scenario: scenario, design: $0.name, tally: $1) }
        let table = ResultTable.render(rows, pairs: result.pairs)
        let readme = try Self.readmeTable()
        #expect(table.split(separator: "\n").allSatisfy { $0.count <= ResultTable.narrowWidth })
        guard !TestScale.isFull else {
            #expect(readme == table, "run scripts/readme-table: README.md shows an older table than `simrun` prints now")
            return
        }
        let shown = Self.counts(in: readme), partial = Self.counts(in: table)
        #expect(shown.columns == partial.columns, "run scripts/readme-table: the README's columns are not simrun's")
        #expect(shown.rows.map(\.design) == partial.rows.map(\.design), "run scripts/readme-table: the README's designs are not simrun's")
        for (readmeRow, partialRow) in zip(shown.rows, partial.rows) {
            #expect(zip(readmeRow.counts, partialRow.counts).allSatisfy { $0 >= $1 && $1 >= 0 },
                    "\(readmeRow.design): the README shows \(readmeRow.counts), but the first \(runs) runs alone give \(partialRow.counts); run scripts/readme-table")
        }
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
