@testable import FaultSim
import Foundation
import Policies
import Testing

/// `simrun optimize`: the race's paired statistics are the panel's, an enumerated space gives
/// brute force's front and never drops a design on it, and the command line is deterministic
/// and names what is wrong in a space file.
@Suite("Optimizer: racing designs to the Pareto front")
struct OptimizerTests {
    /// A space of 64 legal designs around faultsim-recommended: client storage, finishing,
    /// retrying and the server's recovery, the axes that trade lost orders for requests.
    static let smallSpace = """
        {"from": "faultsim-recommended",
         "axes": {"localStore": ["memory", "keychain"], "finishMoment": "all",
                  "retrySchedule": ["none", {"kind": "linearBackoff", "step": "10s", "cap": "1m"}], "serverRecovery": [[], ["notifications"], ["transactionHistory"], ["notifications", "transactionHistory"]]}}
        """

    /// A world where requests are often lost, so designs differ within a few thousand runs.
    static func lossyScenario(seed: UInt64) -> Scenario {
        var scenario = Scenario()
        scenario.seed = seed
        scenario.network.requestLossProbability = 0.1
        return scenario
    }

    /// Every legal design of `space` simulated over the same runs: its point and its totals on
    /// `objectives`, and the points on the point-estimate Pareto front of those totals.
    static func bruteForce(_ scenario: Scenario, _ space: DesignSpace, objectives: [Outcome], runs: Int)
        -> (vectors: [DesignPoint: [Double]], front: Set<DesignPoint>) {
        var points: [DesignPoint] = []
        space.forEachLegalPoint { points.append($0) }
        let designs = points.enumerated().map { space.design(at: $1, name: "brute-\($0)") }
        let tallies = Runner.run(scenario: scenario, designs: designs, runs: 0..<UInt64(runs), jobs: 2)
        let vectors = tallies.map { tally in objectives.map { Double($0.total(tally)) } }
        let front = Set(Pareto.front(vectors).map { points[$0] })
        return (Dictionary(uniqueKeysWithValues: zip(points, vectors)), front)
    }

    static func settings(runs: Int) -> Optimizer.Settings {
        var settings = Optimizer.Settings()
        settings.runs = runs
        settings.firstRuns = runs / 8
        settings.jobs = 2
        return settings
    }

    /// Racing with every legal design of a small space (enumeration) ends with the front brute
    /// force finds, evaluating every design over all the runs: the same objective vectors, each
    /// front design on brute force's front, and every design on brute force's front kept (on
    /// the front, or parked behind a front design it matched in every run). Several seeds, so
    /// several draws of the world.
    @Test("Racing every design of a 64-design space gives brute force's Pareto front and never drops a design on it")
    func racingKeepsBruteForceFront() throws {
        let space = try DesignSpace.read(Self.smallSpace, file: "small.json")
        let runs = TestScale.pick(quick: 1_600, full: 4_000)
        for seed in TestScale.pick(quick: [UInt64(1), 2, 3], full: Array(1...6)) {
            let scenario = Self.lossyScenario(seed: seed)
            let settings = Self.settings(runs: runs)
            let brute = Self.bruteForce(scenario, space, objectives: settings.objectives, runs: runs)
            let result = Optimizer.run(scenario: scenario, space: space, designs: [.faultSimRecommended], settings: settings)
            #expect(result.enumerated)
            let kept = Set(result.front.flatMap { [$0.point] + $0.equivalents })
            for point in brute.front {
                #expect(kept.contains(point), "seed \(seed): racing dropped \(point.describe(against: nil)) on brute force's front")
            }
            for design in result.front {
                #expect(brute.front.contains(design.point), "seed \(seed): \(design.design.name) is not on brute force's front")
                for twin in design.equivalents { #expect(brute.vectors[twin] == brute.vectors[design.point]) }
            }
            #expect(Set(result.front.map { brute.vectors[$0.point]! }) == Set(brute.front.map { brute.vectors[$0]! }), "seed \(seed)")
            #expect(result.statistics.dominated > 0, "seed \(seed): racing dropped nothing")
        }
    }

    /// A planted best: in a lossy world where users double-tap Buy often, the designs that
    /// guard the double tap and keep a durable record are the only ones that neither lose an
    /// order nor charge anyone twice (unguarded ones charge about one intent in ten twice). On
    /// lost orders and double charges, brute force's front is that one point, (0, 0); the
    /// enumeration finds exactly it, and so does the search from a preset and random designs
    /// when the space is not enumerated.
    @Test("A planted best is the whole front, found by enumeration and by search")
    func plantedBestIsFound() throws {
        let space = try DesignSpace.read("""
            {"from": "faultsim-recommended", "axes": {"serverRecovery": [[]], "localStore": ["memory", "sandbox", "keychain"],
             "finishMoment": "all", "retryTriggers": [[], ["launch", "foreground", "networkRegained"]], "guardsDoubleTap": "all"}}
            """, file: "planted.json")
        var scenario = Self.lossyScenario(seed: 7)
        scenario.network.requestLossProbability = 0.3
        scenario.user.doubleTapProbability = 0.1
        // Every user comes back after a normal leave: with no server recovery in this space, one
        // who never does would lose an order under every design, and no point would be (0, 0).
        scenario.user.neverReturnsAfterLeaveProbability = 0
        var settings = Self.settings(runs: TestScale.pick(quick: 1_600, full: 6_400))
        settings.objectives = [.lost, .doubleCharged]
        let brute = Self.bruteForce(scenario, space, objectives: settings.objectives, runs: settings.runs)
        #expect(Set(brute.front.map { brute.vectors[$0]! }) == [[0, 0]], "the planted point is brute force's whole front")
        let guards = DesignAxis.table.firstIndex { $0.name == "guardsDoubleTap" }!
        for enumerate in [true, false] {
            settings.enumerateUpTo = enumerate ? 2_000 : 0
            settings.randomStarts = 2
            let result = Optimizer.run(scenario: scenario, space: space, designs: [.naive], settings: settings)
            #expect(result.enumerated == enumerate)
            #expect(result.front.count == 1, "enumerate \(enumerate): \(result.front.map(\.design.name))")
            for design in result.front {
                #expect(brute.vectors[design.point] == [0, 0])
                #expect(DesignAxis.table[guards].values[Int(design.point.indices[guards])].json == .bool(true))
            }
            if enumerate {
                let kept = Set(result.front.flatMap { [$0.point] + $0.equivalents })
                #expect(brute.front.isSubset(of: kept), "every design at the planted point is on the front or parked behind it")
            }
            // naive double-charges and loses orders here: the front dominates it.
            #expect(result.designs.first?.status == .dominated(by: 0))
        }
    }

    /// The race's profiles, simulated design by design, compare two designs exactly as the
    /// panel that simulates them side by side: the same discordant intents, intervals and p on
    /// every objective, over any prefix of the runs.
    @Test("The race's design-by-design profiles give the panel's paired statistics exactly, over any prefix of the runs")
    func profilesMatchThePanel() {
        let scenario = Self.lossyScenario(seed: 3)
        let designs = [Design.naive, .bliap, .seed004]
        let runs = 1_500
        var profiles = [RunProfile](repeating: RunProfile(), count: designs.count)
        let simulated = ProfileRunner.extend(&profiles, designs: designs, which: [0, 1, 2], through: [500, runs], scenario: scenario, jobs: 2)
        #expect(simulated == Int64(designs.count * runs) && profiles.allSatisfy { $0.runs == runs })
        for prefix in [500, runs] {
            let panel = Runner.panel(scenario: scenario, designs: designs, pairs: .all, runs: 0..<UInt64(prefix), jobs: 2)
            for a in designs.indices {
                for b in designs.indices where a != b {
                    let mine = RunProfile.compare(profiles[a], profiles[b], over: prefix, objectives: Outcome.objectives)
                    #expect(mine == Outcome.objectives.map { panel.difference($0, a, b) }, "\(designs[a].name) − \(designs[b].name), \(prefix) runs")
                }
                let totals = profiles[a].totals(at: prefix)
                #expect(Outcome.objectives.allSatisfy { totals[$0] == $0.total(panel.tallies[a]) })
            }
        }
    }

    /// The command: the same bytes on one thread and two (the time line aside), the front as
    /// customDesigns entries that read back, and a bad space file named with its key (exit 65).
    @Test("optimize writes the same bytes on 1 and 2 threads, its front pastes as customDesigns, and a bad space file names its key (exit 65)")
    func optimizeCommandLine() throws {
        let folder = try TemporaryFolder()
        let spaceFile = folder.path("space.json").path
        try Self.smallSpace.write(toFile: spaceFile, atomically: true, encoding: .utf8)
        let base = ["optimize", "--space", spaceFile, "--runs", "800", "--first-runs", "200", "--quiet", "--set", "network.requestLossProbability=0.1"]
        var outputs: [String] = []
        for jobs in ["1", "2"] {
            let csv = folder.path("front-\(jobs).csv").path, json = folder.path("front-\(jobs).json").path
            let run = expectSimrun(base + ["--jobs", jobs, "--out", csv, "--json", json], exits: 0)
            let text = run.output.split(separator: "\n").filter { !$0.hasPrefix("time: ") }.joined(separator: "\n")
            outputs.append(text + (try String(contentsOfFile: csv, encoding: .utf8)) + (try String(contentsOfFile: json, encoding: .utf8)))
        }
        #expect(outputs[0] == outputs[1])
        #expect(outputs[0].contains("64 combinations, 64 legal designs"))
        #expect(outputs[0].contains("method: every legal design raced"))
        // The JSON's customDesigns array is a scenario's.
        let json = try String(contentsOfFile: folder.path("front-1.json").path, encoding: .utf8)
        let entries = json.split(separator: "\n").drop { !$0.contains("\"customDesigns\"") }.dropFirst().prefix { !$0.hasPrefix("  ]") }
        let scenario = "{\"customDesigns\": [\(entries.joined(separator: "\n"))]}"
        let loaded = try ScenarioLoader.parse(scenario, file: "pasted.json", name: "pasted")
        #expect(!loaded.customDesigns.isEmpty)

        func rejects(_ text: String, _ needles: [String]) throws {
            try text.write(toFile: spaceFile, atomically: true, encoding: .utf8)
            let run = expectSimrun(["optimize", "--space", spaceFile, "--runs", "10"], exits: 65)
            for needle in needles { #expect(run.errorOutput.contains(needle), "\(text): \(run.errorOutput)") }
        }
        try rejects(#"{"axes": {"localStore": ["keychain", "cloud"]}}"#,
                    ["key 'axes.localStore[1]'", "\"cloud\"", "memory"])
        try rejects(#"{"axes": {"retrySchedule": [{"kind": "fixedInterval", "interval": "7s"}]}}"#,
                    ["key 'axes.retrySchedule[0]'", "not on the retrySchedule grid", "{\"kind\": \"fixedInterval\", \"interval\": \"5s\"}"])
        try rejects(#"{"axes": {"localStor": "all"}}"#, ["key 'axes.localStor'", "did you mean 'axes.localStore'?"])
        try rejects(#"{"axes": {"finishMoment": []}}"#, ["key 'axes.finishMoment'", "non-empty"])
        try rejects(#"{"axes": {"finishMoment": ["atCallback", "atCallback"]}}"#, ["axes.finishMoment[1]", "given twice"])
        try rejects(#"{"from": "blaip"}"#, ["key 'from'", "did you mean 'bliap'?"])
        expectSimrun(["optimize", "--space", folder.path("missing.json").path], exits: 66)
        #expect(expectSimrun(["optimize", "--objectives", "lost,lots"], exits: 64).errorOutput.contains("unknown objective 'lots'"))
    }

    /// naive is StoreKit 1 with app receipts: StoreKit 2 breaks the rule that it sends a signed
    /// transaction, whatever receipt the space allows besides.
    @Test("A space with no design that can ship, or one design alone, exits 65 naming the file and the rule, and writes nothing")
    func unsearchableSpaces() throws {
        let folder = try TemporaryFolder()
        let spaceFile = folder.path("space.json").path, out = folder.path("front.csv").path
        let rule = "storeKitAPI sk2 sends the signed transaction: receiptKind must be signedTransaction"
        let cases: [(String, String)] = [
            (#"{"from": "naive", "axes": {"storeKitAPI": ["sk2"]}}"#,
             "key 'axes': no design in the space can ship: its one combination breaks this rule: \(rule); let the axes it names take values"),
            (#"{"from": "naive", "axes": {"storeKitAPI": ["sk2"], "receiptKind": ["appReceipt", "perTransaction"]}}"#,
             "every one of its 2 combinations breaks this rule: \(rule);"),
            (#"{"from": "naive", "axes": {"storeKitAPI": ["sk1"]}}"#,
             "key 'axes': the space varies no axis: every axis holds one value, so it is one design (naive) and there is nothing to search"),
            (#"{"from": "naive", "axes": {"finishMoment": ["afterDelivery"]}}"#, "so it is one design (naive with finishMoment afterDelivery)"),
        ]
        for (space, message) in cases {
            try space.write(toFile: spaceFile, atomically: true, encoding: .utf8)
            let run = expectSimrun(["optimize", "--space", spaceFile, "--runs", "100", "--quiet", "--out", out], exits: 65)
            #expect(run.errorOutput.hasPrefix("Error: \(spaceFile): ") && run.errorOutput.contains(message), "\(space): \(run.errorOutput)")
            #expect(run.output.isEmpty, "nothing printed before the refusal: \(run.output)")
            #expect(!FileManager.default.fileExists(atPath: out))
        }
        let space = try DesignSpace.read(#"{"from": "naive", "axes": {"storeKitAPI": "all", "receiptKind": "all"}}"#, file: "s.json")
        #expect(space.legalCount > 0 && space.problemsOfEveryCombination.isEmpty, "some combinations ship")
    }
}
