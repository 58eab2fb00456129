/// One of `count` contiguous slices of a job's run indices. Slices differ in size by at most
/// one run and together cover `0..<total` exactly once, so their tallies add up to the
/// single-machine result.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    /// 0-based: the first shard is 0 (written `1/N` on the command line, as Jest and Playwright do).
    public let index: Int
    public let count: Int

    /// The most shards a job may have.
    public static let maxCount = 1_000_000

    public init(index: Int, count: Int) {
        precondition(count >= 1 && count <= Shard.maxCount && index >= 0 && index < count, "a shard is one of 1...\(Shard.maxCount) slices")
        self.index = index
        self.count = count
    }

    /// `K/N` as typed: the K-th of N, K from 1.
    public var description: String { "\(index + 1)/\(count)" }

    /// The run indices of this shard of `0..<total`: the first `total % count` shards take one
    /// run more than the others.
    /// - Complexity: O(1); no overflow for any `total` up to `UInt64.max`.
    public func slice(of total: UInt64) -> Range<UInt64> {
        let n = UInt64(count), k = UInt64(index)
        let base = total / n, extra = total % n
        let start = base * k + min(k, extra)
        let end = start + base + (k < extra ? 1 : 0)
        return start..<end
    }

    /// Parses `K/N` (1 ≤ K ≤ N ≤ `maxCount`).
    public static func parse(_ text: String) -> Shard? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, n <= maxCount, k >= 1, k <= n else { return nil }
        return Shard(index: k - 1, count: n)
    }

    /// What `--shard auto` could not find, or found wrong, for the message.
    public struct EnvironmentError: Error, Sendable, Equatable {
        public let message: String
    }

    /// The shard a cluster scheduler gave this process:
    /// - a Slurm job array: `SLURM_ARRAY_TASK_ID`, `SLURM_ARRAY_TASK_MIN`, `SLURM_ARRAY_TASK_COUNT`
    ///   (and `SLURM_ARRAY_TASK_STEP` when the array has a step, as in `--array=0-14:2`);
    /// - a Kubernetes Indexed Job: `JOB_COMPLETION_INDEX`, with the count from `count`
    ///   (`--shard-count`) or `SIMRUN_SHARD_COUNT`, since a pod is not told its job's completions.
    public static func fromEnvironment(_ environment: [String: String], count explicitCount: Int?) -> Result<Shard, EnvironmentError> {
        func number(_ name: String) -> Result<Int?, EnvironmentError> {
            guard let text = environment[name] else { return .success(nil) }
            guard let value = Int(text) else { return .failure(EnvironmentError(message: "\(name)=\(text) is not a whole number")) }
            return .success(value)
        }
        func shard(index: Int, count: Int, from source: String) -> Result<Shard, EnvironmentError> {
            guard count >= 1, count <= maxCount, index >= 0, index < count else {
                return .failure(EnvironmentError(message: "\(source) gives shard index \(index) of \(count), outside 0..<\(count)"))
            }
            return .success(Shard(index: index, count: count))
        }
        do throws(EnvironmentError) {
            if let id = try number("SLURM_ARRAY_TASK_ID").get() {
                guard let taskCount = try number("SLURM_ARRAY_TASK_COUNT").get(), let minimum = try number("SLURM_ARRAY_TASK_MIN").get() else {
                    return .failure(EnvironmentError(message: "SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT or SLURM_ARRAY_TASK_MIN is not"))
                }
                let step = try number("SLURM_ARRAY_TASK_STEP").get() ?? 1
                guard step >= 1, (id - minimum) % step == 0 else {
                    return .failure(EnvironmentError(message: "SLURM_ARRAY_TASK_ID=\(id) is not on the array's step \(step) from \(minimum)"))
                }
                if let explicitCount, explicitCount != taskCount {
                    return .failure(EnvironmentError(message: "--shard-count \(explicitCount) disagrees with SLURM_ARRAY_TASK_COUNT=\(taskCount)"))
                }
                return shard(index: (id - minimum) / step, count: taskCount, from: "the Slurm array")
            }
            if let index = try number("JOB_COMPLETION_INDEX").get() {
                let environmentCount = try number("SIMRUN_SHARD_COUNT").get()
                guard let count = explicitCount ?? environmentCount else {
                    return .failure(EnvironmentError(message: "JOB_COMPLETION_INDEX is set, but the shard count is not: give --shard-count N or set SIMRUN_SHARD_COUNT to the Job's completions"))
                }
                return shard(index: index, count: count, from: "the Kubernetes Indexed Job")
            }
        } catch {
            return .failure(error)
        }
        return .failure(EnvironmentError(message: "no scheduler found: neither a Slurm job array (SLURM_ARRAY_TASK_ID) nor a Kubernetes Indexed Job (JOB_COMPLETION_INDEX) is in the environment; give --shard K/N"))
    }
}
