import FaultSim
import Foundation
import Policies

/// `simrun calibrate [scenario.json] --observed FILE`: which settings of the guesses could have
/// produced what the team saw (history matching in waves), and with `--designs`, how each
/// design fares over those settings against the team's current one. The work is the library's
/// `Calibration` and `RegionDecision`; this reads the command line, prints the report and
/// writes the CSV, the JSON, the page and the region's points.
enum CalibrateCommand: Command {
    static let observed = OptionSpec(name: "--observed", valueName: "observations.json",
                                     help: "The team's observed figures (format \"faultsim-observations 1\"; docs/cli.md).", required: true)
    static let params = OptionSpec(name: "--params", valueName: "k1,k2", help: "Calibrate only these guessed keys; simrun keys marks the guesses.",
                                   defaultValue: "every guess the file does not set")
    static let candidates = OptionSpec(name: "--candidates", valueName: "n",
                                       help: "Latin-hypercube candidates in the first wave, 2 to 100000; each next wave draws twice as many while fewer than \(Calibration.enoughPoints) settings fit.",
                                       defaultValue: String(Calibration.defaultCandidates))
    static let budget = OptionSpec(name: "--budget", valueName: "n",
                                   help: "Candidates in all waves at most, 2 to 10^7: the search stops before a wave would pass it, and says so when the answer had not settled.",
                                   defaultValue: Grouped.format(Calibration.defaultBudget))
    static let waves = OptionSpec(name: "--waves", valueName: "n", help: "Waves at most, 1 to 30; fewer when the answer settles.",
                                  defaultValue: String(Calibration.defaultWaves))
    static let designs = OptionSpec(name: "--designs", valueName: "a,b",
                                    help: "Also compare these designs over the settings that fit, each paired with the current design (\(Design.faultSimRecommended.name) and \(Design.faultSimRecommendedSK1.name) always are).")
    static let current = OptionSpec(name: "--current", valueName: "name", help: "The team's current design.",
                                    defaultValue: "the design of the file's last figure")
    static let decisionPoints = OptionSpec(name: "--decision-points", valueName: "n",
                                           help: "Settings that fit at which the designs are compared, 0 to 10000; 0 compares none and gives no answer (a faster search only).",
                                           defaultValue: String(RegionDecision.defaultPoints))
    static let pointsOut = OptionSpec(name: "--points-out", valueName: "dir",
                                      help: "Write up to 10 region points as scenario files (point-01.json, the best-fitting, ...) into this directory.")
    static let truth = OptionSpec(name: "--truth", valueName: "scenario.json",
                                  help: "Also judge this scenario's guess values by the same test (a synthetic truth: is it inside the region?).")
    static let truthVolume = OptionSpec(name: "--truth-volume", valueName: "n",
                                        help: "The truth's purchases per day, within the observations' volume range; needed with --truth when the file calibrates the volume.")
    static let drawTruths = OptionSpec(name: "--draw-truths", valueName: "n",
                                       help: "Only write n Latin-hypercube points of the calibrated guesses as scenario files into --points-out (truth-01.json, ...): synthetic truths for scripts/calibration-check.")
    static let out = CommonOptions.out("Write each calibrated input's spread, the written points' residuals, and the designs over the region.")

    static let spec = CommandSpec.readingScenario(
        name: "calibrate", abstract: "Which settings of the guesses could have produced what the team observed? History matching in waves: Latin-hypercube candidates, each simulated on the same runs and ruled out when a figure is implausible given observation noise, simulation noise and the stated model discrepancy; then each guess's spread in the region, its share of the plausible box, its points, and with --designs each design over the region.",
        summary: "Fit the guesses to a team's observed figures (history matching).",
        options: [observed, designs, current, params, candidates, budget, waves, decisionPoints, CommonOptions.runs, CommonOptions.seed,
                  CommonOptions.jobs, pointsOut, truth, truthVolume, drawTruths, out, DecisionOutputs.json, DecisionOutputs.html, CommonOptions.set, CommonOptions.quiet])

    static func execute(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        let observedPath = try context.required(observed)
        let only = try RobustCommand.chosenGuesses(context, option: params)
        let candidateCount = try context.integer(candidates, in: 2...100_000) ?? Calibration.defaultCandidates
        let waveCount = try context.integer(waves, in: 1...30) ?? Calibration.defaultWaves
        let budgetCount = try context.integer(budget, in: 2...10_000_000) ?? max(Calibration.defaultBudget, candidateCount)
        guard budgetCount >= candidateCount else {
            throw context.invalid(String(budgetCount), for: budget, because: "below --candidates \(candidateCount): the budget holds the first wave")
        }
        let pointCount = try context.integer(decisionPoints, in: 0...10_000) ?? RegionDecision.defaultPoints
        let base = try context.scenario(applying: [.runs, .seed])
        let compared = try comparedDesigns(context, base.scenario)
        let observations: Observations
        do throws(ScenarioError) {
            observations = try Observations.load(observedPath, scenario: base.scenario)
        } catch {
            throw ScenarioInput.reported(error)
        }
        let currentDesign = try current(context, observations, base.scenario)
        let truthScenario = try truthPoint(context, observations, base)
        let inputs = base.inputs + [observedPath] + [context.value(truth)].compactMap { $0 }
        let outputs = try DecisionOutputs(context, out: out, inputs: inputs)
        let truthCount = try context.integer(drawTruths, in: 1...1_000)
        try checkPointsOut(context, files: truthCount.map { (0..<$0).map(truthFile) } ?? (0..<CalibrationResult.writtenPoints).map(CalibrationResult.pointFile),
                           inputs: inputs)
        let plan = Calibration(scenario: base.scenario, observations: observations, only: only, runs: base.scenario.runs,
                               candidates: candidateCount, maxWaves: waveCount, budget: budgetCount)
        let truthT = try truthT(context, truth: truthScenario, plan: plan)
        if let count = truthCount {
            return try writeTruths(plan.syntheticTruths(count), context, inputs: inputs)
        }
        let progress = ProgressPhases(prefix: "simrun calibrate: ", quiet: context.given(CommonOptions.quiet))
        var result = plan.run(source: base.shownPath, jobs: context.jobs, reporter: progress, truth: truthT)
        if pointCount > 0 {
            result.decide(current: currentDesign, also: compared, points: pointCount, jobs: context.jobs, reporter: progress)
        } else if !compared.isEmpty {
            throw context.error("'--designs' compares designs at the settings that fit; '--decision-points 0' compares none.")
        }
        progress.finish()
        try outputs.write(result, files: try pointTargets(result.pointFiles, context, inputs: inputs), context: context)
        printOutput(result.text, terminator: "")
        let files = [out, DecisionOutputs.json, DecisionOutputs.html, pointsOut].compactMap { context.value($0) }.filter { $0 != "-" }
        if !files.isEmpty { printOutput("wrote " + files.joined(separator: ", ")) }
        return ExitCode.success
    }

    /// `--designs`: the designs to compare over the region (none when not given).
    static func comparedDesigns(_ context: CommandContext, _ scenario: Scenario) throws(CommandFailure) -> [Design] {
        guard let text = context.value(designs) else { return [] }
        var chosen: [Design] = []
        for name in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            let design = try context.design(name, in: scenario, option: designs)
            if chosen.contains(where: { $0.name == name }) { throw context.invalid(text, for: designs, because: "'\(name)' is named twice") }
            chosen.append(design)
        }
        return chosen
    }

    /// `--current`, or the design of the file's last figure.
    static func current(_ context: CommandContext, _ observations: Observations, _ scenario: Scenario) throws(CommandFailure) -> Design {
        let name = context.value(current) ?? observations.figures.last!.design
        return try context.design(name, in: scenario, option: current)
    }

    /// `--truth`: the scenario whose guess values are judged by the region's test.
    static func truthPoint(_ context: CommandContext, _ observations: Observations,
                           _ base: ScenarioInput.Source) throws(CommandFailure) -> Scenario? {
        guard let path = context.value(truth) else { return nil }
        do throws(ScenarioError) {
            return try ScenarioLoader.load(path: path)
        } catch {
            throw ScenarioInput.reported(error)
        }
    }

    /// The truth's point: its guess values, and with a calibrated volume, `--truth-volume`'s
    /// place in the file's range (required then: judged at the middle of the range, a true
    /// point could be ruled out for a volume it never had).
    static func truthT(_ context: CommandContext, truth: Scenario?, plan: Calibration) throws(CommandFailure) -> [Double]? {
        guard let truth else {
            if context.given(truthVolume) { throw context.error("'--truth-volume' goes with '--truth <scenario.json>'.") }
            return nil
        }
        guard plan.calibratesVolume, let volume = plan.observations.volume else {
            if let text = context.value(truthVolume) {
                throw context.invalid(text, for: truthVolume, because: "the observations do not calibrate a volume (no \"volume\" range)")
            }
            return plan.point(of: truth)
        }
        guard let text = context.value(truthVolume) else {
            throw context.error("'--truth' needs '--truth-volume <n>': the observations calibrate the daily volume (\(Calibration.short(volume.low)) to \(Calibration.short(volume.high))), and the truth's is not in its scenario.")
        }
        guard let value = Double(text), value.isFinite, value >= volume.low, value <= volume.high else {
            throw context.invalid(text, for: truthVolume, because: "expected purchases per day from \(Calibration.short(volume.low)) to \(Calibration.short(volume.high))")
        }
        let t = volume.high > volume.low ? DeterministicMath.log(value / volume.low) / DeterministicMath.log(volume.high / volume.low) : 0.5
        return plan.point(of: truth, volumeT: min(max(t, 0), 1))
    }

    /// `--draw-truths N`: the truths as scenario files in `--points-out`, and nothing else.
    static func writeTruths(_ truths: [Scenario], _ context: CommandContext, inputs: [String]) throws(CommandFailure) -> Int32 {
        guard context.value(pointsOut) != nil else { throw context.error("'--draw-truths' writes into --points-out DIR; give it.") }
        let files = truths.enumerated().map { index, scenario in (truthFile(index), JSONWriter.write(scenario.jsonValue) + "\n") }
        try ScenarioInput.write(try pointTargets(files, context, inputs: inputs).map { (target: Optional($0.target), text: $0.text) })
        printOutput("wrote \(Grouped.count(files.count, "synthetic truth")) into \(context.value(pointsOut)!)")
        return ExitCode.success
    }

    /// The name of the `index`-th synthetic truth (from 0): `truth-01.json`.
    static func truthFile(_ index: Int) -> String { "truth-" + (index < 9 ? "0" : "") + String(index + 1) + ".json" }

    /// `--points-out DIR`, checked before any work (exit 73 naming the path and why): a
    /// directory, or a path where one can be made; when it exists, each file it may receive
    /// (`files`) is checked too, with `--out`, `--json` and `--html`. Before this check a
    /// regular file there failed only after the whole calibration, with `--out` replaced.
    static func checkPointsOut(_ context: CommandContext, files: [String], inputs: [String]) throws(CommandFailure) {
        guard let directory = context.value(pointsOut) else { return }
        guard !directory.isEmpty else { throw context.invalid(directory, for: pointsOut, because: "an empty path") }
        let others = [out, DecisionOutputs.json, DecisionOutputs.html].compactMap { context.value($0) }.filter { $0 != OutputFiles.stdoutPath }
        do {
            try OutputFiles.checkDirectory(directory, files: files, outputs: others, inputs: inputs)
        } catch {
            printError("Error: \(error)")
            throw .exit(ExitCode.cannotCreate)
        }
    }

    /// `files` as targets in `--points-out` (made now, when it did not exist), to be written
    /// with the other outputs in one all-or-nothing write; none without `--points-out`.
    static func pointTargets(_ files: [(name: String, text: String)], _ context: CommandContext,
                             inputs: [String]) throws(CommandFailure) -> [(target: OutputFiles.Target, text: String)] {
        guard let directory = context.value(pointsOut) else { return [] }
        do {
            let targets = try OutputFiles.directoryTargets(directory, files: files.map(\.name), inputs: inputs)
            return zip(targets, files).map { ($0, $1.text) }
        } catch {
            printError("Error: \(error)")
            throw .exit(ExitCode.cannotCreate)
        }
    }
}
