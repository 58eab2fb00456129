import Dispatch
import FaultSim
import Foundation
import Policies

/// What every command that reads a scenario shares: its arguments, the scenario and its
/// overrides, the designs in it, the limits on what a user can type, and the output files.
enum ScenarioInput {
    /// The most runs a command accepts, from the file or a flag (a trillion: weeks on one machine).
    static let maxRuns = Scenario.maxRuns
    /// Jobs beyond this are a typo, not a machine.
    static let maxJobs = 1_024

    /// `--set KEY.PATH=VALUE`, shared by every command that reads a scenario.
    static let set = OptionSpec(name: "--set", valueName: "key.path=value",
                                help: "Override a scenario key, as in the file (repeatable): --set platform=pre-2025, --set network.requestLossProbability=0.1.",
                                repeatable: true)

    /// A command's arguments and its scenario path (nil: the default scenario, when the command
    /// allows it), or nil when help was asked for (and printed).
    static func arguments(_ arguments: [String], command: CommandSpec)
        throws(CommandFailure) -> (parsed: ParsedArguments, path: String?)? {
        let parsed = try ArgumentParser.parse(arguments, for: command)
        if parsed.wantsHelp {
            print(command.help, terminator: "")
            return nil
        }
        guard parsed.positionals.count <= 1 else { throw command.error("Unexpected argument '\(parsed.positionals[1])'.") }
        guard parsed.positionals.first != nil || command.positionalOptional else {
            throw command.error("Missing expected argument '<scenario.json>'.")
        }
        return (parsed, parsed.positionals.first)
    }

    /// A loaded scenario and where it came from.
    struct Source {
        var scenario: Scenario
        /// How to name it in messages.
        let shownPath: String
        /// The path argument that replays it (nil: leave it out, the default scenario).
        let replayPath: String?
        /// Files no output may replace.
        let inputs: [String]
    }

    /// The scenario at `path`; with no path, `scenarios/default.json` in the current directory,
    /// or its built-in copy when there is none (so `simrun` works from any directory).
    static func source(_ path: String?, overrides: [ScenarioOverride]) throws(CommandFailure) -> Source {
        if let path { return Source(scenario: try load(path, overrides: overrides), shownPath: path, replayPath: path, inputs: [path]) }
        let file = Scenario.defaultFilePath
        if FileManager.default.fileExists(atPath: file) {
            return Source(scenario: try load(file, overrides: overrides), shownPath: file, replayPath: nil, inputs: [file])
        }
        do {
            let scenario = try ScenarioLoader.parse(Scenario.defaultFileText, file: "built-in \(file)", name: "default", overrides: overrides)
            return Source(scenario: scenario, shownPath: "built-in \(file)", replayPath: nil, inputs: [])
        } catch {
            printError("Error: \(error)")
            throw .exit(ExitCode.data)
        }
    }

    /// The scenario at `path` with `key` set to `value` after the other overrides, as `--set
    /// key=value` would make it (and the seed, when given).
    static func scenario(_ path: String?, overrides: [ScenarioOverride], key: String, value: String, seed: UInt64?,
                         option: OptionSpec, _ command: CommandSpec) throws(CommandFailure) -> Scenario {
        guard case .success(let override) = ScenarioOverride.parse("\(key)=\(value)") else {
            throw command.invalid(key, for: option, because: "not a key path (keys separated by '.', array items as [n])")
        }
        var loaded = try source(path, overrides: overrides + [override]).scenario
        if let seed { loaded.seed = seed }
        return loaded
    }

    /// Splits `text` at commas that are not inside braces, brackets or quotes, so a value may be
    /// a JSON object: `0.01,0.02` or `{"kind":"fixed","value":"5s"},10s`.
    static func topLevelItems(_ text: String) -> [String] {
        var items: [String] = []
        var current = ""
        var depth = 0
        var quoted = false
        var escaped = false
        for character in text {
            if quoted {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { quoted = false }
            } else if character == "\"" {
                quoted = true
            } else if character == "{" || character == "[" {
                depth += 1
            } else if character == "}" || character == "]" {
                depth -= 1
            } else if character == "," && depth == 0 {
                items.append(current)
                current = ""
                continue
            }
            current.append(character)
        }
        items.append(current)
        return items
    }

    /// Simulates the first few runs of each design and says so on standard error when one
    /// reaches the event cap: the whole job will then be slow, and its capped runs end early.
    static func warnAboutEventCap(_ source: Source, designs: [Design]) {
        let probe = UInt64(min(source.scenario.runs, 4))
        for design in designs {
            var world = World(scenario: source.scenario, design: design)
            for run in 0..<probe {
                world.run(run)
                guard world.lastRunReachedCap else { continue }
                printError("""
                    warning: \(source.shownPath): run \(run) of \(design.name) reached the \(Grouped.format(World.maxEventsPerRun))-event cap \
                    before its \(DurationText.format(source.scenario.horizonMs)) horizon (long sessions with frequent retries make \
                    many events). Such runs are stopped there and counted as capped; their undelivered orders are lost with \
                    cause event_cap_reached. This simulation will be slow.
                    """)
                return
            }
        }
    }

    /// Before a job of a billion design-runs or more, times a sample and says on standard error
    /// how long the whole will take here.
    static func announceLongJob(_ scenario: Scenario, designs: [Design], jobs: Int, runs: Int? = nil) {
        let runCount = runs ?? scenario.runs
        let designRuns = Double(runCount) * Double(designs.count)
        guard designRuns >= 1e9 else { return }
        let sample = UInt64(min(runCount, 20_000))
        let started = DispatchTime.now().uptimeNanoseconds
        _ = Runner.run(scenario: scenario, designs: designs, runs: 0..<sample, jobs: jobs)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9 * Double(runCount) / Double(sample)
        printError("simrun: \(Grouped.format(runCount)) runs × \(designs.count) designs will take about \(spoken(seconds)) "
            + "on \(jobs) threads here (timed on \(Grouped.format(Int(sample))) runs). Ctrl-C stops it and writes nothing.")
    }

    /// 90 → "2 minutes", 200000 → "2.3 days".
    static func spoken(_ seconds: Double) -> String {
        if seconds < 120 { return Int(seconds.rounded()) == 1 ? "1 second" : "\(Int(seconds.rounded())) seconds" }
        if seconds < 7_200 { return "\(Int((seconds / 60).rounded())) minutes" }
        if seconds < 172_800 { return FixedPoint.format(seconds / 3_600, places: 1) + " hours" }
        if seconds < 3.2e7 { return FixedPoint.format(seconds / 86_400, places: 1) + " days" }
        return FixedPoint.format(seconds / 3.15e7, places: 1) + " years"
    }

    /// The scenario the command line names, with every `--set` applied, then `--runs` and
    /// `--seed` when given (each checked before the file is read). Shared by every command that
    /// simulates a scenario, so they read it the same way.
    static func source(_ parsed: ParsedArguments, path: String?, runs: OptionSpec?, seed: OptionSpec?,
                       _ command: CommandSpec) throws(CommandFailure) -> (source: Source, overrides: [ScenarioOverride], seed: UInt64?) {
        let runCount = try runs.map { option throws(CommandFailure) in try integer(parsed, option, in: 1...maxRuns, command) } ?? nil
        let seedValue = try seed.map { option throws(CommandFailure) in try self.seed(parsed, option, command) } ?? nil
        let overrides = try self.overrides(parsed, command)
        var loaded = try source(path, overrides: overrides)
        if let runCount { loaded.scenario.runs = runCount }
        if let seedValue { loaded.scenario.seed = seedValue }
        return (loaded, overrides, seedValue)
    }

    /// `a,b`: two different designs of the scenario.
    static func designPair(_ text: String, option: OptionSpec, in scenario: Scenario,
                           _ command: CommandSpec) throws(CommandFailure) -> (Design, Design) {
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard names.count == 2 else { throw command.invalid(text, for: option, because: "expected two designs, a,b") }
        guard names[0] != names[1] else { throw command.invalid(text, for: option, because: "a design compared with itself") }
        return (try design(names[0], in: scenario, option: option, command), try design(names[1], in: scenario, option: option, command))
    }

    /// The value of an option the command cannot do without.
    static func required(_ parsed: ParsedArguments, _ option: OptionSpec, _ command: CommandSpec) throws(CommandFailure) -> String {
        guard let value = parsed.value(option.name) else {
            throw command.error("Missing expected option '\(option.name) <\(option.valueName ?? "")>'.")
        }
        return value
    }

    /// Every `--set`, parsed, in order.
    static func overrides(_ parsed: ParsedArguments, _ command: CommandSpec) throws(CommandFailure) -> [ScenarioOverride] {
        var overrides: [ScenarioOverride] = []
        for text in parsed.values(set.name) {
            switch ScenarioOverride.parse(text) {
            case .success(let override): overrides.append(override)
            case .failure(let error): throw command.invalid(text, for: set, because: error.message)
            }
        }
        return overrides
    }

    /// The scenario at `path` with `overrides` applied. A bad file is reported here and the
    /// command exits 66 (it cannot be read) or 65 (its content is wrong).
    static func load(_ path: String, overrides: [ScenarioOverride] = []) throws(CommandFailure) -> Scenario {
        do {
            return try ScenarioLoader.load(path: path, overrides: overrides)
        } catch {
            printError("Error: \(error)")
            throw .exit(error.unreadable ? ExitCode.noInput : ExitCode.data)
        }
    }

    /// The design called `name` among the scenario's presets and custom designs.
    static func design(_ name: String, in scenario: Scenario, option: OptionSpec, _ command: CommandSpec) throws(CommandFailure) -> Design {
        let available = scenario.availableDesigns
        if let design = available.first(where: { $0.name == name }) { return design }
        var reason = "unknown design '\(name)'"
        if let hint = Suggestion.nearest(to: name, in: available.map(\.name)) { reason += "; did you mean '\(hint)'?" }
        throw command.invalid(name, for: option, because: reason)
    }

    /// `--jobs n|auto`: worker threads, one per core when absent or `auto`.
    static func jobs(_ parsed: ParsedArguments, _ option: OptionSpec, _ command: CommandSpec) throws(CommandFailure) -> Int {
        guard let text = parsed.value(option.name), text != "auto" else { return Runner.automaticJobs }
        guard let value = Int(text), (1...maxJobs).contains(value) else {
            throw command.invalid(text, for: option, because: "expected 'auto' or a whole number from 1 to \(maxJobs)")
        }
        return value
    }

    /// `--designs a,b`: replaces the scenario's design list, after checking every name against
    /// its presets and custom designs; a name given twice is refused.
    static func selectDesigns(_ parsed: ParsedArguments, _ option: OptionSpec, in scenario: inout Scenario,
                              _ command: CommandSpec) throws(CommandFailure) {
        guard let text = parsed.value(option.name) else { return }
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let available = scenario.availableDesigns.map(\.name)
        var seen: Set<String> = []
        for name in names {
            guard available.contains(name) else {
                var reason = "unknown design '\(name)'"
                if let hint = Suggestion.nearest(to: name, in: available) { reason += "; did you mean '\(hint)'?" }
                throw command.invalid(text, for: option, because: reason)
            }
            guard seen.insert(name).inserted else {
                throw command.invalid(text, for: option, because: "'\(name)' is named twice; name each design once")
            }
        }
        scenario.designs = names
    }

    /// A whole number in `range`, or a usage error naming the option and the range.
    static func integer(_ parsed: ParsedArguments, _ option: OptionSpec, in range: ClosedRange<Int>,
                        _ command: CommandSpec) throws(CommandFailure) -> Int? {
        guard let text = parsed.value(option.name) else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw command.invalid(text, for: option, because: "expected a whole number from \(Grouped.format(range.lowerBound)) to \(Grouped.format(range.upperBound))")
        }
        return value
    }

    static func seed(_ parsed: ParsedArguments, _ option: OptionSpec, _ command: CommandSpec) throws(CommandFailure) -> UInt64? {
        guard let text = parsed.value(option.name) else { return nil }
        guard let value = UInt64(text) else {
            throw command.invalid(text, for: option, because: "expected a whole number from 0 to 2^64-1")
        }
        return value
    }

    /// The command's output files, checked before any work: an empty path is a usage error;
    /// a path that cannot be written (missing or read-only directory, an input, another output,
    /// not a regular file) is reported and the command exits 73. One entry per option, nil
    /// where the option was not given.
    static func outputs(_ parsed: ParsedArguments, _ options: [OptionSpec], inputs: [String],
                        _ command: CommandSpec) throws(CommandFailure) -> [OutputFiles.Target?] {
        var given: [String] = []
        for option in options {
            guard let path = parsed.value(option.name) else { continue }
            guard !path.isEmpty else { throw command.invalid(path, for: option, because: "an empty path") }
            given.append(path)
        }
        let targets: [OutputFiles.Target]
        do {
            targets = try OutputFiles.check(given, inputs: inputs)
        } catch {
            printError("Error: \(error)")
            throw .exit(ExitCode.cannotCreate)
        }
        var next = targets.makeIterator()
        return options.map { parsed.value($0.name) == nil ? nil : next.next() }
    }

    /// Writes each (target, text) whose target was given, all or nothing; reported and exit
    /// 73 on failure.
    static func write(_ outputs: [(target: OutputFiles.Target?, text: String)]) throws(CommandFailure) {
        do {
            try OutputFiles.write(outputs.compactMap { output in output.target.map { ($0, output.text) } })
        } catch {
            printError("Error: \(error)")
            throw .exit(ExitCode.cannotCreate)
        }
    }

    /// The exact command that replays run `run` of `design` (no path: the default scenario).
    static func traceCommand(path: String?, design: String, run: UInt64, seed: UInt64, overrides: [ScenarioOverride] = []) -> String {
        "simrun trace" + (path.map { " " + shellQuoted($0) } ?? "") + " --design \(design) --run \(run) --seed \(seed)"
            + overrides.map { " --set " + shellQuoted($0.text) }.joined()
    }

    /// `text` as one shell word: as is when it is plain, else in single quotes.
    static func shellQuoted(_ text: String) -> String {
        let plain = text.allSatisfy { $0.isLetter || $0.isNumber || "-_.=/:,+[]".contains($0) }
        return plain && !text.isEmpty ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
