import FaultSim
import Policies

/// `simrun trace [scenario.json] --design D --run I [--seed S] [--svg FILE]`: replays one run
/// and prints its story; the same command always prints the same bytes.
enum TraceCommand: Command {
    static let design = CommonOptions.design.asRequired
    static let run = OptionSpec(name: "--run", valueName: "i", help: "The run index to replay, 0 to 10^12.", required: true)
    static let svg = CommonOptions.svg("Also write the run as an SVG sequence diagram.")
    static let fire = OptionSpec(name: "--fire", valueName: "p1,p2|none", help: "Replay a schedule of simrun check: exactly these choice points fire, every duration fixed (--timings).")
    static let timings = OptionSpec(name: "--timings", valueName: "name", help: "With --fire: the fixed timings, as simrun check names them.",
                                    defaultValue: "median")
    static let customer = OptionSpec(name: "--customer", valueName: "new|returning", help: "With --fire: whether the server knew the customer before the run.",
                                     defaultValue: "new")
    static let ios = OptionSpec(name: "--ios", valueName: "16-or-later|15.x|below-15",
                                help: "With --fire: the user's iOS; below 15 the run is the legacy build's (pre-2025: a StoreKit 2 design's olderOSDesign), 15.x has no AppTransaction.",
                                defaultValue: "16-or-later")

    static let spec = CommandSpec.readingScenario(
        name: "trace", abstract: "Replay one run and print its timeline: who did what, which faults struck, how each intent ended and why.",
        summary: "Replay one run: its timeline, faults, outcome and cause.",
        options: [design, run, CommonOptions.seed, svg, fire, timings, customer, ios, bias, CommonOptions.set])

    static let bias = OptionSpec(name: "--bias", valueName: "bias.json",
                                 help: "Replay the run as importance sampling drew it from this bias file (--bias-out of run or compare): "
                                     + "its biased world and the design's weight for it (docs/model.md §14).")

    static func execute(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        let designName = try context.required(design)
        let schedule = try self.schedule(context)
        guard let runIndex = try context.integer(run, in: 0...ScenarioInput.maxRuns) ?? (schedule == nil ? nil : 0) else {
            throw context.error("Missing expected option '--run <i>' (or '--fire <points>', to replay a schedule of simrun check).")
        }
        let source = try context.scenario()
        var scenario = source.scenario
        let chosen = try context.design(designName, in: scenario, option: design)
        let targets = try context.outputs([svg], inputs: source.inputs)

        var command = ReplayCommand.trace(path: source.replayPath, design: chosen.name, run: UInt64(runIndex),
                                                 seed: scenario.seed, overrides: context.overrides)
        var faults = FaultChooser.seeded
        if let schedule {
            scenario = Exploration.variantScenario(schedule.timing.apply(to: scenario), returningCustomer: schedule.returningCustomer,
                                                   iOS: schedule.iOS)
            faults = .scripted(firing: schedule.points)
            command += CheckCommand.scheduleArguments(points: schedule.points, timing: schedule.timing,
                                                      returningCustomer: schedule.returningCustomer, iOS: schedule.iOS)
        }
        var world = DesignWorlds(scenario: scenario, design: chosen, faults: faults)
        world.tracing = true
        if let path = context.value(bias) {
            if schedule != nil { throw context.error("'--bias' cannot go with '--fire': a schedule of simrun check is not sampled.") }
            world.bias = try ImportanceJob.loadBias(path).bias
            command += " --bias " + ShellWord.quoted(path)
        }
        world.run(UInt64(runIndex))
        let summary = world.lastRunVerdicts.map { $0.cause == .none ? $0.outcome.rawValue : "\($0.outcome.rawValue) (\($0.cause.name))" }
            .joined(separator: ", ")
        let capped = world.lastRunReachedCap ? " (stopped at the event cap)" : ""
        let title = "\(chosen.name) - \(scenario.label) run \(runIndex), seed \(scenario.seed): \(summary)"
        try ScenarioInput.write([(targets[0], SequenceDiagram.render(world.trace, verdicts: world.lastRunVerdicts, title: title))])
        printOutput(TraceText.render(world.trace, verdicts: world.lastRunVerdicts,
                                     header: "\(command)\n" + segmentLine(world, scenario) + olderOSLine(world) + importanceLine(world)
                                         + "\(world.lastRunEvents) events\(capped); \(summary)"), terminator: "")
        // On standard error, so that the trace on standard output stays the trace alone.
        if let path = context.value(svg) { printError("simrun trace: wrote the sequence diagram to \(path)") }
        return ExitCode.success
    }

    /// With `--bias`, the header line that says which world drew the run and its weight.
    static func importanceLine(_ world: DesignWorlds) -> String {
        guard let importance = world.lastRunImportance, let bias = world.bias else { return "" }
        let drawn = importance.component.map { index in
            let owners = bias.components[index].designs
            return "biased world \(index + 1) of \(bias.components.count)" + (owners.isEmpty ? "" : " (tuned for \(owners.joined(separator: ", ")))")
        } ?? "the nominal world"
        return "importance sampling: drawn from \(drawn); this run's weight for \(world.design.name) is \(Scientific.format(importance.weight))\n"
    }

    /// For a scenario with segments, the header line that says which segment the run's user is
    /// in; empty otherwise, so a scenario without segments traces as it always did.
    static func segmentLine(_ world: DesignWorlds, _ scenario: Scenario) -> String {
        scenario.segments.isEmpty ? "" : "the user is in segment \(scenario.segmentText(world.lastRunSegment))\n"
    }

    /// For a run whose user is below iOS 15 with a StoreKit 2 design, the header line that says
    /// which flow the run took; empty otherwise.
    static func olderOSLine(_ world: DesignWorlds) -> String {
        guard world.lastRunBelowIOS15 else { return "" }
        if let older = world.olderOSDesign, scenarioHasBuildFloor(world) {
            return "the user's device runs iOS 14 or older (device.belowIOS15Probability), which no build since 28 April 2026 "
                + "reaches, so this run is the app's legacy build's, \(older.name) (legacyBuild)\n"
        }
        if let older = world.olderOSDesign {
            return "the user's device runs iOS 14 or older (device.belowIOS15Probability), so this run is "
                + "\(older.name)'s, the StoreKit 1 design \(world.design.name) names (olderOSDesign)\n"
        }
        return "the user's device runs iOS 14 or older (device.belowIOS15Probability) and \(world.design.name) names no "
            + "StoreKit 1 design (olderOSDesign): the app cannot sell to this user\n"
    }

    /// Whether the run's world is on a platform whose new builds stop at iOS 15.
    static func scenarioHasBuildFloor(_ world: DesignWorlds) -> Bool { world.lastRunDesignPlatform.newBuildFloor == .iOS15 }

    /// `--fire`, `--timings`, `--customer` and `--ios`: a schedule of `simrun check`, or nil.
    static func schedule(_ context: CommandContext) throws(CommandFailure)
        -> (points: [Int], timing: CheckTiming, returningCustomer: Bool, iOS: IOSBand)? {
        guard let text = context.value(fire) else {
            for option in [timings, customer, ios] where context.given(option) {
                throw spec.error("'\(option.name)' only applies with '--fire'.")
            }
            return nil
        }
        var points: [Int] = []
        if text != "none" {
            for item in text.split(separator: ",", omittingEmptySubsequences: false) {
                guard let point = Int(item), (0...World.maxEventsPerRun * 8).contains(point), !points.contains(point) else {
                    throw spec.invalid(text, for: fire, because: "expected 'none' or distinct fault point numbers, as simrun check prints them")
                }
                points.append(point)
            }
        }
        var timing = CheckTiming.median
        if let name = context.value(timings) {
            guard let named = CheckTiming.named(name) else {
                throw spec.invalid(name, for: timings, because: "expected one of: \(CheckTiming.all.map(\.name).joined(separator: ", "))")
            }
            timing = named
        }
        var returning = false
        if let value = context.value(customer) {
            guard value == "new" || value == "returning" else { throw spec.invalid(value, for: customer, because: "expected 'new' or 'returning'") }
            returning = value == "returning"
        }
        var band = IOSBand.from16
        if let value = context.value(ios) {
            guard let named = IOSBand(rawValue: value) else {
                throw spec.invalid(value, for: ios, because: "expected one of: \(IOSBand.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            band = named
        }
        return (points.sorted(), timing, returning, band)
    }
}
