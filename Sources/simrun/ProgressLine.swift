import Dispatch
import FaultSim
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A progress line on standard error while a long job runs: runs done, runs/s and the time
/// left. It is drawn only when standard error is a terminal, from the job's second second on,
/// and erased when the job ends; `--quiet` silences it. Nothing about it reaches the results.
/// `@unchecked Sendable`: the timer is set once in `init` and afterwards touched only on
/// `queue` (its handler, and `finish` through `queue.sync`); the counter is atomic.
final class ProgressLine: @unchecked Sendable {
    let counter = ProgressCounter()
    private let total: Int
    private let label: String
    private let queue = DispatchQueue(label: "simrun.progress")
    private let timer: DispatchSourceTimer?
    private let started = DispatchTime.now().uptimeNanoseconds

    /// Starts the display for a job of `total` runs (all designs count as one run), unless
    /// `quiet` or standard error is not a terminal (`terminal` says whether it is).
    init(total: Int, label: String, quiet: Bool, terminal: Bool = isatty(STDERR_FILENO) == 1) {
        self.total = max(total, 1)
        self.label = label
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
            + "\(ScenarioInput.spoken(left)) left"
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + text).utf8))
    }

    /// Stops the display and erases its line.
    func finish() {
        guard let timer else { return }
        queue.sync {
            timer.cancel()
            FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        }
    }
}
