import FaultSim
import Foundation
import Policies
import Testing

/// `simrun ablate`: a design against each design one axis away from it, and the walk from one
/// design to another one axis at a time, with Holm's correction over the axes.
@Suite("Ablation, one axis at a time")
struct AblationTests {
    /// Holm's correction rejects step by step and stops at the first p-value that fails.
    @Test("Holm's correction rejects step by step and stops at the first p-value that fails")
    func holmStepsDown() {
        let logs = [0.001, 0.04, 0.012, 0.3].map { DeterministicMath.log($0) }
        #expect(Holm.rejects(logs, alpha: 0.05) == [true, false, true, false])
    }

    /// Ablate's change for one axis is `compare`'s for the same pair: the panel against the
    /// design counts the same discordant intents as `Runner.pair`, which `simrun compare` runs.
    @Test("ablate's change for one axis counts the same discordant intents, difference and p as compare for that pair")
    func ablateEqualsCompareForOnePair() {
        var scenario = Scenario()
        scenario.network.requestLossProbability = 0.2
        let runs = UInt64(0)..<UInt64(TestScale.pick(quick: 3_000, full: 20_000))
        let result = Ablation.run(scenario: scenario, design: .bliap, runs: runs, jobs: 2)
        let row = result.rows.first { $0.change.axis == "finishMoment" && $0.change.to == .string("atCallback") }!
        let paired = Runner.pair(scenario: scenario, row.change.design!, .bliap, runs: runs, jobs: 2)
        for objective in Outcome.objectives where objective.row.measure == .intents {
            let outcome = objective
            let d = row.difference(objective)
            #expect(d.onlyA == paired.paired[outcome].onlyA && d.onlyB == paired.paired[outcome].onlyB, "\(objective)")
            let compare = paired.paired[outcome].difference(intents: paired.paired.intents)
            #expect(abs(d.difference - compare.points * 10_000) < 1e-9, "\(objective): \(d.difference) vs \(compare.points) pts")
            #expect(d.logP == paired.paired[outcome].exactLogPValue)
        }
        #expect(row.difference(.lost).onlyA > row.difference(.lost).onlyB, "finishing at the callback loses orders under request loss")
        let requests = row.difference(.serverRequests).difference
        let expected = Double(paired.a.serverRequests - paired.b.serverRequests) / Double(paired.a.intents)
        #expect(abs(requests - expected) < 1e-12)
    }

    /// The walk ends at its target design, one axis (or a legal group) per step.
    @Test("The walk reaches its target one axis (or legal group) at a time, through designs that can ship")
    func walkReachesTheTarget() {
        var scenario = Scenario()
        scenario.runs = 500
        let walk = Ablation.walk(scenario: scenario, from: .naive, to: .faultSimRecommended, runs: 0..<500, jobs: 2)
        var design = Design.naive
        for step in walk.steps {
            for change in step.changes {
                let axis = DesignAxis.named(change.axis)!
                #expect(axis.value(of: design) == change.from)
                design = axis.copying(from: .faultSimRecommended, onto: design)
            }
            #expect(design.problems.isEmpty, "every step is a design that can ship")
        }
        #expect(Ablation.differingAxes(design, .faultSimRecommended, on: scenario.platform).isEmpty)
        #expect(walk.steps.count <= Ablation.differingAxes(.naive, .faultSimRecommended, on: scenario.platform).count)
    }

    /// A StoreKit 1 design cannot name an older-OS design, whichever preset: its fifteen such
    /// changes share one reason, and the text says it once; the CSV keeps a row per change.
    @Test("The text lists skipped changes one line per reason, naming each axis and its values; the CSV keeps a row per change")
    func skippedChangesGroupedByReason() {
        // Before the build floor, where olderOSDesign is a choice (today it is not: `AppStore2026Tests`).
        var beforeTheFloor = Scenario()
        beforeTheFloor.platform.newBuildFloor = .none
        let result = Ablation.run(scenario: beforeTheFloor, design: .bliap, runs: 0..<50, jobs: 2)
        let olderOS = result.skipped.filter { $0.axis == "olderOSDesign" }
        #expect(olderOS.count > 10 && Set(olderOS.map { $0.problems }).count == 1)
        let reasons = Set(result.skipped.map { $0.problems.joined(separator: "; ") }).count
        let lines = result.text.split(separator: "\n", omittingEmptySubsequences: false)
        let header = lines.firstIndex { $0.hasPrefix("Skipped: ") }!
        #expect(lines[header] == "Skipped: \(result.skipped.count) changes that cannot ship (Design.problems), for \(reasons) reasons")
        let listed = lines[(header + 1)...].prefix { $0.hasPrefix("  ") }
        #expect(listed.count == reasons)
        #expect(listed.filter { $0.contains("olderOSDesign is the StoreKit 1 flow") }
            == ["  olderOSDesign → \(olderOS.count) values (naive, seed000-v0, …, faultsim-recommended-sk1): " + olderOS[0].problems.joined(separator: "; ")])
        #expect(listed.contains { $0.hasPrefix("  retrySchedule → 7 values (none, ") }, "a retry schedule's values, counted")
        #expect(result.csv.split(separator: "\n").filter { $0.contains(",skipped,") }.count == result.skipped.count)
        // One axis refused for one reason has one line with its values.
        let sk2 = Ablation.run(scenario: Scenario(), design: .faultSimRecommended, runs: 0..<50, jobs: 2)
        #expect(sk2.text.contains("\n  itemMapping → applicationUsername, applicationUsernameThenRecord: "))
        #expect(sk2.text.contains("\n  userMapping → currentUser, record: itemMapping appAccountToken needs orderTiming orderFirst"))
    }

    /// The CSV is the same bytes on one thread and two, and bad command lines say what is wrong.
    @Test("ablate writes the same CSV on 1 and 2 threads, and a bad command line says what is wrong")
    func ablateCommandLine() throws {
        let folder = try TemporaryFolder()
        let one = folder.path("one.csv").path, two = folder.path("two.csv").path
        let base = ["ablate", "--design", "seed004", "--runs", "1500", "--quiet"]
        let first = expectSimrun(base + ["--jobs", "1", "--out", one], exits: 0)
        expectSimrun(base + ["--jobs", "2", "--out", two], exits: 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: one)) == Data(contentsOf: URL(fileURLWithPath: two)))
        #expect(first.output.contains("seed004 against each design one axis away from it"))
        #expect(first.output.contains("Skipped: "))
        let csv = try String(contentsOfFile: one, encoding: .utf8)
        #expect(csv.hasPrefix("scenario,platform,design,axis,from,to,status,reason,intents,lost_per_million,lost_change_per_million,"))
        #expect(csv.contains(",skipped,"))
        let walk = expectSimrun(["ablate", "--from", "naive", "--to", "bliap", "--runs", "300", "--quiet"], exits: 0)
        #expect(walk.output.contains("From naive to bliap, one axis at a time"))
        #expect(expectSimrun(["ablate", "--runs", "10"], exits: 64).errorOutput.contains("Missing '--design <name>'"))
        #expect(expectSimrun(["ablate", "--from", "naive"], exits: 64).errorOutput.contains("'--from' and '--to' go together"))
        #expect(expectSimrun(["ablate", "--design", "blaip"], exits: 64).errorOutput.contains("did you mean 'bliap'?"))
        #expect(expectSimrun(["ablate", "--from", "bliap", "--to", "bliap"], exits: 64).errorOutput.contains("nothing to walk"))
    }
}
