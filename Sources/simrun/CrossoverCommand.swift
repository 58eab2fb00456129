import FaultSim
import Policies

/// `simrun crossover <scenario.json> --param KEY.PATH --range FROM:TO (--designs A,B | --design A
/// --lost-rate R)`: where a finding stops holding as one scenario parameter moves. Each value is
/// applied like `--set KEY.PATH=value`, so any numeric key of the scenario file can be moved.
enum CrossoverCommand {
    static let param = OptionSpec(name: "--param", valueName: "key.path", help: "The numeric scenario key to move, as in the file (required).", required: true)
    static let range = OptionSpec(name: "--range", valueName: "from:to", help: "The values to search between (required).", required: true)
    static let designs = OptionSpec(name: "--designs", valueName: "a,b", help: "Find where design a stops losing fewer orders than b (paired runs, McNemar).")
    static let design = OptionSpec(name: "--design", valueName: "a", help: "With --lost-rate: find where this design's lost rate crosses r (Wilson).")
    static let lostRate = OptionSpec(name: "--lost-rate", valueName: "r", help: "The target lost rate, a number in (0, 1).")
    static let steps = OptionSpec(name: "--steps", valueName: "k", help: "Halvings after the two ends, 0 to 50 (default: 7).")
    static let runs = OptionSpec(name: "--runs", valueName: "n", help: "Runs per evaluated value, 1 to 10^12 (default: 20000).")
    static let seed = OptionSpec(name: "--seed", valueName: "s", help: "Master seed (default: the scenario's \"seed\").")
    static let jobs = OptionSpec(name: "--jobs", valueName: "n|auto", help: "Worker threads (default: auto). Never changes the result.")

    static let spec = CommandSpec(
        name: "crossover", abstract: "Find, by bisection on paired runs, the value of a scenario parameter at which a finding stops holding.",
        positional: "<scenario.json>", positionalOptional: true,
        options: [param, range, designs, design, lostRate, steps, runs, seed, jobs, ScenarioInput.set],
        usageNote: "give --designs a,b, or --design a with --lost-rate r")

    static func execute(_ arguments: [String]) throws(CommandFailure) -> Int32 {
        guard let (parsed, path) = try ScenarioInput.arguments(arguments, command: spec) else { return ExitCode.success }
        let key = try ScenarioInput.required(parsed, param, spec)
        let bounds = try parseRange(try ScenarioInput.required(parsed, range, spec))
        let stepCount = try ScenarioInput.integer(parsed, steps, in: 0...50, spec) ?? 7
        let runCount = try ScenarioInput.integer(parsed, runs, in: 1...ScenarioInput.maxRuns, spec) ?? 20_000
        let seedValue = try ScenarioInput.seed(parsed, seed, spec)
        let jobCount = try ScenarioInput.jobs(parsed, jobs, spec)
        let overrides = try ScenarioInput.overrides(parsed, spec)
        let base = try ScenarioInput.source(path, overrides: overrides)

        func scenario(at value: Double) throws(CommandFailure) -> Scenario {
            try ScenarioInput.scenario(path, overrides: overrides, key: key, value: "\(value)", seed: seedValue, option: param, spec)
        }
        // Bisection visits values between the ends: the key must take all of them.
        let checked = [try scenario(at: bounds.lowerBound), try scenario(at: (bounds.lowerBound + bounds.upperBound) / 2),
                       try scenario(at: bounds.upperBound)]
        func world(at value: Double) -> Scenario { (try? scenario(at: value)) ?? checked[1] }

        let runRange = UInt64(0)..<UInt64(runCount)
        let result: Crossover.Result
        let question: String
        if let pair = parsed.value(designs.name) {
            let names = pair.split(separator: ",").map(String.init)
            guard names.count == 2 else { throw spec.invalid(pair, for: designs, because: "expected two designs, a,b") }
            let a = try ScenarioInput.design(names[0], in: base.scenario, option: designs, spec)
            let b = try ScenarioInput.design(names[1], in: base.scenario, option: designs, spec)
            ScenarioInput.warnAboutEventCap(base, designs: [a, b])
            question = "where \(a.name) stops losing fewer orders than \(b.name) (or starts)"
            result = pairSearch(a, b, over: bounds, steps: stepCount, runs: runRange, jobs: jobCount, at: world)
        } else {
            let name = try ScenarioInput.required(parsed, design, spec)
            let chosen = try ScenarioInput.design(name, in: base.scenario, option: design, spec)
            let targetText = try ScenarioInput.required(parsed, lostRate, spec)
            guard let target = Double(targetText), target > 0, target < 1 else {
                throw spec.invalid(targetText, for: lostRate, because: "expected a number between 0 and 1")
            }
            ScenarioInput.warnAboutEventCap(base, designs: [chosen])
            question = "where \(chosen.name)'s lost rate crosses \(FixedPoint.format(target * 100, places: 2))%"
            result = Crossover.bisect(bounds, steps: stepCount) { value in
                let tally = Runner.run(scenario: world(at: value), designs: [chosen], runs: runRange, jobs: jobCount)[0]
                return Crossover.thresholdPoint(value, design: chosen.name, target: target, tally)
            }
        }
        print("simrun crossover: \(base.shownPath) (\(base.scenario.platform.name) platform), \(key) over \(format(bounds.lowerBound))...\(format(bounds.upperBound)), "
            + "\(runCount) runs per value, seed \(seedValue ?? base.scenario.seed): \(question)")
        print(render(result, key: key), terminator: "")
        return ExitCode.success
    }

    /// Bisection on paired runs for where `a` stops losing fewer orders than `b`, the scenario
    /// at each value made by `scenario` (shared with `sweep --crossover`).
    static func pairSearch(_ a: Design, _ b: Design, over bounds: ClosedRange<Double>, steps: Int, runs: Range<UInt64>, jobs: Int,
                           at scenario: (Double) -> Scenario) -> Crossover.Result {
        Crossover.bisect(bounds, steps: steps) { value in
            Crossover.pairedPoint(value, a: a.name, b: b.name, Runner.compare(scenario: scenario(value), designs: [a, b], runs: runs, jobs: jobs))
        }
    }

    static func parseRange(_ text: String) throws(CommandFailure) -> ClosedRange<Double> {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let low = Double(parts[0]), let high = Double(parts[1]), low.isFinite, high.isFinite, low < high else {
            throw spec.invalid(text, for: range, because: "expected from:to with from < to, such as 0:0.5")
        }
        return low...high
    }

    static func format(_ value: Double) -> String {
        var text = FixedPoint.format(abs(value), places: 6)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return (value < 0 ? "-" : "") + text
    }

    /// Every evaluated value, then the answer in one sentence.
    static func render(_ result: Crossover.Result, key: String) -> String {
        func padded(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(1, width - text.count)) }
        var text = "\n" + padded("value", 12) + "difference  significant  detail\n"
        for point in result.points {
            let difference = (point.difference < 0 ? "-" : "+") + FixedPoint.format(abs(point.difference), places: 5)
            text += padded(format(point.value), 12) + padded(difference, 12) + padded(point.significant ? "yes" : "no", 13)
                + point.detail + "\n"
        }
        guard let bracket = result.bracket, let estimate = result.estimate, let interval = result.interval else {
            return text + "\nno crossover: the difference keeps its sign over the whole range\n"
        }
        return text + "\ncrossover: \(key) = \(format(estimate)) (last bracket \(format(bracket.below))...\(format(bracket.above)); "
            + "between \(format(interval.low)) and \(format(interval.high)) given the noise)\n"
    }
}
