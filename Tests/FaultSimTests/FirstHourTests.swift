import FaultSim
import Foundation
import Policies
import Testing
@testable import simrun

/// What a new user meets in the first hour (issue 23): names suggested from a prefix or the
/// right object, values whose error says what is accepted, designs that paste, every outcome in
/// `compare`, and `help` of a mistyped command.
@Suite("A user's first hour")
struct FirstHourTests {
    @Test("A prefix, a key in the wrong object and a longer word each get the name meant")
    func suggestions() throws {
        #expect(Suggestion.nearest(to: "requestLoss", in: ["requestLossProbability", "requestTimeout"]) == "requestLossProbability")
        #expect(Suggestion.nearest(to: "lost_rate", in: ["lost_sales", "lost", "misdelivered"]) == "lost")
        #expect(Suggestion.nearest(to: "sed", in: ["seed", "runs"]) == "seed")
        #expect(Suggestion.nearest(to: "zzzzzz", in: ["seed", "runs"]) == nil)
        #expect(ScenarioParameter.keys(named: "requestTimeout") == ["network.requestTimeout"])
        let error = #expect(throws: ScenarioError.self) {
            try ScenarioLoader.parse("{}", file: "x.json", name: "x",
                                     overrides: [try ScenarioOverride.parse("appServer.requestTimeout=5s").get()])
        }
        #expect(error?.description.contains("did you mean 'network.requestTimeout'?") == true, "\(String(describing: error))")
        #expect(error?.description.contains("given on the command line") == true)
    }

    @Test("A number where a duration goes, or a retry schedule as text, says which forms are accepted")
    func valueErrorsNameTheForms() throws {
        let patience = #expect(throws: ScenarioError.self) {
            try ScenarioLoader.parse(#"{"user": {"patience": 20}}"#, file: "x.json", name: "x")
        }
        #expect(patience?.message.contains("\"20s\"") == true && patience?.message.contains("logNormal") == true,
                "\(String(describing: patience))")
        let schedule = #expect(throws: ScenarioError.self) {
            try ScenarioLoader.parse(#"{"customDesigns": [{"name": "x", "retrySchedule": "fixedInterval(30s)"}]}"#, file: "x.json", name: "x")
        }
        #expect(schedule?.message.contains(#"{"kind": "fixedInterval", "interval": "30s"}"#) == true, "\(String(describing: schedule))")
    }

    @Test("Every preset, printed as a customDesigns entry and read back, is the same design", arguments: Design.presets.map(\.name))
    func designsPaste(_ name: String) throws {
        let preset = try #require(Design.preset(named: name))
        // From naive, so that nothing comes from the preset but what the entry says.
        let entry = preset.customDesignJSON(name: "pasted", from: "naive")
        let text = #"{"designs": ["pasted"], "customDesigns": ["# + JSONWriter.write(entry) + "]}"
        let scenario = try ScenarioLoader.parse(text, file: "x.json", name: "x")
        let pasted = try #require(scenario.customDesigns.first)
        #expect(pasted.axisJSON.map(\.value) == preset.axisJSON.map(\.value))
        #expect(pasted.axisJSON.map(\.axis) == preset.axisJSON.map(\.axis))
    }

    @Test("A file that defines designs and lists none runs them; one that lists some leaves the others out")
    func customDesignsRun() throws {
        let unlisted = #"{"customDesigns": [{"name": "mine", "from": "bliap"}]}"#
        let all = try ScenarioLoader.parse(unlisted, file: "x.json", name: "x")
        #expect(all.selectedDesigns.map(\.name).last == "mine" && all.unlistedCustomDesigns.isEmpty)
        let listed = #"{"designs": ["naive"], "customDesigns": [{"name": "mine", "from": "bliap"}]}"#
        let some = try ScenarioLoader.parse(listed, file: "x.json", name: "x")
        #expect(some.selectedDesigns.map(\.name) == ["naive"] && some.unlistedCustomDesigns == ["mine"])
    }

    @Test("help of a mistyped command is a usage error with the command meant; designs takes a scenario's own design")
    func helpAndDesigns() throws {
        let help = simrun(["help", "swep"])
        #expect(help.status == 64 && help.errorOutput.contains("Did you mean 'sweep'?"), "\(help.described(["help", "swep"]))")
        let folder = try TemporaryFolder()
        let path = folder.path("s.json").path
        try #"{"customDesigns": [{"name": "mine", "from": "bliap", "recordClearing": "never"}]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        let json = simrun(["designs", path, "mine", "--json"])
        #expect(json.status == 0 && json.output.contains(#""recordClearing": "never""#), "\(json.described(["designs", path, "mine"]))")
        #expect(simrun(["designs", path, "nope"]).status == 64)
    }

    @Test("'-' is standard output for one output; the table then goes to standard error")
    func dashIsStandardOutput() {
        let scenario = packageRoot + "/scenarios/default.json"
        let run = simrun(["run", scenario, "--designs", "naive", "--runs", "200", "--out", "-", "--quiet"])
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("scenario,platform,design,") && run.output.split(separator: "\n").count == 2, "\(run.output)")
        #expect(run.errorOutput.contains("lost rate [95% CI]"))
        #expect(!FileManager.default.fileExists(atPath: "-"))
        #expect(simrun(["run", scenario, "--runs", "200", "--out", "-", "--faults-out", "-"]).status == 73)
    }

    @Test("compare reports double charges and lost sales too")
    func compareHasEveryOutcome() {
        #expect(Outcome.paired.map(\.name)
            == ["lost", "lost_sales", "misdelivered", "duplicated", "double_charged", "not_charged"])
        let paired = PanelResult.recorded([[OutcomeMasks(doubleCharged: 0b1), OutcomeMasks(lostSales: 0b1, notCharged: 0b1)]], intents: 1)
            .pairedOutcomes(0, 1)
        #expect(paired[.doubleCharged] == PairedOutcomes.Counts(onlyA: 1, onlyB: 0, both: 0))
        #expect(paired[.lostSales] == PairedOutcomes.Counts(onlyA: 0, onlyB: 1, both: 0))
    }
}
