import FaultSim
import Foundation
import Policies
import Testing
@testable import simrun

/// Before the build floor (the pre-2025 platform), users below iOS 15 get StoreKit 1 (seed 003:
/// "客户端判断 iOS 版本，如果大于15就调用新的验证接口，否则调用老的验证接口"). A StoreKit 2 design names
/// the StoreKit 1 design its old-OS users get (`olderOSDesign`); `device.belowIOS15Probability`
/// is their share; run i's user is below iOS 15 or not for every design alike. Today's platform
/// runs the legacy build for them instead (`LegacyBuildTests`).
@Suite("Before the build floor, users below iOS 15 get their StoreKit 1 flow")
struct OlderOSDesignTests {
    /// The design alone, without `DesignWorlds`: what every run was before the feature.
    static func plain(_ scenario: Scenario, _ design: Design, runs: UInt64) -> DesignTally {
        var world = World(scenario: scenario, design: design)
        for run in 0..<runs { world.run(run) }
        return world.tally
    }

    /// Today's world without the build floor (so `olderOSDesign` decides), and no iOS 15.x users.
    static func scenario(share: Double) -> Scenario {
        var scenario = Scenario()
        scenario.platform.newBuildFloor = .none
        scenario.device.belowIOS15Probability = share
        scenario.device.iOS15Probability = 0
        return scenario
    }

    static var storeKit2Presets: [Design] { Design.presets.filter { $0.storeKitAPI == .sk2 } }

    @Test("Every StoreKit 2 preset names a StoreKit 1 preset; StoreKit 1 presets name none")
    func presetsNameTheirFallback() throws {
        #expect(Design.seed003SK2.olderOSDesign == "seed003-sk1")
        #expect(Design.faultSimRecommended.olderOSDesign == "faultsim-recommended-sk1")
        #expect(Design.flows.allSatisfy { $0.storeKitAPI == .sk1 && $0.olderOSDesign == nil && !Design.presets.contains($0) })
        // A flow can be named but is not compared by default: its users are its preset's.
        #expect(!Scenario().designs.contains("faultsim-recommended-sk1"))
        #expect(Scenario().availableDesigns.contains { $0.name == "faultsim-recommended-sk1" })
        #expect(Design.revenueCat.olderOSDesign == "bliap")
        #expect(Set(Self.storeKit2Presets.map(\.name)) == ["seed003-sk2", "revenuecat", "faultsim-recommended"])
        for design in Design.presets {
            #expect(design.problems.isEmpty, "\(design.name)")
            if design.storeKitAPI == .sk1 {
                #expect(design.olderOSDesign == nil, "\(design.name)")
            } else {
                let older = try #require(Design.preset(named: design.olderOSDesign ?? ""), "\(design.name)")
                #expect(older.storeKitAPI == .sk1, "\(design.name)")
            }
        }
    }

    @Test("Share 0 changes nothing: every design's tally is the one it had without the feature")
    func shareZeroChangesNothing() {
        let scenario = Self.scenario(share: 0)
        let tallies = simulate(scenario, designs: TestDesigns.all, runs: 3_000)
        for (design, tally) in zip(TestDesigns.all, tallies) {
            #expect(tally == Self.plain(scenario, design, runs: 3_000), "\(design.name)")
        }
    }

    @Test("A StoreKit 1 design never looks at the user's iOS: the same tally at any share")
    func storeKit1IgnoresTheShare() {
        let designs = TestDesigns.all.filter { $0.storeKitAPI == .sk1 }
        let tallies = simulate(Self.scenario(share: 0.5), designs: designs, runs: 2_000)
        for (design, tally) in zip(designs, tallies) {
            #expect(tally == Self.plain(Self.scenario(share: 0), design, runs: 2_000), "\(design.name)")
        }
    }

    @Test("Share 1: a StoreKit 2 design's tally is its olderOSDesign's, exactly")
    func shareOneIsTheFallback() throws {
        let scenario = Self.scenario(share: 1)
        for design in Self.storeKit2Presets {
            let older = try #require(scenario.belowIOS15Design(of: design))
            let tallies = simulate(scenario, designs: [design, older], runs: 3_000)
            #expect(tallies[0] == tallies[1], "\(design.name) against \(older.name)")
        }
    }

    @Test("The split is per run and the same for every design; the other runs are the design's own, draw for draw")
    func splitIsCommonToDesigns() {
        let scenario = Self.scenario(share: 0.2)
        var sk2 = DesignWorlds(scenario: scenario, design: .seed003SK2)
        var recommended = DesignWorlds(scenario: scenario, design: .faultSimRecommended)
        var sk1 = World(scenario: scenario, design: .seed003SK1)
        var alone = World(scenario: scenario, design: .seed003SK2)
        sk2.recordsVerdicts = true
        sk2.recordsFingerprint = true
        recommended.recordsVerdicts = true
        recommended.recordsFingerprint = true
        sk1.recordsVerdicts = true
        sk1.recordsFingerprint = true
        alone.recordsVerdicts = true
        alone.recordsFingerprint = true
        var below = 0
        for run in UInt64(0)..<2_000 {
            let expected = RandomStreams.traitUnit(seed: scenario.seed, run: run, .belowIOS15) < 0.2
            sk2.run(run)
            recommended.run(run)
            #expect(sk2.lastRunBelowIOS15 == expected && recommended.lastRunBelowIOS15 == expected, "run \(run)")
            let twin: World
            if expected {
                below += 1
                sk1.run(run)
                twin = sk1
                #expect(sk2.lastRunDesign.name == "seed003-sk1" && recommended.lastRunDesign.name == "faultsim-recommended-sk1")
            } else {
                alone.run(run)
                twin = alone
            }
            #expect(sk2.lastRunVerdicts == twin.lastRunVerdicts && sk2.lastRunFingerprint == twin.lastRunFingerprint, "run \(run)")
        }
        let interval = Wilson.interval(successes: Int64(below), trials: 2_000, z: Wilson.z999)
        #expect(interval.low <= 0.2 && 0.2 <= interval.high, "\(below) of 2,000 runs below iOS 15")
    }

    @Test("Shards of a split job add up to the whole")
    func shardsAddUp() {
        let scenario = Self.scenario(share: 0.3)
        let designs = [Design.seed003SK2, .faultSimRecommended, .bliap]
        let whole = Runner.compare(scenario: scenario, designs: designs, runs: 0..<3_000, jobs: 2)
        let first = Runner.compare(scenario: scenario, designs: designs, runs: 0..<1_234, jobs: 2)
        let second = Runner.compare(scenario: scenario, designs: designs, runs: 1_234..<3_000, jobs: 1, chunkSize: 77)
        for index in designs.indices {
            var merged = first.tallies[index]
            merged.merge(second.tallies[index])
            #expect(merged == whole.tallies[index], "\(designs[index].name)")
        }
        var pairs = first.pairs
        pairs.merge(second.pairs)
        #expect(pairs == whole.pairs)
    }

    @Test("A StoreKit 2 design naming none cannot sell below iOS 15: every intent a lost sale")
    func noFallbackIsALostSale() {
        var design = Design.seed003SK2
        design.name = "sk2-only"
        design.olderOSDesign = nil
        var scenario = Self.scenario(share: 1)
        scenario.user.intentsPerRun = 3
        let tally = simulate(scenario, designs: [design], runs: 500)[0]
        #expect(tally.intents == 1_500 && tally.notCharged == 1_500 && tally.lostSales == 1_500)
        #expect(tally.lost == 0 && tally.events == 0)
        var world = DesignWorlds(scenario: scenario, design: design)
        world.tracing = true
        world.run(0)
        #expect(world.lastRunBelowIOS15 && !world.lastRunUsedOlderOSDesign)
        #expect(world.lastRunVerdicts.map(\.outcome) == [.notCharged, .notCharged, .notCharged])
        #expect(world.lastRunVerdicts.allSatisfy { $0.cause == .none })
        #expect(world.trace.first?.text.contains("names no olderOSDesign, so the app cannot sell") == true)
    }

    @Test("The trace of a run below iOS 15 says it is the olderOSDesign's, and is that design's story")
    func traceSaysSo() throws {
        let scenario = Self.scenario(share: 0.005)
        let run = try #require((UInt64(0)..<100_000).first { RandomStreams.traitUnit(seed: 1, run: $0, .belowIOS15) < 0.005 })
        var sk2 = DesignWorlds(scenario: scenario, design: .seed003SK2)
        var sk1 = DesignWorlds(scenario: scenario, design: .seed003SK1)
        sk2.tracing = true
        sk1.tracing = true
        sk2.run(run)
        sk1.run(run)
        #expect(sk2.trace.first?.time == 0)
        #expect(sk2.trace.first?.text.contains("runs its StoreKit 1 design, seed003-sk1 (olderOSDesign)") == true)
        #expect(Array(sk2.trace.dropFirst()) == sk1.trace)
        #expect(TraceCommand.olderOSLine(sk2).contains("so this run is seed003-sk1's"))
        guard let (status, output) = try runSiblingSimrun(["trace", packageRoot + "/scenarios/default.json", "--design", "seed003-sk2",
                                                           "--run", String(run), "--set", "platform.newBuildFloor=none"]) else { return }
        #expect(status == 0)
        #expect(output.contains("the user's device runs iOS 14 or older (device.belowIOS15Probability), so this run is seed003-sk1's"),
                "\(output.prefix(600))")
        #expect(output.contains("runs its StoreKit 1 design, seed003-sk1 (olderOSDesign), in this run"))
    }

    @Test("check weighs the runs below iOS 15: four worlds, and the bounds mix the two designs' by the share")
    func checkWeighsTheShare() {
        func explore(_ design: Design, share: Double) -> Exploration {
            var scenario = Self.scenario(share: share)
            scenario.user.returningCustomerProbability = 0.5
            var exploration = Exploration(scenario: scenario, design: design, options: .init(maxFaults: 1))
            exploration.explore()
            return exploration
        }
        let mixed = explore(.seed003SK2, share: 0.2)
        #expect(mixed.variants.map(\.weight) == [0.4, 0.4, 0.1, 0.1])
        #expect(mixed.variants.map(\.iOS) == [.from16, .from16, .below15, .below15])
        let own = explore(.seed003SK2, share: 0), older = explore(.seed003SK1, share: 0.2)
        #expect(abs(mixed.lostMass - (0.8 * own.lostMass + 0.2 * older.lostMass)) < 1e-12)
        #expect(abs(mixed.exploredMass - (0.8 * own.exploredMass + 0.2 * older.exploredMass)) < 1e-12)
        #expect(mixed.schedules == own.schedules + older.schedules)
        let all = explore(.seed003SK2, share: 1)
        #expect(all.variants.allSatisfy { $0.iOS == .below15 })
        #expect(all.lostMass == older.lostMass && all.schedulesByFaults == older.schedulesByFaults)
    }

    @Test("With bliap below iOS 15 the recommended design's users there meet a two-fault mis-delivery, replayed on that branch; its own flow holds")
    func recommendedCounterexampleBelowIOS15() throws {
        var beforeTheFloor = Scenario()
        beforeTheFloor.platform.newBuildFloor = .none
        var withOwnFlow = Exploration(scenario: beforeTheFloor, design: .faultSimRecommended, options: .init(maxFaults: 2))
        withOwnFlow.explore()
        #expect(withOwnFlow.holds, "faultsim-recommended-sk1 is why the recommendation holds K = 2")
        let setText = #"customDesigns=[{"name":"rec-bliap","from":"faultsim-recommended","olderOSDesign":"bliap"}]"#
        let set = try #require(try? ScenarioOverride.parse(setText).get())
        let floor = try #require(try? ScenarioOverride.parse("platform.newBuildFloor=none").get())
        let scenario = try ScenarioLoader.parse("{}", file: "default.json", name: "default", overrides: [set, floor])
        let design = try #require(scenario.availableDesigns.first { $0.name == "rec-bliap" })
        var exploration = Exploration(scenario: scenario, design: design, options: .init(maxFaults: 2))
        exploration.explore()
        #expect(!exploration.holds)
        let example = try #require(exploration.counterexamples.first)
        #expect(example.iOS == .below15 && example.avoidability == .avoidable, "\(example)")
        let command = CheckCommand.replayCommand(path: packageRoot + "/scenarios/default.json", design: "rec-bliap",
                                                 example: example, timing: .median, overrides: [set, floor])
        #expect(command.contains(" --ios below-15"))
        // The one quoted word is the --set value, which has no space.
        let words = command.split(separator: " ").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "'")) }
        guard let (status, output) = try runSiblingSimrun(Array(words.dropFirst())) else { return }
        #expect(status == 0)
        #expect(output.contains("so this run is bliap's"), "\(output.prefix(400))")
        #expect(output.contains("intent \(example.intent): \(example.outcome.rawValue): \(example.cause.name)"), "\(output.suffix(300))")
    }

    static func parse(_ designs: String) -> Result<Scenario, ScenarioError> {
        do throws(ScenarioError) {
            return .success(try ScenarioLoader.parse(#"{"customDesigns": \#(designs)}"#, file: "old-os.json", name: "old-os"))
        } catch {
            return .failure(error)
        }
    }

    @Test("Custom designs set olderOSDesign; null clears it; switching to StoreKit 1 drops the base's")
    func customDesignsSetIt() throws {
        let parsed = Self.parse("""
            [{"name": "mine-sk1", "from": "bliap", "serverRecovery": ["notifications", "transactionHistory"]},
             {"name": "mine", "from": "faultsim-recommended", "olderOSDesign": "mine-sk1"},
             {"name": "sk2-only", "from": "seed003-sk2", "olderOSDesign": null},
             {"name": "back-to-sk1", "from": "seed003-sk2", "storeKitAPI": "sk1", "itemMapping": "applicationUsername",
              "userMapping": "applicationUsername"}]
            """)
        var scenario = try parsed.get()
        scenario.platform.newBuildFloor = .none
        let designs = Dictionary(uniqueKeysWithValues: scenario.customDesigns.map { ($0.name, $0) })
        #expect(designs["mine"]?.olderOSDesign == "mine-sk1")
        #expect(scenario.belowIOS15Design(of: designs["mine"]!)?.serverRecovery == [.notifications, .transactionHistory])
        #expect(designs["sk2-only"]?.olderOSDesign == nil)
        #expect(designs["back-to-sk1"]?.olderOSDesign == nil)
        var one = scenario
        one.device.belowIOS15Probability = 1
        let tallies = simulate(one, designs: [designs["mine"]!, designs["mine-sk1"]!], runs: 500)
        #expect(tallies[0] == tallies[1])
    }

    @Test("A bad olderOSDesign is a data error naming the file, the key and the value (exit 65)", arguments: [
        (#"[{"name": "x", "from": "seed003-sk2", "olderOSDesign": "nope"}]"#, "customDesigns[0].olderOSDesign", "\"nope\"",
         "unknown design"),
        (#"[{"name": "x", "from": "seed003-sk2", "olderOSDesign": "revenuecat"}]"#, "customDesigns[0].olderOSDesign", "\"revenuecat\"",
         "names a storeKitAPI sk2 design"),
        (#"[{"name": "x", "from": "bliap", "olderOSDesign": "naive"}]"#, "customDesigns[0]", "\"x\"", "runs on every iOS"),
        (#"[{"name": "x", "from": "seed003-sk2", "olderOSDesign": 3}]"#, "customDesigns[0].olderOSDesign", "3", "a design's name"),
    ])
    func badNameIsDataError(_ designs: String, _ keyPath: String, _ value: String, _ message: String) throws {
        guard case .failure(let error) = Self.parse(designs) else {
            Issue.record("accepted: \(designs)")
            return
        }
        #expect(error.file == "old-os.json" && error.keyPath == keyPath && error.value == value, "\(error)")
        #expect(error.message.contains(message), "\(error)")
        let folder = try TemporaryFolder()
        let path = folder.path("old-os.json").path
        try Data(#"{"customDesigns": \#(designs)}"#.utf8).write(to: URL(fileURLWithPath: path))
        expectSimrun(["run", path, "--runs", "10"], exits: 65)
    }
}
