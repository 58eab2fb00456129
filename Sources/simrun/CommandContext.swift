import FaultSim
import Foundation
import Policies

/// What every command starts with, done once for all of them: the command line parsed against
/// the command's spec, its positional arguments counted, and the common options (`--runs`,
/// `--seed`, `--jobs`, `--set`) checked, all before any file is read. A command's `execute`
/// then reads its own options through it and asks it for the scenario (`scenario()`), which
/// applies `--set`, `--runs`, `--seed` and `--designs` the same way for every command.
struct CommandContext {
    let spec: CommandSpec
    /// The arguments after the command's name, as typed (`report` names the command that made
    /// its page).
    let arguments: [String]
    let parsed: ParsedArguments
    /// `--runs`, when the command takes it and it was given.
    let runs: Int?
    /// `--seed`, when the command takes it and it was given.
    let seed: UInt64?
    /// `--jobs`: worker threads, one per core when absent or `auto`.
    let jobs: Int
    /// Every `--set`, parsed, in order.
    let overrides: [ScenarioOverride]

    /// Checks the positional arguments and the common options of a parsed command line that
    /// did not ask for help.
    init(_ spec: CommandSpec, arguments: [String], parsed: ParsedArguments) throws(CommandFailure) {
        self.spec = spec
        self.arguments = arguments
        self.parsed = parsed
        let positionals = parsed.positionals
        // A command without a positional argument refuses the first one; the others, a second.
        let allowed = spec.positional == nil ? 0 : spec.positionalRepeats ? Int.max : 1
        if positionals.count > allowed {
            throw spec.error("Unexpected argument '\(positionals[allowed])'.")
        }
        if positionals.isEmpty, let positional = spec.positional, !spec.positionalOptional {
            // "Missing expected argument '<part.json>...': the partial results to merge."
            let what = spec.positionalHelp.map { ": " + $0.prefix(1).lowercased() + $0.dropFirst() } ?? "."
            throw spec.error("Missing expected argument '\(positional)'\(what)")
        }
        runs = try Self.integer(parsed, CommonOptions.runs, in: 1...ScenarioInput.maxRuns, spec)
        if let text = parsed.value(CommonOptions.seed.name) {
            guard let value = UInt64(text) else {
                throw spec.invalid(text, for: CommonOptions.seed, because: "expected a whole number from 0 to 2^64-1")
            }
            seed = value
        } else {
            seed = nil
        }
        jobs = try Self.jobs(parsed, spec)
        var overrides: [ScenarioOverride] = []
        for text in parsed.values(CommonOptions.set.name) {
            switch ScenarioOverride.parse(text) {
            case .success(let override): overrides.append(override)
            case .failure(let error): throw spec.invalid(text, for: CommonOptions.set, because: error.message)
            }
        }
        self.overrides = overrides
    }

    /// The command that made this command's outputs, as a page or a report names it: `simrun`,
    /// the command, and its arguments without those that never change an output (`--jobs`,
    /// `--quiet`), so the page is the same bytes on any machine.
    var commandLine: String {
        var kept: [String] = []
        var index = 0
        while index < arguments.count {  // bounded: every pass moves `index` on
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                kept += arguments[(index - 1)...]
                break
            }
            if argument == CommonOptions.quiet.name || argument.hasPrefix(CommonOptions.jobs.name + "=") { continue }
            if argument == CommonOptions.jobs.name {
                index += 1
                continue
            }
            kept.append(argument)
        }
        return ShellWord.line(["simrun", spec.name] + kept)
    }

    /// The scenario file named on the command line; nil for the default scenario.
    var scenarioPath: String? { parsed.positionals.first }

    var positionals: [String] { parsed.positionals }

    func value(_ option: OptionSpec) -> String? { parsed.value(option.name) }

    /// Whether the option (a flag, or an option with a value) was given.
    func given(_ option: OptionSpec) -> Bool { parsed.flags.contains(option.name) || parsed.value(option.name) != nil }

    /// The value of an option the command cannot do without.
    func required(_ option: OptionSpec) throws(CommandFailure) -> String {
        guard let value = value(option) else { throw error("Missing expected option '\(option.label)'.") }
        return value
    }

    /// A whole number in `range`, or a usage error naming the option and the range; nil when
    /// the option was left out.
    func integer(_ option: OptionSpec, in range: ClosedRange<Int>) throws(CommandFailure) -> Int? {
        try Self.integer(parsed, option, in: range, spec)
    }

    /// A whole number in `range`, or the option's stated default when it was left out.
    func integerOrDefault(_ option: OptionSpec, in range: ClosedRange<Int>) throws(CommandFailure) -> Int {
        guard let fallback = option.integerDefault else { preconditionFailure("\(option.name) states no whole-number default") }
        return try integer(option, in: range) ?? fallback
    }

    func error(_ message: String) -> CommandFailure { spec.error(message) }

    func invalid(_ value: String, for option: OptionSpec, because reason: String) -> CommandFailure {
        spec.invalid(value, for: option, because: reason)
    }

    /// What `scenario(applying:)` sets on the loaded scenario.
    struct Adjustments: OptionSet {
        let rawValue: Int
        /// `--runs` replaces the scenario's runs.
        static let runs = Adjustments(rawValue: 1)
        /// `--seed` replaces the scenario's seed.
        static let seed = Adjustments(rawValue: 2)
        /// `--designs` replaces the scenario's designs (commands that take the common one).
        static let designs = Adjustments(rawValue: 4)
        static let all: Adjustments = [.runs, .seed, .designs]
    }

    /// The scenario the command line names, with every `--set` applied, then what `adjustments`
    /// names of `--runs`, `--seed` and `--designs`: all of them unless the command uses them
    /// otherwise (`sweep` and `crossover` set runs and seed on each value's scenario, `bench`
    /// has its own runs). A bad file is reported here (exit 66 or 65).
    func scenario(applying adjustments: Adjustments = .all) throws(CommandFailure) -> ScenarioInput.Source {
        var loaded = try ScenarioInput.source(scenarioPath, overrides: overrides)
        if adjustments.contains(.runs), let runs { loaded.scenario.runs = runs }
        if adjustments.contains(.seed), let seed { loaded.scenario.seed = seed }
        if adjustments.contains(.designs) { try selectDesigns(in: &loaded.scenario) }
        return loaded
    }

    /// Why a parameter could not take a value: not a key path (a usage error on `option`), or
    /// a scenario the value makes wrong or unreadable (reported; exit 65 or 66).
    func failure(_ error: ParameterError, option: OptionSpec) -> CommandFailure {
        switch error {
        case .notAKeyPath(let key): invalid(key, for: option, because: "not a key path (keys separated by '.', array items as [n])")
        case .scenario(let error): ScenarioInput.reported(error)
        }
    }

    /// The design called `name` among the scenario's presets and custom designs, or their
    /// `+server` variants (`Scenario.design(named:)`).
    func design(_ name: String, in scenario: Scenario, option: OptionSpec) throws(CommandFailure) -> Design {
        if let design = scenario.design(named: name) { return design }
        if let refusal = scenario.serverVariantRefusal(name) { throw invalid(name, for: option, because: refusal) }
        var reason = "unknown design '\(name)'"
        if let hint = scenario.suggestedDesign(for: name) { reason += "; did you mean '\(hint)'?" }
        throw invalid(name, for: option, because: reason)
    }

    /// `a,b`: two different designs of the scenario.
    func designPair(_ text: String, option: OptionSpec, in scenario: Scenario) throws(CommandFailure) -> (Design, Design) {
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard names.count == 2 else { throw invalid(text, for: option, because: "expected two designs, a,b") }
        guard names[0] != names[1] else { throw invalid(text, for: option, because: "a design compared with itself") }
        return (try design(names[0], in: scenario, option: option), try design(names[1], in: scenario, option: option))
    }

    /// The command's output files, checked before any work: an empty path is a usage error;
    /// a path that cannot be written (missing or read-only directory, an input, another output,
    /// not a regular file) is reported and the command exits 73. One entry per option, nil
    /// where the option was not given.
    func outputs(_ options: [OptionSpec], inputs: [String]) throws(CommandFailure) -> [OutputFiles.Target?] {
        var given: [String] = []
        for option in options {
            guard let path = value(option) else { continue }
            guard !path.isEmpty else { throw invalid(path, for: option, because: "an empty path") }
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
        return options.map { value($0) == nil ? nil : next.next() }
    }

    /// `--designs a,b`, when the command takes the common one and it was given: replaces the
    /// scenario's design list, after checking every name against its presets and custom
    /// designs (a `+server` variant joins the custom designs first: `Scenario.addServerVariants`);
    /// a name given twice is refused.
    func selectDesigns(in scenario: inout Scenario) throws(CommandFailure) {
        let option = CommonOptions.designs
        guard spec.options.contains(option), let text = value(option) else { return }
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        scenario.addServerVariants(named: names)
        let available = scenario.availableDesigns.map(\.name)
        var seen: Set<String> = []
        for name in names {
            guard available.contains(name) else {
                if let refusal = scenario.serverVariantRefusal(name) { throw invalid(text, for: option, because: refusal) }
                var reason = "unknown design '\(name)'"
                if let hint = scenario.suggestedDesign(for: name) { reason += "; did you mean '\(hint)'?" }
                throw invalid(text, for: option, because: reason)
            }
            guard seen.insert(name).inserted else {
                throw invalid(text, for: option, because: "'\(name)' is named twice; name each design once")
            }
        }
        scenario.designs = names
    }

    /// The one parser of every whole-number option: a count as the tool prints it (`100,000`),
    /// with underscores (`100_000`) or in scientific notation (`1e5`, `2.5e5`) reads as typed
    /// plainly; a fraction or anything else is a usage error naming the option and the value.
    private static func integer(_ parsed: ParsedArguments, _ option: OptionSpec, in range: ClosedRange<Int>,
                                _ spec: CommandSpec, or word: String? = nil) throws(CommandFailure) -> Int? {
        guard let text = parsed.value(option.name) else { return nil }
        let expected = "expected \(word.map { "'\($0)' or " } ?? "")a whole number from \(Grouped.format(range.lowerBound)) to \(Grouped.format(range.upperBound))"
        switch Grouped.parse(text) {
        case .whole(let value) where range.contains(value): return value
        case .whole, .tooLarge: throw spec.invalid(text, for: option, because: expected)
        case .notWhole: throw spec.invalid(text, for: option, because: "not a whole number; \(expected)")
        case .notANumber:
            throw spec.invalid(text, for: option, because: expected + ", written as 100000, 100,000, 100_000 or 1e5")
        }
    }

    private static func jobs(_ parsed: ParsedArguments, _ spec: CommandSpec) throws(CommandFailure) -> Int {
        guard parsed.value(CommonOptions.jobs.name) != "auto" else { return Runner.automaticJobs }
        return try integer(parsed, CommonOptions.jobs, in: 1...ScenarioInput.maxJobs, spec, or: "auto") ?? Runner.automaticJobs
    }
}
