import FaultSim
import Foundation
import Testing

/// The JSON writer's output is frozen: `Tests/Fixtures/scenario-json.txt` holds what the
/// hand-written writer produced before the parameter table replaced it, for every committed
/// scenario and a few worlds that use every distribution kind. Results and replays depend on
/// these bytes (a partial result embeds them), so a difference is a change to review: a new key
/// adds its line to every case and a new scenario file adds its cases; nothing else may change.
/// After such a change, regenerate and read the diff:
///
///     FAULTSIM_UPDATE_GOLDENS=1 swift test --filter ScenarioJSONStabilityTests
@Suite("Scenario JSON stays byte-identical")
struct ScenarioJSONStabilityTests {
    static let fixturePath = packageRoot + "/Tests/Fixtures/scenario-json.txt"

    /// Every case, by name, as the writer writes it now.
    static func cases() throws -> [(name: String, text: String)] {
        let directory = packageRoot + "/scenarios"
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".json") }.sorted()
        var cases: [(String, Scenario)] = []
        for file in files {
            cases.append((file, try ScenarioLoader.load(path: directory + "/" + file)))
            let pre = try #require(try? ScenarioOverride.parse("platform=pre-2025").get())
            cases.append((file + " --set platform=pre-2025", try ScenarioLoader.load(path: directory + "/" + file, overrides: [pre])))
        }
        cases.append(("Scenario()", Scenario()))
        cases.append(("Scenario.faultFree()", Scenario.faultFree()))
        let everyKind = """
        {"runs": 7, "seed": 18446744073709551615, "horizon": "1.5d", "designs": ["bliap", "naive"],
         "platform": {"from": "pre-2025", "verification": "jws"},
         "catalog": {"productType": "nonRenewingSubscription", "products": 3, "itemsPerProduct": 2},
         "user": {"cancelProbability": 0.25, "doubleTapProbability": 1, "patience": {"kind": "exponential", "mean": "90s"},
                  "sessionLength": "90s", "relaunchDelay": {"kind": "exponential", "mean": "2h"}, "intentsPerRun": 64,
                  "accountSwitchDelay": {"kind": "uniform", "min": "0ms", "max": "0ms"}, "returningCustomerProbability": 0.000001},
         "device": {"crashTime": {"kind": "logNormal", "median": "1ms", "p99": "1ms"}},
         "network": {"latency": {"kind": "uniform", "min": "100ms", "max": "1s"}, "requestTimeout": "20s"},
         "storeKit": {"callbackDelay": "0ms", "pendingProbability": 0.1234567890123},
         "appServer": {"reconcileInterval": "1ms", "reconcileWindow": "0ms", "appleTimeout": "365d"},
         "apple": {"verifyLatency": {"kind": "fixed", "value": "700ms"}, "notificationDelay": {"kind": "exponential", "mean": "1s"}}}
        """
        cases.append(("every kind", try ScenarioLoader.parse(everyKind, file: "every-kind.json", name: "every-kind")))
        return cases.map { ($0.0, JSONWriter.write($0.1.jsonValue)) }
    }

    static func render(_ cases: [(name: String, text: String)]) -> String {
        cases.map { "=== \($0.name)\n\($0.text)\n" }.joined()
    }

    @Test("Every committed scenario is written back exactly as before the parameter table")
    func writerOutputIsUnchanged() throws {
        let actual = Self.render(try Self.cases())
        if ProcessInfo.processInfo.environment["FAULTSIM_UPDATE_GOLDENS"] == "1" {
            try actual.write(toFile: Self.fixturePath, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOfFile: Self.fixturePath, encoding: .utf8)
        #expect(actual == expected, "the scenario JSON writer's output changed; it must stay byte-identical")
    }
}
