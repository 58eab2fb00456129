import FaultSim
import Foundation
import Testing
@testable import simrun

/// `simrun robust --importance`: every setting estimated under one bias, weighted back against
/// the setting's own probabilities; the planted flip still found, the output naming the test it
/// used, and shards merging exactly.
@Suite("Robustness, weighted")
struct RobustImportanceTests {
    @Test("robust --importance finds the planted flip on weighted estimates, and its shards with --bias merge to the unsharded bytes")
    func weightedFlipAndShards() throws {
        let (folder, path) = try RobustTests.plantedFlip()
        let whole = folder.path("whole.csv").path, bias = folder.path("bias.json").path
        let arguments = ["robust", path, "--runs", "3000", "--jobs", "2", "--importance"] + RobustTests.flipArguments
        let transcript = expectSimrun(arguments + ["--pilot-runs", "2000", "--out", whole, "--bias-out", bias], exits: 0)
        #expect(transcript.output.contains("With the scenario's values (weighted estimates"))
        #expect(transcript.output.contains("weighted paired z p < 0.05"))
        let rows = RobustTests.records(try String(contentsOfFile: whole, encoding: .utf8))
        let header = rows[0]
        #expect(header.suffix(2) == ["effective_size", "check"])
        func cell(_ row: [String], _ name: String) -> String { row[header.firstIndex(of: name)!] }
        let flipped = try #require(rows.first { cell($0, "kind") == "high" && cell($0, "design") == "seed000-v0" })
        #expect(cell(flipped, "verdict") == "flips" && cell(flipped, "leader") == "seed000-v0")
        #expect(try #require(Double(cell(flipped, "p_vs_baseline_leader"))) < 0.05)

        // The same job from the bias file, whole and in shards: the shards merge into its bytes.
        let fromFile = folder.path("from-file.csv").path
        expectSimrun(arguments + ["--bias", bias, "--out", fromFile], exits: 0)
        var parts: [String] = []
        for shard in 1...2 {
            let part = folder.path("part-\(shard).json").path
            expectSimrun(arguments + ["--bias", bias, "--shard", "\(shard)/2", "--partial-out", part], exits: 0)
            parts.append(part)
        }
        let merged = folder.path("merged.csv").path
        expectSimrun(["merge", parts[1], parts[0], "--out", merged], exits: 0)
        #expect(try String(contentsOfFile: merged, encoding: .utf8) == String(contentsOfFile: fromFile, encoding: .utf8))

        // A shard must weigh its runs by a bias every shard shares.
        let refused = expectSimrun(arguments + ["--shard", "1/2", "--partial-out", folder.path("p.json").path], exits: 64)
        #expect(refused.errorOutput.contains("needs '--bias'"))
        // A plain part and a weighted part of the same job are two jobs.
        let plain = folder.path("plain.json").path
        expectSimrun(Array(arguments.filter { $0 != "--importance" }) + ["--shard", "2/2", "--partial-out", plain], exits: 0)
        expectSimrun(["merge", parts[0], plain, "--out", folder.path("mixed.csv").path], exits: 65)
    }
}
