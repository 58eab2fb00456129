import FaultSim
import Foundation
import Policies
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("Scenario files")
struct ScenarioFileTests {
    static let designs = Design.presets.map(\.name)

    func load(_ text: String) throws(ScenarioError) -> Scenario {
        try ScenarioLoader.parse(text, file: "test.json", name: "test", knownDesigns: ScenarioFileTests.designs)
    }

    /// The error for `text`, which must be rejected.
    func rejection(_ text: String) -> ScenarioError? {
        do {
            _ = try load(text)
            return nil
        } catch {
            return error
        }
    }

    @Test("An empty object is the default scenario")
    func emptyIsDefault() throws {
        var expected = Scenario()
        expected.name = "test"
        #expect(try load("{}") == expected)
    }

    @Test("scenarios/default.json holds exactly the defaults")
    func defaultFileIsDefaults() throws {
        let scenario = try ScenarioLoader.load(path: packageRoot + "/scenarios/default.json", knownDesigns: ScenarioFileTests.designs)
        var expected = Scenario()
        expected.description = scenario.description
        #expect(scenario == expected)
    }

    @Test("Every kind of value is read")
    func readsEverything() throws {
        let scenario = try load("""
        {"runs": 10, "seed": 18446744073709551615, "horizon": "1.5d", "designs": ["bliap"],
         "catalog": {"productType": "nonConsumable", "products": 3, "itemsPerProduct": 2},
         "user": {"cancelProbability": 0.25, "patience": {"kind": "logNormal", "median": "10s", "p99": "2m"},
                  "sessionLength": "90s", "relaunchDelay": {"kind": "exponential", "mean": "2h"}},
         "network": {"latency": {"kind": "uniform", "min": "100ms", "max": "1s"}, "requestTimeout": "20s"},
         "apple": {"verifyLatency": {"kind": "fixed", "value": "700ms"}}}
        """)
        #expect(scenario.runs == 10)
        #expect(scenario.seed == UInt64.max)
        #expect(scenario.horizonMs == 129_600_000)
        #expect(scenario.designs == ["bliap"])
        #expect(scenario.catalog.productType == .nonConsumable && scenario.catalog.products == 3)
        #expect(scenario.user.cancelProbability == 0.25)
        #expect(scenario.user.patience == .logNormal(medianMs: 10_000, p99Ms: 120_000))
        #expect(scenario.user.sessionLength == .fixed(90_000))
        #expect(scenario.user.relaunchDelay == .exponential(meanMs: 7_200_000))
        #expect(scenario.network.latency == .uniform(minMs: 100, maxMs: 1_000))
        #expect(scenario.network.requestTimeoutMs == 20_000)
        #expect(scenario.apple.verifyLatency == .fixed(700))
    }

    struct BadCase: Sendable, CustomTestStringConvertible {
        let name: String
        let json: String
        let keyPath: String
        let value: String
        let messagePart: String
        var testDescription: String { name }
    }

    static let badCases: [BadCase] = [
        BadCase(name: "unknown key", json: #"{"user": {"cancelProbabilty": 0.1}}"#,
                keyPath: "user.cancelProbabilty", value: "", messagePart: "did you mean 'user.cancelProbability'"),
        BadCase(name: "unknown top-level key", json: #"{"run": 5}"#, keyPath: "run", value: "", messagePart: "did you mean 'runs'"),
        BadCase(name: "unknown key far from every key", json: #"{"device": {"zzzzzzzzzzzz": 1}}"#, keyPath: "device.zzzzzzzzzzzz",
                value: "", messagePart: "the keys here are crashProbabilityPerSession, crashTime"),
        BadCase(name: "probability above 1", json: #"{"network": {"requestLossProbability": 1.5}}"#,
                keyPath: "network.requestLossProbability", value: "1.5", messagePart: "[0, 1]"),
        BadCase(name: "negative probability", json: #"{"apple": {"tryAgainProbability": -0.1}}"#,
                keyPath: "apple.tryAgainProbability", value: "-0.1", messagePart: "[0, 1]"),
        BadCase(name: "probability as a string", json: #"{"user": {"cancelProbability": "0.1"}}"#,
                keyPath: "user.cancelProbability", value: "\"0.1\"", messagePart: "expected a probability"),
        BadCase(name: "negative duration", json: #"{"network": {"requestTimeout": "-5s"}}"#,
                keyPath: "network.requestTimeout", value: "\"-5s\"", messagePart: "negative"),
        BadCase(name: "duration without unit", json: #"{"horizon": "30"}"#,
                keyPath: "horizon", value: "\"30\"", messagePart: "unit"),
        BadCase(name: "duration as a number", json: #"{"horizon": 30}"#,
                keyPath: "horizon", value: "30", messagePart: "duration"),
        BadCase(name: "unknown distribution", json: #"{"network": {"latency": {"kind": "pareto", "median": "1s"}}}"#,
                keyPath: "network.latency.kind", value: "\"pareto\"", messagePart: "logNormal"),
        BadCase(name: "distribution missing a field", json: #"{"network": {"latency": {"kind": "logNormal", "median": "1s"}}}"#,
                keyPath: "network.latency.p99", value: "", messagePart: "needs \"p99\""),
        BadCase(name: "p99 below median", json: #"{"apple": {"verifyLatency": {"kind": "logNormal", "median": "1s", "p99": "10ms"}}}"#,
                keyPath: "apple.verifyLatency.p99", value: "\"10ms\"", messagePart: "below the median"),
        BadCase(name: "unknown design", json: #"{"designs": ["naive", "bliapp"]}"#,
                keyPath: "designs[1]", value: "\"bliapp\"", messagePart: "did you mean 'bliap'"),
        BadCase(name: "unknown product type", json: #"{"catalog": {"productType": "coins"}}"#,
                keyPath: "catalog.productType", value: "\"coins\"", messagePart: "consumable"),
        BadCase(name: "zero runs", json: #"{"runs": 0}"#, keyPath: "runs", value: "0", messagePart: "between"),
        BadCase(name: "section not an object", json: #"{"user": 3}"#, keyPath: "user", value: "3", messagePart: "object"),
        BadCase(name: "unknown design axis", json: #"{"customDesigns": [{"name": "x", "from": "bliap", "localStor": "sandbox"}]}"#,
                keyPath: "customDesigns[0].localStor", value: "", messagePart: "did you mean 'customDesigns[0].localStore'"),
        BadCase(name: "unknown axis value", json: #"{"customDesigns": [{"name": "x", "finishMoment": "never"}]}"#,
                keyPath: "customDesigns[0].finishMoment", value: "\"never\"", messagePart: "afterDelivery"),
        BadCase(name: "unknown base preset", json: #"{"customDesigns": [{"name": "x", "from": "blap"}]}"#,
                keyPath: "customDesigns[0].from", value: "\"blap\"", messagePart: "did you mean 'bliap'"),
        BadCase(name: "custom design named like a preset", json: #"{"customDesigns": [{"name": "naive"}]}"#,
                keyPath: "customDesigns[0].name", value: "\"naive\"", messagePart: "already has this name"),
        BadCase(name: "unknown retry schedule", json: #"{"customDesigns": [{"name": "x", "retrySchedule": {"kind": "expo"}}]}"#,
                keyPath: "customDesigns[0].retrySchedule.kind", value: "\"expo\"", messagePart: "linearBackoff"),
        BadCase(name: "unknown retry trigger", json: #"{"customDesigns": [{"name": "x", "retryTriggers": ["boot"]}]}"#,
                keyPath: "customDesigns[0].retryTriggers[0]", value: "\"boot\"", messagePart: "networkRegained"),
        BadCase(name: "duplicate key", json: #"{"runs": 1, "runs": 2}"#, keyPath: "", value: "", messagePart: "duplicate key"),
        BadCase(name: "syntax error", json: "{\"runs\": 1,\n}", keyPath: "", value: "", messagePart: "line 2"),
    ]

    @Test("Bad values are rejected with the key path and the value", arguments: badCases)
    func rejects(_ bad: BadCase) {
        guard let error = rejection(bad.json) else {
            Issue.record("\(bad.name) was accepted")
            return
        }
        #expect(error.file == "test.json")
        #expect(error.keyPath == bad.keyPath)
        #expect(error.value == bad.value)
        #expect(error.description.contains(bad.messagePart), "\(error)")
    }

    @Test("A scenario defines its own designs from a preset and axis overrides")
    func customDesigns() throws {
        let scenario = try load("""
        {"designs": ["bliap", "mine"],
         "customDesigns": [{"name": "mine", "from": "bliap", "localStore": "sandbox", "guardsDoubleTap": false,
                            "retrySchedule": {"kind": "tries", "count": 2, "spacing": "5s"},
                            "retryTriggers": ["networkRegained"], "serverAppleTries": 3}]}
        """)
        let mine = try #require(scenario.selectedDesigns.last)
        #expect(scenario.selectedDesigns.map(\.name) == ["bliap", "mine"])
        var expected = Design.bliap
        expected.name = "mine"
        expected.summary = mine.summary
        expected.source = mine.source
        expected.localStore = .sandbox
        expected.guardsDoubleTap = false
        expected.retrySchedule = .tries(count: 2, spacingMs: 5_000)
        expected.retryTriggers = [.networkRegained]
        expected.serverAppleTries = 3
        expected.failureCountPersists = false  // no backoff left to keep a count for
        #expect(mine == expected)
    }

    @Test("A custom design sets the order-creation tries and spacing, the retry rounds, a kept failure count and id-less transactions")
    func customDesignSetsOrderAndRetryAxes() throws {
        let text = #"""
        {"customDesigns": [{"name": "x", "from": "bliap", "orderTiming": "orderFirst", "orderCreationTries": 4,
          "orderCreationSpacing": "3s", "retryScheduleRounds": "triggeredRoundsOnly",
          "failureCountPersists": false, "transactionsWithoutId": "verify"}]}
        """#
        let scenario = try ScenarioLoader.parse(text, file: "x.json", name: "x")
        let design = try #require(scenario.customDesigns.first)
        #expect(design.orderCreationTries == 4)
        #expect(design.orderCreationSpacingMs == 3_000)
        #expect(design.retryScheduleRounds == .triggeredRoundsOnly)
        #expect(!design.failureCountPersists)
        #expect(design.transactionsWithoutId == .verify)
        var bad = Design.naive
        bad.failureCountPersists = true
        #expect(!bad.problems.isEmpty, "a kept count needs a backoff and a durable store")
    }

    @Test("Durations parse to whole milliseconds")
    func durations() {
        let good: [(String, SimTime)] = [("300ms", 300), ("15s", 15_000), ("10m", 600_000), ("1h", 3_600_000),
                                         ("30d", 2_592_000_000), ("1.5s", 1_500), ("0.25h", 900_000), ("0ms", 0)]
        for (text, expected) in good {
            guard case .success(let value) = DurationText.parse(text) else {
                Issue.record("\(text) was rejected")
                continue
            }
            #expect(value == expected, "\(text)")
        }
        for text in ["", "s", "5", "5x", "-1s", "1.5ms", "1..5s", "1e3s", " 5s"] {
            if case .success = DurationText.parse(text) { Issue.record("\(text) was accepted") }
        }
        #expect(DurationText.format(5_400_000) == "90m")
        #expect(DurationText.format(2_592_000_000) == "30d")
    }

    @Test("A number where a duration goes, or a retry schedule as text, says which forms are accepted")
    func valueErrorsNameTheForms() throws {
        let patience = #expect(throws: ScenarioError.self) {
            try ScenarioLoader.parse(#"{"user": {"patience": 20}}"#, file: "x.json", name: "x")
        }
        #expect(patience?.message.contains("\"20s\"") == true && patience?.message.contains("logNormal") == true,
                "\(String(describing: patience))")
        let schedule = #expect(throws: ScenarioError.self) {
            try ScenarioLoader.parse(#"{"customDesigns": [{"name": "x", "retrySchedule": "fixedInterval(30s)"}]}"#, file: "x.json", name: "x")
        }
        #expect(schedule?.message.contains(#"{"kind": "fixedInterval", "interval": "30s"}"#) == true, "\(String(describing: schedule))")
    }

    @Test("Every preset, printed as a customDesigns entry and read back, is the same design", arguments: Design.presets.map(\.name))
    func designsPaste(_ name: String) throws {
        let preset = try #require(Design.preset(named: name))
        // From naive, so that nothing comes from the preset but what the entry says.
        let entry = preset.customDesignJSON(name: "pasted", from: "naive")
        let text = #"{"designs": ["pasted"], "customDesigns": ["# + JSONWriter.write(entry) + "]}"
        let scenario = try ScenarioLoader.parse(text, file: "x.json", name: "x")
        let pasted = try #require(scenario.customDesigns.first)
        #expect(pasted.axisJSON.map(\.value) == preset.axisJSON.map(\.value))
        #expect(pasted.axisJSON.map(\.axis) == preset.axisJSON.map(\.axis))
    }

    @Test("A file that defines designs and lists none runs them; one that lists some leaves the others out")
    func customDesignsRun() throws {
        let unlisted = #"{"customDesigns": [{"name": "mine", "from": "bliap"}]}"#
        let all = try ScenarioLoader.parse(unlisted, file: "x.json", name: "x")
        #expect(all.selectedDesigns.map(\.name).last == "mine" && all.unlistedCustomDesigns.isEmpty)
        let listed = #"{"designs": ["naive"], "customDesigns": [{"name": "mine", "from": "bliap"}]}"#
        let some = try ScenarioLoader.parse(listed, file: "x.json", name: "x")
        #expect(some.selectedDesigns.map(\.name) == ["naive"] && some.unlistedCustomDesigns == ["mine"])
    }

    @Test("A +server name in a file's designs is that design with full server recovery, as on the command line")
    func serverVariantInFile() throws {
        let scenario = try ScenarioLoader.parse(#"{"designs": ["bliap", "bliap+server"]}"#, file: "x.json", name: "x")
        let designs = scenario.selectedDesigns
        #expect(designs.map(\.name) == ["bliap", "bliap+server"] && scenario.unlistedCustomDesigns.isEmpty)
        #expect(designs.last == designs.first?.withFullServerRecovery)
        do {
            _ = try ScenarioLoader.parse(#"{"designs": ["faultsim-recommended+server"]}"#, file: "x.json", name: "x")
            Issue.record("a variant of a design with full server recovery was accepted")
        } catch {
            #expect(error.keyPath == "designs[0]" && error.message.contains("already has full server recovery"), "\(error)")
        }
    }

    /// The loader's error for `path`, which must fail to read.
    func readError(_ path: String) -> ScenarioError? {
        do {
            _ = try ScenarioLoader.load(path: path)
            return nil
        } catch {
            return error
        }
    }

    @Test("Every read failure carries the system's reason and exits 66")
    func readErrorsSayWhy() throws {
        let folder = try TemporaryFolder()
        symlink(folder.path("loopB").path, folder.path("loopA").path)
        symlink(folder.path("loopA").path, folder.path("loopB").path)
        let cases: [(String, String)] = [
            (folder.path("missing.json").path, "No such file or directory"),
            (folder.url.path, "it is a directory"),
            (folder.path("loopA").path, "Too many levels of symbolic links"),
            ("", "the path is empty"),
        ]
        for (path, reason) in cases {
            let error = readError(path)
            #expect(error?.unreadable == true && error?.message.contains(reason) == true, "\(path): \(String(describing: error))")
            expectSimrun(["run", path], exits: 66, "\(path)")
        }
        // Permission is checked only where permissions bind (root reads everything).
        if geteuid() != 0 {
            let locked = folder.path("locked.json").path
            _ = FileManager.default.createFile(atPath: locked, contents: Data("{}".utf8), attributes: [.posixPermissions: 0])
            #expect(readError(locked)?.message.contains("Permission denied") == true)
        }
    }

    @Test("A UTF-8 byte-order mark before the JSON is skipped in a scenario, a space file and a part; columns count after it")
    func byteOrderMarkIsSkipped() throws {
        let folder = try TemporaryFolder()
        func withMark(_ name: String, _ json: String) throws -> String {
            let path = folder.path(name).path
            try Data([0xEF, 0xBB, 0xBF] + Array(json.utf8)).write(to: URL(fileURLWithPath: path))
            return path
        }
        let scenario = try withMark("bom.json", #"{"runs": 100, "designs": ["naive"]}"#)
        #expect(try ScenarioLoader.load(path: scenario).runs == 100)
        expectSimrun(["run", scenario, "--quiet"], exits: 0)
        let space = try DesignSpace.load(path: try withMark("space.json", #"{"from": "bliap", "axes": {"finishMoment": "all"}}"#))
        #expect(space.base.name == "bliap" && space.varyingAxes.count == 1)
        #expect(try PartFile.read(try withMark("part.json", #"{"format": "faultsim-partial-result", "formatVersion": 2}"#)).format == PartialResult.format)
        // The mark is not a character of the file: an error in its first column says column 1.
        let broken = try withMark("broken.json", "x")
        do {
            _ = try ScenarioLoader.load(path: broken)
            Issue.record("a file of one 'x' was read")
        } catch {
            #expect(error.message == "line 1, column 1: unexpected character 'x'", "\(error)")
        }
    }
}

/// The package's root folder, found from this file's path.
let packageRoot: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)  // Tests/FaultSimTests/ScenarioFileTests.swift
    return parts.joined(separator: "/")
}()
