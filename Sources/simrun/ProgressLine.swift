import Dispatch
import FaultSim
import Foundation

/// A progress line on standard error while a long job runs: runs done, runs/s and the time
/// left. It is drawn only when standard error is a terminal, from the job's second second on,
/// and erased when the job ends; `--quiet` silences it. Nothing about it reaches the results.
/// `@unchecked Sendable`: the timer is set once in `init` and afterwards touched only on
/// `queue` (its handler, and `finish` through `queue.sync`); the counter is atomic.
final class ProgressLine: @unchecked Sendable {
    let counter = ProgressCounter()
    private let total: Int
    private let label: String
    /// Standard error of the command that started the line: the timer's queue is not the
    /// command's task, so it cannot read `CommandOutput.current` itself.
    private let writeError: @Sendable (String) -> Void
    private let queue = DispatchQueue(label: "simrun.progress")
    private let timer: DispatchSourceTimer?
    private let started = DispatchTime.now().uptimeNanoseconds

    /// Starts the display for a job of `total` runs (all designs count as one run), unless
    /// `quiet` or standard error is not a terminal (`terminal` says whether it is; a test's
    /// captured output never is).
    init(total: Int, label: String, quiet: Bool, terminal: Bool = CommandOutput.current.errorIsTerminal) {
        self.total = max(total, 1)
        self.label = label
        writeError = CommandOutput.current.error
        guard !quiet, terminal else {
            timer = nil
            return
        }
        let timer = DispatchSource.makeTimerSource(queue: queue)
        self.timer = timer
        timer.schedule(deadline: .now() + 1, repeating: .milliseconds(500))
        timer.setEventHandler { [weak self] in self?.draw() }
        timer.resume()
    }

    /// Whether a line is being drawn.
    var isDrawing: Bool { timer != nil }

    private func draw() {
        let done = counter.value
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        let rate = Double(done) / max(seconds, 1e-9)
        let left = rate > 0 ? Double(total - done) / rate : 0
        let text = "\(label): \(Grouped.format(done)) / \(Grouped.format(total)) runs, \(Grouped.format(rate)) runs/s, "
            + "\(DurationText.spoken(seconds: left)) left"
        writeError("\r\u{1B}[K" + text)
    }

    /// Stops the display and erases its line.
    func finish() {
        guard let timer else { return }
        queue.sync {
            timer.cancel()
            writeError("\r\u{1B}[K")
        }
    }
}
