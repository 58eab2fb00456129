import FaultSim
import Policies

/// `simrun crossover <scenario.json> --param KEY.PATH --range FROM:TO (--designs A,B | --design A
/// --lost-rate R)`: where a finding stops holding as one scenario parameter moves. Each value is
/// applied like `--set KEY.PATH=value`, so any numeric key of the scenario file can be moved.
enum CrossoverCommand {
    static let usage = "simrun crossover <scenario.json> --param <key.path> --range <from:to> (--designs <a,b> | --design <a> --lost-rate <r>) [--steps <k>] [--runs <n>] [--seed <s>] [--jobs <n|auto>] [--set <key.path=value>]..."
    static let param = OptionSpec(name: "--param", valueName: "key.path", help: "The numeric scenario key to move, as in the file (required).")
    static let range = OptionSpec(name: "--range", valueName: "from:to", help: "The values to search between (required).")
    static let designs = OptionSpec(name: "--designs", valueName: "a,b", help: "Find where design a stops losing fewer orders than b (paired runs, McNemar).")
    static let design = OptionSpec(name: "--design", valueName: "a", help: "With --lost-rate: find where this design's lost rate crosses r (Wilson).")
    static let lostRate = OptionSpec(name: "--lost-rate", valueName: "r", help: "The target lost rate, a number in (0, 1).")
    static let steps = OptionSpec(name: "--steps", valueName: "k", help: "Halvings after the two ends (default: 7).")
    static let runs = OptionSpec(name: "--runs", valueName: "n", help: "Runs per evaluated value (default: 20000).")
    static let seed = OptionSpec(name: "--seed", valueName: "s", help: "Master seed (default: the scenario's \"seed\").")
    static let jobs = OptionSpec(name: "--jobs", valueName: "n|auto", help: "Worker threads (default: auto). Never changes the result.")
    static let options = [param, range, designs, design, lostRate, steps, runs, seed, jobs, ScenarioInput.set]

    static var help: String {
        ArgumentParser.help(
            abstract: "Find, by bisection on paired runs, the value of a scenario parameter at which a finding stops holding.",
            usage: usage, options: options)
    }

    static func execute(_ arguments: [String]) throws(UsageError) -> Int32 {
        guard let (parsed, path) = try ScenarioInput.arguments(arguments, options: options, usage: usage, help: help) else {
            return ExitCode.success
        }
        let key = try ScenarioInput.required(parsed, param, usage: usage)
        let bounds = try parseRange(try ScenarioInput.required(parsed, range, usage: usage))
        let stepCount = try ScenarioInput.integer(parsed, steps, minimum: 0, usage: usage) ?? 7
        let runCount = try ScenarioInput.integer(parsed, runs, minimum: 1, usage: usage) ?? 20_000
        let seedValue = try ScenarioInput.seed(parsed, seed, usage: usage)
        let jobCount = try ScenarioInput.jobs(parsed, jobs, usage: usage)
        let overrides = try ScenarioInput.overrides(parsed, usage: usage)
        guard let base = ScenarioInput.load(path, overrides: overrides) else { return ExitCode.data }

        // Every value must load: check both ends before simulating anything.
        var failed = false
        func scenario(at value: Double) -> Scenario {
            let text = "\(key)=\(value)"
            guard case .success(let override) = ScenarioOverride.parse(text),
                  var loaded = ScenarioInput.load(path, overrides: overrides + [override]) else {
                failed = true
                return base
            }
            if let seedValue { loaded.seed = seedValue }
            return loaded
        }
        _ = scenario(at: bounds.lowerBound)
        _ = scenario(at: bounds.upperBound)
        if failed { return ExitCode.data }

        let runRange = UInt64(0)..<UInt64(runCount)
        let result: Crossover.Result
        let question: String
        if let pair = parsed.value(designs.name) {
            let names = pair.split(separator: ",").map(String.init)
            guard names.count == 2 else {
                throw ArgumentParser.invalid(pair, for: designs, usage: usage, because: "expected two designs, a,b")
            }
            let a = try ScenarioInput.design(names[0], in: base, option: designs, usage: usage)
            let b = try ScenarioInput.design(names[1], in: base, option: designs, usage: usage)
            question = "where \(a.name) stops losing fewer orders than \(b.name) (or starts)"
            result = Crossover.bisect(bounds, steps: stepCount) { value in
                let world = scenario(at: value)
                let compared = Runner.compare(scenario: world, designs: [a, b], runs: runRange, jobs: jobCount)
                return Crossover.pairedPoint(value, a: a.name, b: b.name, compared)
            }
        } else {
            let name = try ScenarioInput.required(parsed, design, usage: usage)
            let chosen = try ScenarioInput.design(name, in: base, option: design, usage: usage)
            let targetText = try ScenarioInput.required(parsed, lostRate, usage: usage)
            guard let target = Double(targetText), target > 0, target < 1 else {
                throw ArgumentParser.invalid(targetText, for: lostRate, usage: usage, because: "expected a number between 0 and 1")
            }
            question = "where \(chosen.name)'s lost rate crosses \(FixedPoint.format(target * 100, places: 2))%"
            result = Crossover.bisect(bounds, steps: stepCount) { value in
                let tally = Runner.run(scenario: scenario(at: value), designs: [chosen], runs: runRange, jobs: jobCount)[0]
                return Crossover.thresholdPoint(value, design: chosen.name, target: target, tally)
            }
        }
        print("simrun crossover: \(path) (\(base.platform.name) platform), \(key) over \(format(bounds.lowerBound))...\(format(bounds.upperBound)), "
            + "\(runCount) runs per value, seed \(seedValue ?? base.seed): \(question)")
        print(render(result, key: key), terminator: "")
        return ExitCode.success
    }

    static func parseRange(_ text: String) throws(UsageError) -> ClosedRange<Double> {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let low = Double(parts[0]), let high = Double(parts[1]), low.isFinite, high.isFinite, low < high else {
            throw ArgumentParser.invalid(text, for: range, usage: usage, because: "expected from:to with from < to, such as 0:0.5")
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
