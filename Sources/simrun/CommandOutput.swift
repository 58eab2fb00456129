import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where everything simrun prints goes: its results, help and version on standard output; its
/// errors, warnings and progress line on standard error.
///
/// The process writes to its own streams. A test runs commands in its own process, many at once,
/// and binds a capturing `CommandOutput` around one call (`CommandOutput.$current.withValue`),
/// so it can assert on what the command printed and the test run's output stays a screen long
/// (a traced run alone is 200,000 lines). A task-local rather than a global variable: each test's
/// task sees only its own binding, concurrent tests never mix their transcripts, and there is
/// nothing to reset afterwards. Every command prints from the thread that called it, so the
/// binding reaches every line; the progress line, drawn from a timer's queue, takes the output
/// current when it starts.
struct CommandOutput: Sendable {
    /// Text for standard output, exactly as printed (line ends included).
    let standard: @Sendable (String) -> Void
    /// Text for standard error, exactly as printed (line ends included).
    let error: @Sendable (String) -> Void
    /// How a long job shows its progress on standard error: redrawn in place on a terminal,
    /// a plain line every few seconds in a log or a pipe, none for a capture (so a test's
    /// transcript holds no timing-dependent text).
    let progress: ProgressLine.Style
    /// Where an output file named `-` goes: standard output, which then carries that file alone
    /// (`Command.main` sends everything else the command prints to standard error).
    let data: @Sendable (String) -> Void

    init(standard: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void,
         progress: ProgressLine.Style, data: (@Sendable (String) -> Void)? = nil) {
        self.standard = standard
        self.error = error
        self.progress = progress
        self.data = data ?? standard
    }

    /// These streams with standard output kept for an output file named `-`, and the command's
    /// own text sent to standard error.
    var dataOnStandardOutput: CommandOutput {
        CommandOutput(standard: error, error: error, progress: progress, data: standard)
    }

    /// The process's standard output and standard error.
    static let processStreams = CommandOutput(
        standard: { Swift.print($0, terminator: "") },
        error: { FileHandle.standardError.write(Data($0.utf8)) },
        progress: isatty(STDERR_FILENO) == 1 ? .redrawn : .logLines)

    /// Where the commands running in this task print: the process's streams unless a caller
    /// bound another.
    @TaskLocal static var current = CommandOutput.processStreams
}

/// Prints a command's text to its standard output (`CommandOutput.current`), as `print` would.
func printOutput(_ text: String, terminator: String = "\n") {
    CommandOutput.current.standard(text + terminator)
}

/// Prints an error, warning or notice, and a line end, to the command's standard error
/// (`CommandOutput.current`).
func printError(_ text: String) {
    CommandOutput.current.error(text + "\n")
}
