import FaultSim
import Policies

/// `simrun find <scenario.json> --design D --outcome O [--cause C] [--limit K] [--shortest]`:
/// the first runs whose intents ended that way, each with the command that replays it.
enum FindCommand {
    static let design = OptionSpec(name: "--design", valueName: "name", help: "The design to search (required).", required: true)
    static let outcome = OptionSpec(name: "--outcome", valueName: "outcome", help: "lost, misdelivered, duplicated or double_charged (required).", required: true)
    static let cause = OptionSpec(name: "--cause", valueName: "c", help: "Only intents with this cause (see README, 'Why: root causes').")
    static let limit = OptionSpec(name: "--limit", valueName: "k", help: "How many runs to list, 1 to 100,000 (default: 10).")
    static let shortest = OptionSpec(name: "--shortest", valueName: nil, help: "Among the first <k> matches, print only the one with the fewest events.")
    static let runs = OptionSpec(name: "--runs", valueName: "n", help: "Search runs 0..<n, 1 to 10^12 (default: the scenario's \"runs\").")
    static let seed = OptionSpec(name: "--seed", valueName: "s", help: "Master seed (default: the scenario's \"seed\").")

    static let spec = CommandSpec(
        name: "find", abstract: "Find runs whose intents ended lost, mis-delivered, duplicated or double-charged, with their causes.",
        positional: "<scenario.json>", positionalOptional: true,
        options: [design, outcome, cause, limit, shortest, runs, seed, ScenarioInput.set])

    static func execute(_ arguments: [String]) throws(CommandFailure) -> Int32 {
        guard let (parsed, path) = try ScenarioInput.arguments(arguments, command: spec) else { return ExitCode.success }
        let designName = try ScenarioInput.required(parsed, design, spec)
        let searchable = IntentVerdict.Outcome.allCases.filter { $0 != .delivered && $0 != .notCharged }
        let outcomeText = try ScenarioInput.required(parsed, outcome, spec)
        guard let wanted = searchable.first(where: { $0.rawValue == outcomeText }) else {
            throw spec.invalid(outcomeText, for: outcome, because: "expected one of: \(searchable.map(\.rawValue).joined(separator: ", "))")
        }
        var wantedCause: Cause?
        if let text = parsed.value(cause.name) {
            guard let match = Cause.allCases.first(where: { $0.name == text }) else {
                var reason = "unknown cause"
                if let hint = Suggestion.nearest(to: text, in: Cause.allCases.map(\.name)) { reason += "; did you mean '\(hint)'?" }
                throw spec.invalid(text, for: cause, because: reason)
            }
            wantedCause = match
        }
        let count = try ScenarioInput.integer(parsed, limit, in: 1...100_000, spec) ?? 10
        let (source, overrides, _) = try ScenarioInput.source(parsed, path: path, runs: runs, seed: seed, spec)
        let scenario = source.scenario
        let chosen = try ScenarioInput.design(designName, in: scenario, option: design, spec)
        ScenarioInput.warnAboutEventCap(source, designs: [chosen])

        var world = World(scenario: scenario, design: chosen)
        world.recordsVerdicts = true
        var matches: [(run: UInt64, intent: Int, cause: Cause, events: Int)] = []
        var run: UInt64 = 0
        while run < UInt64(scenario.runs) && matches.count < count {
            world.run(run)
            for (intent, verdict) in world.lastRunVerdicts.enumerated()
            where verdict.outcome == wanted && (wantedCause == nil || verdict.cause == wantedCause) {
                matches.append((run, intent, verdict.cause, world.lastRunEvents))
                break
            }
            run += 1
        }
        if matches.isEmpty {
            print("no \(wanted.rawValue) intent\(wantedCause.map { " with cause \($0.name)" } ?? "") in runs 0..<\(run) of \(chosen.name)")
            return ExitCode.success
        }
        if parsed.flags.contains(shortest.name) {
            matches = [matches.min { $0.events != $1.events ? $0.events < $1.events : $0.run < $1.run }!]
        }
        for match in matches {
            print("run \(match.run)  intent \(match.intent)  \(wanted.rawValue)  \(match.cause.name)  \(match.events) events")
            print("  " + ScenarioInput.traceCommand(path: source.replayPath, design: chosen.name, run: match.run,
                                                    seed: scenario.seed, overrides: overrides))
        }
        return ExitCode.success
    }
}
