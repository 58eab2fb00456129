import FaultSim

/// A simrun command. Listing its type in `SimrunCommand.commands` is all it takes to add one:
/// dispatch, `--help`, the shared preamble (`CommandContext`) and the top-level help's entry
/// all come from its spec.
protocol Command {
    static var spec: CommandSpec { get }
    /// The command's own work, on a command line already checked against `spec`.
    static func execute(_ context: CommandContext) throws(CommandFailure) -> Int32
}

extension Command {
    /// Parses `arguments` for this command and runs it; `--help` prints the help instead.
    static func main(_ arguments: [String]) throws(CommandFailure) -> Int32 {
        let parsed = try ArgumentParser.parse(arguments, for: spec)
        if parsed.wantsHelp {
            printOutput(spec.help, terminator: "")
            return ExitCode.success
        }
        let context = try CommandContext(spec, arguments: arguments, parsed: parsed)
        // An output named `-` takes standard output for itself; the table and messages move to
        // standard error, so `simrun run --out - > results.csv` keeps both.
        guard spec.options.contains(where: { $0.isOutputFile && context.value($0) == OutputFiles.stdoutPath }) else {
            return try execute(context)
        }
        // withValue rethrows untyped errors: carry the typed one out in a Result.
        let result = CommandOutput.$current.withValue(CommandOutput.current.dataOnStandardOutput) {
            Result { () throws(CommandFailure) -> Int32 in try execute(context) }
        }
        return try result.get()
    }
}
