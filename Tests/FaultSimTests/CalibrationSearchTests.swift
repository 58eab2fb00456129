import FaultSim
import Foundation
import Testing

/// `simrun calibrate` searching until its answer settles (issue 54): the default options find
/// the settings that fit the committed example's figures and answer for the team's design; a
/// starved search says it was starved; a truth is judged at its own volume; every outcome of
/// the outcome table is a figure; a known volume sizes "none seen in 30 days". The worked
/// example of docs/cli.md (scenarios/examples/team-coins.json) is kept equal to its output by the docs
/// test (DocsRunTests), which runs it with the default options.
@Suite("Calibration: the search and the answer")
struct CalibrationSearchTests {
    @Test("with the default search options, scenarios/observed/example.json settles on a region and the answer leads the output")
    func exampleSettles() {
        let transcript = expectSimrun(["calibrate", "--observed", packageRoot + "/scenarios/observed/example.json", "--runs", "5000",
                                       "--quiet"], exits: 0)
        let lines = transcript.output.split(separator: "\n").map(String.init)
        #expect(transcript.output.contains("search: settled after"), "\(transcript.output.prefix(3_000))")
        let answer = lines.firstIndex { $0.hasPrefix("answer for seed000-v1.0, your design") }
        let search = lines.firstIndex { $0.hasPrefix("search: ") }
        #expect(answer != nil && search != nil && answer! < search!, "the answer comes before the search")
        #expect(transcript.output.contains("  first change: "))
        #expect(transcript.output.contains("  StoreKit 2 with notifications: faultsim-recommended loses"))
    }

    @Test("a starved search says the sampler, not the model, is at fault, and how to give it more")
    func starvedSearchSaysSo() {
        let transcript = expectSimrun(["calibrate", "--observed", packageRoot + "/scenarios/observed/example.json", "--runs", "500",
                                       "--candidates", "2", "--budget", "2", "--quiet"], exits: 0)
        #expect(transcript.output.contains("stopped at the budget of 2 candidates (--budget)"), "\(transcript.output.prefix(2_000))")
        #expect(transcript.output.contains("too little search to tell the sampler from the model; raise --budget"))
        #expect(!transcript.output.contains("answer for"))
    }

    @Test("a budget below the first wave is a usage error naming both options")
    func budgetBelowFirstWave() {
        let refused = expectSimrun(["calibrate", "--observed", packageRoot + "/scenarios/observed/example.json", "--candidates", "50",
                                    "--budget", "10"], exits: 64)
        #expect(refused.errorOutput.contains("--budget") && refused.errorOutput.contains("below --candidates 50"))
    }

    /// A world with naive's support-contact probability at 0.3, its figure stated per day over a
    /// volume range 10 to 10^6 a day wide: the truth's own volume (400) keeps it; the middle of
    /// the range (3,162 a day, eight times the purchases) rules it out.
    @Test("--truth is judged at --truth-volume, required when the file calibrates the volume")
    func truthAtItsOwnVolume() throws {
        let folder = try TemporaryFolder()
        let truth = CalibrateCommandTests.write(#"{"designs": ["naive"], "user": {"supportContactProbability": 0.3}}"#, in: folder, "truth.json")
        let table = folder.path("truth.csv").path
        expectSimrun(["run", truth, "--runs", "20000", "--seed", "7", "--quiet", "--out", table], exits: 0)
        let rows = try String(contentsOfFile: table, encoding: .utf8).split(separator: "\n").map { $0.split(separator: ",").map(String.init) }
        let column = { (name: String) in Double(rows[1][rows[0].firstIndex(of: name)!])! }
        let rate = column("support_contacts") / (column("intents") - column("not_charged"))
        let count = Int((rate * 400 * 7).rounded())
        let observed = CalibrateCommandTests.write("""
            {"format": "faultsim-observations 1", "volume": {"low": 10, "high": 1000000},
             "observations": [{"design": "naive", "figure": "support_contacts", "count": \(count), "days": 7}]}
            """, in: folder)
        let calibrate = ["calibrate", truth, "--observed", observed, "--params", "user.supportContactProbability", "--runs", "20000",
                         "--candidates", "8", "--budget", "8", "--truth", truth, "--quiet"]
        #expect(expectSimrun(calibrate, exits: 64).errorOutput.contains("'--truth' needs '--truth-volume <n>'"))
        #expect(expectSimrun(calibrate + ["--truth-volume", "400"], exits: 0).output.contains("truth: inside the region"))
        #expect(expectSimrun(calibrate + ["--truth-volume", "3162"], exits: 0).output.contains("truth: ruled out"))
        #expect(expectSimrun(calibrate + ["--truth-volume", "5"], exits: 64).errorOutput.contains("expected purchases per day from 10 to"))
    }

    @Test("a point written by --points-out for a team's custom design runs on its own")
    func pointOfCustomDesignRuns() throws {
        let folder = try TemporaryFolder()
        let scenario = CalibrateCommandTests.write(#"{"designs": ["mine"], "customDesigns": [{"name": "mine", "from": "seed000-v1.0"}]}"#,
                                                   in: folder, "mine.json")
        let observed = CalibrateCommandTests.write(#"{"format": "faultsim-observations 1", "observations": [{"design": "mine", "figure": "support_contacts", "count": 166, "of": 16943}]}"#,
                                                   in: folder)
        let points = folder.path("points").path
        expectSimrun(["calibrate", scenario, "--observed", observed, "--params", "user.supportContactProbability", "--runs", "2000",
                      "--candidates", "8", "--budget", "8", "--points-out", points, "--quiet"], exits: 0)
        let written = try String(contentsOfFile: points + "/point-01.json", encoding: .utf8)
        #expect(written.contains("\"customDesigns\"") && written.contains("\"mine\""))
        expectSimrun(["run", points + "/point-01.json", "--runs", "10", "--quiet"], exits: 0)
    }

    @Test("every outcome of the outcome table that counts intents or requests is a figure under its own name")
    func everyOutcomeIsAFigure() {
        let names = Figure.allCases.map(\.rawValue)
        for outcome in Outcome.allCases where outcome.row.measure != .delay {
            #expect(names.contains(outcome.name), "\(outcome.name) is no figure")
            #expect(Figure(rawValue: outcome.name) == .outcome(outcome))
        }
        #expect(Set(names).count == names.count, "figure names are unique")
        #expect(Figure.outcome(.doubleCharged).kinds == ["count", "range", "ratio"])
        #expect(Figure.outcome(.serverRequests).kinds == ["sum", "ratio"])
    }

    @Test("a known volume is a number: it sizes \"none seen in 30 days\" and is no dimension of the search")
    func knownVolume() throws {
        let text = """
            {"format": "faultsim-observations 1", "volume": 400, "observations": [
              {"design": "naive", "figure": "double_charged", "count": 0, "days": 30}]}
            """
        let scenario = try ScenarioLoader.parse(#"{"designs": ["naive"]}"#, file: "s.json", name: "s")
        let observations = try Observations.parse(text, file: "o.json", scenario: scenario)
        #expect(observations.volume?.isKnown == true)
        #expect(observations.figures[0].data == .count(k: 0, of: .days(30)))
        let plan = Calibration(scenario: scenario, observations: observations, only: ["user.doubleTapProbability"], runs: 100)
        #expect(plan.dimensions == 1 && !plan.calibratesVolume)
        #expect(plan.volume(at: [0.5]) == 400)
        #expect(observations.figures[0].dataText == "0 in 30 days")
    }
}
