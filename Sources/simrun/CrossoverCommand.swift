import FaultSim
import Policies

/// `simrun crossover <scenario.json> --param KEY.PATH --range FROM:TO (--designs A,B | --design A
/// --lost-rate R)`: where a finding stops holding as one scenario parameter moves. Each value is
/// applied like `--set KEY.PATH=value`, so any numeric key of the scenario file can be moved.
/// The search is the library's `Crossover`; this reads the command line and prints.
enum CrossoverCommand: Command {
    static let param = OptionSpec(name: "--param", valueName: "key.path", help: "The numeric scenario key to move, as in the file.", required: true)
    static let range = OptionSpec(name: "--range", valueName: "from:to", help: "The values to search between.", required: true)
    static let designs = CommonOptions.designPair
    /// Not the common `--design <name>`: here it is design "a" of the usage note.
    static let design = OptionSpec(name: "--design", valueName: "a", help: "With --lost-rate: find where this design's lost rate crosses r (Wilson).")
    static let lostRate = OptionSpec(name: "--lost-rate", valueName: "r", help: "The target lost rate, a number in (0, 1).")
    static let steps = OptionSpec.integer("--steps", valueName: "k", help: "Halvings after the two ends, 0 to 50.", default: 7)
    /// Runs at every value unless `--runs` says otherwise.
    static let defaultRuns = 20_000
    static let runs = CommonOptions.runs.defaulting(to: "\(defaultRuns), at every value")

    static let spec = CommandSpec.readingScenario(
        name: "crossover", abstract: "Find, by bisection on paired runs, the value of a scenario parameter at which a finding stops holding: where design a stops losing fewer orders than b, or where one design's lost rate crosses r.",
        summary: "Find where a finding stops holding as one parameter moves (paired bisection).",
        options: [param, range, designs, design, lostRate, steps, runs, CommonOptions.seed, CommonOptions.jobs, CommonOptions.set],
        usageNote: "give --designs a,b, or --design a with --lost-rate r")

    static func execute(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        let key = try context.required(param)
        let bounds = try parseRange(try context.required(range), context)
        let stepCount = try context.integerOrDefault(steps, in: 0...50)
        let runCount = context.runs ?? defaultRuns
        let base = try context.scenario(applying: [])
        var origin = base.origin
        origin.seed = context.seed

        func scenario(at value: Double) throws(CommandFailure) -> Scenario {
            do {
                return try origin.load(setting: key, to: "\(value)")
            } catch {
                throw context.failure(error, option: param)
            }
        }
        // Bisection visits values between the ends: the key must take all of them.
        let checked = [try scenario(at: bounds.lowerBound), try scenario(at: (bounds.lowerBound + bounds.upperBound) / 2),
                       try scenario(at: bounds.upperBound)]
        func world(at value: Double) -> Scenario { (try? scenario(at: value)) ?? checked[1] }

        let runRange = UInt64(0)..<UInt64(runCount)
        let result: Crossover.Result
        let question: String
        if let pair = context.value(designs) {
            let names = pair.split(separator: ",").map(String.init)
            guard names.count == 2 else { throw context.invalid(pair, for: designs, because: "expected two designs, a,b") }
            let a = try context.design(names[0], in: base.scenario, option: designs)
            let b = try context.design(names[1], in: base.scenario, option: designs)
            ScenarioInput.warnAboutEventCap(base, designs: [a, b])
            question = "where \(a.name) stops losing fewer orders than \(b.name) (or starts)"
            result = Crossover.between(a, b, over: bounds, steps: stepCount, runs: runRange, jobs: context.jobs, scenarioAt: world)
        } else {
            let name = try context.required(design)
            let chosen = try context.design(name, in: base.scenario, option: design)
            let targetText = try context.required(lostRate)
            guard let target = Double(targetText), target > 0, target < 1 else {
                throw context.invalid(targetText, for: lostRate, because: "expected a number between 0 and 1")
            }
            ScenarioInput.warnAboutEventCap(base, designs: [chosen])
            question = "where \(chosen.name)'s lost rate crosses \(FixedPoint.format(target * 100, places: 2))%"
            result = Crossover.threshold(chosen, lostRate: target, over: bounds, steps: stepCount, runs: runRange, jobs: context.jobs,
                                         scenarioAt: world)
        }
        let format = SweepAxis.label
        printOutput("simrun crossover: \(base.shownPath) (\(base.scenario.platform.name) platform), \(key) over \(format(bounds.lowerBound))...\(format(bounds.upperBound)), "
            + "\(Grouped.count(runCount, "run")) per value, seed \(context.seed ?? base.scenario.seed): \(question)")
        printOutput(result.text(key: key), terminator: "")
        return ExitCode.success
    }

    static func parseRange(_ text: String, _ context: CommandContext) throws(CommandFailure) -> ClosedRange<Double> {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let low = Double(parts[0]), let high = Double(parts[1]), low.isFinite, high.isFinite, low < high else {
            throw context.invalid(text, for: range, because: "expected from:to with from < to, such as 0:0.5")
        }
        return low...high
    }
}
