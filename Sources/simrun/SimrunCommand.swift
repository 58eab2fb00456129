import FaultSim
import Foundation
import Policies

/// Exit codes, as sysexits(3) names them.
enum ExitCode {
    static let success: Int32 = 0
    /// EX_USAGE: a bad command line.
    static let usage: Int32 = 64
    /// EX_DATAERR: a scenario file that was read but is wrong.
    static let data: Int32 = 65
    /// EX_NOINPUT: a scenario file that cannot be read (missing, a directory, no permission).
    static let noInput: Int32 = 66
    /// EX_SOFTWARE: an internal check failed (a benchmark's thread counts disagreed on a result).
    static let software: Int32 = 70
    /// EX_CANTCREAT: an output cannot be written; every old output is left as it was.
    static let cannotCreate: Int32 = 73
}

/// Top-level dispatch: `simrun [command] ...`.
enum SimrunCommand {
    static let abstract = "Fault-injection simulator for iOS in-app purchase flows: which design loses the fewest paid orders."
    static let usage = "simrun <command> [options]   (no command: simrun run, on scenarios/default.json)"
    static var commands: [(name: String, execute: ([String]) throws(CommandFailure) -> Int32, spec: CommandSpec)] {[
        ("run", RunCommand.execute, RunCommand.spec),
        ("designs", DesignsCommand.execute, DesignsCommand.spec),
        ("keys", KeysCommand.execute, KeysCommand.spec),
        ("trace", TraceCommand.execute, TraceCommand.spec),
        ("find", FindCommand.execute, FindCommand.spec),
        ("compare", CompareCommand.execute, CompareCommand.spec),
        ("sweep", SweepCommand.execute, SweepCommand.spec),
        ("crossover", CrossoverCommand.execute, CrossoverCommand.spec),
        ("report", ReportCommand.execute, ReportCommand.spec),
        ("merge", MergeCommand.execute, MergeCommand.spec),
        ("check", CheckCommand.execute, CheckCommand.spec),
        ("bench", BenchCommand.execute, BenchCommand.spec),
    ]}

    static var version: String { "simrun \(FaultSimVersion.tool) (model \(FaultSimVersion.model))" }

    static var help: String {
        """
        OVERVIEW: \(abstract)

        USAGE: \(usage)

        COMMANDS:
          run [<scenario.json>]   Simulate a scenario for each design; print the table, write CSVs.
          designs [NAME]          List the designs, or show one design's value on every axis.
          keys [--faults] [--markdown]  List every scenario key (or fault) with its default and source.
          trace [<scenario.json>] --design D --run I [--svg F]
                                  Replay one run: its timeline, faults, outcome and cause.
          find [<scenario.json>] --design D --outcome O [--cause C] [--shortest]
                                  List runs that ended that way, with the command replaying each.
          compare [<scenario.json>] --designs A,B [--runs N]
                                  Two designs intent by intent: discordant intents, difference, exact p, verdict.
          sweep [<scenario.json>] --param KEY (--values V,... | --range FROM:TO:STEPS) [--svg F] [--crossover A,B]
                                  Every design at every value of one parameter, on the same runs: CSV and chart.
          crossover [<scenario.json>] --param KEY --range FROM:TO --designs A,B
                                  Find where a finding stops holding as one parameter moves (paired bisection).
          report [<scenario.json>] --out report.html [--param KEY --values V,...]
                                  One self-contained HTML page: table, charts, matrix, diagrams, sweeps.
          merge <part.json>... [--out F] [--svg F] ...
                                  Add up the shards of a run or sweep (--shard K/N --partial-out) exactly.
          check [<scenario.json>] (--design D | --all-designs) --max-faults K [--timings T]
                                  Every schedule of up to K faults: holds, or the smallest counterexamples; P(lost) bounds.
          bench [<scenario.json>] [--runs N] [--jobs N]
                                  Measure runs/s, events/s and memory per design, against the bare engine.
          help [COMMAND]          Show help for simrun or one command.

        Without a scenario, commands read scenarios/default.json in the current directory, or a
        built-in copy of it. Options given without a command apply to run (simrun --runs 1000000).

        OPTIONS:
          --version               Show the version.
          -h, --help              Show help information.

        See 'simrun <command> --help' for a command's options.

        """
    }

    static func main(_ arguments: [String]) -> Int32 {
        do throws(CommandFailure) {
            guard let first = arguments.first else { return try RunCommand.execute([]) }
            if let command = commands.first(where: { $0.name == first }) {
                return try command.execute(Array(arguments.dropFirst()))
            }
            switch first {
            case "help", "-h", "--help":
                let name = arguments.dropFirst().first
                print(commands.first(where: { $0.name == name })?.spec.help ?? help, terminator: "")
                return ExitCode.success
            case "--version":
                print(version)
                return ExitCode.success
            default:
                // Options without a command apply to the default run.
                if first.hasPrefix("-") { return try RunCommand.execute(arguments) }
                throw .usage(UsageError(message: unknownCommand(first), usage: usage, command: nil))
            }
        } catch {
            switch error {
            case .usage(let usageError):
                let help = usageError.command.map { "simrun \($0) --help" } ?? "simrun --help"
                printError("Error: \(usageError.message)\nUsage: \(usageError.usage)\n  See '\(help)' for more information.")
                return ExitCode.usage
            case .exit(let code):
                return code
            }
        }
    }
}

extension SimrunCommand {
    /// What to say about a first argument that is not a command: a scenario file gets the
    /// command that runs it, a typo the nearest command.
    static func unknownCommand(_ first: String) -> String {
        var message = "Unknown command '\(first)'."
        if first.hasSuffix(".json") || FileManager.default.fileExists(atPath: first) {
            message += " To simulate a scenario file: simrun run \(ScenarioInput.shellQuoted(first))"
        } else if let hint = Suggestion.nearest(to: first, in: commands.map(\.name) + ["help"]) {
            message += " Did you mean '\(hint)'?"
        }
        return message
    }
}

func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
