@testable import FaultSim
import Policies
import Testing

/// Issue 54's bugs: `find` takes every outcome the outcome table counts per intent, and a
/// calibrated point written with custom designs runs on its own.
@Suite("find for every outcome; points that stand alone")
struct FindEveryOutcomeTests {
    @Test("find lists runs for every per-intent outcome, lost sales and not charged included; a typo is a usage error with a hint",
          arguments: ["not_charged", "lost_sales", "refunded_undelivered"])
    func findTakesEveryOutcome(_ outcome: String) {
        let transcript = expectSimrun(["find", "--design", "seed002-before", "--outcome", outcome, "--runs", "20000", "--limit", "1"], exits: 0)
        #expect(transcript.output.contains("  \(outcome)  "), "\(transcript.output)")
        #expect(transcript.output.contains("simrun trace --design seed002-before --run "))
    }

    @Test("find refuses an unknown outcome, naming the nearest (exit 64)")
    func findSuggestsTheOutcome() {
        let transcript = expectSimrun(["find", "--design", "naive", "--outcome", "lost_sale"], exits: 64)
        #expect(transcript.errorOutput.contains("did you mean 'lost_sales'?"), "\(transcript.errorOutput)")
    }

    @Test("A scenario written with its custom designs reads back with them: a calibrated point runs on its own")
    func selfContainedScenarioReadsBack() throws {
        let text = #"{"customDesigns": [{"name": "ours", "from": "bliap", "finishMoment": "atCallback"}], "designs": ["ours", "bliap"]}"#
        let scenario = try ScenarioLoader.parse(text, file: "ours.json", name: "ours")
        let written = JSONWriter.write(scenario.selfContainedJSONValue)
        let again = try ScenarioLoader.parse(written, file: "point-01.json", name: "point-01")
        #expect(again.designs == ["ours", "bliap"])
        #expect(again.customDesigns.map(\.fingerprintLines) == scenario.customDesigns.map(\.fingerprintLines))
        #expect(again.selectedDesigns.first?.finishMoment == .atCallback)
        // Without custom designs the bytes are the plain writer's.
        #expect(JSONWriter.write(Scenario().selfContainedJSONValue) == JSONWriter.write(Scenario().jsonValue))
    }
}
