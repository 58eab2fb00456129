import FaultSim
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Policies
import Testing
@testable import simrun

@Suite("Trace, find and sequence diagrams")
struct TraceTests {
    @Test("Tracing run I gives the outcome, cause and events it had in the bulk run", arguments: ["default", "storekit-anomalies", "account-switch"])
    func traceMatchesBulk(_ name: String) throws {
        let scenario = try FindingsTests.scenario(name)
        for design in TestDesigns.all {
            var bulk = World(scenario: scenario, design: design)
            bulk.recordsVerdicts = true
            for run in UInt64(0)..<200 {
                bulk.run(run)
                var traced = World(scenario: scenario, design: design)
                traced.tracing = true
                traced.run(run)
                #expect(traced.lastRunVerdicts == bulk.lastRunVerdicts, "\(name) \(design.name) run \(run)")
                #expect(traced.lastRunEvents == bulk.lastRunEvents, "\(name) \(design.name) run \(run)")
                #expect(!traced.trace.isEmpty)
            }
        }
    }

    /// The trace used to call every cancel "failed": its old event tested a flag field for
    /// 1 where a cancel that releases the sheet stored 3.
    @Test("A cancel at the payment sheet reads 'cancelled', a failure 'failed'")
    func cancelAndFailureAreNamed() throws {
        for (setting, expected) in [(\Scenario.user.cancelProbability, "cancelled (intent 0)"),
                                    (\Scenario.storeKit.failThenPurchasedProbability, "failed (intent 0)")] {
            var scenario = Scenario.faultFree()
            scenario[keyPath: setting] = 1
            var world = World(scenario: scenario, design: TestDesigns.all[0])
            world.tracing = true
            world.run(0)
            let texts = world.trace.map(\.text)
            #expect(texts.contains(expected), "\(texts)")
            #expect(!texts.contains(expected == "failed (intent 0)" ? "cancelled (intent 0)" : "failed (intent 0)"))
        }
    }

    @Test("The same trace twice is byte-identical, text and SVG")
    func traceIsDeterministic() throws {
        let scenario = try FindingsTests.scenario("storekit-anomalies")
        // The first run that clears its record on a cancel, searched for rather than pinned, so a
        // change to the world's draws does not silently turn this into a test of a dull trace.
        var probe = World(scenario: scenario, design: .seed000V1_0)
        probe.recordsVerdicts = true
        let run = try #require((0..<5_000 as Range<UInt64>).first { index in
            probe.run(index)
            return probe.lastRunVerdicts.contains { $0.cause == .recordClearedOnCancel }
        })
        func render() -> (String, String) {
            var world = World(scenario: scenario, design: .seed000V1_0)
            world.tracing = true
            world.run(run)
            return (TraceText.render(world.trace, verdicts: world.lastRunVerdicts, header: "run \(run)"),
                    SequenceDiagram.render(world.trace, verdicts: world.lastRunVerdicts, title: "run \(run)"))
        }
        let first = render(), second = render()
        #expect(first.0 == second.0)
        #expect(first.1 == second.1)
        #expect(first.0.contains("record_cleared_on_cancel"))
    }

    @Test("The SVG parses as XML and has one lifeline per actor")
    func svgIsWellFormed() throws {
        var world = World(scenario: try FindingsTests.scenario("default"), design: .swiftyStoreKitAtomic)
        world.tracing = true
        world.run(3)
        let svg = SequenceDiagram.render(world.trace, verdicts: world.lastRunVerdicts, title: "a <title> & more")
        let delegate = LifelineCounter()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = delegate
        #expect(parser.parse(), "the SVG is not well-formed XML")
        #expect(delegate.root == "svg")
        #expect(delegate.lifelines == Actor.allCases.map { "lifeline-\($0.rawValue)" })
    }

    @Test("trace and find reject bad command lines with exit 64", arguments: [
        ["trace", "scenarios/default.json", "--run", "3"],
        ["trace", "scenarios/default.json", "--design", "naive"],
        ["trace", "scenarios/default.json", "--design", "naiv", "--run", "3"],
        ["trace", "scenarios/default.json", "--design", "naive", "--run", "-3"],
        ["find", "scenarios/default.json", "--design", "naive"],
        ["find", "scenarios/default.json", "--design", "naive", "--outcome", "gone"],
        ["find", "scenarios/default.json", "--design", "naive", "--outcome", "lost", "--cause", "bad_luck"],
    ])
    func badCommandLines(_ arguments: [String]) {
        let absolute = arguments.map { $0.hasPrefix("scenarios/") ? packageRoot + "/" + $0 : $0 }
        expectSimrun(absolute, exits: 64)
    }

    @Test("trace and find without a scenario use the default one, from any directory")
    func defaultScenario() {
        expectSimrun(["trace", "--design", "naive", "--run", "3"], exits: 0)
        expectSimrun(["find", "--design", "naive", "--outcome", "lost", "--limit", "1"], exits: 0)
        #expect(ReplayCommand.trace(path: nil, design: "naive", run: 3, seed: 1) == "simrun trace --design naive --run 3 --seed 1")
    }

    @Test("find lists matching runs; trace replays them")
    func findAndTrace() {
        let scenario = packageRoot + "/scenarios/default.json"
        expectSimrun(["find", scenario, "--design", "naive", "--outcome", "lost", "--limit", "2", "--runs", "2000"], exits: 0)
        expectSimrun(["find", scenario, "--design", "naive", "--outcome", "lost", "--shortest", "--runs", "2000"], exits: 0)
        expectSimrun(["trace", scenario, "--design", "naive", "--run", "5"], exits: 0)
    }
}

/// Collects the root element and the ids of lifeline groups.
final class LifelineCounter: NSObject, XMLParserDelegate {
    var root: String?
    var lifelines: [String] = []

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        if root == nil { root = elementName }
        if elementName == "g", attributes["class"] == "lifeline", let id = attributes["id"] { lifelines.append(id) }
    }
}
