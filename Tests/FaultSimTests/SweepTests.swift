@testable import FaultSim
import Foundation
import Policies
import Testing
@testable import simrun

/// `simrun sweep`, its chart, and `sweep --crossover`.
@Suite("Sweeps")
struct SweepTests {
    static let scenario = packageRoot + "/scenarios/default.json"

    @Test("sweep writes a long CSV, one row per value and design, and a well-formed chart; the bytes never depend on threads")
    func sweepOutputs() throws {
        let folder = try TemporaryFolder()
        func sweep(_ name: String, jobs: String) -> SimrunTranscript {
            expectSimrun(["sweep", Self.scenario, "--param", "network.requestLossProbability", "--values", "0,0.1,0.3",
                          "--designs", "naive,seed000-v1.2,bliap", "--runs", "600", "--jobs", jobs, "--log-y", "--quiet",
                          "--out", folder.path("\(name).csv").path, "--svg", folder.path("\(name).svg").path], exits: 0)
        }
        let one = sweep("one", jobs: "1"), two = sweep("two", jobs: "2")
        // The printed table, one row per design, is the same on any thread count too.
        #expect(one.output.contains("\nnaive ") && one.output.contains("\nbliap "), "\(one.output)")
        #expect(one.output == two.output)
        let csv = try String(contentsOfFile: folder.path("one.csv").path, encoding: .utf8)
        let lines = csv.split(separator: "\n")
        #expect(lines.count == 1 + 3 * 3)
        #expect(lines[0] == "param,value," + ResultCSV.columns.joined(separator: ","))
        #expect(lines[1].hasPrefix("network.requestLossProbability,0,default,today,naive,"))
        #expect(lines[9].hasPrefix("network.requestLossProbability,0.3,default,today,bliap,"))
        for name in ["csv", "svg"] {
            #expect(try Data(contentsOf: folder.path("one.\(name)")) == Data(contentsOf: folder.path("two.\(name)")))
        }
        let svg = try String(contentsOfFile: folder.path("one.svg").path, encoding: .utf8)
        #expect(svgFragmentsParse(svg) == (1, true))
        #expect(svg.contains("network.requestLossProbability (probability per request)"), "the x axis names its unit, from the parameter table")
        #expect(svg.components(separatedBy: "<polygon class=\"band\"").count - 1 == 3, "a 95% band per design")
    }

    @Test("sweep rejects bad values, ranges and metrics", arguments: [
        (["--values", "0.1"], Int32(64)),
        (["--values", "0.1,0.2", "--range", "0:1:3"], 64),
        (["--range", "0:1:1"], 64),
        (["--range", "1:0:5"], 64),
        (["--range", "0:1:5", "--log"], 64),
        (["--values", "0.1,0.2", "--log"], 64),
        (["--values", "0.1,0.2", "--metric", "lots"], 64),
        (["--values", "0.1,0.2", "--crossover", "naive"], 64),
        (["--values", "0.1,2"], 65),
    ] as [([String], Int32)])
    func sweepErrors(_ extra: [String], _ status: Int32) {
        expectSimrun(["sweep", Self.scenario, "--param", "network.requestLossProbability", "--runs", "10", "--quiet"] + extra, exits: status)
    }

    @Test("An unknown key in a sweep is a data error naming the key")
    func sweepUnknownKey() {
        expectSimrun(["sweep", Self.scenario, "--param", "network.requestLosProbability", "--values", "0,0.1",
                      "--runs", "10", "--quiet"], exits: 65)
    }

    @Test("A sweep over a custom design's own axis simulates the design as each value defines it")
    func sweepOverCustomDesignAxis() throws {
        let json = #"{"runs": 2000, "designs": ["ours"], "customDesigns": [{"name": "ours", "from": "naive", "finishMoment": "afterDelivery"}]}"#
        let source = ScenarioSource(.json(json, file: "ours.json", name: "ours"))
        let sweep = try Sweep(key: "customDesigns[0].finishMoment", axis: SweepAxis(labels: ["afterDelivery", "atCallback"]),
                              source: source, runs: 2_000, designs: ["ours"])
        let base = try #require(try? source.load().selectedDesigns)
        let rows = sweep.run(base, jobs: 2).rows
        // naive finishes at the callback and loses what a lost request takes with it; finishing
        // after delivery keeps the transaction for the next try.
        #expect(rows[0][0].tally.lost < rows[1][0].tally.lost, "\(rows[0][0].tally.lost) vs \(rows[1][0].tally.lost)")
    }

    @Test("A crossover found by bisection agrees with the sweep's lines, within its interval")
    func crossoverAgreesWithSweep() throws {
        // seed 000: v1.0 clears its record on a false 'cancelled'; v0 never retries. With few
        // false cancels v1.0 loses fewer orders; with many, more (docs/model.md, the findings).
        let key = "storeKit.cancelThenPurchasedProbability"
        let a = Design.seed000V1_0, b = Design.seed000V0
        // Both sides come from the same runs, and the interval from their counts, so fewer runs
        // widen the interval the sweep must agree with rather than loosen a threshold: 5,000
        // runs in the quick suite, 20,000 in the full one.
        let runs = 0..<TestScale.pick(quick: UInt64(5_000), full: 20_000)
        let axis = SweepAxis(labels: ["0", "0.02", "0.04", "0.06", "0.08", "0.1"])
        let sweep = try Sweep(key: key, axis: axis, source: ScenarioSource(.file(path: Self.scenario)), runs: runs.count,
                              designs: [a.name, b.name])
        // The sweep's lines: A's lost minus B's at every value, paired, with its significance.
        let line = sweep.scenarios.map { scenario in
            let (tallies, pairs) = Runner.compare(scenario: scenario, designs: [a, b], runs: runs, jobs: 2)
            return (difference: tallies[0].lost - tallies[1].lost, significant: pairs.mcNemarPValue(0, 1) < 0.05,
                    intents: tallies[0].intents)
        }
        let result = try #require(sweep.crossover(a, b, steps: 6, jobs: 2), "the values are numbers")
        let interval = try #require(result.interval, "the search found a crossover")
        let estimate = try #require(result.estimate)
        let values = axis.numbers!
        // Below the interval the sweep never shows A significantly worse; above it, never
        // significantly better.
        for (value, point) in zip(values, line) {
            if value < interval.low { #expect(!(point.significant && point.difference > 0), "A significantly worse at \(value), below \(interval)") }
            if value > interval.high { #expect(!(point.significant && point.difference < 0), "A significantly better at \(value), above \(interval)") }
        }
        // The sweep's lines cross between two neighbouring values, and that bracket meets the interval.
        let crossing = try #require(line.indices.dropLast().first { line[$0].difference <= 0 && line[$0 + 1].difference > 0 },
                                    "the sweep's lines cross")
        #expect(values[crossing] <= interval.high && values[crossing + 1] >= interval.low,
                "the sweep crosses in \(values[crossing])...\(values[crossing + 1]); the crossover is in \(interval)")
        #expect(interval.low <= estimate && estimate <= interval.high)
        // The same runs at 0 in the sweep and in the search: the same difference.
        let first = try #require(result.points.first)
        #expect(first.value == 0)
        #expect(abs(first.difference - Double(line[0].difference) / Double(line[0].intents)) < 1e-12)
    }

    @Test("Chart titles too long for a line break at a comma; tick labels use as few places as they need")
    func chartText() {
        #expect(SweepChart.titleLines("short", maxCharacters: 10) == ["short"])
        #expect(SweepChart.titleLines("lost orders against a key, the default scenario", maxCharacters: 30)
            == ["lost orders against a key,", "the default scenario"])
        let axis = SweepChart.YAxis(values: [0.000_01, 0.2], log: true)
        #expect(axis.ticks.map { axis.label($0, percent: true) } == ["0.001%", "0.01%", "0.1%", "1%", "10%", "100%"])
        let linear = SweepChart.YAxis(values: [0, 0.9], log: false)
        #expect(linear.ticks.map { linear.label($0, percent: false) } == ["0", "0.2", "0.4", "0.6", "0.8", "1"])
    }
}
