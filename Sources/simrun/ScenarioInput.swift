import FaultSim
import Policies

/// What `run`, `trace`, `find` and `bench` share: loading the scenario and naming designs in it.
enum ScenarioInput {
    /// A command's arguments with one scenario path, or nil when help was asked for (and
    /// printed). With a `defaultPath` the path may be left out.
    static func arguments(_ arguments: [String], options: [OptionSpec], usage: String, help: String,
                          defaultPath: String? = nil) throws(UsageError) -> (parsed: ParsedArguments, path: String)? {
        let parsed = try ArgumentParser.parse(arguments, options: options, usage: usage)
        if parsed.wantsHelp {
            print(help, terminator: "")
            return nil
        }
        guard parsed.positionals.count <= 1 else {
            throw UsageError(message: "Unexpected argument '\(parsed.positionals[1])'.", usage: usage)
        }
        guard let path = parsed.positionals.first ?? defaultPath else {
            throw UsageError(message: "Missing expected argument '<scenario.json>'.", usage: usage)
        }
        return (parsed, path)
    }

    /// Writes each (path, text) whose path was given, whole or not at all; the exit code 73
    /// after printing why, or nil when every file was written.
    static func write(_ outputs: [(path: String?, text: String)]) -> Int32? {
        for case let (path?, text) in outputs {
            do {
                try AtomicFile.write(text, to: path)
            } catch {
                printError("Error: \(error)")
                return ExitCode.cannotCreate
            }
        }
        return nil
    }

    /// The value of an option the command cannot do without.
    static func required(_ parsed: ParsedArguments, _ option: OptionSpec, usage: String) throws(UsageError) -> String {
        guard let value = parsed.value(option.name) else {
            throw UsageError(message: "Missing expected option '\(option.name) <\(option.valueName ?? "")>'.", usage: usage)
        }
        return value
    }

    /// `--set KEY.PATH=VALUE`, shared by every command that reads a scenario.
    static let set = OptionSpec(name: "--set", valueName: "key.path=value",
                                help: "Override a scenario key, as in the file (repeatable): --set platform=pre-2025, --set network.requestLossProbability=0.1.",
                                repeatable: true)

    /// Every `--set`, parsed, in order.
    static func overrides(_ parsed: ParsedArguments, usage: String) throws(UsageError) -> [ScenarioOverride] {
        var overrides: [ScenarioOverride] = []
        for text in parsed.values(set.name) {
            switch ScenarioOverride.parse(text) {
            case .success(let override): overrides.append(override)
            case .failure(let error): throw ArgumentParser.invalid(text, for: set, usage: usage, because: error.message)
            }
        }
        return overrides
    }

    /// The scenario at `path` with `overrides` applied, or nil after printing why not (the
    /// caller exits 65).
    static func load(_ path: String, overrides: [ScenarioOverride] = []) -> Scenario? {
        do {
            return try ScenarioLoader.load(path: path, overrides: overrides)
        } catch {
            printError("Error: \(error)")
            return nil
        }
    }

    /// The design called `name` among the scenario's presets and custom designs.
    static func design(_ name: String, in scenario: Scenario, option: OptionSpec, usage: String) throws(UsageError) -> Design {
        let available = scenario.availableDesigns
        if let design = available.first(where: { $0.name == name }) { return design }
        var reason = "unknown design '\(name)'"
        if let hint = Suggestion.nearest(to: name, in: available.map(\.name)) { reason += "; did you mean '\(hint)'?" }
        throw ArgumentParser.invalid(name, for: option, usage: usage, because: reason)
    }

    /// `--jobs n|auto`: worker threads, one per core when absent or `auto`.
    static func jobs(_ parsed: ParsedArguments, _ option: OptionSpec, usage: String) throws(UsageError) -> Int {
        guard let text = parsed.value(option.name), text != "auto" else { return Runner.automaticJobs }
        guard let value = Int(text), value >= 1, value <= 1_024 else {
            throw ArgumentParser.invalid(text, for: option, usage: usage, because: "expected 'auto' or a whole number from 1 to 1024")
        }
        return value
    }

    /// `--designs a,b`: replaces the scenario's design list, after checking every name against
    /// its presets and custom designs.
    static func selectDesigns(_ parsed: ParsedArguments, _ option: OptionSpec, in scenario: inout Scenario,
                              usage: String) throws(UsageError) {
        guard let text = parsed.value(option.name) else { return }
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let available = scenario.availableDesigns.map(\.name)
        for name in names where !available.contains(name) {
            var reason = "unknown design '\(name)'"
            if let hint = Suggestion.nearest(to: name, in: available) { reason += "; did you mean '\(hint)'?" }
            throw ArgumentParser.invalid(text, for: option, usage: usage, because: reason)
        }
        scenario.designs = names
    }

    /// A whole number ≥ `minimum`, or a usage error naming the option.
    static func integer(_ parsed: ParsedArguments, _ option: OptionSpec, minimum: Int, usage: String) throws(UsageError) -> Int? {
        guard let text = parsed.value(option.name) else { return nil }
        guard let value = Int(text), value >= minimum else {
            throw ArgumentParser.invalid(text, for: option, usage: usage, because: "expected a whole number of at least \(minimum)")
        }
        return value
    }

    static func seed(_ parsed: ParsedArguments, _ option: OptionSpec, usage: String) throws(UsageError) -> UInt64? {
        guard let text = parsed.value(option.name) else { return nil }
        guard let value = UInt64(text) else {
            throw ArgumentParser.invalid(text, for: option, usage: usage, because: "expected a whole number from 0 to 2^64-1")
        }
        return value
    }

    /// The exact command that replays run `run` of `design`.
    static func traceCommand(path: String, design: String, run: UInt64, seed: UInt64, overrides: [ScenarioOverride] = []) -> String {
        "simrun trace \(path) --design \(design) --run \(run) --seed \(seed)"
            + overrides.map { " --set " + shellQuoted($0.text) }.joined()
    }

    /// `text` as one shell word: as is when it is plain, else in single quotes.
    static func shellQuoted(_ text: String) -> String {
        let plain = text.allSatisfy { $0.isLetter || $0.isNumber || "-_.=/:,+[]".contains($0) }
        return plain && !text.isEmpty ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
