import FaultSim
import Policies

/// `simrun trace <scenario.json> --design D --run I [--seed S] [--svg FILE]`: replays one run
/// and prints its story; the same command always prints the same bytes.
enum TraceCommand {
    static let usage = "simrun trace <scenario.json> --design <name> --run <i> [--seed <s>] [--svg <file.svg>] [--set <key.path=value>]..."
    static let design = OptionSpec(name: "--design", valueName: "name", help: "The design to replay (required).")
    static let run = OptionSpec(name: "--run", valueName: "i", help: "The run index to replay (required).")
    static let seed = OptionSpec(name: "--seed", valueName: "s", help: "Master seed (default: the scenario's \"seed\").")
    static let svg = OptionSpec(name: "--svg", valueName: "file.svg", help: "Also write the run as an SVG sequence diagram.")
    static let options = [design, run, seed, svg, ScenarioInput.set]

    static var help: String {
        ArgumentParser.help(abstract: "Replay one run and print its timeline: who did what, which faults struck, how each intent ended and why.",
                            usage: usage, options: options)
    }

    static func execute(_ arguments: [String]) throws(UsageError) -> Int32 {
        guard let (parsed, path) = try ScenarioInput.arguments(arguments, options: options, usage: usage, help: help) else {
            return ExitCode.success
        }
        let designName = try ScenarioInput.required(parsed, design, usage: usage)
        guard let runIndex = try ScenarioInput.integer(parsed, run, minimum: 0, usage: usage) else {
            throw UsageError(message: "Missing expected option '--run <i>'.", usage: usage)
        }
        let seedValue = try ScenarioInput.seed(parsed, seed, usage: usage)
        let overrides = try ScenarioInput.overrides(parsed, usage: usage)
        guard var scenario = ScenarioInput.load(path, overrides: overrides) else { return ExitCode.data }
        if let seedValue { scenario.seed = seedValue }
        let chosen = try ScenarioInput.design(designName, in: scenario, option: design, usage: usage)

        var world = World(scenario: scenario, design: chosen)
        world.tracing = true
        world.run(UInt64(runIndex))
        let command = ScenarioInput.traceCommand(path: path, design: chosen.name, run: UInt64(runIndex), seed: scenario.seed, overrides: overrides)
        let summary = world.lastRunVerdicts.map { $0.cause == .none ? $0.outcome.rawValue : "\($0.outcome.rawValue) (\($0.cause.name))" }
            .joined(separator: ", ")
        if let svgPath = parsed.value(svg.name) {
            let title = "\(chosen.name) - \(scenario.name) run \(runIndex), seed \(scenario.seed): \(summary)"
            do {
                try AtomicFile.write(SequenceDiagram.render(world.trace, verdicts: world.lastRunVerdicts, title: title), to: svgPath)
            } catch {
                printError("Error: \(error)")
                return ExitCode.cannotCreate
            }
        }
        print(TraceText.render(world.trace, verdicts: world.lastRunVerdicts,
                               header: "\(command)\n\(world.lastRunEvents) events; \(summary)"), terminator: "")
        return ExitCode.success
    }
}
