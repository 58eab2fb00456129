import FaultSim
import Policies

/// `simrun merge PART... [--out F] ...`: the shards of one `run` or `sweep` job, added up into
/// exactly the files the unsharded job writes; the shards of a `robust` job, which split its
/// settings rather than its runs, go to `RobustCommand.merge`.
enum MergeCommand: Command {
    static let out = CommonOptions.out("Write the result table as CSV (run parts), the long CSV (sweep parts), or the settings CSV (robust parts).")
    static let partialOut = OptionSpec(name: "--partial-out", valueName: "file.json", help: "Also write the merged counts as one partial result, to merge again later.")

    /// The outputs of `run`, and the options of `sweep`, that merge writes as they would.
    static let runOutputs = [out, RunCommand.faultsOut, RunCommand.pairsOut, RunCommand.causesOut]
    static let sweepOptions = [SweepCommand.svg, SweepCommand.metric, SweepCommand.logY]

    static let spec = CommandSpec(
        name: "merge", abstract: "Add up the partial results of one sharded run or sweep, or join the shards of a robust job, into exactly the files the unsharded job writes.",
        positional: "<part.json>...", positionalOptional: false,
        options: runOutputs + sweepOptions + [partialOut, RunCommand.wide],
        usageNote: "parts from simrun run/sweep/robust --shard K/N --partial-out; every part of the job, each once, in any order",
        summary: "Add up the shards of a run, sweep or robust job (--shard K/N --partial-out) exactly.",
        positionalHelp: "The partial results to merge.", positionalRepeats: true)

    static func execute(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        let files = context.positionals
        let read = try readParts(files)
        // Every part was read the same way (`PartFile`: its format, version and partHash checked).
        // Each says what kind of job wrote it; the first part's word decides which payload is
        // merged, and every other part must say the same (the reader of that kind refuses it otherwise).
        switch read.first?.kind {
        case .robust?:
            return try RobustCommand.merge(read, context, runOptions: Array(runOutputs.dropFirst()) + [RunCommand.wide],
                                           sweepOptions: [SweepCommand.metric, SweepCommand.logY])
        case .weighted?:
            return try ImportanceJob.merge(read, context, out: out, pairsOut: RunCommand.pairsOut, partialOut: partialOut,
                                           refused: [RunCommand.faultsOut, RunCommand.causesOut] + sweepOptions + [RunCommand.wide])
        case .calibrationCheck?:
            return try mergeCalibrationCheck(read, context)
        case .counts?, nil:
            break
        }
        let (parts, merged) = try MergeCommand.merged(read, parse: PartialResult.parse) { parts in
            PartialResult.merge(parts.map { (file: $0.file, result: $0.part) })
        }
        let sweep = SweepResult(merged: merged)
        for option in sweep != nil ? runOutputs.dropFirst() : [] where context.given(option) {
            throw context.error("'\(option.name)' goes with the parts of a run; these are the parts of a \(merged.kind.name).")
        }
        for option in sweep != nil ? [] : sweepOptions where context.given(option) {
            throw context.error("'\(option.name)' goes with the parts of a sweep; these are the parts of a run.")
        }
        let chosenMetric = try SweepCommand.metric(named: context.value(SweepCommand.metric) ?? Outcome.lost.name, context)
        let targets = try context.outputs(runOutputs + [SweepCommand.svg, partialOut], inputs: files)
        let rows = merged.rows
        let whole = merged.fileText
        let header = "simrun merge: \(Grouped.count(parts.count, "part")) of \(merged.parts[0].name) "
            + "(\(merged.parts[0].platform) platform), \(Grouped.count(Int(merged.totalRuns), "run")) x \(Grouped.count(merged.designs.count, "design")), "
            + "seed \(merged.seed), simrun \(merged.tool) (model \(merged.model))"

        if let sweep {
            try ScenarioInput.write([(targets[0], sweep.csv), (targets[4], sweep.chart(chosenMetric, logY: context.given(SweepCommand.logY))),
                                     (targets[5], whole)])
            printOutput(header + "; \(sweep.key) at \(sweep.axis.labels.count) values\n")
            printOutput(sweep.table(chosenMetric), terminator: "")
            return ExitCode.success
        }

        let pairs = merged.parts[0].pairs
        try ScenarioInput.write([(targets[0], ResultCSV.render(rows[0])), (targets[1], ResultCSV.renderFaults(rows[0])),
                                 (targets[2], ResultCSV.renderPairs(rows[0], pairs: pairs)), (targets[3], ResultCSV.renderCauses(rows[0])),
                                 (targets[5], whole)])
        printOutput(header)
        printOutput(RunCommand.wrapped("scenario \(merged.parts[0].name): \(merged.parts[0].description.isEmpty ? "(no description)" : merged.parts[0].description)",
                                       width: ResultTable.narrowWidth) + "\n")
        printOutput(ResultTable.render(rows[0], pairs: pairs, wide: context.given(RunCommand.wide)), terminator: "")
        return ExitCode.success
    }

    /// The parts of `scripts/calibration-check` joined into one part (`--partial-out`), from
    /// which the script renders its report: simrun makes the checks every merge makes.
    static func mergeCalibrationCheck(_ read: [PartFile], _ context: CommandContext) throws(CommandFailure) -> Int32 {
        for option in runOutputs + sweepOptions + [RunCommand.wide] where context.given(option) {
            throw context.error("'\(option.name)' goes with the parts of a run or sweep; these are the parts of scripts/calibration-check "
                + "(only '--partial-out' goes with them).")
        }
        let (parts, merged) = try merged(read, parse: CalibrationCheckPart.parse, merge: CalibrationCheckPart.merge)
        let targets = try context.outputs([partialOut], inputs: read.map(\.path))
        try ScenarioInput.write([(targets[0], merged.fileText)])
        printOutput("simrun merge: \(Grouped.count(parts.count, "part")) of scripts/calibration-check, "
            + "\(Grouped.count(merged.truths.count, "truth")) judged")
        return ExitCode.success
    }

    /// Each part's payload read by `parse`, and the payloads merged by `merge` (`PartMerge`'s
    /// checks, then the kind's addition): the one way every kind of part is merged. A part that
    /// cannot be read is an error naming the file (exit 65, or 66 when unreadable); parts that do
    /// not make one job are refused naming the files (exit 65).
    static func merged<Part, Whole>(_ read: [PartFile], parse: (PartFile) throws(ScenarioError) -> Part,
                                    merge: ([(file: String, part: Part)]) -> Result<Whole, PartialResult.MergeError>)
        throws(CommandFailure) -> (parts: [(file: String, part: Part)], whole: Whole) {
        var parts: [(file: String, part: Part)] = []
        for file in read {
            do throws(ScenarioError) { parts.append((file.path, try parse(file))) } catch { throw ScenarioInput.reported(error) }
        }
        switch merge(parts) {
        case .success(let whole): return (parts, whole)
        case .failure(let error):
            printError("Error: \(error)")
            throw .exit(ExitCode.data)
        }
    }

    /// Every part file read the one way (`PartFile`: format, version and `partHash` checked before
    /// anything else); the first error, naming its file, exits 65 (66 when a file cannot be read).
    static func readParts(_ files: [String]) throws(CommandFailure) -> [PartFile] {
        var read: [PartFile] = []
        for file in files {
            do throws(ScenarioError) { read.append(try PartFile.read(file)) } catch { throw ScenarioInput.reported(error) }
        }
        return read
    }
}
