import FaultSim
import Foundation
import Policies
import Testing
@testable import simrun
#if canImport(Glibc)
import Glibc
#endif

/// Valid input never crashes the process, no output clobbers an input or another output, every
/// count a user types is bounded, and every failure names its path and the system's reason.
/// Every case works in a temporary folder: nothing here touches a real device.
@Suite("Hardening")
struct HardeningTests {
    static let defaultScenario = packageRoot + "/scenarios/default.json"

    /// Sessions of 30 days with a server that always fails: a design that retries every 30 s
    /// for ever makes more events than the cap allows.
    static func capScenario() -> Scenario {
        var scenario = Scenario()
        scenario.user.sessionLength = .fixed(30 * 86_400_000)
        scenario.appServer.errorProbability = 1
        return scenario
    }

    // MARK: The event cap

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

    // MARK: Counts

    static let boundedCounts: [([String], Int32)] = [
        (["run", defaultScenario, "--runs", "9223372036854775807"], 64),
        (["run", defaultScenario, "--runs", "1000000000000000"], 64),
        (["run", defaultScenario, "--runs", "10", "--chunk-size", "9223372036854775807"], 64),
        (["run", defaultScenario, "--runs", "10", "--chunk-size", "0"], 64),
        (["run", defaultScenario, "--runs", "10", "--jobs", "100000"], 64),
        (["bench", defaultScenario, "--runs", "9223372036854775807"], 64),
        (["bench", defaultScenario, "--runs", "10", "--repeat", "100000"], 64),
        (["bench", defaultScenario, "--runs", "10", "--floor-events", "9223372036854775807"], 64),
        (["find", defaultScenario, "--design", "naive", "--outcome", "lost", "--limit", "9223372036854775807"], 64),
        (["trace", defaultScenario, "--design", "naive", "--run", "9223372036854775807"], 64),
        (["crossover", defaultScenario, "--param", "seed", "--range", "0:1", "--designs", "naive,bliap", "--steps", "1000"], 64),
        (["run", defaultScenario, "--set", "runs=1000000000000000"], 65),
    ]

    @Test("Counts beyond their limits are usage or data errors before any work", arguments: boundedCounts)
    func countsAreBounded(_ arguments: [String], _ status: Int32) {
        expectSimrun(arguments, exits: status)
    }

    @Test("The chunk plan covers every run exactly once, whatever the chunk size")
    func chunkPlanIsOverflowSafe() {
        for (runs, size, jobs) in [(UInt64(0)..<1_000, Int.max, 2), (5..<1_000_000_000_000, 999_999_999_999, 3),
                                   (0..<7, 3, 1_024), (0..<0, 1, 2)] {
            let plan = ChunkPlan(runs: runs, jobs: jobs, chunkSize: size)
            var covered: UInt64 = 0
            var previousEnd = runs.lowerBound
            var chunks: [Range<UInt64>] = []
            for worker in 0..<plan.workers { plan.forEachChunk(of: worker) { chunks.append($0) } }
            for chunk in chunks.sorted(by: { $0.lowerBound < $1.lowerBound }) {
                #expect(chunk.lowerBound == previousEnd)
                previousEnd = chunk.upperBound
                covered += UInt64(chunk.count)
            }
            #expect(covered == UInt64(runs.count), "runs \(runs), chunk size \(size)")
        }
    }

    // MARK: Outputs

    /// Runs `simrun run` with `extra` in a folder holding a copy of the default scenario, and
    /// expects the exit status `expected`; the folder and the scenario's path afterwards.
    @discardableResult
    func run(runs: Int = 20, exits expected: Int32, _ comment: String? = nil, sourceLocation: SourceLocation = #_sourceLocation,
             _ extra: (String) -> [String]) throws -> (folder: TemporaryFolder, scenario: String) {
        let folder = try TemporaryFolder()
        let scenario = folder.path("s.json").path
        try FileManager.default.copyItem(atPath: Self.defaultScenario, toPath: scenario)
        expectSimrun(["run", scenario, "--runs", String(runs), "--designs", "naive"] + extra(folder.url.path), exits: expected, comment,
                     sourceLocation: sourceLocation)
        return (folder, scenario)
    }

    @Test("An output that is the scenario being read is refused, and the scenario is untouched")
    func outputIsNotAnInput() throws {
        let original = try String(contentsOfFile: Self.defaultScenario, encoding: .utf8)
        try run(exits: 0) { _ in [] }
        let clobber = try run(exits: 73) { folder in ["--out", folder + "/s.json"] }
        #expect(try String(contentsOfFile: clobber.scenario, encoding: .utf8) == original)
        try run(exits: 73, "a link to the input is the input") { folder in
            symlink(folder + "/s.json", folder + "/link.csv")
            return ["--pairs-out", folder + "/link.csv"]
        }
        let folder = try TemporaryFolder()
        let scenario = folder.path("s.json").path
        try FileManager.default.copyItem(atPath: Self.defaultScenario, toPath: scenario)
        expectSimrun(["trace", scenario, "--design", "naive", "--run", "0", "--svg", scenario], exits: 73)
        #expect(try String(contentsOfFile: scenario, encoding: .utf8) == original)
    }

    @Test("Two outputs with one path are refused")
    func outputsAreDistinct() throws {
        try run(exits: 73) { ["--out", $0 + "/a.csv", "--faults-out", $0 + "/a.csv"] }
        try run(exits: 73) { ["--out", $0 + "/a.csv", "--causes-out", $0 + "/./a.csv"] }
    }

    @Test("An output that is not a regular file is refused; a link to a file is followed and kept")
    func outputsAreRegularFiles() throws {
        try run(exits: 73) { folder in
            mkfifo(folder + "/pipe.csv", 0o600)
            return ["--out", folder + "/pipe.csv"]
        }
        try run(exits: 73, "a directory") { ["--out", $0] }
        let linked = try run(exits: 0) { folder in
            _ = FileManager.default.createFile(atPath: folder + "/target.csv", contents: Data("old\n".utf8))
            symlink("target.csv", folder + "/link.csv")
            return ["--out", folder + "/link.csv"]
        }
        let link = linked.folder.path("link.csv").path
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == "target.csv")
        #expect(try String(contentsOfFile: linked.folder.path("target.csv").path, encoding: .utf8).hasPrefix("scenario,"))
    }

    @Test("An output into a missing directory, or under a file, fails before the simulation")
    func outputDirectoryIsCheckedFirst() throws {
        let started = Date()
        // A billion runs would take minutes: the check must come first.
        try run(runs: 1_000_000_000, exits: 73) { ["--out", $0 + "/missing/a.csv"] }
        try run(runs: 1_000_000_000, exits: 73) { folder in
            _ = FileManager.default.createFile(atPath: folder + "/file", contents: Data())
            return ["--out", folder + "/file/a.csv"]
        }
        #expect(Date().timeIntervalSince(started) < 30)
    }

    @Test("An empty output path is a usage error")
    func emptyOutputPath() throws {
        try run(exits: 64) { _ in ["--out="] }
        try run(exits: 64) { _ in ["--faults-out", ""] }
    }

    @Test("Several outputs are written all or nothing: a failure leaves every old output as it was")
    func outputsAreAllOrNothing() throws {
        let folder = try TemporaryFolder()
        let first = folder.path("first.csv").path
        try FileManager.default.createDirectory(atPath: folder.path("later").path, withIntermediateDirectories: false)
        let second = folder.path("later/second.csv").path
        try Data("old first\n".utf8).write(to: URL(fileURLWithPath: first))
        try Data("old second\n".utf8).write(to: URL(fileURLWithPath: second))
        let targets = try OutputFiles.check([first, second], inputs: [])
        // The second output's directory goes away between the check and the write.
        try FileManager.default.removeItem(atPath: folder.path("later").path)
        #expect(throws: OutputFiles.Failure.self) { try OutputFiles.write([(targets[0], "new first\n"), (targets[1], "new second\n")]) }
        #expect(try String(contentsOfFile: first, encoding: .utf8) == "old first\n")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty, "temporary files left behind: \(leftovers)")
    }

    // MARK: Duplicates

    @Test("A design named twice is refused, on the command line and in the file")
    func duplicateDesigns() throws {
        try run(exits: 64) { _ in ["--designs", "naive,bliap,naive"] }
        do {
            _ = try ScenarioLoader.parse(#"{"designs": ["naive", "bliap", "naive"]}"#, file: "d.json", name: "d")
            Issue.record("a duplicated design was accepted")
        } catch {
            #expect(error.keyPath == "designs[2]" && error.message.contains("named twice"), "\(error)")
        }
    }

    // MARK: Read errors

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

    @Test("A write failure carries the system's reason")
    func writeErrorsSayWhy() throws {
        let folder = try TemporaryFolder()
        do {
            _ = try OutputFiles.check([folder.path("missing/a.csv").path], inputs: [])
            Issue.record("a missing directory was accepted")
        } catch {
            #expect(error.reason.contains("does not exist") && error.reason.contains("No such file or directory"), "\(error)")
        }
    }

    // MARK: Command-line conventions

    @Test("-- ends the options; --version; --help wins over another error; help names the command")
    func conventions() throws {
        expectSimrun(["run", "--runs", "20", "--designs", "naive", "--", Self.defaultScenario], exits: 0)
        expectSimrun(["--version"], exits: 0)
        #expect(SimrunCommand.version.contains(FaultSimVersion.tool) && SimrunCommand.version.contains("model \(FaultSimVersion.model)"))
        expectSimrun(["run", Self.defaultScenario, "--sed", "3", "--help"], exits: 0)
        expectSimrun(["run", "--help", "--runs", "many"], exits: 0)
        expectSimrun(["run", Self.defaultScenario, "--runs", "5", "--runs", "6"], exits: 64)
        #expect(SimrunCommand.unknownCommand("my-scenario.json").contains("simrun run my-scenario.json"))
        expectSimrun(["my-scenario.json"], exits: 64)
    }

    @Test("Every command's usage names every option it accepts", arguments: SimrunCommand.commands.map { $0.spec.name })
    func usageIsComplete(_ name: String) throws {
        let spec = try #require(SimrunCommand.commands.first { $0.spec.name == name }).spec
        for option in spec.options { #expect(spec.usage.contains(option.name), "\(name) usage lacks \(option.name)") }
        #expect(spec.error("x").usageCommand == name)
    }
}

extension CommandFailure {
    /// The command a usage error points its help hint to.
    var usageCommand: String? {
        if case .usage(let error) = self { return error.command }
        return nil
    }
}
