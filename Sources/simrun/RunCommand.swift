import Dispatch
import FaultSim
import Policies

/// `simrun run <scenario.json> [options]`: simulate, print the table, write the CSVs.
enum RunCommand {
    static let defaultScenario = "scenarios/default.json"
    static let usage = "simrun run <scenario.json> [--runs <n>] [--seed <s>] [--jobs <n|auto>] [--designs <a,b>] [--out <file.csv>] [--faults-out <file.csv>] [--pairs-out <file.csv>] [--causes-out <file.csv>] [--set <key.path=value>]..."

    static let runs = OptionSpec(name: "--runs", valueName: "n", help: "Number of runs (default: the scenario's \"runs\").")
    static let seed = OptionSpec(name: "--seed", valueName: "s", help: "Master seed, 0 to 2^64-1 (default: the scenario's \"seed\").")
    static let jobs = OptionSpec(name: "--jobs", valueName: "n|auto", help: "Worker threads; auto = one per core (default: auto). Never changes the result.")
    static let designs = OptionSpec(name: "--designs", valueName: "a,b", help: "Comma-separated designs, in table order (default: the scenario's \"designs\").")
    static let out = OptionSpec(name: "--out", valueName: "file.csv", help: "Write the result table as CSV (whole or not at all).")
    static let faultsOut = OptionSpec(name: "--faults-out", valueName: "file.csv", help: "Write how often each fault fired, one row per design and fault.")
    static let pairsOut = OptionSpec(name: "--pairs-out", valueName: "file.csv", help: "Write the paired lost-order comparison of every two designs (McNemar).")
    static let causesOut = OptionSpec(name: "--causes-out", valueName: "file.csv", help: "Write why intents were lost, mis-delivered, duplicated or double-charged.")
    static let chunkSize = OptionSpec(name: "--chunk-size", valueName: "n", help: "Runs per unit of parallel work (default: 4096). Never changes the result.")
    static let options = [runs, seed, jobs, designs, out, faultsOut, pairsOut, causesOut, chunkSize, ScenarioInput.set]

    static var help: String {
        ArgumentParser.help(
            abstract: "Simulate a scenario for each design and compare lost, mis-delivered and duplicated orders.",
            usage: usage, options: options)
    }

    static func execute(_ arguments: [String]) throws(UsageError) -> Int32 {
        guard let (parsed, path) = try ScenarioInput.arguments(
            arguments, options: options, usage: usage, help: help, defaultPath: RunCommand.defaultScenario) else { return ExitCode.success }

        // Validate every flag before touching the scenario file or any output.
        let runCount = try ScenarioInput.integer(parsed, runs, minimum: 1, usage: usage)
        let seedValue = try ScenarioInput.seed(parsed, seed, usage: usage)
        let jobCount = try ScenarioInput.jobs(parsed, jobs, usage: usage)
        let chunk = try ScenarioInput.integer(parsed, chunkSize, minimum: 1, usage: usage) ?? Runner.defaultChunkSize
        // Design names are checked once the scenario (and its custom designs) is loaded.

        let overrides = try ScenarioInput.overrides(parsed, usage: usage)
        guard var scenario = ScenarioInput.load(path, overrides: overrides) else { return ExitCode.data }
        if let runCount { scenario.runs = runCount }
        if let seedValue { scenario.seed = seedValue }
        try ScenarioInput.selectDesigns(parsed, designs, in: &scenario, usage: usage)
        let chosen = scenario.selectedDesigns

        let started = DispatchTime.now().uptimeNanoseconds
        let (tallies, pairs) = Runner.compare(scenario: scenario, designs: chosen, runs: 0..<UInt64(scenario.runs),
                                              jobs: jobCount, chunkSize: chunk)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        let rows = zip(chosen, tallies).map { ResultRow(scenario: scenario, design: $0.name, tally: $1) }

        // Render everything first, then write: a failure leaves no half-written file.
        let outputs = [(parsed.value(out.name), ResultCSV.render(rows)),
                       (parsed.value(faultsOut.name), ResultCSV.renderFaults(rows)),
                       (parsed.value(pairsOut.name), ResultCSV.renderPairs(rows, pairs: pairs)),
                       (parsed.value(causesOut.name), ResultCSV.renderCauses(rows))]
        if let failure = ScenarioInput.write(outputs) { return failure }

        let totalEvents = tallies.reduce(Int64(0)) { $0 + $1.events }
        let totalRuns = tallies.reduce(Int64(0)) { $0 + $1.runs }
        print("scenario \(scenario.name): \(scenario.description.isEmpty ? "(no description)" : scenario.description)")
        let platform = scenario.platform
        print("platform \(platform.name): one-time-charge notifications \(platform.oneTimeChargeNotifications.rawValue), "
            + "transaction history \(platform.transactionHistory.rawValue), verification \(platform.verification.rawValue)")
        print("\(scenario.runs) runs x \(chosen.count) designs, seed \(scenario.seed), horizon \(DurationText.format(scenario.horizonMs)), "
            + "\(jobCount) jobs: \(FixedPoint.format(seconds, places: 2)) s, "
            + "\(FixedPoint.format(Double(totalEvents) / Double(max(totalRuns, 1)), places: 1)) events per run\n")
        print(ResultTable.render(rows, pairs: pairs), terminator: "")
        return ExitCode.success
    }
}
