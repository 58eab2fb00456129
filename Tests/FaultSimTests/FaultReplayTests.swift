import FaultSim
import Policies
import Testing

/// A traced run replayed with one of its faults taken away (`FaultChooser.seeded(suppressing:)`),
/// which is how the report decides which faults its sequence diagrams mark (`DecisiveFaults`).
@Suite("Replaying a run without a fault")
struct FaultReplayTests {
    static let scenario = Scenario()

    /// The first of the first `limit` runs of `design` whose trace satisfies `wanted`, traced.
    static func firstRun(_ design: Design, limit: UInt64 = 3_000, scenario: Scenario = scenario,
                         where wanted: (DesignWorlds) -> Bool) -> (run: UInt64, trace: [TraceEntry], verdicts: [IntentVerdict])? {
        var world = DesignWorlds(scenario: scenario, design: design)
        world.tracing = true
        for run in 0..<limit {
            world.run(run)
            if wanted(world) { return (run, world.trace, world.lastRunVerdicts) }
        }
        return nil
    }

    static func replay(_ design: Design, _ run: UInt64, _ faults: FaultChooser, scenario: Scenario = scenario) -> DesignWorlds {
        var world = DesignWorlds(scenario: scenario, design: design, faults: faults)
        world.tracing = true
        world.run(run)
        return world
    }

    @Test("Without one fault, a run is the same up to that fault, and the fault does not fire")
    func suppressedPointDoesNotFire() throws {
        let found = try #require(Self.firstRun(.naive) { world in world.trace.contains { $0.fault != nil } })
        for (index, entry) in found.trace.enumerated() {
            guard let point = entry.faultPoint else { continue }
            let replayed = Self.replay(.naive, found.run, .seeded(suppressing: [point])).trace
            #expect(Array(replayed.prefix(index)) == Array(found.trace.prefix(index)), "run \(found.run): the same before fault point \(point)")
            #expect(!replayed.contains { $0.faultPoint == point }, "run \(found.run): fault point \(point) did not fire")
        }
        #expect(FaultChooser.seeded(suppressing: []) == .seeded)
        #expect(FaultKind.allCases.count <= 64, "suppressed kinds are a 64-bit mask")
    }

    @Test("Faults recorded after a duration ran out (a client timeout, an Apple call timeout) can be replayed away")
    func timeoutsCanBeReplayedAway() throws {
        for kind in [FaultKind.slowRequest, .appleTimeout] {
            let found = try #require(Self.firstRun(.seed000V0) { world in world.trace.contains { $0.fault == kind } }, "\(kind.name) fires")
            let index = try #require(found.trace.firstIndex { $0.fault == kind })
            let replayed = Self.replay(.seed000V0, found.run, .seeded(suppressing: [found.trace[index].faultPoint!])).trace
            // Not just the same story with one line fewer: what follows the timeout changes.
            var without = found.trace
            without.remove(at: index)
            #expect(replayed != without, "without \(kind.name) the run continues differently")
        }
    }

    @Test("Suppressing a kind: no fault of that kind fires, others still do")
    func suppressedKind() {
        var seeded = DesignWorlds(scenario: Self.scenario, design: .seed000V0)
        var without = DesignWorlds(scenario: Self.scenario, design: .seed000V0, faults: .seeded(suppressingKinds: [.applicationUsernameLost]))
        for run in 0..<UInt64(2_000) {
            seeded.run(run)
            without.run(run)
        }
        #expect(seeded.tally.faultCounts[FaultKind.applicationUsernameLost.rawValue] > 0)
        #expect(without.tally.faultCounts[FaultKind.applicationUsernameLost.rawValue] == 0)
        #expect(without.tally.faultCounts[FaultKind.requestLost.rawValue] > 0)
    }

    @Test("A decisive fault is one without which the run ends otherwise; the others changed nothing")
    func decisiveFaults() throws {
        let design = Design.seed002Before
        let found = try #require(Self.firstRun(design) { world in
            world.lastRunVerdicts.contains { $0.outcome == .lost && $0.cause == .applicationUsernameLost } && world.trace.filter { $0.fault != nil }.count > 1
        })
        let judged = DecisiveFaults.judge(scenario: Self.scenario, design: design, run: found.run, trace: found.trace, verdicts: found.verdicts)
        let lostName = found.trace.filter { $0.fault == .applicationUsernameLost }.compactMap(\.faultPoint)
        #expect(lostName.contains(where: judged.decisive.contains), "the lost applicationUsername decided the loss")
        for entry in found.trace {
            guard let point = entry.faultPoint else { continue }
            var world = DesignWorlds(scenario: Self.scenario, design: design, faults: .seeded(suppressing: [point]))
            world.recordsVerdicts = true
            world.run(found.run)
            #expect((world.lastRunVerdicts != found.verdicts) == judged.decisive.contains(point), "\(entry.fault!.name) at point \(point)")
        }
        let inert = found.trace.compactMap(\.faultPoint).filter { !judged.decisive.contains($0) && !judged.jointly.contains($0) }
        #expect(!inert.isEmpty, "run \(found.run) has a fault that changed nothing")

        let svg = SequenceDiagram.render(found.trace, verdicts: found.verdicts, title: "t", standalone: false, judged: judged)
        #expect(svg.components(separatedBy: "<g class=\"fault\">").count - 1 == judged.decisive.count)
        #expect(svg.components(separatedBy: "<g class=\"fault inert\">").count - 1 == inert.count)
        #expect(svg.contains("(no effect)"))
        let plain = SequenceDiagram.render(found.trace, verdicts: found.verdicts, title: "t", standalone: false)
        #expect(!plain.contains("inert"), "unjudged, every fault is marked, as simrun trace draws them")
    }
}
