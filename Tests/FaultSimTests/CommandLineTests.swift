import FaultSim
import Foundation
import Testing
@testable import simrun

@Suite("Command line")
struct CommandLineTests: RunsOnACopyOfTheDefaultScenario {
    /// `simrun` checks its command specs on every start in debug builds only; README's test
    /// command runs the release build, so the check runs here too (it stops on a bad spec).
    @Test("Every command's spec is well-formed: one name each, every option once")
    func commandSpecs() {
        SimrunCommand.checkSpecs()
        #expect(SimrunCommand.commands.count > 1)
    }

    @Test("An unknown option names itself and suggests the nearest")
    func unknownOption() {
        do {
            _ = try ArgumentParser.parse(["--sed", "4"], for: RunCommand.spec)
            Issue.record("--sed was accepted")
        } catch {
            guard case .usage(let usage) = error else { Issue.record("not a usage error"); return }
            #expect(usage.message == "Unknown option '--sed'. Did you mean '--seed'?")
            #expect(usage.command == "run", "the error points to 'simrun run --help'")
        }
    }

    @Test("Usage errors exit 64", arguments: [
        ["run", "--sed", "4"],
        ["run", "--runs"],
        ["run", "--runs", "many"],
        ["run", "--runs", "0"],
        ["run", "--jobs", "0"],
        ["run", "--seed", "-1"],
        ["run", "--designs", "naive,bliapp"],
        ["run", "a.json", "b.json"],
        ["rn"],
        ["designs", "nosuch"],
    ])
    func usageErrors(_ arguments: [String]) {
        expectSimrun(arguments, exits: 64)
    }

    @Test("A bad scenario file exits 65 and writes nothing")
    func badScenarioWritesNothing() throws {
        let folder = try TemporaryFolder()
        let scenario = folder.path("bad.json").path
        try Data(#"{"network": {"requestLossProbability": 2}}"#.utf8).write(to: URL(fileURLWithPath: scenario))
        let out = folder.path("out.csv").path
        let faults = folder.path("faults.csv").path
        expectSimrun(["run", scenario, "--out", out, "--faults-out", faults], exits: 65)
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(!FileManager.default.fileExists(atPath: faults))
        expectSimrun(["run", folder.path("missing.json").path], exits: 66)
    }

    @Test("A run writes both CSVs with the documented columns")
    func runWritesCSVs() throws {
        let folder = try TemporaryFolder()
        let out = folder.path("out.csv").path
        let faults = folder.path("faults.csv").path
        let printed = expectSimrun(["run", packageRoot + "/scenarios/default.json", "--runs", "500", "--jobs", "2",
                                    "--designs", "bliap,naive", "--out", out, "--faults-out", faults], exits: 0)
        #expect(printed.output.contains("500 runs x 2 designs, seed 1") && printed.output.contains("\nbliap "), "\(printed.output)")
        let lines = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("scenario,platform,design,seed,runs,intents,not_charged,delivered,lost,misdelivered,duplicated,"
            + "double_charged,lost_sales,lost_rate,lost_ci_low,lost_ci_high,delivered_same_session,delivered_after_relaunch,"
            + "delivered_after_reinstall,delivery_p50_ms,delivery_p99_ms,support_contacts,stuck_modals,"
            + "server_requests_per_intent,apple_requests_per_intent,leaked_records"))
        #expect(lines[1].hasPrefix("default,today,bliap,1,500,500,"))
        #expect(lines[2].hasPrefix("default,today,naive,1,500,500,"))
        let faultLines = try String(contentsOfFile: faults, encoding: .utf8).split(separator: "\n")
        #expect(faultLines.count == 1 + 2 * FaultKind.allCases.count)
    }

    @Test("--set overrides a scenario key for the run; a bad key is a data error, a bad form a usage error")
    func setOverridesKeys() throws {
        let folder = try TemporaryFolder()
        let out = folder.path("out.csv").path
        let scenario = packageRoot + "/scenarios/default.json"
        expectSimrun(["run", scenario, "--runs", "200", "--designs", "naive", "--out", out,
                      "--set", "platform=pre-2025", "--set", "seed=9"], exits: 0)
        let row = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n")[1]
        #expect(row.hasPrefix("default,pre-2025,naive,9,200,"), "keys with a column of their own stay out of the name")
        // Any other override names the scenario in the table and the header, so two runs of one
        // file with different overrides can be told apart.
        let set = expectSimrun(["run", scenario, "--runs", "200", "--designs", "naive", "--out", out,
                                "--set", "network.weakNetworkProbability=0.2"], exits: 0)
        #expect(set.output.contains("scenario default --set network.weakNetworkProbability=0.2:"), "\(set.output)")
        let setRow = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n")[1]
        #expect(setRow.hasPrefix("default --set network.weakNetworkProbability=0.2,today,naive,1,200,"))
        let compare = expectSimrun(["compare", scenario, "--runs", "200", "--designs", "naive,bliap", "--quiet",
                                    "--set", "network.weakNetworkProbability=0.2"], exits: 0)
        #expect(compare.output.hasPrefix("simrun compare: \(scenario) --set network.weakNetworkProbability=0.2 (today platform)"))
        expectSimrun(["run", scenario, "--runs", "10", "--set", "network.requestLosProbability=0.1"], exits: 65)
        expectSimrun(["run", scenario, "--runs", "10", "--set", "network.requestLossProbability=1.5"], exits: 65)
        expectSimrun(["run", scenario, "--runs", "10", "--set", "nothing-to-set"], exits: 64)
        expectSimrun(["run", scenario, "--runs", "10", "--set", "a..b=1"], exits: 64)
    }

    @Test("crossover: bad ranges and missing options are usage errors; an unknown key is a data error")
    func crossoverArguments() {
        let scenario = packageRoot + "/scenarios/default.json"
        let base = ["crossover", scenario, "--designs", "seed000-v1.0,seed000-v0", "--runs", "50", "--steps", "0"]
        expectSimrun(base + ["--param", "storeKit.cancelThenPurchasedProbability", "--range", "0:0.5"], exits: 0)
        expectSimrun(base + ["--param", "storeKit.cancelThenPurchasedProbability", "--range", "0.5:0"], exits: 64)
        expectSimrun(base + ["--param", "storeKit.cancelThenPurchasedProbability"], exits: 64)
        expectSimrun(base + ["--param", "storeKit.cancelThenPurchasedProbablity", "--range", "0:0.5"], exits: 65)
        expectSimrun(base + ["--param", "storeKit.cancelThenPurchasedProbability", "--range", "0:2"], exits: 65)
    }

    @Test("Help works for every command", arguments: [["--help"], ["run", "--help"], ["designs", "-h"], ["help", "run"], ["crossover", "--help"]])
    func help(_ arguments: [String]) {
        let printed = expectSimrun(arguments, exits: 0)
        #expect(printed.output.hasPrefix("OVERVIEW: ") && printed.errorOutput.isEmpty, "\(printed.described(arguments))")
    }

    /// Tests run commands in process and capture what they print through `CommandOutput`; a
    /// line printed around it would land in `swift test`'s output (a trace is 200,000 lines).
    @Test("Everything simrun prints goes through CommandOutput, so a test can capture it")
    func everyPrintIsCapturable() throws {
        let folder = URL(fileURLWithPath: packageRoot).appendingPathComponent("Sources/simrun")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        #expect(files.count > 20, "found simrun's sources")
        let direct = try Regex(#"\bprint\(|standardError|standardOutput|fputs|FileHandle\(|STDOUT_FILENO|STDERR_FILENO"#)
        var violations: [String] = []
        for file in files where file != "CommandOutput.swift" {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") && line.contains(direct) {
                violations.append("\(file):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(violations.isEmpty, "print with printOutput or printError instead:\n\(violations.joined(separator: "\n"))")
    }

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

    @Test("A count reads as the tool prints it (1,000), with underscores (1_000) or as an exact power of ten (1e3, 2.5e3)")
    func countsInEveryWrittenForm() {
        let read: [(String, Grouped.Parsed)] = [
            ("1000000", .whole(1_000_000)), ("1,000,000", .whole(1_000_000)), ("1_000_000", .whole(1_000_000)), ("1e6", .whole(1_000_000)),
            ("1E6", .whole(1_000_000)), ("2.5e5", .whole(250_000)), ("1.0", .whole(1)), ("1.50e1", .whole(15)), ("+7", .whole(7)),
            ("-3", .whole(-3)), ("0e-7", .whole(0)), ("1e12", .whole(1_000_000_000_000)),
            ("1.5", .notWhole), ("1e-3", .notWhole), ("2.55e1", .notWhole),
            ("1e19", .tooLarge), ("9223372036854775808", .tooLarge), ("1e99999", .tooLarge),
            ("", .notANumber), ("many", .notANumber), ("1,00", .notANumber), ("1000,000", .notANumber), ("1,000_000", .notANumber),
            (",100", .notANumber), ("1.", .notANumber), (".5", .notANumber), ("1e", .notANumber), ("1e6e2", .notANumber),
            ("1,000.5e1", .whole(10_005)), ("0x10", .notANumber), ("١٢", .notANumber),
        ]
        for (text, parsed) in read { #expect(Grouped.parse(text) == parsed, "\(text)") }
        for text in ["1,000", "1_000", "1e3", "0.001e6"] {
            let run = expectSimrun(["run", Self.defaultScenario, "--runs", text, "--designs", "naive", "--quiet"], exits: 0)
            #expect(run.output.contains("1,000 runs x 1 design,"), "\(text): \(run.output)")
        }
        let refusals: [([String], String)] = [
            (["run", "--runs", "1.5"], "The value '1.5' is invalid for '--runs <n>': not a whole number; expected a whole number from 1 to 1,000,000,000,000"),
            (["run", "--runs", "1e-3"], "The value '1e-3' is invalid for '--runs <n>': not a whole number;"),
            (["run", "--runs", "lots"], "The value 'lots' is invalid for '--runs <n>': expected a whole number from 1 to 1,000,000,000,000, written as 100000, 100,000, 100_000 or 1e5"),
            (["run", "--runs", "1e13"], "The value '1e13' is invalid for '--runs <n>': expected a whole number from 1 to 1,000,000,000,000"),
            (["run", "--jobs", "2.5"], "The value '2.5' is invalid for '--jobs <n|auto>': not a whole number; expected 'auto' or a whole number from 1 to 1,024"),
            (["robust", "--lhs", "1,0"], "The value '1,0' is invalid for '--lhs <n>'"),
        ]
        for (arguments, message) in refusals {
            #expect(expectSimrun(arguments, exits: 64).errorOutput.hasPrefix("Error: " + message), "\(arguments)")
        }
    }

    @Test("Messages group run counts and say one of a thing in the singular: 1,000 runs x 1 design, 1 job, <= 1 fault")
    func countsInMessagesAreGrammatical() {
        #expect(Grouped.count(1, "design") == "1 design" && Grouped.count(0, "design") == "0 designs")
        #expect(Grouped.count(1_000_000, "run") == "1,000,000 runs" && Grouped.count(2, "search", "searches") == "2 searches")
        let run = expectSimrun(["run", Self.defaultScenario, "--runs", "1000", "--designs", "naive", "--jobs", "1", "--quiet"], exits: 0)
        #expect(run.output.contains("1,000 runs x 1 design, seed 1, horizon 30d, 1 job: "), "\(run.output)")
        let check = expectSimrun(["check", Self.defaultScenario, "--design", "bliap", "--max-faults", "1"], exits: 0)
        #expect(check.output.contains("HOLDS: no lost / misdelivered / duplicated / double_charged order under any <= 1 fault\n"), "\(check.output)")
        #expect(check.output.contains("of schedules with more than 1 fault)"), "\(check.output)")
        let compare = expectSimrun(["compare", Self.defaultScenario, "--designs", "naive,bliap", "--runs", "1", "--quiet"], exits: 0)
        #expect(compare.output.contains("1 run, seed 1"), "\(compare.output)")
    }

    @Test("A +server name the tables print is a design on the command line, the same runs as --plus-server gives it")
    func serverVariantByName() throws {
        let folder = try TemporaryFolder()
        let named = folder.path("named.csv").path, added = folder.path("added.csv").path
        expectSimrun(["run", "--designs", "revenuecat,revenuecat+server", "--runs", "300", "--quiet", "--out", named], exits: 0)
        expectSimrun(["run", "--designs", "revenuecat", "--plus-server", "--runs", "300", "--quiet", "--out", added], exits: 0)
        #expect(try String(contentsOfFile: named, encoding: .utf8) == String(contentsOfFile: added, encoding: .utf8))
        let compare = expectSimrun(["compare", "--designs", "faultsim-recommended,bliap+server", "--runs", "100", "--quiet"], exits: 0)
        #expect(compare.output.contains("bliap+server (B)"), "\(compare.output)")
        // The recommended design has full server recovery already: no variant of it exists.
        let refused = expectSimrun(["compare", "--designs", "faultsim-recommended+server,bliap", "--runs", "100"], exits: 64)
        #expect(refused.errorOutput.contains("'faultsim-recommended' already has full server recovery, so it has no '+server' variant"),
                "\(refused.errorOutput)")
    }

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

    @Test("keys KEY prints that key's row, a prefix the keys it starts; no match exits 64 with the key meant")
    func keysFilter() throws {
        func keyLines(_ output: String) -> [Substring] { output.split(separator: "\n").filter { !$0.hasPrefix(" ") }.dropFirst().map { $0 } }
        let one = expectSimrun(["keys", "network.latency"], exits: 0)
        #expect(keyLines(one.output).map { $0.split(separator: " ")[0] } == ["network.latency"], "\(one.output)")
        #expect(one.output.contains("source: "), "the key's meaning and source come with it")
        let section = expectSimrun(["keys", "network."], exits: 0)
        let paths = ScenarioParameter.table.map(\.path).filter { $0.hasPrefix("network.") }
        #expect(keyLines(section.output).map { String($0.split(separator: " ")[0]) } == paths && paths.count > 3)
        let stem = expectSimrun(["keys", "network.request"], exits: 0)
        #expect(keyLines(stem.output).count == 2, "requestLossProbability and requestTimeout")
        let elsewhere = expectSimrun(["keys", "latency"], exits: 64)
        #expect(elsewhere.errorOutput.hasPrefix("Error: No scenario key is or starts with 'latency'. Did you mean 'network.latency'?"),
                "\(elsewhere.errorOutput)")
        let typo = expectSimrun(["keys", "network.latncy"], exits: 64)
        #expect(typo.errorOutput.contains("Did you mean 'network.latency'?"), "\(typo.errorOutput)")
        let fault = expectSimrun(["keys", "--faults", "request_lost"], exits: 0)
        #expect(fault.output.split(separator: "\n").count == 2 && fault.output.contains("network.requestLossProbability"))
        #expect(expectSimrun(["keys", "--axes", "retry", "--markdown"], exits: 0).output.contains("| `retrySchedule` |"))
        expectSimrun(["keys", "--faults", "request_lots"], exits: 64)
        expectSimrun(["keys", "network.", "network.latency"], exits: 64)
    }

    @Test("Every command refuses a positional argument beyond those it takes, before any work", arguments: SimrunCommand.commands.map { $0.spec.name })
    func extraPositionalArgument(_ name: String) {
        // merge takes any number of parts; the others take at most a scenario (designs: and a name).
        guard name != "merge" else { return }
        let extra = expectSimrun([name, "first.json", "second.json", "third"], exits: 64)
        #expect(extra.errorOutput.hasPrefix("Error: Unexpected argument '"), "\(extra.errorOutput)")
        // A command that takes no positional argument at all refuses the first.
        let none = CommandSpec(name: "none", abstract: "Takes nothing.", options: [])
        #expect(throws: CommandFailure.self) {
            _ = try CommandContext(none, arguments: ["x"], parsed: ParsedArguments(positionals: ["x"]))
        }
    }

    @Test("A scenario file is told from a name by its .json in any case, the same in every command")
    func scenarioFileInAnyCase() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("S.JSON").path
        try FileManager.default.copyItem(atPath: Self.defaultScenario, toPath: path)
        let designs = expectSimrun(["designs", path, "naive"], exits: 0)
        #expect(designs.output.hasPrefix("naive: "), "\(designs.output)")
        #expect(expectSimrun(["designs", path], exits: 0).output.contains("bliap"))
        #expect(ScenarioInput.namesScenarioFile("S.JSON") && ScenarioInput.namesScenarioFile("my.Json") && ScenarioInput.namesScenarioFile(path))
        #expect(!ScenarioInput.namesScenarioFile("naive") && !ScenarioInput.namesScenarioFile(folder.url.path), "a name, a directory")
        #expect(SimrunCommand.unknownCommand("My.JSON").contains("simrun run My.JSON"))
    }

    @Test("A prefix, a key in the wrong object and a longer word each get the name meant")
    func suggestions() throws {
        #expect(Suggestion.nearest(to: "requestLoss", in: ["requestLossProbability", "requestTimeout"]) == "requestLossProbability")
        #expect(Suggestion.nearest(to: "lost_rate", in: ["lost_sales", "lost", "misdelivered"]) == "lost")
        #expect(Suggestion.nearest(to: "sed", in: ["seed", "runs"]) == "seed")
        #expect(Suggestion.nearest(to: "zzzzzz", in: ["seed", "runs"]) == nil)
        #expect(ScenarioParameter.keys(named: "requestTimeout") == ["network.requestTimeout"])
        let error = #expect(throws: ScenarioError.self) {
            try ScenarioLoader.parse("{}", file: "x.json", name: "x",
                                     overrides: [try ScenarioOverride.parse("appServer.requestTimeout=5s").get()])
        }
        #expect(error?.description.contains("did you mean 'network.requestTimeout'?") == true, "\(String(describing: error))")
        #expect(error?.description.contains("given on the command line") == true)
    }

    @Test("help of a mistyped command is a usage error with the command meant; designs takes a scenario's own design")
    func helpAndDesigns() throws {
        let help = simrun(["help", "swep"])
        #expect(help.status == 64 && help.errorOutput.contains("Did you mean 'sweep'?"), "\(help.described(["help", "swep"]))")
        let folder = try TemporaryFolder()
        let path = folder.path("s.json").path
        try #"{"customDesigns": [{"name": "mine", "from": "bliap", "recordClearing": "never"}]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        let json = simrun(["designs", path, "mine", "--json"])
        #expect(json.status == 0 && json.output.contains(#""recordClearing": "never""#), "\(json.described(["designs", path, "mine"]))")
        #expect(simrun(["designs", path, "nope"]).status == 64)
    }
}

extension CommandFailure {
    /// The command a usage error points its help hint to.
    var usageCommand: String? {
        if case .usage(let error) = self { return error.command }
        return nil
    }
}

/// A fresh folder under the system's temporary directory, removed when the value goes away.
final class TemporaryFolder {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("simrun-test-\(UUID().uuidString)")

    init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(at: url) }

    func path(_ name: String) -> URL { url.appendingPathComponent(name) }
}
