import FaultSim
import Policies

/// `simrun merge PART... [--out F] ...`: the shards of one `run` or `sweep` job, added up into
/// exactly the files the unsharded job writes.
enum MergeCommand {
    static let out = OptionSpec(name: "--out", valueName: "file.csv", help: "Write the result table as CSV (run), or the long CSV (sweep).")
    static let faultsOut = OptionSpec(name: "--faults-out", valueName: "file.csv", help: "Run parts: write how often each fault fired.")
    static let pairsOut = OptionSpec(name: "--pairs-out", valueName: "file.csv", help: "Run parts: write the paired lost-order comparison of every two designs.")
    static let causesOut = OptionSpec(name: "--causes-out", valueName: "file.csv", help: "Run parts: write why intents were lost, mis-delivered, duplicated or double-charged.")
    static let svg = OptionSpec(name: "--svg", valueName: "file.svg", help: "Sweep parts: write the chart, as simrun sweep --svg does.")
    static let metric = OptionSpec(name: "--metric", valueName: "name", help: "Sweep parts: what the chart and table show (default: lost).")
    static let logY = OptionSpec(name: "--log-y", valueName: nil, help: "Sweep parts: a logarithmic y axis.")
    static let partialOut = OptionSpec(name: "--partial-out", valueName: "file.json", help: "Also write the merged counts as one partial result, to merge again later.")

    static let runOutputs = [out, faultsOut, pairsOut, causesOut]
    static let sweepOptions = [svg, metric, logY]

    static let spec = CommandSpec(
        name: "merge", abstract: "Add up the partial results of one sharded run or sweep into exactly the files the unsharded job writes.",
        positional: "<part.json>...", positionalOptional: false,
        options: [out, faultsOut, pairsOut, causesOut, svg, metric, logY, partialOut, RunCommand.wide],
        usageNote: "parts from simrun run/sweep --shard K/N --partial-out; every part of the job, each once, in any order")

    static func execute(_ arguments: [String]) throws(CommandFailure) -> Int32 {
        let parsed = try ArgumentParser.parse(arguments, for: spec)
        if parsed.wantsHelp {
            print(spec.help, terminator: "")
            return ExitCode.success
        }
        let files = parsed.positionals
        guard !files.isEmpty else { throw spec.error("Missing expected argument '<part.json>...': the partial results to merge.") }
        var parts: [(file: String, result: PartialResult)] = []
        for file in files {
            do throws(ScenarioError) {
                let bytes = try ScenarioLoader.readPartialFile(file)
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    throw ScenarioError(file: file, keyPath: "", message: "the file is not UTF-8 text")
                }
                parts.append((file, try PartialResult.parse(text, file: file)))
            } catch {
                printError("Error: \(error)")
                throw .exit(error.unreadable ? ExitCode.noInput : ExitCode.data)
            }
        }
        let merged: PartialResult
        switch PartialResult.merge(parts) {
        case .success(let result): merged = result
        case .failure(let error):
            printError("Error: \(error)")
            throw .exit(ExitCode.data)
        }
        let isSweep: Bool
        if case .sweep = merged.kind { isSweep = true } else { isSweep = false }
        for option in isSweep ? [faultsOut, pairsOut, causesOut] : [] where parsed.value(option.name) != nil {
            throw spec.error("'\(option.name)' goes with the parts of a run; these are the parts of a \(merged.kind.name).")
        }
        for option in isSweep ? [] : sweepOptions where parsed.value(option.name) != nil || parsed.flags.contains(option.name) {
            throw spec.error("'\(option.name)' goes with the parts of a sweep; these are the parts of a run.")
        }
        let chosenMetric = try SweepCommand.metric(named: parsed.value(metric.name) ?? SweepMetric.lost.rawValue, spec)
        let targets = try ScenarioInput.outputs(parsed, runOutputs + [svg, partialOut], inputs: files, spec)
        let rows = merged.rows
        let whole = merged.fileText
        let header = "simrun merge: \(parts.count) part\(parts.count == 1 ? "" : "s") of \(merged.parts[0].name) "
            + "(\(merged.parts[0].platform) platform), \(Grouped.format(Int(merged.totalRuns))) runs x \(merged.designs.count) designs, "
            + "seed \(merged.seed), simrun \(merged.tool) (model \(merged.model))"

        if case .sweep(let key, let labels, let logX) = merged.kind {
            let axis = SweepCommand.Axis(labels: labels, logScale: logX)
            let tallies = merged.parts.map(\.tallies)
            let chart = SweepCommand.chart(key: key, axis: axis,
                                           title: SweepCommand.title(key: key, scenario: merged.parts[0].name, runsPerValue: Int(merged.totalRuns)),
                                           designs: merged.designs, tallies: tallies, metric: chosenMetric, logY: parsed.flags.contains(logY.name))
            try ScenarioInput.write([(targets[0], SweepCommand.csv(key: key, labels: labels, rows: rows)), (targets[4], chart),
                                     (targets[5], whole)])
            print(header + "; \(key) at \(labels.count) values\n")
            print(SweepCommand.table(merged.designs, labels: labels, tallies: tallies, metric: chosenMetric), terminator: "")
            return ExitCode.success
        }

        let pairs = merged.parts[0].pairs
        try ScenarioInput.write([(targets[0], ResultCSV.render(rows[0])), (targets[1], ResultCSV.renderFaults(rows[0])),
                                 (targets[2], ResultCSV.renderPairs(rows[0], pairs: pairs)), (targets[3], ResultCSV.renderCauses(rows[0])),
                                 (targets[5], whole)])
        print(header)
        print(RunCommand.wrapped("scenario \(merged.parts[0].name): \(merged.parts[0].description.isEmpty ? "(no description)" : merged.parts[0].description)",
                                 width: ResultTable.narrowWidth) + "\n")
        print(ResultTable.render(rows[0], pairs: pairs, wide: parsed.flags.contains(RunCommand.wide.name)), terminator: "")
        return ExitCode.success
    }
}
