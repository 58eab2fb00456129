import FaultSim
import Policies

/// `simrun trace [scenario.json] --design D --run I [--seed S] [--svg FILE]`: replays one run
/// and prints its story; the same command always prints the same bytes.
enum TraceCommand {
    static let design = OptionSpec(name: "--design", valueName: "name", help: "The design to replay (required).", required: true)
    static let run = OptionSpec(name: "--run", valueName: "i", help: "The run index to replay, 0 to 10^12 (required).", required: true)
    static let seed = OptionSpec(name: "--seed", valueName: "s", help: "Master seed (default: the scenario's \"seed\").")
    static let svg = OptionSpec(name: "--svg", valueName: "file.svg", help: "Also write the run as an SVG sequence diagram.")

    static let spec = CommandSpec(
        name: "trace", abstract: "Replay one run and print its timeline: who did what, which faults struck, how each intent ended and why.",
        positional: "<scenario.json>", positionalOptional: true, options: [design, run, seed, svg, ScenarioInput.set])

    static func execute(_ arguments: [String]) throws(CommandFailure) -> Int32 {
        guard let (parsed, path) = try ScenarioInput.arguments(arguments, command: spec) else { return ExitCode.success }
        let designName = try ScenarioInput.required(parsed, design, spec)
        guard let runIndex = try ScenarioInput.integer(parsed, run, in: 0...ScenarioInput.maxRuns, spec) else {
            throw spec.error("Missing expected option '--run <i>'.")
        }
        let seedValue = try ScenarioInput.seed(parsed, seed, spec)
        let overrides = try ScenarioInput.overrides(parsed, spec)
        var source = try ScenarioInput.source(path, overrides: overrides)
        if let seedValue { source.scenario.seed = seedValue }
        let scenario = source.scenario
        let chosen = try ScenarioInput.design(designName, in: scenario, option: design, spec)
        let targets = try ScenarioInput.outputs(parsed, [svg], inputs: source.inputs, spec)

        var world = World(scenario: scenario, design: chosen)
        world.tracing = true
        world.run(UInt64(runIndex))
        let command = ScenarioInput.traceCommand(path: source.replayPath, design: chosen.name, run: UInt64(runIndex),
                                                 seed: scenario.seed, overrides: overrides)
        let summary = world.lastRunVerdicts.map { $0.cause == .none ? $0.outcome.rawValue : "\($0.outcome.rawValue) (\($0.cause.name))" }
            .joined(separator: ", ")
        let capped = world.lastRunReachedCap ? " (stopped at the event cap)" : ""
        let title = "\(chosen.name) - \(scenario.name) run \(runIndex), seed \(scenario.seed): \(summary)"
        try ScenarioInput.write([(targets[0], SequenceDiagram.render(world.trace, verdicts: world.lastRunVerdicts, title: title))])
        print(TraceText.render(world.trace, verdicts: world.lastRunVerdicts,
                               header: "\(command)\n\(world.lastRunEvents) events\(capped); \(summary)"), terminator: "")
        return ExitCode.success
    }
}
