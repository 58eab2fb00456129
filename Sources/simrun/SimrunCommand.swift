import FaultSim
import Foundation
import Policies

/// Top-level dispatch: `simrun [command] ...`.
enum SimrunCommand {
    static let abstract = "Fault-injection simulator for iOS in-app purchase flows: which design loses the fewest paid orders."
    static let usage = "simrun <command> [options]   (no command: simrun run, on scenarios/default.json)"

    /// Every command, in the order `simrun --help` lists them. Adding a command is adding its
    /// type here.
    static var commands: [any Command.Type] {[
        RunCommand.self,
        DesignsCommand.self,
        KeysCommand.self,
        TraceCommand.self,
        FindCommand.self,
        CompareCommand.self,
        SweepCommand.self,
        CrossoverCommand.self,
        AblateCommand.self,
        RobustCommand.self,
        CalibrateCommand.self,
        OptimizeCommand.self,
        ReportCommand.self,
        MergeCommand.self,
        CheckCommand.self,
        BenchCommand.self,
    ]}

    static var version: String { "simrun \(FaultSimVersion.tool) (model \(FaultSimVersion.model))" }

    /// `simrun --help`: the command list is made from the commands' specs.
    static var help: String {
        let entries = commands.map { ($0.spec.synopsis, $0.spec.summary ?? $0.spec.abstract) }
            + [("help [COMMAND]", "Show help for simrun or one command.")]
        let column = 24
        let list = entries.map { synopsis, summary in
            synopsis.count + 2 <= column
                ? "  " + synopsis + String(repeating: " ", count: column - synopsis.count) + summary + "\n"
                : "  " + synopsis + "\n" + String(repeating: " ", count: column + 2) + summary + "\n"
        }.joined()
        return """
            OVERVIEW: \(abstract)

            USAGE: \(usage)

            COMMANDS:
            \(list)
            Without a scenario, commands read scenarios/default.json in the current directory, or a
            built-in copy of it. Options given without a command apply to run (simrun --runs 1000000).

            OPTIONS:
              --version               Show the version.
              -h, --help              Show help information.

            See 'simrun <command> --help' for a command's options.

            """
    }

    /// Runs the command line `arguments` and returns the exit status. Everything it prints
    /// (results, help and the version; errors and warnings) goes to `CommandOutput.current`:
    /// the process's streams unless a test captures them.
    static func main(_ arguments: [String]) -> Int32 {
        #if DEBUG
        checkSpecs()
        #endif
        do throws(CommandFailure) {
            guard let first = arguments.first else { return try RunCommand.main([]) }
            if let command = commands.first(where: { $0.spec.name == first }) {
                return try command.main(Array(arguments.dropFirst()))
            }
            switch first {
            case "help", "-h", "--help":
                guard let name = arguments.dropFirst().first else {
                    printOutput(help, terminator: "")
                    return ExitCode.success
                }
                guard let command = commands.first(where: { $0.spec.name == name }) else {
                    throw .usage(UsageError(message: unknownCommand(name), usage: usage, command: nil))
                }
                printOutput(command.spec.help, terminator: "")
                return ExitCode.success
            case "--version":
                printOutput(version)
                return ExitCode.success
            default:
                // Options without a command apply to the default run.
                if first.hasPrefix("-") { return try RunCommand.main(arguments) }
                throw .usage(UsageError(message: unknownCommand(first), usage: usage, command: nil))
            }
        } catch {
            switch error {
            case .usage(let usageError):
                printError(usageError.text)
                return ExitCode.usage
            case .exit(let code):
                return code
            }
        }
    }
}

extension SimrunCommand {
    /// Every command's spec keeps its invariants, and no two commands share a name (debug builds).
    static func checkSpecs() {
        var names: [String] = []
        for command in commands {
            let spec = command.spec
            precondition(!names.contains(spec.name), "two commands are called \(spec.name)")
            spec._checkInvariants()
            names.append(spec.name)
        }
    }

    /// What to say about a first argument that is not a command: a scenario file gets the
    /// command that runs it, a typo the nearest command.
    static func unknownCommand(_ first: String) -> String {
        var message = "Unknown command '\(first)'."
        if ScenarioInput.namesScenarioFile(first) {
            message += " To simulate a scenario file: simrun run \(ShellWord.quoted(first))"
        } else if let hint = Suggestion.nearest(to: first, in: commands.map { $0.spec.name } + ["help"]) {
            message += " Did you mean '\(hint)'?"
        }
        return message
    }
}
