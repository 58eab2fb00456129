import Dispatch
import FaultSim
import Policies

/// `simrun check [scenario.json] --design D --max-faults K`: every schedule of at most K
/// faults, with the scenario's timings fixed; either "holds" or the smallest counterexamples
/// with the command that replays each, and P(lost) bounded from both sides. Exits 1 when any
/// design FAILS, so that it can gate a CI job; `--junit` writes the verdicts for CI systems.
enum CheckCommand: Command {
    static let design = CommonOptions.design
    static let designs = CommonOptions.designs
    static let allDesigns = OptionSpec(name: "--all-designs", valueName: nil, help: "Every design of the scenario, as a table of design x K = 1..max.")
    static let maxFaults = OptionSpec.integer("--max-faults", valueName: "k", help: "Explore every schedule with at most k faults, 0 to 6.", default: 2)
    static let outcome = OptionSpec(name: "--outcome", valueName: "a,b", help: "What counts as a counterexample: lost, misdelivered, duplicated, double_charged.",
                                    defaultValue: "all four")
    static let timings = OptionSpec(name: "--timings", valueName: "name", help: "Fixed timings: median, fast-short, fast-long, slow-short, slow-long, median-warm (every return to the suspended app), or all.",
                                    defaultValue: "median")
    static let limit = OptionSpec.integer("--limit", help: "Counterexamples to print, smallest first, 1 to 1,000.", default: 5)
    static let maxSchedules = OptionSpec.integer("--max-schedules", help: "Stop after n schedules, 1 to 10^9; the answer then says so.",
                                                 default: Exploration.Options.defaultMaxSchedules, grouped: true)
    static let junit = OptionSpec(name: "--junit", valueName: "file.xml",
                                  help: "Also write the verdicts as a JUnit report: one test case per design and timings; FAILS is a failure, a search stopped short is skipped.")

    static let spec = CommandSpec.readingScenario(
        name: "check", abstract: "Explore every way up to K faults can strike, with fixed timings: prove that no order is lost, mis-delivered, duplicated or double-charged, or give the smallest counterexamples; bound P(lost) from both sides. Give one of --design, --designs (one table row each) and --all-designs. Exits 1 when any design FAILS, 0 when every one holds or the search stopped short without a counterexample.",
        summary: "Every schedule of up to K faults: holds, or the smallest counterexamples; P(lost) bounds.",
        options: [design, designs, allDesigns, maxFaults, outcome, timings, limit, maxSchedules, junit, CommonOptions.set])

    static let checkable: [IntentVerdict.Outcome] = [.lost, .misdelivered, .duplicated, .doubleCharged]

    static func execute(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        let k = try context.integerOrDefault(maxFaults, in: 0...6)
        let shown = try context.integerOrDefault(limit, in: 1...1_000)
        let scheduleLimit = try context.integerOrDefault(maxSchedules, in: 1...1_000_000_000)
        let outcomes = try parseOutcomes(context.value(outcome))
        let profiles = try parseTimings(context.value(timings))
        var source = try context.scenario(applying: [])
        let given = [design, designs, allDesigns].filter { context.given($0) }
        guard given.count == 1 else {
            throw context.error(given.isEmpty ? "Missing expected option '--design <name>' (or --designs, or --all-designs)."
                                              : "Give one of --design, --designs and --all-designs.")
        }
        try context.selectDesigns(in: &source.scenario)
        let junitTarget = try context.outputs([junit], inputs: source.inputs)[0]
        let chosen = given[0] == design ? [try context.design(context.value(design) ?? "", in: source.scenario, option: design)]
                                        : source.scenario.selectedDesigns
        let scenario = source.scenario
        printOutput("simrun check: \(source.shownPath) (\(scenario.platform.name) platform), at most \(k) fault\(k == 1 ? "" : "s"); counterexamples: \(outcomes.map(\.rawValue).joined(separator: ", "))")
        if scenario.catalog.products > 1 || scenario.catalog.itemsPerProduct > 1 {
            printOutput("note: the products and items bought are those of run 0 of seed \(scenario.seed) (the check explores faults, not catalog choices)")
        }
        let single = given[0] == design
        var verdicts: [CheckVerdict] = []
        for profile in profiles {
            printOutput("timings \(profile.name): \(profile.summary): \(profile.statedValues(of: scenario))")
            if single {
                let exploration = explore(scenario, chosen[0], k: k, outcomes: outcomes, timing: profile, limit: scheduleLimit, kept: shown)
                printDetail(exploration.result, seconds: exploration.seconds, path: source.replayPath, overrides: context.overrides, shown: shown)
                verdicts.append(verdict(exploration.result, path: source.replayPath, overrides: context.overrides))
            } else {
                verdicts += printTable(scenario, chosen, k: k, outcomes: outcomes, timing: profile, limit: scheduleLimit,
                                       path: source.replayPath, overrides: context.overrides)
            }
        }
        if let junitTarget {
            let report = CheckJUnit.render(verdicts, scenario: scenario.label, platform: scenario.platform.name, maxFaults: k)
            try ScenarioInput.write([(junitTarget, report)])
        }
        let failing = verdicts.filter(\.failed)
        guard failing.isEmpty else {
            var names: [String] = []
            for verdict in failing where !names.contains(verdict.design) { names.append(verdict.design) }
            printOutput("exit 1: \(names.joined(separator: ", ")) FAIL\(names.count == 1 ? "S" : "")")
            return ExitCode.checkFailed
        }
        return ExitCode.success
    }

    /// The verdict of one exploration, with its smallest avoidable counterexample when it fails.
    static func verdict(_ e: Exploration, path: String?, overrides: [ScenarioOverride]) -> CheckVerdict {
        let kind: CheckVerdict.Kind
        if e.holds {
            kind = .holds
        } else if let first = e.counterexamples.first(where: { $0.avoidability == .avoidable }) {
            kind = .fails(detail: describe(first),
                          replay: replayCommand(path: path, design: e.design.name, example: first, timing: e.options.timing, overrides: overrides))
        } else {
            kind = .unknown
        }
        return CheckVerdict(design: e.design.name, timing: e.options.timing.name, kind: kind)
    }

    static func explore(_ scenario: Scenario, _ design: Design, k: Int, outcomes: [IntentVerdict.Outcome], timing: CheckTiming,
                        limit: Int, kept: Int) -> (result: Exploration, seconds: Double) {
        let started = DispatchTime.now().uptimeNanoseconds
        var exploration = Exploration(scenario: scenario, design: design,
                                      options: .init(maxFaults: k, outcomes: outcomes, timing: timing, maxSchedules: limit, keptCounterexamples: kept))
        exploration.explore()
        return (exploration, Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9)
    }

    static func printDetail(_ e: Exploration, seconds: Double, path: String?, overrides: [ScenarioOverride], shown: Int) {
        let worlds = e.variants.map {
            "\($0.returningCustomer ? "returning" : "new") customer\(iOSLabel($0.iOS, e.design, e.scenario)) (weight \(weightText($0.weight)))"
        }
        printOutput("design \(e.design.name); worlds: \(worlds.joined(separator: ", "))")
        let counts = e.schedulesByFaults.enumerated().map { "\(Grouped.format($0.element)) with \($0.offset)" }.joined(separator: ", ")
        printOutput("schedules: \(counts): \(Grouped.format(e.schedules)) in \(FixedPoint.format(seconds, places: 2)) s" + (e.stoppedShort ? " (stopped at --max-schedules: NOT exhaustive)" : ""))
        let avoidable = e.badSchedules[.avoidable] ?? 0
        let unavoidable = e.unavoidableSchedules
        let what = e.options.outcomes.map(\.rawValue).joined(separator: " / ")
        if e.holds {
            printOutput("HOLDS: no \(what) order under any <= \(Grouped.count(e.options.maxFaults, "fault"))" + (unavoidable > 0 ? " that some design survives" : ""))
        } else if e.stoppedShort && avoidable == 0 {
            printOutput("UNKNOWN: no counterexample among the schedules run, but not every schedule was run")
        } else {
            printOutput("FAILS: \(Grouped.count(avoidable, "schedule")) with an avoidable counterexample")
        }
        for (avoidability, why) in [
            (Counterexample.Avoidability.unavoidableUnseenCharge, "the user paid and never came back, and no server could learn of the charge and whose it was"),
            (.unavoidableOutsideApp, "bought outside the app, no account named, and the user switched accounts"),
        ] {
            if let count = e.badSchedules[avoidability] {
                printOutput("excused, no design could avoid them: \(Grouped.count(count, "schedule")) (\(why))")
            }
        }
        if let count = e.badSchedules[.legacyBuild] {
            printOutput("not this design's: \(Grouped.count(count, "schedule")) on iOS 14 or older, which run the legacy build "
                + "(`simrun check --design \(e.scenario.legacyBuild)` checks it)")
        }
        printOutput("rule: " + Counterexample.excuseRule)
        printOutput("P(an intent lost) in [\(probability(e.lostLowerBound)), \(probability(e.lostUpperBound))]  (lower: the losing schedules' mass; upper: plus the \(probability(max(0, 1 - e.exploredMass))) of schedules with more than \(Grouped.count(e.options.maxFaults, "fault")))")
        if !e.counterexamples.isEmpty {
            printOutput("counterexamples, smallest first (\(min(shown, e.counterexamples.count)) shown):")
            for (number, example) in e.counterexamples.prefix(shown).enumerated() {
                printOutput("  \(number + 1). \(describe(example))")
                printOutput("     " + replayCommand(path: path, design: e.design.name, example: example, timing: e.options.timing, overrides: overrides))
            }
        }
        let reached = e.faultsReached.map { "\($0.kind.name) \(Grouped.format($0.offered))/\(Grouped.format($0.fired))" }
        printOutput("coverage: faults offered/fired: " + (reached.isEmpty ? "none" : reached.joined(separator: ", ")))
        let paths = e.designPaths.map(\.name)
        let never = e.pathsNeverEntered
        printOutput("coverage: design paths: " + (paths.isEmpty ? "none" : paths.joined(separator: ", "))
                    + (never.isEmpty ? "; every one entered" : "; NEVER ENTERED: " + never.map { "\($0.name) (\($0.because))" }.joined(separator: ", ")))
    }

    /// One row per design, K = 1 to k; the verdicts are those at K = k.
    static func printTable(_ scenario: Scenario, _ designs: [Design], k: Int, outcomes: [IntentVerdict.Outcome], timing: CheckTiming,
                           limit: Int, path: String?, overrides: [ScenarioOverride]) -> [CheckVerdict] {
        var verdicts: [CheckVerdict] = []
        let ks = Array(1...max(1, k))
        var rows = [["design"] + ks.map { "K = \($0)" } + ["P(lost) at K = \(k)", "schedules (K = \(ks.map(String.init).joined(separator: ", ")))", "s"]]
        var replays: [String] = []
        for design in designs {
            var row = [design.name]
            var last: (result: Exploration, seconds: Double)?
            var counts: [String] = [], times: [String] = []
            for faults in ks {
                let run = explore(scenario, design, k: faults, outcomes: outcomes, timing: timing, limit: limit, kept: 1)
                let e = run.result
                if e.holds {
                    row.append(e.unavoidableSchedules > 0 ? "holds*" : "holds")
                } else if let first = e.counterexamples.first, first.avoidability == .avoidable {
                    row.append(first.faults.map(\.name).joined(separator: "+") + " -> " + first.outcome.rawValue)
                    if faults == k { replays.append("\(design.name): " + replayCommand(path: path, design: design.name, example: first, timing: timing, overrides: overrides)) }
                } else {
                    row.append("unknown (stopped)")
                }
                last = run
                counts.append(Grouped.format(e.schedules) + (e.stoppedShort ? "+" : ""))
                times.append(FixedPoint.format(run.seconds, places: 2))
            }
            if let last {
                verdicts.append(verdict(last.result, path: path, overrides: overrides))
                row += ["[\(probability(last.result.lostLowerBound)), \(probability(last.result.lostUpperBound))]",
                        counts.joined(separator: " / "), times.joined(separator: " / ")]
            }
            rows.append(row)
        }
        for line in TextTable.render(rows, rightAligned: (rows[0].count - 2)...) { printOutput(line) }
        printOutput("holds*: holds, with counterexamples excused by the rule; n+: stopped at --max-schedules, so not exhaustive")
        printOutput("rule: " + Counterexample.excuseRule)
        if !replays.isEmpty {
            printOutput("smallest counterexample at K = \(k), replayed:")
            for line in replays { printOutput("  " + line) }
        }
        return verdicts
    }

    static func describe(_ example: Counterexample) -> String {
        let faults = example.faults.isEmpty ? "no fault" : zip(example.faults, example.points).map { "\($0.name)@\($1)" }.joined(separator: ", ")
        let count = example.faults.count
        return "\(count) fault\(count == 1 ? "" : "s"): \(faults) -> intent \(example.intent) \(example.outcome.rawValue) (\(example.cause.name)), "
            + "\(example.events) events, \(example.returningCustomer ? "returning" : "new") customer"
            + (example.iOS == .from16 ? "" : ", \(example.iOS.phrase)")
            + (example.avoidability == .avoidable ? "" : " [\(example.avoidability.rawValue)]")
    }

    static func replayCommand(path: String?, design: String, example: Counterexample, timing: CheckTiming, overrides: [ScenarioOverride]) -> String {
        "simrun trace" + (path.map { " " + ShellWord.quoted($0) } ?? "") + " --design \(design)"
            + scheduleArguments(points: example.points, timing: timing, returningCustomer: example.returningCustomer,
                                iOS: example.iOS)
            + overrides.map { " --set " + ShellWord.quoted($0.text) }.joined()
    }

    /// ` --fire P,Q --timings T --customer C [--ios below-15]`: what `simrun trace` needs to
    /// replay a schedule.
    static func scheduleArguments(points: [Int], timing: CheckTiming, returningCustomer: Bool, iOS: IOSBand) -> String {
        " --fire " + (points.isEmpty ? "none" : points.map(String.init).joined(separator: ","))
            + " --timings \(timing.name) --customer \(returningCustomer ? "returning" : "new")"
            + (iOS == .from16 ? "" : " --ios \(iOS.rawValue)")
    }

    /// A variant's weight: two places when they say it exactly, else four (0.4975 is a half
    /// times the share on iOS 15 or later).
    static func weightText(_ weight: Double) -> String {
        FixedPoint.format(weight, places: (weight * 100).rounded() == weight * 100 ? 2 : 4)
    }

    /// ", iOS 14 or older: bliap (legacyBuild)" for a variant whose user is below iOS 15, ", iOS
    /// 15.x" for one without `AppTransaction`; empty otherwise.
    static func iOSLabel(_ band: IOSBand, _ design: Design, _ scenario: Scenario) -> String {
        switch band {
        case .from16: return ""
        case .iOS15: return ", \(band.phrase)"
        case .below15:
            let which = scenario.platform.newBuildFloor == .iOS15 ? "legacyBuild" : "olderOSDesign"
            return ", \(band.phrase): " + (scenario.belowIOS15Design(of: design).map { "\($0.name) (\(which))" } ?? "no StoreKit 1 design, no sale")
        }
    }

    /// A probability in percent, always: `1.0509%`, or `8.2e-04%` when small (one unit on both
    /// ends of a bound).
    static func probability(_ value: Double) -> String {
        if value == 0 { return "0" }
        if value >= 0.00001 { return FixedPoint.format(value * 100, places: 4) + "%" }
        return Scientific.format(value * 100) + "%"
    }

    static func parseOutcomes(_ text: String?) throws(CommandFailure) -> [IntentVerdict.Outcome] {
        guard let text else { return checkable }
        var result: [IntentVerdict.Outcome] = []
        for name in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            guard let match = checkable.first(where: { $0.rawValue == name }) else {
                throw spec.invalid(text, for: outcome, because: "expected a comma-separated list of: \(checkable.map(\.rawValue).joined(separator: ", "))")
            }
            if !result.contains(match) { result.append(match) }
        }
        return result
    }

    static func parseTimings(_ text: String?) throws(CommandFailure) -> [CheckTiming] {
        guard let text else { return [.median] }
        if text == "all" { return CheckTiming.all }
        guard let profile = CheckTiming.named(text) else {
            throw spec.invalid(text, for: timings, because: "expected one of: \(CheckTiming.all.map(\.name).joined(separator: ", ")), all")
        }
        return [profile]
    }
}
