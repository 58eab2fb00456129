import Dispatch
import Policies

/// The report's example runs: for each design that lost an order, among its first
/// `candidates` runs that lost an intent to its most common lost cause, the one with the fewest
/// events, traced and drawn, each fault replayed away to mark the ones that changed the ending.
/// Designs are searched in parallel, each over its runs in order, so the choice never depends
/// on the thread count. The table counted a loss with that cause in these runs, so the search
/// always finds one.
struct DiagramSearch: Sendable {
    let scenario: Scenario
    /// The scenario path and `--set`s a replay command repeats.
    let replayPath: String?
    let overrides: [ScenarioOverride]
    /// How many of a design's first losing runs (with its most common cause) are looked at.
    static let candidates = 10

    /// One diagram per design that lost an order, in design order.
    /// - Complexity: at most every run of every design, plus a few replays per diagram.
    func diagrams(designs: [Design], tallies: [DesignTally], jobs: Int, progress: ProgressCounter?) -> [HTMLReport.Diagram] {
        let workers = max(1, min(jobs, designs.count))
        let found = WorkerResults<HTMLReport.Diagram?>(workers: designs.count)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for index in stride(from: worker, to: designs.count, by: workers) {
                found.store(worker: index, diagram(designs[index], tally: tallies[index], progress: progress))
            }
        }
        return found.results.compactMap { $0 }
    }

    func diagram(_ design: Design, tally: DesignTally, progress: ProgressCounter?) -> HTMLReport.Diagram? {
        // A `+server` variant exists only under --plus-server, which a replayed trace command
        // does not carry: its losing runs are drawn for the design itself.
        guard !design.name.hasSuffix(Design.serverRecoverySuffix), let cause = tally.causes(of: .lost).first?.cause else {
            progress?.add(scenario.runs)
            return nil
        }
        guard let best = shortestRun(design, losingTo: cause, progress: progress) else { return nil }
        var world = DesignWorlds(scenario: scenario, design: design)
        world.tracing = true
        world.run(best)
        let title = "\(design.name) - \(scenario.label) run \(best), seed \(scenario.seed): "
            + world.lastRunVerdicts.map { $0.cause == .none ? $0.outcome.rawValue : "\($0.outcome.rawValue) (\($0.cause.name))" }
            .joined(separator: ", ")
        let judged = DecisiveFaults.judge(scenario: scenario, design: design, run: best, trace: world.trace, verdicts: world.lastRunVerdicts)
        let svg = SequenceDiagram.render(world.trace, verdicts: world.lastRunVerdicts, title: title,
                                         idPrefix: "d\(design.name.utf8.count)-\(Self.stableTag(design.name))-", standalone: false,
                                         judged: judged)
        let command = ReplayCommand.trace(path: replayPath, design: design.name, run: best, seed: scenario.seed, overrides: overrides)
        return HTMLReport.Diagram(design: design.name, cause: cause, run: best, svg: svg, command: command,
                                  faults: world.trace.filter { $0.fault != nil }.count, judged: judged)
    }

    /// Among the first `candidates` runs that lost an intent to `cause`, the one with the fewest
    /// events (the first on a tie); progress counts every run of the design, searched or not.
    func shortestRun(_ design: Design, losingTo cause: Cause, progress: ProgressCounter?) -> UInt64? {
        let scan = RunScan.first(Self.candidates, of: design, in: scenario, ending: .lost, cause: cause, progress: progress)
        return RunScan.shortest(scan.matches)?.run
    }

    /// A design name as an id fragment: letters and digits kept, anything else as '_'.
    static func stableTag(_ name: String) -> String {
        String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
    }
}
