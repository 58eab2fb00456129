import FaultSim
import Synchronization

/// The files every decision command (`ablate`, `robust`, `optimize`) writes from its result
/// (`DecisionReport`), checked before any work and written all or nothing: the command's own
/// `--out` (the CSV), `--json` and `--html` (a page of its own), then whatever else the command
/// writes (`--svg`, `--partial-out`).
struct DecisionOutputs {
    static let json = OptionSpec(name: "--json", valueName: "file.json",
                                 help: "Also write the whole result as JSON: the job, then every row the CSV has, nested.")
    static let html = OptionSpec(name: "--html", valueName: "page.html",
                                 help: "Also write the result as a self-contained HTML page: its section of the report, then every row of the CSV.")

    private let targets: [OutputFiles.Target?]

    /// Checks the outputs: `out`, `json` (the command's own help for `--json`, or the common
    /// one), `--html`, then `extra`, before any work (exit 64 or 73).
    init(_ context: CommandContext, out: OptionSpec, json: OptionSpec = Self.json, extra: [OptionSpec] = [],
         inputs: [String]) throws(CommandFailure) {
        precondition(json.name == Self.json.name, "the JSON output is --json")
        targets = try context.outputs([out, json, Self.html] + extra, inputs: inputs)
    }

    /// Writes what was asked for: the CSV, the JSON, the page, then `extra`'s texts in order,
    /// then `files` (a directory's files, as `calibrate --points-out` writes), all in one
    /// all-or-nothing write. Only what was asked for is rendered (a shard's part renders none
    /// of the first three).
    func write(_ report: some DecisionReport, extra: [String] = [], files: [(target: OutputFiles.Target, text: String)] = [],
               context: CommandContext) throws(CommandFailure) {
        let renderers: [() -> String] = [{ report.csv }, { JSONWriter.records(report.json) + "\n" },
                                         { DecisionPage.render(report, command: context.commandLine) }] + extra.map { text in { text } }
        try ScenarioInput.write(zip(targets, renderers).compactMap { target, render in target.map { ($0, render()) } }
                                + files.map { (target: Optional($0.target), text: $0.text) })
    }
}

/// The command line's progress lines for a job of several phases (`ProgressReporter`): one line
/// per phase, the one before erased when the next begins, the last by `finish`.
final class ProgressPhases: ProgressReporter {
    private let prefix: String
    private let quiet: Bool
    private let current = Mutex<ProgressLine?>(nil)

    init(prefix: String, quiet: Bool) {
        self.prefix = prefix
        self.quiet = quiet
    }

    func begin(_ label: String, totalRuns: Int) -> ProgressCounter {
        let line = ProgressLine(total: totalRuns, label: prefix + label, quiet: quiet)
        current.withLock { previous in
            previous?.finish()
            previous = line
        }
        return line.counter
    }

    /// Ends the last phase's line.
    func finish() {
        current.withLock { line in
            line?.finish()
            line = nil
        }
    }
}
