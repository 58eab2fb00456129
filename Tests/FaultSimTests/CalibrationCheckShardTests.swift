@testable import FaultSim
import Foundation
import Testing

/// scripts/calibration-check split by truth: the parts of two shards, merged (by `simrun merge`)
/// in either order, give the unsharded report's bytes, as does a part of format 1; merge refuses
/// a missing part, a part given twice, a part of another job and an edited part, naming the file,
/// with exit 65 and no report written. At a toy size (two
/// truths of a few thousand purchases, 4 candidates of 200 runs, one wave), with the simrun
/// binary beside the test bundle, so it checks the plumbing, not the calibration.
@Suite("Calibration check: shards by truth")
struct CalibrationCheckShardTests {
    static let script = packageRoot + "/scripts/calibration-check"

    /// Runs the script with `arguments` and the toy job's settings; its exit status and stderr.
    static func check(_ arguments: [String], simrun: URL, candidates: String = "4") throws -> (status: Int32, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script] + arguments
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in ["SIMRUN": simrun.path, "TRUTHS": "2", "PURCHASES": "1000", "RUNS": "200", "CANDIDATES": candidates, "WAVES": "1"] {
            environment[key] = value
        }
        process.environment = environment
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test("two shards merged are the unsharded report's bytes; a missing, repeated or foreign part is refused with exit 65")
    func shardsMergeToTheSameBytes() throws {
        guard let simrun = siblingSimrunBinary() else { return }
        let folder = try TemporaryFolder()
        let whole = folder.path("whole.txt").path, merged = folder.path("merged.txt").path
        let parts = [folder.path("part-1.json").path, folder.path("part-2.json").path]
        #expect(try Self.check(["--out", whole], simrun: simrun).status == 0)
        for (index, part) in parts.enumerated() {
            #expect(try Self.check(["--shard", "\(index + 1)/2", "--part-out", part], simrun: simrun).status == 0)
        }
        #expect(try Self.check(["--merge", parts[1], parts[0], "--out", merged], simrun: simrun).status == 0)
        #expect(try String(contentsOfFile: whole, encoding: .utf8) == String(contentsOfFile: merged, encoding: .utf8))

        // A part of format 1, before the envelope, still reads: part 1 moved back into it.
        let first = try JSONParser.parse(String(contentsOfFile: parts[0], encoding: .utf8))
        let formatOne = folder.path("format-1.json").path, fromOld = folder.path("from-old.txt").path
        try JSONWriter.write(.object([("format", .string("faultsim-calibration-check part 1"), 0), ("job", try #require(first.at(["job"])), 0),
                                      ("shard", .array([.number("0"), .number("2")]), 0), ("truths", try #require(first.at(["truths"])), 0)]))
            .write(toFile: formatOne, atomically: true, encoding: .utf8)
        #expect(try Self.check(["--merge", formatOne, parts[1], "--out", fromOld], simrun: simrun).status == 0)
        #expect(try String(contentsOfFile: whole, encoding: .utf8) == String(contentsOfFile: fromOld, encoding: .utf8))

        // A part of a job with other settings: part 2 as if run with 5 candidates (its fingerprint
        // and seal computed again); and part 2 with that value edited by hand, not resealed.
        let second = try JSONParser.parse(String(contentsOfFile: parts[1], encoding: .utf8))
        let job = try #require(second.at(["job"])).replacing(["candidates"], with: .string("5"))
        let foreign = folder.path("foreign.json").path, edited = folder.path("edited.json").path
        try JSONWriter.write(second.replacing(["job"], with: job).replacing(["contentHash"], with: .string(SHA256.hex(JSONWriter.write(job)))).resealed)
            .write(toFile: foreign, atomically: true, encoding: .utf8)
        try JSONWriter.write(second.replacing(["job"], with: job)).write(toFile: edited, atomically: true, encoding: .utf8)
        let refused = folder.path("refused.txt").path
        for (given, named, says) in [([parts[0]], parts[0], "truths 2 to 2 of 2 are in no part"), ([parts[0], parts[1], parts[0]], parts[0], "both hold truths 1 to 1"),
                                     ([parts[0], foreign], foreign, "different scenarios"), ([parts[0], edited], edited, "partHash")] {
            let result = try Self.check(["--merge"] + given + ["--out", refused], simrun: simrun)
            #expect(result.status == 65, "\(given): \(result.errors)")
            #expect(result.errors.contains(named) && result.errors.contains(says), "\(result.errors)")
            #expect(!FileManager.default.fileExists(atPath: refused))
        }
    }
}
