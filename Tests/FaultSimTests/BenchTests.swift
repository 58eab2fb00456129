import FaultSim
import Foundation
import Policies
import Testing
@testable import simrun

/// `simrun bench` and what it stands on. No timing is asserted (a timed test on a shared
/// machine only measures the neighbours); these check the harness counts and splits right.
@Suite("Benchmark")
struct BenchTests {
    @Test("The engine floor fires exactly its events and draws the same numbers on any thread count")
    func floorIsExactAndDeterministic() {
        let one = Benchmark.timeFloor(seed: 9, eventsPerRun: 13, runs: 9_000, jobs: 1)
        let three = Benchmark.timeFloor(seed: 9, eventsPerRun: 13, runs: 9_000, jobs: 3)
        #expect(one.events == 13 * 9_000)
        #expect(three.events == one.events)
        #expect(three.checksum == one.checksum)
        #expect(Benchmark.timeFloor(seed: 10, eventsPerRun: 13, runs: 9_000, jobs: 1).checksum != one.checksum)
    }

    @Test("A bench report covers the floor, every design and the catalog, and agrees across threads")
    func reportCoversEveryDesign() throws {
        var scenario = try ScenarioLoader.load(path: packageRoot + "/scenarios/default.json")
        scenario.designs = ["naive", "seed000-v0"]
        let measured = capturingCommandOutput { BenchCommand.measure(scenario, runs: 2_000, jobs: 2, repeats: 2) }
        let report = measured.result
        #expect(measured.errorOutput.hasPrefix("bench: naive: ") && measured.errorOutput.contains("\nbench: seed000-v0: "),
                "a line per design on standard error: \(measured.errorOutput)")
        #expect(report.deterministic)
        #expect(report.designs.map(\.name) == ["naive", "seed000-v0"])
        for row in report.designs {
            #expect(row.single.runs == 2_000 && row.parallel?.runs == 2_000)
            #expect(row.single.timings.count == 2 && row.parallel?.timings.count == 2)
        }
        // The same runs as `simrun run`: events per run match the bulk runner's tally.
        let tally = Runner.run(scenario: scenario, designs: [Design.preset(named: "seed000-v0")!], runs: 0..<2_000, jobs: 1)[0]
        #expect(report.designs[1].single.events == tally.events)
        let floor = try #require(report.floor)
        let meanEvents = Double(report.designs.reduce(0) { $0 + $1.single.events }) / 4_000
        #expect(floor.single.eventsPerRun == meanEvents.rounded())
        #expect(report.catalog?.single.runs == 4_000)
        #expect(report.peakResidentBytes > 0)
        let text = report.text
        for expected in ["engine floor (no model)", "naive", "seed000-v0", "catalog, back to back", "x floor",
                         "mean over 2 designs", "slowest:", "peak memory:", "determinism: 1 and 2 threads gave identical"] {
            #expect(text.contains(expected), "missing \(expected)")
        }
    }

    @Test("simrun bench writes its CSV whole, one row per workload and thread count")
    func benchWritesCSV() throws {
        let folder = try TemporaryFolder()
        let out = folder.path("bench.csv").path
        expectSimrun(["bench", packageRoot + "/scenarios/default.json", "--runs", "1000", "--jobs", "2",
                      "--repeat", "1", "--designs", "bliap", "--out", out], exits: 0)
        let lines = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n")
        #expect(lines.first.map(String.init) == "scenario,workload,build,cores,threads,runs,events,timings,seconds_median,seconds_fastest,"
            + "seconds_slowest,runs_per_second,events_per_second,ns_per_event,all_timings")
        #expect(lines.dropFirst().map { $0.split(separator: ",")[1] } == ["engine-floor", "engine-floor", "bliap", "bliap"])
        #expect(lines.dropFirst().map { $0.split(separator: ",")[4] } == ["1", "2", "1", "2"])
    }

    @Test("Bad bench command lines exit 64", arguments: [
        ["bench", "--runs", "0"],
        ["bench", "--repeat", "none"],
        ["bench", "--jobs", "0"],
        ["bench", "--desings", "naive"],
        ["bench", "--designs", "naiv"],
        ["bench", "a.json", "b.json"],
    ])
    func usageErrors(_ arguments: [String]) {
        expectSimrun(arguments, exits: 64)
    }

    @Test("A bench of a missing scenario exits 66 (EX_NOINPUT)")
    func missingScenario() {
        expectSimrun(["bench", "/nonexistent/scenario.json", "--runs", "10"], exits: 66)
    }

    @Test("Rates read with thousands separators")
    func groupedNumbers() {
        #expect(Grouped.format(0) == "0")
        #expect(Grouped.format(999.4) == "999")
        #expect(Grouped.format(1_000) == "1,000")
        #expect(Grouped.format(1_234_567.6) == "1,234,568")
        #expect(Grouped.format(-12_345) == "-12,345")
        #expect(Grouped.format(.infinity) == "-")
    }
}
