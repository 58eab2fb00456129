import FaultSim
import Foundation
import Testing
@testable import simrun

/// `--shard`: slices, schedulers' environments, and what a shard may write.
@Suite("Shards")
struct ShardTests {
    @Test("Slices tile the runs exactly once and differ in size by at most one", arguments: [
        (UInt64(0), 4), (1, 4), (3, 4), (4, 4), (10, 4), (1_000_000, 7), (1_000_000_000_000, 1_000), (UInt64.max, 3),
    ] as [(UInt64, Int)])
    func slicesTile(_ total: UInt64, _ count: Int) {
        var next: UInt64 = 0
        var sizes: Set<UInt64> = []
        for index in 0..<count {
            let slice = Shard(index: index, count: count).slice(of: total)
            #expect(slice.lowerBound == next)
            next = slice.upperBound
            sizes.insert(slice.upperBound - slice.lowerBound)
        }
        #expect(next == total)
        #expect((sizes.max() ?? 0) - (sizes.min() ?? 0) <= 1)
    }

    @Test("K/N is 1-based, as typed")
    func parsing() {
        #expect(Shard.parse("1/4") == Shard(index: 0, count: 4))
        #expect(Shard.parse("4/4") == Shard(index: 3, count: 4))
        #expect(Shard(index: 1, count: 4).description == "2/4")
        for bad in ["0/4", "5/4", "4", "a/b", "1/0", "-1/4", "1/4/5", "", "1/2000000"] { #expect(Shard.parse(bad) == nil, "\(bad)") }
    }

    @Test("--shard auto reads a Slurm job array, with or without a step")
    func slurm() throws {
        #expect(try Shard.fromEnvironment(["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_COUNT": "4"], count: nil).get()
            == Shard(index: 3, count: 4))
        #expect(try Shard.fromEnvironment(["SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "8"], count: nil).get()
            == Shard(index: 4, count: 8))
        #expect(try Shard.fromEnvironment(["SLURM_ARRAY_TASK_ID": "14", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_COUNT": "8",
                                           "SLURM_ARRAY_TASK_STEP": "2"], count: nil).get() == Shard(index: 7, count: 8))
        for environment in [["SLURM_ARRAY_TASK_ID": "3"], ["SLURM_ARRAY_TASK_ID": "x", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_COUNT": "4"],
                            ["SLURM_ARRAY_TASK_ID": "9", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_COUNT": "4"]] {
            guard case .failure = Shard.fromEnvironment(environment, count: nil) else {
                Issue.record("accepted \(environment)")
                continue
            }
        }
    }

    @Test("--shard auto reads a Kubernetes Indexed Job, the count from --shard-count or SIMRUN_SHARD_COUNT")
    func kubernetes() throws {
        #expect(try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "0"], count: 4).get() == Shard(index: 0, count: 4))
        #expect(try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "3", "SIMRUN_SHARD_COUNT": "4"], count: nil).get() == Shard(index: 3, count: 4))
        guard case .failure(let missing) = Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "0"], count: nil) else {
            Issue.record("no count accepted")
            return
        }
        #expect(missing.message.contains("--shard-count"))
        guard case .failure(let nothing) = Shard.fromEnvironment(["HOME": "/root"], count: nil) else {
            Issue.record("no scheduler accepted")
            return
        }
        #expect(nothing.message.contains("SLURM_ARRAY_TASK_ID") && nothing.message.contains("JOB_COMPLETION_INDEX"))
    }

    @Test("A shard writes only its partial result; bad --shard lines exit 64", arguments: [
        ["--shard", "1/4"],
        ["--shard", "1/4", "--partial-out", "PART", "--out", "CSV"],
        ["--shard", "0/4", "--partial-out", "PART"],
        ["--shard", "5/4", "--partial-out", "PART"],
        ["--shard", "half", "--partial-out", "PART"],
        ["--shard-count", "4", "--partial-out", "PART"],
        ["--shard", "1/4", "--shard-count", "4", "--partial-out", "PART"],
    ])
    func usage(_ extra: [String]) throws {
        let folder = try TemporaryFolder()
        let arguments = extra.map { $0 == "PART" ? folder.path("p.json").path : $0 == "CSV" ? folder.path("o.csv").path : $0 }
        expectSimrun(["run", packageRoot + "/scenarios/default.json", "--runs", "10", "--quiet"] + arguments, exits: 64)
        #expect(!FileManager.default.fileExists(atPath: folder.path("p.json").path))
    }

    @Test("--shard auto with no scheduler in the environment is a usage error naming both")
    func autoWithoutScheduler() {
        do {
            let arguments = ["--shard", "auto", "--partial-out", "p.json"]
            let parsed = try ArgumentParser.parse(arguments, for: RunCommand.spec)
            let context = try CommandContext(RunCommand.spec, arguments: arguments, parsed: parsed)
            _ = try ShardOptions.request(context, exclusive: RunCommand.outputs, environment: [:])
            Issue.record("accepted")
        } catch {
            guard case .usage(let usage) = error else { Issue.record("not a usage error"); return }
            #expect(usage.message.contains("SLURM_ARRAY_TASK_ID") && usage.message.contains("JOB_COMPLETION_INDEX"))
        }
    }

    @Test("A shard killed mid-way leaves no partial file, so a re-submitted task starts clean")
    func killedShardLeavesNothing() throws {
        guard let binary = siblingSimrunBinary() else { return }
        let folder = try TemporaryFolder()
        let part = folder.path("part.json").path
        for signal in [SIGTERM, SIGINT, SIGKILL] {
            let process = Process()
            process.executableURL = binary
            process.arguments = ["run", packageRoot + "/scenarios/default.json", "--runs", "1000000000", "--shard", "1/2",
                                 "--partial-out", part, "--quiet"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            Thread.sleep(forTimeInterval: 1.5)
            kill(process.processIdentifier, signal)
            // Bounded: a process that ignored the signal is killed, and the test fails.
            var waited = 0
            while process.isRunning && waited < 100 {
                Thread.sleep(forTimeInterval: 0.1)
                waited += 1
            }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal, "signal \(signal)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty, "signal \(signal) left a file")
        }
        expectSimrun(["run", packageRoot + "/scenarios/default.json", "--runs", "100", "--shard", "1/2",
                      "--partial-out", part, "--quiet"], exits: 0)
        #expect(FileManager.default.fileExists(atPath: part))
    }
}
