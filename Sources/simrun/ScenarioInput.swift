import FaultSim
import Foundation
import Policies

/// What every command that reads a scenario shares once its command line is read: loading
/// the scenario (and reporting a bad one), the limits on what a user can type, warnings before
/// long work, writing the outputs, and the commands that replay a run.
enum ScenarioInput {
    /// The most runs a command accepts, from the file or a flag (a trillion: weeks on one machine).
    static let maxRuns = Scenario.maxRuns
    /// Jobs beyond this are a typo, not a machine.
    static let maxJobs = 1_024

    /// A loaded scenario and where it came from.
    struct Source {
        var scenario: Scenario
        /// How to load it again with a key changed (a sweep's or a crossover's values).
        let origin: ScenarioSource
        /// How to name it in messages: the path, then the `--set` words `Scenario.label` shows.
        let shownPath: String
        /// The path argument that replays it (nil: leave it out, the default scenario).
        let replayPath: String?
        /// Files no output may replace.
        let inputs: [String]
    }

    /// The scenario at `path`; with no path, `scenarios/default.json` in the current directory,
    /// or its built-in copy when there is none (so `simrun` works from any directory). A bad
    /// file is reported here and the command exits 66 (it cannot be read) or 65 (its content
    /// is wrong).
    static func source(_ path: String?, overrides: [ScenarioOverride]) throws(CommandFailure) -> Source {
        let file = Scenario.defaultFilePath
        let origin: ScenarioSource, shownPath: String, inputs: [String]
        if let path {
            (origin, shownPath, inputs) = (ScenarioSource(.file(path: path), overrides: overrides), path, [path])
        } else if FileManager.default.fileExists(atPath: file) {
            (origin, shownPath, inputs) = (ScenarioSource(.file(path: file), overrides: overrides), file, [file])
        } else {
            let name = "built-in \(file)"
            (origin, shownPath, inputs) = (ScenarioSource(.json(Scenario.defaultFileText, file: name, name: "default"), overrides: overrides), name, [])
        }
        let shown = ([shownPath] + Scenario.shownOverrides(overrides.map(\.text))).joined(separator: " ")
        do {
            return Source(scenario: try origin.load(), origin: origin, shownPath: shown,
                          replayPath: path, inputs: inputs)
        } catch {
            throw reported(error)
        }
    }

    /// Whether a word of the command line names a scenario file rather than a command or a
    /// design: it ends in `.json` in any case (`S.JSON`, as some systems and archives write
    /// it), or it is an existing regular file. Every command that tells a file from a name asks
    /// this, so `simrun designs S.JSON naive` reads the file as `simrun run S.JSON` does.
    static func namesScenarioFile(_ word: String) -> Bool {
        var isDirectory: ObjCBool = false
        return word.lowercased().hasSuffix(".json")
            || (FileManager.default.fileExists(atPath: word, isDirectory: &isDirectory) && !isDirectory.boolValue)
    }

    /// Reports a scenario that cannot be read (exit 66) or is wrong (exit 65).
    static func reported(_ error: ScenarioError) -> CommandFailure {
        printError("Error: \(error)")
        return .exit(error.unreadable ? ExitCode.noInput : ExitCode.data)
    }

    /// Says on standard error which custom designs the scenario defines but does not run (its
    /// `designs` list leaves them out), unless `--designs` chose the designs on purpose.
    static func warnAboutUnlistedCustomDesigns(_ scenario: Scenario, _ context: CommandContext) {
        guard !context.given(CommonOptions.designs) else { return }
        let unlisted = scenario.unlistedCustomDesigns
        guard !unlisted.isEmpty else { return }
        let names = unlisted.map { "'\($0)'" }.joined(separator: ", ")
        printError("warning: \(unlisted.count == 1 ? "custom design" : "custom designs") \(names) defined but not in the scenario's \"designs\", "
            + "so not run: add \(unlisted.count == 1 ? "it" : "them") there, or choose with --designs")
    }

    /// Says on standard error when one of the first few runs of a design reaches the event cap:
    /// the whole job will then be slow, and its capped runs end early.
    static func warnAboutEventCap(_ source: Source, designs: [Design]) {
        guard let (design, run) = Runner.firstRunReachingCap(scenario: source.scenario, designs: designs) else { return }
        printError("""
            warning: \(source.shownPath): run \(run) of \(design.name) reached the \(Grouped.format(World.maxEventsPerRun))-event cap \
            before its \(DurationText.format(source.scenario.horizonMs)) horizon (long sessions with frequent retries make \
            many events). Such runs are stopped there and counted as capped; their undelivered orders are lost with \
            cause event_cap_reached. This simulation will be slow.
            """)
    }

    /// Before a job of a billion design-runs or more, says on standard error how long the whole
    /// will take here (timed on a sample).
    static func announceLongJob(_ scenario: Scenario, designs: [Design], jobs: Int, runs: Int? = nil) {
        let runCount = runs ?? scenario.runs
        guard Double(runCount) * Double(designs.count) >= 1e9 else { return }
        let sample = min(runCount, 20_000)
        let seconds = Runner.estimatedSeconds(scenario: scenario, designs: designs, runs: runCount, jobs: jobs, sample: sample)
        printError("simrun: \(Grouped.count(runCount, "run")) × \(Grouped.count(designs.count, "design")) will take about "
            + "\(DurationText.spoken(seconds: seconds)) on \(Grouped.count(jobs, "thread")) here (timed on \(Grouped.count(sample, "run"))). "
            + "Ctrl-C stops it and writes nothing.")
    }

    /// Writes each (target, text) whose target was given, all or nothing; reported and exit
    /// 73 on failure.
    static func write(_ outputs: [(target: OutputFiles.Target?, text: String)]) throws(CommandFailure) {
        do {
            try OutputFiles.write(outputs.compactMap { output in output.target.map { ($0, output.text) } },
                                  stdoutText: { CommandOutput.current.data($0) })
        } catch {
            printError("Error: \(error)")
            throw .exit(ExitCode.cannotCreate)
        }
    }
}
