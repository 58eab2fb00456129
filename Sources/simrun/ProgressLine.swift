import Dispatch
import FaultSim
import Foundation

/// A progress line on standard error while a long job runs: runs done, runs/s and the time
/// left. On a terminal it is redrawn in place from the job's second second on and erased when
/// the job ends; in a log or a pipe (CI) a plain line is written every few seconds instead, so a
/// job of minutes is never silent; `--quiet` silences both. Nothing about it reaches the results.
/// `@unchecked Sendable`: the timer is set once in `init` and afterwards touched only on
/// `queue` (its handler, and `finish` through `queue.sync`); the counter is atomic.
final class ProgressLine: @unchecked Sendable {
    /// How progress is shown.
    enum Style: Sendable {
        /// One line, redrawn in place twice a second and erased at the end: a terminal.
        case redrawn
        /// A line of its own every `logInterval`: a file, a pipe or a CI log.
        case logLines
        /// Nothing: a test's captured output.
        case none
    }

    /// How often a log line is written, and when the first is: often enough that a CI log
    /// shows the job alive, rarely enough that a ten-minute job writes a screen.
    static let logInterval: DispatchTimeInterval = .seconds(10)

    let counter = ProgressCounter()
    private let total: Int
    private let label: String
    private let style: Style
    /// Standard error of the command that started the line: the timer's queue is not the
    /// command's task, so it cannot read `CommandOutput.current` itself.
    private let writeError: @Sendable (String) -> Void
    private let queue = DispatchQueue(label: "simrun.progress")
    private let timer: DispatchSourceTimer?
    private let started = DispatchTime.now().uptimeNanoseconds

    /// Starts the display for a job of `total` runs (all designs count as one run) in `style`
    /// (the current output's, by default), unless `quiet`. `logInterval` is for tests.
    init(total: Int, label: String, quiet: Bool, style: Style = CommandOutput.current.progress,
         logInterval: DispatchTimeInterval = ProgressLine.logInterval) {
        self.total = max(total, 1)
        self.label = label
        self.style = style
        writeError = CommandOutput.current.error
        guard !quiet, style != .none else {
            timer = nil
            return
        }
        let timer = DispatchSource.makeTimerSource(queue: queue)
        self.timer = timer
        switch style {
        case .redrawn: timer.schedule(deadline: .now() + 1, repeating: .milliseconds(500))
        case .logLines, .none: timer.schedule(deadline: .now() + logInterval, repeating: logInterval)
        }
        timer.setEventHandler { [weak self] in self?.draw() }
        timer.resume()
    }

    /// Whether progress is being shown.
    var isDrawing: Bool { timer != nil }

    private func draw() {
        let done = counter.value
        let total = self.total + counter.addedTotal
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        let rate = Double(done) / max(seconds, 1e-9)
        let left = rate > 0 ? Double(total - done) / rate : 0
        let text = "\(label): \(Grouped.format(done)) / \(Grouped.format(total)) runs, \(Grouped.format(rate)) runs/s, "
            + "\(DurationText.spoken(seconds: left)) left"
        writeError(style == .redrawn ? "\r\u{1B}[K" + text : text + "\n")
    }

    /// Stops the display; a redrawn line is erased.
    func finish() {
        guard let timer else { return }
        queue.sync {
            timer.cancel()
            if style == .redrawn { writeError("\r\u{1B}[K") }
        }
    }
}
