import FaultSim
import Testing
@testable import simrun

/// "Did you mean": one function (`Suggestion.nearest`) for every name suggested, picking the
/// name at the smallest edit distance among all of them before any prefix rule.
@Suite("name hints")
struct NameHintTests {
    static let scenarioText = #"{"customDesigns": [{"name": "ours", "from": "bliap"}, {"name": "ours-finish-late", "from": "bliap"}]}"#

    @Test("A typo of a design name suggests the closest name, not a shorter name it starts with")
    func typoSuggestsTheClosestDesign() throws {
        let scenario = try ScenarioLoader.parse(Self.scenarioText, file: "ours.json", name: "ours", overrides: [])
        #expect(scenario.suggestedDesign(for: "ours-finsh-late") == "ours-finish-late")
        #expect(scenario.suggestedDesign(for: "ours-fnish-late") == "ours-finish-late")
        #expect(scenario.suggestedDesign(for: "bliap+servr") == "bliap+server", "the +server forms are names too")
        #expect(scenario.suggestedDesign(for: "faultsim-recomended") == "faultsim-recommended")
        #expect(scenario.suggestedDesign(for: "something-else-entirely") == nil, "only when close enough")
    }

    @Test("A typo's closest name wins over a prefix; prefixes still help when nothing is a typo away; ties go to the earlier name")
    func closestNameThenPrefixes() {
        #expect(Suggestion.nearest(to: "ours-finsh-late", in: ["ours", "ours-finish-late"]) == "ours-finish-late")
        #expect(Suggestion.nearest(to: "network.requestLoss", in: ["network.requestLossProbability"]) == "network.requestLossProbability")
        #expect(Suggestion.nearest(to: "lost_rate", in: ["lost", "lost_sales"]) == "lost")
        #expect(Suggestion.nearest(to: "abd", in: ["abc", "abe"]) == "abc")
        // A swap of two neighbours is one edit (Levenshtein would make it two, a tie with blxxp).
        #expect(Suggestion.nearest(to: "blaip", in: ["blxxp", "bliap"]) == "bliap")
    }

    @Test("check's usage error for a mistyped design names the closest custom design")
    func usageErrorNamesTheClosestDesign() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("ours.json").path
        try Self.scenarioText.write(toFile: path, atomically: true, encoding: .utf8)
        let transcript = simrun(["check", path, "--design", "ours-finsh-late", "--max-faults", "1"])
        #expect(transcript.status == 64)
        #expect(transcript.errorOutput.contains("did you mean 'ours-finish-late'?"), "\(transcript.errorOutput)")
    }
}
