@testable import FaultSim
import Foundation
import Policies
import Testing

/// User segments (issue 30, item 5): a scenario's `"segments"` give shares of the users whose
/// keys differ; each run's user is in one segment, drawn from its own trait uniform; outputs
/// split by segment add up to the overall figures.
@Suite("User segments")
struct SegmentTests {
    static let file = "seg.json"

    static func load(_ text: String, overrides: [String] = []) throws(ScenarioError) -> Scenario {
        let parsed = overrides.compactMap { try? ScenarioOverride.parse($0).get() }
        return try ScenarioLoader.parse(text, file: file, name: "seg", overrides: parsed)
    }

    static func rejection(_ text: String) -> ScenarioError? {
        do {
            _ = try load(text)
            return nil
        } catch {
            return error
        }
    }

    /// 20% flaky, 3% below iOS 15, the rest the scenario's own.
    static let example = """
    {"runs": 4000, "segments": [
      {"name": "flaky", "share": 0.2, "set": {"network.weakNetworkProbability": 0.5, "network.latency": {"kind": "logNormal", "median": "2s", "p99": "20s"}}},
      {"name": "old-ios", "share": 0.03, "set": {"device.belowIOS15Probability": 1}}]}
    """

    static let designs: [Design] = [.naive, .seed003SK2, .faultSimRecommended]

    // MARK: - Reading and writing

    @Test("A segment's keys are read as --set reads them, over the file's own")
    func readsSegments() throws {
        let scenario = try Self.load(Self.example)
        #expect(scenario.segmentNames == ["flaky", "old-ios", "rest"])
        #expect(scenario.segments[0].settings.map(\.path) == ["network.weakNetworkProbability", "network.latency"])
        let flaky = scenario.segmentScenario(0), old = scenario.segmentScenario(1), rest = scenario.segmentScenario(2)
        #expect(flaky.network.weakNetworkProbability == 0.5 && flaky.network.latency == .logNormal(medianMs: 2_000, p99Ms: 20_000))
        #expect(old.device.belowIOS15Probability == 1 && old.network == rest.network)
        var base = scenario
        base.segments = []
        #expect(rest == base)
        let shares = scenario.segmentShares
        #expect(shares[0] == 0.2 && shares[1] == 0.03 && abs(shares[2] - 0.77) < 1e-12)
    }

    @Test("--set changes the scenario and every segment that does not set the key itself")
    func overridesReachSegmentsThatDoNotSetTheKey() throws {
        let scenario = try Self.load(Self.example, overrides: ["network.weakNetworkProbability=0.3", "device.belowIOS15Probability=0.1"])
        #expect(scenario.segmentScenario(0).network.weakNetworkProbability == 0.5)  // flaky sets it
        #expect(scenario.segmentScenario(1).network.weakNetworkProbability == 0.3)
        #expect(scenario.segmentScenario(2).network.weakNetworkProbability == 0.3)
        #expect(scenario.segmentScenario(0).device.belowIOS15Probability == 0.1)
        #expect(scenario.segmentScenario(1).device.belowIOS15Probability == 1)  // old-ios sets it
        // A segment's share and keys can be given by their paths, too: a key the segment does not
        // set yet (the nested form), or its whole set.
        let moved = try Self.load(Self.example, overrides: ["segments[0].share=0.5", "segments[0].set.device.belowIOS15Probability=0.5",
                                                            #"segments[1].set={"device.belowIOS15Probability": 0.25}"#])
        #expect(moved.segments[0].share == 0.5 && moved.segmentScenario(0).device.belowIOS15Probability == 0.5)
        #expect(moved.segmentScenario(1).device.belowIOS15Probability == 0.25)
    }

    @Test("Segments survive the writer and the loader, value for value")
    func roundTrip() throws {
        let scenario = try Self.load(Self.example)
        let text = JSONWriter.write(scenario.jsonValue)
        #expect(text.contains("\"segments\""))
        #expect(try Self.load(text) == scenario)
        // Without segments the writer writes no key at all.
        #expect(!JSONWriter.write(Scenario().jsonValue).contains("segments"))
        #expect(try Self.load(#"{"segments": []}"#).segments.isEmpty)
    }

    struct BadSegment: Sendable, CustomTestStringConvertible {
        let name: String
        let segments: String
        let keyPath: String
        let value: String
        let messagePart: String
        var testDescription: String { name }
    }

    static let badSegments: [BadSegment] = [
        BadSegment(name: "unknown key", segments: #"[{"name": "a", "share": 0.2, "set": {"network.weakNetworkProbabilty": 0.5}}]"#,
                   keyPath: "segments[0].set.network.weakNetworkProbabilty", value: "0.5",
                   messagePart: "did you mean 'network.weakNetworkProbability'"),
        BadSegment(name: "bad value", segments: #"[{"name": "a", "share": 0.1}, {"name": "b", "share": 0.2, "set": {"network.x": 1, "network.weakNetworkProbability": 1.5}}]"#,
                   keyPath: "segments[1].set.network.x", value: "1", messagePart: "not a key a segment can set"),
        BadSegment(name: "probability above 1", segments: #"[{"name": "b", "share": 0.2, "set": {"network.weakNetworkProbability": 1.5}}]"#,
                   keyPath: "segments[0].set.network.weakNetworkProbability", value: "1.5", messagePart: "a probability must be in [0, 1]"),
        BadSegment(name: "bad duration", segments: #"[{"name": "b", "share": 0.2, "set": {"horizon": "3 fortnights"}}]"#,
                   keyPath: "segments[0].set.horizon", value: "\"3 fortnights\"", messagePart: "a duration is a number and a unit"),
        BadSegment(name: "share 0", segments: #"[{"name": "a", "share": 0}]"#, keyPath: "segments[0].share", value: "0",
                   messagePart: "a share must be in (0, 1]"),
        BadSegment(name: "share above 1", segments: #"[{"name": "a", "share": 1.5}]"#, keyPath: "segments[0].share", value: "1.5",
                   messagePart: "a share must be in (0, 1]"),
        BadSegment(name: "share not a number", segments: #"[{"name": "a", "share": "20%"}]"#, keyPath: "segments[0].share",
                   value: "\"20%\"", messagePart: "expected a share"),
        BadSegment(name: "shares above 1", segments: #"[{"name": "a", "share": 0.6}, {"name": "b", "share": 0.5}]"#,
                   keyPath: "segments[1].share", value: "0.5", messagePart: "add up to 1.1, more than 1"),
        BadSegment(name: "duplicate name", segments: #"[{"name": "a", "share": 0.1}, {"name": "a", "share": 0.1}]"#,
                   keyPath: "segments[1].name", value: "\"a\"", messagePart: "named twice (also segments[0].name)"),
        BadSegment(name: "empty name", segments: #"[{"name": "", "share": 0.1}]"#, keyPath: "segments[0].name", value: "\"\"",
                   messagePart: "non-empty name"),
        BadSegment(name: "the base segment's name", segments: #"[{"name": "rest", "share": 0.1}]"#, keyPath: "segments[0].name",
                   value: "\"rest\"", messagePart: "names the users no segment claims"),
        BadSegment(name: "the name of every user's row", segments: #"[{"name": "all", "share": 0.1}]"#, keyPath: "segments[0].name",
                   value: "\"all\"", messagePart: "names the row of every user in --by-segment outputs"),
        BadSegment(name: "no name", segments: #"[{"share": 0.1}]"#, keyPath: "segments[0].name", value: "", messagePart: "needs a \"name\""),
        BadSegment(name: "no share", segments: #"[{"name": "a"}]"#, keyPath: "segments[0].share", value: "", messagePart: "needs a \"share\""),
        BadSegment(name: "runs per segment", segments: #"[{"name": "a", "share": 0.1, "set": {"runs": 5}}]"#,
                   keyPath: "segments[0].set.runs", value: "5", messagePart: "every segment shares the scenario's runs"),
        BadSegment(name: "seed per segment", segments: #"[{"name": "a", "share": 0.1, "set": {"seed": 5}}]"#,
                   keyPath: "segments[0].set.seed", value: "5", messagePart: "every segment shares the scenario's seed"),
        BadSegment(name: "designs per segment", segments: #"[{"name": "a", "share": 0.1, "set": {"designs": ["naive"]}}]"#,
                   keyPath: "segments[0].set.designs", value: "an array", messagePart: "every segment shares the scenario's designs"),
        BadSegment(name: "a key set twice", segments: #"[{"name": "a", "share": 0.1, "set": {"horizon": "1d", "horizon": "2d"}}]"#,
                   keyPath: "", value: "", messagePart: "duplicate key \"horizon\""),
        BadSegment(name: "a key given flat and nested", segments: #"[{"name": "a", "share": 0.1, "set": {"user.patience": "5s", "user": {"patience": "6s"}}}]"#,
                   keyPath: "segments[0].set.user.patience", value: "\"6s\"", messagePart: "set twice"),
        BadSegment(name: "unknown key of a segment", segments: #"[{"name": "a", "share": 0.1, "sets": {}}]"#,
                   keyPath: "segments[0].sets", value: "", messagePart: "did you mean 'segments[0].set'"),
        BadSegment(name: "not an array", segments: #"{"name": "a"}"#, keyPath: "segments", value: "an object", messagePart: "expected an array"),
        BadSegment(name: "an item not an object", segments: #"[0.2]"#, keyPath: "segments[0]", value: "0.2", messagePart: "expected an object"),
    ]

    @Test("A bad segment is refused, naming the file, the key path and the value", arguments: badSegments)
    func refusesBadSegments(_ bad: BadSegment) throws {
        let error = try #require(Self.rejection(#"{"segments": "# + bad.segments + "}"))
        #expect(error.file == Self.file)
        if !bad.keyPath.isEmpty { #expect(error.keyPath == bad.keyPath, "\(error)") }
        if !bad.value.isEmpty { #expect(error.value == bad.value, "\(error)") }
        #expect(error.message.contains(bad.messagePart), "\(error)")
    }

    @Test("simrun exits 65 on a bad segment, names file, key and value, and writes nothing")
    func badSegmentExits65() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("s.json").path
        try #"{"segments": [{"name": "a", "share": 0.2, "set": {"network.weakNetworkProbability": 2}}]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        let out = folder.path("out.csv").path
        let transcript = expectSimrun(["run", path, "--runs", "10", "--by-segment", "--out", out], exits: 65)
        #expect(transcript.errorOutput.contains(path) && transcript.errorOutput.contains("segments[0].set.network.weakNetworkProbability")
            && transcript.errorOutput.contains("value 2"), "\(transcript.errorOutput)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    // MARK: - The draw

    @Test("Each segment gets its share of the runs, within a 99.9% binomial interval")
    func sharesOfRuns() throws {
        let scenario = try Self.load(Self.example)
        let plan = scenario.segmentPlan
        let runs = TestScale.pick(quick: 200_000, full: 2_000_000)
        var counts = [Int64](repeating: 0, count: plan.count)
        for run in 0..<UInt64(runs) { counts[plan.segment(of: run)] += 1 }
        for (index, share) in scenario.segmentShares.enumerated() {
            let interval = Wilson.interval(successes: counts[index], trials: Int64(runs), z: Wilson.z999)
            #expect(interval.low <= share && share <= interval.high, "\(scenario.segmentNames[index]): \(counts[index]) of \(runs)")
        }
        // Shares adding up to 1 leave the base segment no run.
        let full = SegmentPlan(shares: [0.7, 0.2, 0.1], seed: 1)
        #expect((0..<UInt64(20_000)).allSatisfy { full.segment(of: $0) < 3 })
    }

    @Test("The segment draw is its own: it moves no run's iOS draw, and is the same for every design")
    func drawIsIndependent() throws {
        let scenario = try Self.load(Self.example)
        var worlds = Self.designs.map { DesignWorlds(scenario: scenario, design: $0) }
        for run in UInt64(0)..<500 {
            for index in worlds.indices { worlds[index].run(run) }
            #expect(Set(worlds.map(\.lastRunSegment)).count == 1)
            #expect(worlds[0].lastRunSegment == scenario.segmentPlan.segment(of: run))
        }
        let below = RandomStreams.traitUnit(seed: 1, run: 3, .belowIOS15), segment = RandomStreams.traitUnit(seed: 1, run: 3, .segment)
        #expect(below != segment)
    }

    // MARK: - Outcomes

    @Test("A scenario without segments simulates exactly what the bare worlds did")
    func noSegmentsChangeNothing() throws {
        var scenario = Scenario()
        scenario.device.belowIOS15Probability = 0.2
        let runs: UInt64 = 2_000
        let tallies = simulate(scenario, designs: Self.designs, runs: runs)
        for (design, tally) in zip(Self.designs, tallies) {
            var world = DesignWorlds(scenario: scenario, design: design)
            for run in 0..<runs { world.run(run) }
            #expect(world.tally == tally && world.segmentTallies == [tally], "\(design.name)")
            #expect(world.lastRunSegment == 0)
        }
        let empty = try Self.load(#"{"segments": []}"#)
        var plain = try Self.load("{}")
        plain.device.belowIOS15Probability = 0.2
        var emptied = empty
        emptied.device.belowIOS15Probability = 0.2
        #expect(simulate(emptied, designs: Self.designs, runs: runs) == simulate(plain, designs: Self.designs, runs: runs))
    }

    @Test("A segment that sets a key to the scenario's own value gives exactly the scenario's outcomes")
    func sameValueSegmentIsTheBase() throws {
        let base = try Self.load(#"{"device": {"belowIOS15Probability": 0.2}}"#)
        let weak = Scenario().network.weakNetworkProbability
        let same = try Self.load(#"{"device": {"belowIOS15Probability": 0.2}, "segments": [{"name": "same", "share": 0.4, "set": {"#
            + #""network.weakNetworkProbability": \#(weak), "device.belowIOS15Probability": 0.2}}]}"#)
        #expect(same.segmentScenario(0).network == base.network)
        let panel = Runner.panel(scenario: same, designs: Self.designs, pairs: .all, runs: 0..<3_000, jobs: 2)
        #expect(panel.tallies == simulate(base, designs: Self.designs, runs: 3_000))
        #expect(panel.segmentTallies.allSatisfy { $0.count == 2 && $0[0].runs > 0 && $0[1].runs > 0 })
    }

    @Test("Per-segment tallies and paired counts add up to the overall ones")
    func segmentsAddUpToTheMixture() throws {
        let scenario = try Self.load(Self.example)
        let runs: Range<UInt64> = 0..<4_000
        let panel = Runner.panel(scenario: scenario, designs: Self.designs, pairs: .all, outcomes: Outcome.paired, pairsRequests: false,
                                 runs: runs, jobs: 2)
        for (index, segments) in panel.segmentTallies.enumerated() {
            var sum = DesignTally()
            for tally in segments { sum.merge(tally) }
            #expect(sum == panel.tallies[index])
            #expect(segments.allSatisfy { $0.bookkeepingProblem == nil })
        }
        let split = Runner.panelBySegment(scenario: scenario, designs: Self.designs, pairs: .all, outcomes: Outcome.paired,
                                          pairsRequests: false, runs: runs, jobs: 2)
        #expect(split.overall == panel)
        for segment in split.segments.indices {
            #expect(split.segments[segment].tallies == panel.segmentTallies.map { $0[segment] })
        }
        for outcome in Outcome.paired {
            let only = split.segments.reduce(Int64(0)) { $0 + $1.only(outcome, 0, notBy: 1) }
            #expect(only == panel.only(outcome, 0, notBy: 1), "\(outcome.name)")
        }
    }

    /// 2,000 segments of alternating networks and iOS shares, each 1/2,500 of the users.
    static func many(_ count: Int) -> String {
        let segments = (0..<count).map { index in
            #"{"name": "s\#(index)", "share": 0.0004, "set": {"network.weakNetworkProbability": \#(index % 2 == 0 ? 0.5 : 0.05), "#
                + #""device.belowIOS15Probability": \#(index % 3 == 0 ? 0.3 : 0.01)}}"#
        }
        return #"{"runs": 40, "segments": ["# + segments.joined(separator: ", ") + "]}"
    }

    @Test("Many segments: worlds and panels only for the segments reached, each counting what its own scenario's worlds count")
    func manySegmentsBuildOnlyWhatRunsReach() throws {
        let scenario = try Self.load(Self.many(2_000))
        let runs: Range<UInt64> = 0..<40
        let reached = Set(runs.map(scenario.segmentPlan.segment(of:)))
        var worlds = DesignWorlds(scenario: scenario, design: .seed003SK2)
        for run in runs { worlds.run(run) }
        #expect(worlds.worlds.count <= 2 * (reached.count + 1), "\(worlds.worlds.count) worlds for \(reached.count) segments reached")
        // Each segment's worlds, built when its first run came, count what the segment's own
        // scenario's worlds count over the same runs.
        let tallies = worlds.segmentTallies
        for segment in reached.sorted() {
            var own = DesignWorlds(scenario: scenario.segmentScenario(segment), design: .seed003SK2)
            for run in runs where scenario.segmentPlan.segment(of: run) == segment { own.run(run) }
            #expect(tallies[segment] == own.tally, "segment \(segment)")
        }
        #expect(tallies.indices.filter { !reached.contains($0) }.allSatisfy { tallies[$0] == DesignTally() })
        var panels = SegmentPanels(plan: scenario.segmentPlan, empty: PanelResult(designs: 2, pairs: .all))
        for run in runs { panels.record(run: run, masks: [OutcomeMasks(), OutcomeMasks()], requests: [0, 0]) }
        #expect(panels.recorded.count == reached.count && panels.panels.count == scenario.segmentNames.count)
        // On 1 and 2 threads alike, the split adds up to the plain panel.
        let plain = Runner.panel(scenario: scenario, designs: Self.designs, pairs: .all, runs: runs, jobs: 2)
        for jobs in [1, 2] {
            let split = Runner.panelBySegment(scenario: scenario, designs: Self.designs, pairs: .all, runs: runs, jobs: jobs, chunkSize: 7)
            #expect(split.overall == plain && split.segments.reduce(0) { $0 + $1.runs } == Int64(runs.count))
        }
    }

    @Test("The segment of a run is the first bound above its uniform, found by bisection as by a scan", arguments: [UInt64(1), 2, 3])
    func bisectionMatchesScan(seed: UInt64) {
        var generator = SplitMix64(state: seed)
        let shares = (0..<300).map { _ in Double(generator.next() % 1_000 + 1) / 400_000 } + (seed == 3 ? [1] : [])
        let plan = SegmentPlan(shares: shares, seed: seed)
        for run in UInt64(0)..<3_000 {
            let unit = RandomStreams.traitUnit(seed: seed, run: run, .segment)
            let scanned = plan.bounds.firstIndex { unit < $0 } ?? plan.bounds.count
            #expect(plan.segment(of: run) == scanned)
        }
    }

    @Test("Before the build floor, a segment below iOS 15 runs a StoreKit 2 design's fallback, in that segment only")
    func olderOSFallbackInsideASegment() throws {
        let scenario = try Self.load(#"{"platform": {"newBuildFloor": "none"}, "device": {"belowIOS15Probability": 0}, "segments": [{"name": "old", "share": 0.3, "set": {"device.belowIOS15Probability": 1}}]}"#)
        var sk2 = DesignWorlds(scenario: scenario, design: .seed003SK2)
        #expect(sk2.olderOSDesign?.name == "seed003-sk1" && sk2.belowIOS15Share == 0)
        for run in UInt64(0)..<2_000 {
            sk2.run(run)
            let old = sk2.lastRunSegment == 0
            #expect(sk2.lastRunBelowIOS15 == old && sk2.lastRunUsedOlderOSDesign == old, "run \(run)")
            #expect(sk2.lastRunDesign.name == (old ? "seed003-sk1" : "seed003-sk2"))
        }
        // The segment's runs of the StoreKit 2 design are exactly its fallback's runs.
        let panel = Runner.panel(scenario: scenario, designs: [.seed003SK2, .seed003SK1], pairs: .all, runs: 0..<2_000, jobs: 2)
        #expect(panel.segmentTallies[0][0] == panel.segmentTallies[1][0])
        #expect(panel.segmentTallies[0][1] != panel.segmentTallies[1][1])
        // Without a fallback the segment's users cannot buy: every intent is a lost sale.
        var custom = Design.seed003SK2
        custom.name = "sk2-alone"
        custom.olderOSDesign = nil
        var alone = scenario
        alone.customDesigns = [custom]
        let lonely = Runner.panel(scenario: alone, designs: [custom], pairs: .all, runs: 0..<1_000, jobs: 2).segmentTallies[0][0]
        #expect(lonely.lostSales == lonely.intents && lonely.intents > 0)
    }

    @Test("simrun check explores the scenario's own keys: a variant has no segments to override it")
    func checkVariantsDropSegments() throws {
        let scenario = try Self.load(Self.example)
        let variant = Exploration.variantScenario(scenario, returningCustomer: false, iOS: .from16)
        #expect(variant.segments.isEmpty && variant.device.belowIOS15Probability == 0)
        var world = DesignWorlds(scenario: variant, design: .seed003SK2)
        for run in UInt64(0)..<200 {
            world.run(run)
            #expect(!world.lastRunBelowIOS15 && world.lastRunSegment == 0)
        }
    }

    // MARK: - The command line

    static func writeExample(_ folder: TemporaryFolder) throws -> String {
        let path = folder.path("seg.json").path
        try Self.example.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("run --by-segment: rows per segment that add up to the row of all the runs, the same on 1 and 2 threads")
    func runBySegmentCSV() throws {
        let folder = try TemporaryFolder()
        let path = try Self.writeExample(folder)
        let designs = ["--designs", "naive,seed003-sk2"]
        for jobs in ["1", "2"] {
            expectSimrun(["run", path, "--runs", "3000", "--by-segment", "--jobs", jobs, "--chunk-size", jobs == "1" ? "4096" : "100",
                          "--out", folder.path("r\(jobs).csv").path, "--causes-out", folder.path("c\(jobs).csv").path] + designs, exits: 0)
        }
        let text = try String(contentsOf: folder.path("r1.csv"), encoding: .utf8)
        #expect(try text == String(contentsOf: folder.path("r2.csv"), encoding: .utf8))
        #expect(try String(contentsOf: folder.path("c1.csv"), encoding: .utf8) == String(contentsOf: folder.path("c2.csv"), encoding: .utf8))
        let lines = text.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let header = lines[0]
        #expect(header[2] == "design" && header[3] == "segment")
        let column = { (name: String) in header.firstIndex(of: name)! }
        for design in ["naive", "seed003-sk2"] {
            let rows = lines.dropFirst().filter { $0[2] == design }
            #expect(rows.map { $0[3] } == ["all", "flaky", "old-ios", "rest"])
            for name in ["runs", "intents", "lost", "delivered", "double_charged", "lost_sales", "events"] {
                let all = Int(rows[0][column(name)])!, parts = rows.dropFirst().map { Int($0[column(name)])! }.reduce(0, +)
                #expect(all == parts, "\(design) \(name)")
            }
        }
        // Without the flag, the CSV is the one of the scenario without segments' columns.
        expectSimrun(["run", path, "--runs", "300", "--out", folder.path("plain.csv").path] + designs, exits: 0)
        #expect(try String(contentsOf: folder.path("plain.csv"), encoding: .utf8).hasPrefix(ResultCSV.columns.joined(separator: ",") + "\n"))
    }

    @Test("Shards of a scenario with segments merge into exactly the single run; --by-segment is refused with shards")
    func shardsMergeExactly() throws {
        let folder = try TemporaryFolder()
        let path = try Self.writeExample(folder)
        let base = ["run", path, "--runs", "2000", "--designs", "naive,seed003-sk2"]
        expectSimrun(base + ["--out", folder.path("single.csv").path], exits: 0)
        let parts = (1...2).map { folder.path("p\($0).json").path }
        for (index, part) in parts.enumerated() { expectSimrun(base + ["--shard", "\(index + 1)/2", "--partial-out", part], exits: 0) }
        expectSimrun(["merge"] + parts + ["--out", folder.path("merged.csv").path], exits: 0)
        #expect(try Data(contentsOf: folder.path("single.csv")) == Data(contentsOf: folder.path("merged.csv")))
        // The part's fingerprint covers the segments: a share edited by hand is refused.
        let edited = try String(contentsOfFile: parts[0], encoding: .utf8).replacingOccurrences(of: "0.03", with: "0.04")
        try edited.write(toFile: parts[0], atomically: true, encoding: .utf8)
        expectSimrun(["merge"] + parts + ["--out", folder.path("edited.csv").path], exits: 65)
        let refused = expectSimrun(base + ["--by-segment", "--shard", "1/2", "--partial-out", folder.path("x.json").path], exits: 64)
        #expect(refused.errorOutput.contains("'--by-segment' cannot go with '--shard'"))
    }

    @Test("compare --by-segment: a table per segment, CSV rows per segment that add up to all")
    func compareBySegment() throws {
        let folder = try TemporaryFolder()
        let path = try Self.writeExample(folder)
        let out = folder.path("c.csv").path
        let transcript = expectSimrun(["compare", path, "--designs", "naive,seed003-sk2", "--runs", "2000", "--by-segment", "--out", out],
                                      exits: 0)
        #expect(transcript.output.contains("segment flaky (20.0% of the users)") && transcript.output.contains("segment rest (77.0% of the users)"))
        let rows = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").dropFirst().map { $0.split(separator: ",").map(String.init) }
        let lost = rows.filter { $0[5] == "lost" }
        #expect(lost.map { $0[4] } == ["all", "flaky", "old-ios", "rest"])
        for column in [6, 7, 8, 9, 10] {
            #expect(Int(lost[0][column])! == lost.dropFirst().map { Int($0[column])! }.reduce(0, +), "column \(column)")
        }
    }

    @Test("trace and find say which segment a run's user is in")
    func traceAndFindNameTheSegment() throws {
        let folder = try TemporaryFolder()
        let path = try Self.writeExample(folder)
        let scenario = try Self.load(Self.example)
        let found = expectSimrun(["find", path, "--design", "naive", "--outcome", "lost", "--limit", "3"], exits: 0)
        let first = try #require(found.output.split(separator: "\n").first)
        let run = try #require(UInt64(first.split(separator: " ")[1]))
        let name = scenario.segmentNames[scenario.segmentPlan.segment(of: run)]
        #expect(first.hasSuffix("segment \(name)"))
        let trace = expectSimrun(["trace", path, "--design", "naive", "--run", String(run)], exits: 0)
        #expect(trace.output.contains("the user is in segment \(name) ("))
        // Without segments, neither says anything about them.
        #expect(!expectSimrun(["trace", "--design", "naive", "--run", "0"], exits: 0).output.contains("segment"))
    }
}
