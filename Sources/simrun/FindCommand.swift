import FaultSim
import Policies

/// `simrun find <scenario.json> --design D --outcome O [--cause C] [--limit K] [--shortest]`:
/// the first runs whose intents ended that way, each with the command that replays it.
enum FindCommand: Command {
    static let design = CommonOptions.design.asRequired
    static let outcome = OptionSpec(name: "--outcome", valueName: "outcome",
                                    help: "Any outcome counted per intent: " + Outcome.paired.map(\.name).joined(separator: ", ") + ".",
                                    required: true)
    static let cause = OptionSpec(name: "--cause", valueName: "c", help: "Only intents with this cause (see README, 'Why: root causes').")
    static let limit = OptionSpec.integer("--limit", valueName: "k", help: "How many runs to list, 1 to 100,000.", default: 10)
    static let shortest = OptionSpec(name: "--shortest", valueName: nil, help: "Among the first <k> matches, print only the one with the fewest events.")

    static let spec = CommandSpec.readingScenario(
        name: "find", abstract: "Find runs whose intents ended a given way (lost, not charged, refunded, ...), with their causes.",
        summary: "List runs that ended that way, with the command replaying each.",
        options: [design, outcome, cause, limit, shortest, CommonOptions.runs, CommonOptions.seed, bias, CommonOptions.set])

    static let bias = OptionSpec(name: "--bias", valueName: "bias.json",
                                 help: "Search the runs as importance sampling draws them from this bias file (--bias-out of run or compare), "
                                     + "where rare endings are common; each run is listed with its weight (docs/model.md §14).")

    static func execute(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        let designName = try context.required(design)
        // Every outcome the outcome table counts per intent (`Outcome.paired`): a bit per intent
        // in each run's masks, so the parts (lost sales, refunds) are found as the wholes are.
        let outcomeText = try context.required(outcome)
        guard let wanted = Outcome.paired.first(where: { $0.name == outcomeText }) else {
            var reason = "expected one of: \(Outcome.paired.map(\.name).joined(separator: ", "))"
            if let hint = Suggestion.nearest(to: outcomeText, in: Outcome.paired.map(\.name)) { reason += "; did you mean '\(hint)'?" }
            throw spec.invalid(outcomeText, for: outcome, because: reason)
        }
        var wantedCause: Cause?
        if let text = context.value(cause) {
            guard let match = Cause.allCases.first(where: { $0.name == text }) else {
                var reason = "unknown cause"
                if let hint = Suggestion.nearest(to: text, in: Cause.allCases.map(\.name)) { reason += "; did you mean '\(hint)'?" }
                throw spec.invalid(text, for: cause, because: reason)
            }
            wantedCause = match
        }
        let count = try context.integerOrDefault(limit, in: 1...100_000)
        let source = try context.scenario()
        let scenario = source.scenario
        let chosen = try context.design(designName, in: scenario, option: design)
        ScenarioInput.warnAboutEventCap(source, designs: [chosen])

        let biasPath = context.value(bias)
        var loaded: FaultBias?
        if let biasPath { loaded = try ImportanceJob.loadBias(biasPath).bias }
        let scan = RunScan.first(count, of: chosen, in: scenario, ending: wanted, cause: wantedCause, bias: loaded)
        var matches = scan.matches
        if matches.isEmpty {
            printOutput("no \(wanted.name) intent\(wantedCause.map { " with cause \($0.name)" } ?? "") in runs 0..<\(scan.scanned) of \(chosen.name)")
            return ExitCode.success
        }
        if context.given(shortest), let fewest = RunScan.shortest(matches) { matches = [fewest] }
        for match in matches {
            // The user's segment only when the scenario has segments: other output stays as it was.
            let segment = scenario.segments.isEmpty ? "" : "  segment \(scenario.segmentNames[match.segment])"
            let weight = match.weight.map { "  weight \(Scientific.format($0))" } ?? ""
            printOutput("run \(match.run)  intent \(match.intent)  \(wanted.name)  \(match.cause.name)  \(match.events) events\(segment)\(weight)")
            printOutput("  " + ReplayCommand.trace(path: source.replayPath, design: chosen.name, run: match.run,
                                                          seed: scenario.seed, overrides: context.overrides)
                + (biasPath.map { " --bias " + ShellWord.quoted($0) } ?? ""))
        }
        return ExitCode.success
    }
}
