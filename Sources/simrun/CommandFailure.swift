/// Why a command stopped before success.
enum CommandFailure: Error {
    /// A bad command line: simrun prints it with the usage and exits 64.
    case usage(UsageError)
    /// A failure already reported on standard error; exit with this code (sysexits).
    case exit(Int32)
}

/// What went wrong on the command line: simrun prints it, then the usage and where to find the
/// command's help, and exits 64.
struct UsageError: Error {
    let message: String
    let usage: String
    /// The command whose help to point to, or nil for `simrun --help`.
    var command: String?

    /// What simrun prints on standard error.
    var text: String {
        let help = command.map { "simrun \($0) --help" } ?? "simrun --help"
        return "Error: \(message)\nUsage: \(usage)\n  See '\(help)' for more information."
    }
}

/// Exit codes, as sysexits(3) names them.
enum ExitCode {
    static let success: Int32 = 0
    /// `simrun check` found an avoidable counterexample for some design (it FAILS): the run
    /// itself worked, as with `diff` or `grep`, and a CI job that runs the check fails.
    static let checkFailed: Int32 = 1
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
