import FaultSim
import Foundation

/// `--shard K/N|auto`, `--shard-count N` and `--partial-out FILE`, shared by `run` and `sweep`:
/// run one contiguous slice of the runs and keep its raw counts for `simrun merge`.
enum ShardOptions {
    static let shard = OptionSpec(name: "--shard", valueName: "K/N|auto",
                                  help: "Run only the K-th of N contiguous slices of the runs (K from 1) and write its raw counts to --partial-out; 'auto' reads K and N from a Slurm job array or a Kubernetes Indexed Job. simrun merge joins the parts.")
    static let shardCount = OptionSpec(name: "--shard-count", valueName: "n",
                                       help: "With --shard auto in a Kubernetes Indexed Job: the number of shards, the Job's completions (or set SIMRUN_SHARD_COUNT).")
    static let partialOut = OptionSpec(name: "--partial-out", valueName: "file.json",
                                       help: "Write the raw counts (a partial result) for simrun merge; written whole or not at all, so a killed shard leaves no file.")
    static let options = [shard, shardCount, partialOut]

    /// What the command line asked for.
    struct Request {
        /// The slice to run (1/1 when only --partial-out was given).
        let shard: Shard
        /// --shard was given: the command writes only the partial result.
        let sharded: Bool
    }

    /// Nil without --shard and --partial-out. With --shard, --partial-out is required and the
    /// command's other outputs (`exclusive`) are refused: a slice's tables would look like results.
    static func request(_ context: CommandContext, exclusive: [OptionSpec],
                        environment: [String: String] = ProcessInfo.processInfo.environment) throws(CommandFailure) -> Request? {
        let parsed = context.parsed, command = context.spec
        let countText = parsed.value(shardCount.name)
        guard let text = parsed.value(shard.name) else {
            if countText != nil { throw command.error("'--shard-count' goes with '--shard auto'.") }
            return parsed.value(partialOut.name) == nil ? nil : Request(shard: Shard(index: 0, count: 1), sharded: false)
        }
        guard parsed.value(partialOut.name) != nil else {
            throw command.error("'--shard \(text)' needs '--partial-out <file.json>': a shard's counts are merged later with simrun merge.")
        }
        for option in exclusive where parsed.value(option.name) != nil {
            throw command.error("'\(option.name)' cannot go with '--shard': write the shard with --partial-out, then give \(option.name) to simrun merge.")
        }
        var count: Int?
        if countText != nil {
            guard text == "auto" else { throw command.error("'--shard-count' goes with '--shard auto'.") }
            count = try context.integer(shardCount, in: 1...Shard.maxCount)
        }
        if text == "auto" {
            switch Shard.fromEnvironment(environment, count: count) {
            case .success(let found): return Request(shard: found, sharded: true)
            case .failure(let error): throw command.invalid(text, for: shard, because: error.message)
            }
        }
        guard let parsedShard = Shard.parse(text) else {
            throw command.invalid(text, for: shard, because: "expected K/N with 1 ≤ K ≤ N ≤ \(Shard.maxCount) (such as 2/4), or 'auto'")
        }
        return Request(shard: parsedShard, sharded: true)
    }

    /// The one line a shard prints instead of tables.
    static func summary(_ command: String, _ request: Request, runs: Range<UInt64>, total: Int, designs: Int, seconds: Double, file: String) -> String {
        "simrun \(command): shard \(request.shard) counted runs \(runs.lowerBound)..<\(runs.upperBound) of \(total) "
            + "(\(Grouped.count(runs.count, "run")) x \(Grouped.count(designs, "design"))) in \(FixedPoint.format(seconds, places: 2)) s; wrote \(file). "
            + "simrun merge joins the parts."
    }
}
