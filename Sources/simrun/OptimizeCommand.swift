import Dispatch
import FaultSim
import Policies

/// `simrun optimize [scenario.json] [--objectives lost,lost_sales,server_requests] [--space FILE]`:
/// the Pareto front of a design space, found by racing designs on common random numbers
/// (`Optimizer`), with every preset placed against it. This reads the command line, prints, and
/// writes the CSV and JSON.
enum OptimizeCommand: Command {
    /// Every default below is the library's (`Optimizer.Settings`), stated there once.
    static let defaults = Optimizer.Settings()
    static let objectives = OptionSpec(name: "--objectives", valueName: "list",
                                       help: "Comma-separated objectives, each lower-is-better: lost, lost_sales, misdelivered, duplicated, double_charged, server_requests.",
                                       defaultValue: defaults.objectives.map(\.name).joined(separator: ","))
    static let space = OptionSpec(name: "--space", valueName: "space.json",
                                  help: "A space file: {\"from\": PRESET, \"axes\": {AXIS: \"all\" or [values on its grid], ...}}; axes not listed keep from's value (default: every axis on its grid).")
    static let runs = CommonOptions.runs.defaulting(to: "the scenario's \"runs\", at most \(Grouped.format(defaults.runs))")
    static let firstRuns = OptionSpec(name: "--first-runs", valueName: "n",
                                      help: "Runs of the first racing rung; each rung doubles them up to --runs.", defaultValue: String(defaults.firstRuns))
    static let alpha = OptionSpec(name: "--alpha", valueName: "a",
                                  help: "Level of the certification's paired tests; each racing test is at a / rungs.", defaultValue: String(defaults.alpha))
    static let budget = OptionSpec(name: "--budget", valueName: "design-runs",
                                   help: "Design-runs the search may simulate, its survivors' climb to --runs included; never time, so the result is the same everywhere.",
                                   defaultValue: String(defaults.budget))
    static let randomStarts = OptionSpec(name: "--random-starts", valueName: "k",
                                         help: "Random legal designs the search starts from, besides the scenario's designs.", defaultValue: String(defaults.randomStarts))
    static let resolution = OptionSpec(name: "--resolution", valueName: "share",
                                       help: "Identical in every run counts as a tie (and two designs as one) only on rungs whose runs would show, at 95%, a difference on more than this share of intents, and on the last rung.",
                                       defaultValue: String(defaults.resolution))
    static let enumerateUpTo = OptionSpec(name: "--enumerate-up-to", valueName: "n",
                                          help: "Race every legal design, without a search, when the space has at most n.", defaultValue: String(defaults.enumerateUpTo))
    static let out = CommonOptions.out("Also write the front, the ties and the scenario's designs as CSV: objectives with intervals, status, what dominates, every axis.")
    static let json = OptionSpec(name: "--json", valueName: "file.json",
                                 help: "Also write the result as JSON; its \"customDesigns\" array pastes into a scenario.")

    static let spec = {
        var spec = CommandSpec.readingScenario(
            name: "optimize",
            abstract: "Search the legal design space for the Pareto front of the objectives: racing on common random numbers (a design leaves only when a paired test shows another dominates it), a local search from every preset and random designs, or every legal design when the space is small; then the front certified with paired tests, printed as customDesigns entries, with each preset on the front or dominated and by what.",
            summary: "The Pareto front of the design space on several objectives (racing, paired tests).",
            options: [objectives, space, runs, firstRuns, CommonOptions.seed, CommonOptions.jobs, alpha, resolution, budget, randomStarts,
                      enumerateUpTo, out, json, DecisionOutputs.html, CommonOptions.quiet, CommonOptions.set] + ImportanceJob.options)
        spec.epilogue = Optimizer.grids
        return spec
    }()

    static func execute(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        var settings = try self.settings(context)
        let source = try context.scenario(applying: [.seed])
        var scenario = source.scenario
        settings.runs = context.runs ?? min(scenario.runs, defaults.runs)
        scenario.runs = settings.runs
        let spacePath = context.value(space)
        try ImportanceJob.check(context, incompatible: [])
        let biasInputs = context.value(ImportanceJob.bias).map { [$0] } ?? []
        let outputs = try DecisionOutputs(context, out: out, json: json, extra: [ImportanceJob.biasOut],
                                          inputs: source.inputs + (spacePath.map { [$0] } ?? []) + biasInputs)
        let designSpace: DesignSpace
        do {
            designSpace = try (spacePath.map { path throws(ScenarioError) in try DesignSpace.load(path: path) } ?? DesignSpace.full())
                .choices(on: scenario.platform)
        } catch {
            throw ScenarioInput.reported(error)
        }
        let designs = scenario.designs.compactMap { name in scenario.availableDesigns.first { $0.name == name } }
        ScenarioInput.warnAboutEventCap(source, designs: designs)

        // The space's size first: counting its legal designs takes seconds, the search minutes.
        let started = DispatchTime.now().uptimeNanoseconds
        let legal = designSpace.legalCount(jobs: context.jobs)
        if let spacePath {
            do throws(ScenarioError) {
                try designSpace.checkSearchable(file: spacePath, legal: legal)
            } catch {
                throw ScenarioInput.reported(error)
            }
        }
        printOutput(Optimizer.preamble(job: DecisionJob(scenario, source: source.shownPath), objectives: settings.objectives, space: designSpace,
                                       file: spacePath, combinations: designSpace.combinations, legal: legal), terminator: "")
        if context.given(ImportanceJob.importance) { try chooseRaceBias(context, scenario: scenario, settings: &settings) }
        let raced = legal <= settings.enumerateUpTo ? Int64(clamping: legal) * Int64(settings.runs) : settings.budget
        let certified = Int64(designs.count + 30) * Int64(settings.runs)
        let progress = ProgressLine(total: Int(min(raced + certified, Int64(Int.max / 2))), label: "simrun optimize (design-runs)",
                                    quiet: context.given(CommonOptions.quiet))
        var result = Optimizer.run(scenario: scenario, space: designSpace, designs: designs, settings: settings, legalCount: legal,
                                   source: source.shownPath, spaceFile: spacePath, progress: progress.counter)
        progress.finish()
        var biasLines = "", biasText = ""
        if context.given(ImportanceJob.importance) {
            let candidates = Optimizer.weightedCandidates(result)
            let chosen = try ImportanceJob.chosenBias(context, scenario: scenario, designs: candidates,
                                                      tunedWhere: " for the front and the designs the counts did not place",
                                                      runsPerStep: certificationPilotRuns(context, certifiedRuns: result.runs),
                                                      reusing: raceWorlds(context, settings: settings))
            let weighting = ProgressLine(total: settings.runs, label: "simrun optimize --importance", quiet: context.given(CommonOptions.quiet))
            result.weighted = Optimizer.certifyWeighted(result, designs: candidates, scenario: scenario, bias: chosen.bias, biasText: chosen.text,
                                                        jobs: context.jobs, progress: weighting.counter)
            weighting.finish()
            (biasLines, biasText) = (chosen.description, chosen.text)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        try outputs.write(result, extra: [biasText], context: context)
        if !biasLines.isEmpty { printOutput(biasLines) }
        printOutput(result.body, terminator: "")
        printOutput("time: \(DurationText.spoken(seconds: seconds)) on \(context.jobs) thread\(context.jobs == 1 ? "" : "s") here")
        return ExitCode.success
    }

    /// `--importance`: the one bias the race weighs lost orders under (`Optimizer.Settings.raceBias`):
    /// `--bias`'s file, else the pilot's worlds for the recommended design and a broad world. A
    /// pilot per raced design would cost more than the race; the recommended design loses orders
    /// by the rarest mechanisms of the presets, so its worlds reach where the front's designs lose,
    /// and the broad world (balanced failure biasing) covers the mechanisms it does not have.
    static func chooseRaceBias(_ context: CommandContext, scenario: Scenario, settings: inout Optimizer.Settings) throws(CommandFailure) {
        let recommended = scenario.availableDesigns.first { $0.name == Design.faultSimRecommended.name } ?? Design.faultSimRecommended
        let chosen = try ImportanceJob.chosenBias(context, scenario: scenario, designs: [recommended])
        settings.raceBias = chosen.bias
        let worlds = Grouped.count(chosen.bias.components.count, "biased world")
        let perStep = try context.integerOrDefault(ImportanceJob.pilotRuns, in: 1_000...ScenarioInput.maxRuns)
        settings.raceBiasText = context.value(ImportanceJob.bias).map { "read from \($0) (\(worlds))" }
            ?? "tuned by the pilot for \(recommended.name): its worlds and, when its pilot settled, a broad world (\(worlds), "
                + "\(Grouped.count(chosen.steps.count, "pilot step")) of \(Grouped.format(perStep)) runs)"
    }

    /// The certification pilot's runs per step: `--pilot-runs`, else its default but at most a
    /// quarter of the certified runs. Why: the certification weighs 100,000 runs of about eight
    /// designs, and a pilot of 100,000-run steps for each of them (about 70 steps) cost seven
    /// times that estimate and made `optimize --importance` slower than the plain command.
    static func certificationPilotRuns(_ context: CommandContext, certifiedRuns: Int) throws(CommandFailure) -> Int {
        let runs = try context.integerOrDefault(ImportanceJob.pilotRuns, in: 1_000...ScenarioInput.maxRuns)
        return context.given(ImportanceJob.pilotRuns) ? runs : max(1_000, min(runs, certifiedRuns / 4))
    }

    /// The worlds the race's pilot tuned for the recommended design, which the certification
    /// keeps for it rather than tuning them again (on smaller steps); none when `--bias` gave them.
    static func raceWorlds(_ context: CommandContext, settings: Optimizer.Settings) -> [String: FaultBias] {
        guard !context.given(ImportanceJob.bias), let bias = settings.raceBias else { return [:] }
        return [Design.faultSimRecommended.name: bias]
    }

    /// The race's settings: the library's defaults, with what the command line changed.
    static func settings(_ context: CommandContext) throws(CommandFailure) -> Optimizer.Settings {
        var settings = defaults
        if let text = context.value(objectives) {
            switch Outcome.parseObjectives(text) {
            case .success(let list): settings.objectives = list
            case .failure(let error): throw context.invalid(text, for: objectives, because: error.message)
            }
        }
        settings.firstRuns = try context.integer(firstRuns, in: 1...ScenarioInput.maxRuns) ?? settings.firstRuns
        settings.budget = Int64(try context.integer(budget, in: 1...Int(1e15)) ?? Int(settings.budget))
        settings.randomStarts = try context.integer(randomStarts, in: 0...10_000) ?? settings.randomStarts
        settings.enumerateUpTo = UInt64(try context.integer(enumerateUpTo, in: 0...1_000_000) ?? Int(settings.enumerateUpTo))
        if let text = context.value(alpha) {
            guard let value = Double(text), value > 0, value < 1 else {
                throw context.invalid(text, for: alpha, because: "expected a number between 0 and 1")
            }
            settings.alpha = value
        }
        if let text = context.value(resolution) {
            guard let value = Double(text), value > 0, value < 1 else {
                throw context.invalid(text, for: resolution, because: "expected a share between 0 and 1, such as 0.0001")
            }
            settings.resolution = value
        }
        settings.jobs = context.jobs
        return settings
    }
}
