import Policies

/// What `simrun report` computes, assembled here rather than on the command line: the
/// comparison of the scenario's designs, an example run of each losing design (its sequence
/// diagram, the faults that decided it marked), the sweep's charts, and the answer's two
/// decision tools: the ablation of the design the answer leads with, and the robustness of the
/// designs that lost fewest. The command line reads its options into a job, runs it, and writes
/// the page `HTMLReport.render` makes of the result.
public struct ReportJob: Sendable {
    /// The scenario as simulated (with `--plus-server`'s variants when asked for).
    public var scenario: Scenario
    /// The scenario as the command named it, and the path a replay command needs (nil: the default scenario).
    public var source: String
    public var replayPath: String?
    /// The command line's `--set`s, which a replay command repeats.
    public var overrides: [ScenarioOverride] = []
    /// The command that makes the page, as the page names it.
    public var command: String
    public var outcomeScale: HTMLReport.OutcomeScale = .log
    /// A sweep to chart, and the outcomes to chart it by.
    public var sweep: Sweep?
    public var sweepMetrics: [Outcome] = []
    public var sweepLogY = false
    /// Runs of the ablation (and the walk), and per setting of the robustness analysis; 0
    /// leaves either out.
    public var ablateRuns: Int
    public var robustRuns: Int
    /// The team's own design (one of the scenario's designs), or nil: the page then centres on
    /// it: what it loses and why beside the leader, the single changes that help it most (its
    /// ablation rather than the leader's), the walk from it to the leader, and its robustness.
    public var ours: String?
    /// The team's observed figures (`simrun report --observed`): the page then says which
    /// settings of the guesses reproduce them and how the designs fare over those settings.
    public var observations: Observations?

    /// With `--importance`: the ablation's and the robustness analysis's lost orders weighted
    /// (docs/model.md §14), as `simrun ablate --importance` and `simrun robust --importance`; nil
    /// counts them.
    public var importance: Importance?

    /// How the report's decision sections weigh lost orders.
    public struct Importance: Sendable {
        /// Runs per pilot step, for every pilot the sections run.
        public let pilotRunsPerStep: Int
        /// Runs of each change's weighted comparison in the ablation.
        public let weightedRuns: Int

        public init(pilotRunsPerStep: Int, weightedRuns: Int) {
            self.pilotRunsPerStep = pilotRunsPerStep
            self.weightedRuns = weightedRuns
        }

        /// The options that repeat it on a command line.
        var arguments: [String] { ["--importance", "--pilot-runs", String(pilotRunsPerStep)] }
    }

    /// How many of the designs that lost fewest the robustness section compares.
    public static let robustDesigns = 5

    public init(scenario: Scenario, source: String, replayPath: String?, command: String) {
        self.scenario = scenario
        self.source = source
        self.replayPath = replayPath
        self.command = command
        ablateRuns = scenario.runs
        robustRuns = scenario.runs
    }

    /// Simulates everything the page shows, in the order a reader meets it; `reporter` watches
    /// each phase. Nothing depends on `jobs`.
    /// - Complexity: the comparison, each design's diagram search (at most its runs), the sweep,
    ///   the ablation and the robustness analysis.
    public func run(jobs: Int, reporter: (any ProgressReporter)? = nil) -> HTMLReport.Input {
        let designs = scenario.selectedDesigns
        let sweepRuns = sweep.map { $0.runsPerValue * $0.scenarios.count } ?? 0
        let progress = reporter?.begin("", totalRuns: scenario.runs * (1 + designs.count) + sweepRuns + ablateRuns)
        let (tallies, pairs) = Runner.compare(scenario: scenario, designs: designs, runs: 0..<UInt64(scenario.runs), jobs: jobs,
                                              progress: progress)
        let rows = zip(designs, tallies).map { ResultRow(scenario: scenario, design: $0.name, tally: $1) }
        let diagrams = DiagramSearch(scenario: scenario, replayPath: replayPath, overrides: overrides)
            .diagrams(designs: designs, tallies: tallies, jobs: jobs, progress: progress)
        var sweeps: [(title: String, svg: String)] = []
        if let sweep {
            let result = sweep.run(designs, jobs: jobs, progress: progress)
            for metric in sweepMetrics {
                sweeps.append(("\(metric.row.axisTitle) \(result.title); one line per design, the band its 95% interval.",
                               result.chart(metric, logY: sweepLogY)))
            }
        }
        var input = HTMLReport.Input(scenario: scenario, source: source, rows: rows, pairs: pairs, diagrams: diagrams, sweeps: sweeps,
                                     command: command, outcomeScale: outcomeScale)
        let oursIndex = ours.flatMap { name in designs.firstIndex { $0.name == name } }
        input.ours = oursIndex
        guard let leader = Leader.index(of: tallies) else { return input }
        let centre = oursIndex ?? leader
        if ablateRuns > 0 {
            input.decisions.append(ablation(of: designs[centre], jobs: jobs, progress: progress))
            if centre != leader {
                let steps = Ablation.differingAxes(designs[centre], designs[leader], on: scenario.platform).count
                let walkProgress = reporter?.begin(": walk to the leader", totalRuns: ablateRuns * steps)
                input.decisions.append(walk(from: designs[centre], to: designs[leader], jobs: jobs, progress: walkProgress))
            }
        }
        if robustRuns > 0, designs.count >= 2 {
            input.decisions.append(robustness(tallies: tallies, designs: designs, leader: leader, ours: oursIndex, jobs: jobs, reporter: reporter))
        }
        if let observations {
            let calibrated = calibration(observations, designs: designs, jobs: jobs, reporter: reporter)
            input.calibrated = calibrated.report as? CalibrationResult
            input.decisions.insert(calibrated, at: 0)
        }
        return input
    }

    /// The runs the ablation and the walk print in full with, as a command line.
    func ablateCommand(_ arguments: [String]) -> String {
        ShellWord.line(["simrun", "ablate", source] + arguments + ["--runs", String(ablateRuns), "--seed", String(scenario.seed)]
            + overrides.flatMap { ["--set", $0.text] })
    }

    /// `design`'s ablation (the leader's, or the team's own), and the command that prints all of it.
    func ablation(of design: Design, jobs: Int, progress: ProgressCounter?) -> HTMLReport.Decision {
        var result = Ablation.run(scenario: scenario, design: design, runs: 0..<UInt64(ablateRuns), jobs: jobs, source: source,
                                  progress: progress)
        var weighted: [String] = []
        if let importance {
            result = Ablation.weighLosses(result, scenario: scenario, weighing: .init(runs: 0..<UInt64(importance.weightedRuns),
                                                                                     pilotRunsPerStep: importance.pilotRunsPerStep, jobs: jobs))
            weighted = importance.arguments + ["--weighted-runs", String(importance.weightedRuns)]
        }
        return HTMLReport.Decision(report: result, note: "<p class=\"note\">Every change with its effect on lost sales, mis-deliveries and requests: "
            + "<code>\(Markup.escaped(ablateCommand(["--design", design.name] + weighted)))</code></p>\n")
    }

    /// The walk from the team's design to the leader, the most valuable step first.
    func walk(from ours: Design, to leader: Design, jobs: Int, progress: ProgressCounter?) -> HTMLReport.Decision {
        let result = Ablation.walk(scenario: scenario, from: ours, to: leader, runs: 0..<UInt64(ablateRuns), jobs: jobs, source: source,
                                   progress: progress)
        return HTMLReport.Decision(report: result, note: "<p class=\"note\">The same walk as text or CSV: "
            + "<code>\(Markup.escaped(ablateCommand(["--from", ours.name, "--to", leader.name])))</code></p>\n")
    }

    /// The robustness of the leader and the designs that lost fewest after it (at most
    /// `robustDesigns`, ties in table order), every guess at its low and high and at
    /// Latin-hypercube points, as `simrun robust` with its defaults. The leader comes first, so
    /// on a tie robust keeps it ahead and both sections name the same leader.
    func robustness(tallies: [DesignTally], designs: [Design], leader: Int, ours: Int?, jobs: Int,
                    reporter: (any ProgressReporter)?) -> HTMLReport.Decision {
        // The leader, then the team's design (when it is not the leader), then the fewest lost.
        let first = [leader] + (ours.map { $0 == leader ? [] : [$0] } ?? [])
        let best = (first + tallies.indices.filter { !first.contains($0) }.sorted {
            tallies[$0].lost != tallies[$1].lost ? tallies[$0].lost < tallies[$1].lost : $0 < $1
        }).prefix(Self.robustDesigns).map { designs[$0] }
        var plan = Robustness(scenario: scenario, designs: best, points: Robustness.defaultPoints, runs: robustRuns,
                              crossoverSteps: Robustness.defaultCrossoverSteps)
        if let importance {
            let tuned = BiasPilot.tune(scenario: scenario, designs: best, runsPerStep: importance.pilotRunsPerStep, jobs: jobs)
            (plan.bias, plan.biasText) = (tuned.bias, tuned.bias.fileText(scenario: scenario.name, steps: tuned.steps))
        }
        let result = plan.run(source: source, jobs: jobs, reporter: reporter.map { PrefixedReporter(base: $0, prefix: ": robustness, ") })
        let weighted = importance.map { " " + $0.arguments.joined(separator: " ") } ?? ""
        return HTMLReport.Decision(report: result, note: "<p class=\"note\">The whole analysis, with every setting's ranking: <code>simrun robust --designs "
            + Markup.escaped(best.map(\.name).joined(separator: ",")) + " --runs \(robustRuns)\(weighted)</code> on the same scenario.</p>\n")
    }
}

extension ReportJob {
    /// The calibration against the team's figures, as `simrun calibrate` with its defaults at
    /// the scenario's runs, and the scenario's designs over the region against the team's
    /// design (`ours`, else the design of the file's last figure, when the scenario has it).
    func calibration(_ observations: Observations, designs: [Design], jobs: Int, reporter: (any ProgressReporter)?) -> HTMLReport.Decision {
        let plan = Calibration(scenario: scenario, observations: observations, runs: scenario.runs)
        let prefixed = reporter.map { PrefixedReporter(base: $0, prefix: ": calibration, ") }
        var result = plan.run(source: source, jobs: jobs, reporter: prefixed)
        let currentName = ours ?? observations.figures.last!.design
        if let current = scenario.availableDesigns.first(where: { $0.name == currentName }) {
            result.decide(current: current, also: designs, jobs: jobs, reporter: prefixed)
        }
        let command = ShellWord.line(["simrun", "calibrate", source, "--observed", observations.file, "--designs",
                                      designs.map(\.name).joined(separator: ","), "--current", currentName, "--runs", String(scenario.runs)])
        return HTMLReport.Decision(report: result, note: "<p class=\"note\">Every wave, spread, point and residual: <code>"
            + Markup.escaped(command) + "</code></p>\n")
    }
}

/// A reporter whose phases carry a prefix (the report's robustness phases).
struct PrefixedReporter: ProgressReporter {
    let base: any ProgressReporter
    let prefix: String

    func begin(_ label: String, totalRuns: Int) -> ProgressCounter { base.begin(prefix + label, totalRuns: totalRuns) }
}
