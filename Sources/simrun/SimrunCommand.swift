import FaultSim
import Foundation
import Policies

enum ExitCode {
    static let success: Int32 = 0
    static let usage: Int32 = 64
    static let data: Int32 = 65
    /// An internal check failed (a benchmark's thread counts disagreed on a result).
    static let software: Int32 = 70
    static let cannotCreate: Int32 = 73
}

/// Top-level dispatch: `simrun [run|designs|help] ...`.
enum SimrunCommand {
    static let abstract = "Fault-injection simulator for iOS in-app purchase flows: which design loses the fewest paid orders."
    static let usage = "simrun <command> [options]   (no command: simrun run scenarios/default.json)"
    static let commands = ["run", "designs", "trace", "find", "crossover", "bench", "help"]

    static var help: String {
        """
        OVERVIEW: \(abstract)

        USAGE: \(usage)

        COMMANDS:
          run <scenario.json>   Simulate a scenario for each design; print the table, write CSVs.
          designs [NAME]        List the designs, or show one design's value on every axis.
          trace <scenario.json> --design D --run I [--svg F]
                                Replay one run: its timeline, faults, outcome and cause.
          find <scenario.json> --design D --outcome O [--cause C] [--shortest]
                                List runs that ended that way, with the command replaying each.
          crossover <scenario.json> --param KEY --range FROM:TO --designs A,B
                                Find where a finding stops holding as one parameter moves (paired bisection).
          bench [<scenario.json>] [--runs N] [--jobs N]
                                Measure runs/s, events/s and memory per design, against the bare engine.
          help [COMMAND]        Show help for simrun or one command.

        See 'simrun <command> --help' for a command's options.

        """
    }

    static func main(_ arguments: [String]) -> Int32 {
        do throws(UsageError) {
            guard let first = arguments.first else {
                return try RunCommand.execute([RunCommand.defaultScenario])
            }
            switch first {
            case "run": return try RunCommand.execute(Array(arguments.dropFirst()))
            case "designs": return try DesignsCommand.execute(Array(arguments.dropFirst()))
            case "trace": return try TraceCommand.execute(Array(arguments.dropFirst()))
            case "find": return try FindCommand.execute(Array(arguments.dropFirst()))
            case "crossover": return try CrossoverCommand.execute(Array(arguments.dropFirst()))
            case "bench": return try BenchCommand.execute(Array(arguments.dropFirst()))
            case "help", "-h", "--help":
                switch arguments.dropFirst().first {
                case "run": print(RunCommand.help, terminator: "")
                case "designs": print(DesignsCommand.help, terminator: "")
                case "trace": print(TraceCommand.help, terminator: "")
                case "find": print(FindCommand.help, terminator: "")
                case "crossover": print(CrossoverCommand.help, terminator: "")
                case "bench": print(BenchCommand.help, terminator: "")
                default: print(help, terminator: "")
                }
                return ExitCode.success
            default:
                if first.hasPrefix("-") {
                    // Options without a command apply to the default run.
                    return try RunCommand.execute([RunCommand.defaultScenario] + arguments)
                }
                var message = "Unknown command '\(first)'."
                if let hint = Suggestion.nearest(to: first, in: commands) { message += " Did you mean '\(hint)'?" }
                throw UsageError(message: message, usage: usage)
            }
        } catch {
            printError("Error: \(error.message)\nUsage: \(error.usage)\n  See 'simrun --help' for more information.")
            return ExitCode.usage
        }
    }
}

func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
