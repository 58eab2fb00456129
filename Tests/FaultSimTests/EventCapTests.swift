import FaultSim
import Foundation
import Policies
import Testing
@testable import simrun

/// A run that reaches the 200,000-event cap (`World.maxEventsPerRun`) is a result, never a
/// crash: stopped, counted (`capped_runs`), judged, and traced up to the cap.
@Suite("A run that reaches the event cap")
struct EventCapTests {
    /// Sessions of 30 days with a server that always fails: a design that retries every 30 s
    /// for ever makes more events than the cap allows.
    static func capScenario() -> Scenario {
        var scenario = Scenario()
        scenario.user.sessionLength = .fixed(30 * 86_400_000)
        scenario.appServer.errorProbability = 1
        return scenario
    }

    @Test("A run that reaches the event cap is stopped, counted and judged, never a crash")
    func eventCapIsAResult() {
        let tally = Runner.run(scenario: Self.capScenario(), designs: [.seed001Weiai, .naive], runs: 0..<3, jobs: 2)
        #expect(tally[0].cappedRuns > 0)
        #expect(tally[0].count(of: .lost, cause: .eventCapReached) > 0)
        #expect(tally[0].events >= tally[0].cappedRuns * Int64(World.maxEventsPerRun), "a capped run took the cap's events")
        #expect(tally[1].cappedRuns == 0, "naive makes one try and stops")
        let rows = zip([Design.seed001Weiai, .naive], tally).map { ResultRow(scenario: Self.capScenario(), design: $0.name, tally: $1) }
        #expect(ResultTable.render(rows).contains("runs stopped at the 200,000-event cap"))
        let csv = ResultCSV.render(rows).split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let column = csv[0].firstIndex(of: "capped_runs")
        #expect(column.map { csv[1][$0] } == Substring(String(tally[0].cappedRuns)))
    }

    @Test("trace prints a capped run up to the cap and says so")
    func traceOfCappedRun() {
        var world = World(scenario: Self.capScenario(), design: .seed001Weiai)
        world.tracing = true
        world.run(0)
        #expect(world.lastRunReachedCap && world.lastRunEvents == World.maxEventsPerRun)
        #expect(world.trace.last?.text.contains("event cap") == true)
        #expect(world.lastRunVerdicts.first?.cause == .eventCapReached)
    }

    @Test("run on a scenario that reaches the cap exits 0, warns and writes capped_runs; trace prints the run up to the cap")
    func runWithCapExitsZero() throws {
        let folder = try TemporaryFolder()
        let scenario = folder.path("cap.json").path
        try Data(#"{"runs": 2, "user": {"sessionLength": "30d"}, "appServer": {"errorProbability": 1}}"#.utf8)
            .write(to: URL(fileURLWithPath: scenario))
        let out = folder.path("out.csv").path
        let run = expectSimrun(["run", scenario, "--designs", "seed001-weiai", "--out", out], exits: 0)
        #expect(run.errorOutput.contains("run 0 of seed001-weiai reached the 200,000-event cap"), "\(run.errorOutput)")
        #expect(try String(contentsOfFile: out, encoding: .utf8).contains("capped_runs"))
        // The trace is a line per event, 200,000 of them: asserted on here, never printed.
        let trace = expectSimrun(["trace", scenario, "--design", "seed001-weiai", "--run", "0"], exits: 0)
        let lines = trace.output.split(separator: "\n")
        #expect(lines.count >= World.maxEventsPerRun, "\(lines.count) lines")
        #expect(lines.contains { $0.hasPrefix("\(World.maxEventsPerRun) events (stopped at the event cap); lost (event_cap_reached)") },
                "\(lines.prefix(4))")
        #expect(trace.output.contains("the run stops at the event cap (\(World.maxEventsPerRun) events); outcomes are judged here"),
                "\(trace.output.suffix(600))")
    }
}
