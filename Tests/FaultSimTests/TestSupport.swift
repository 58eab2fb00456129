import FaultSim
import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif
import Policies

/// Designs that exercise the axes the presets leave unused (notifications alone, history
/// reconciliation alone with an early finish, per-transaction receipts, non-idempotent
/// servers), so the model's every path runs under test.
enum TestDesigns {
    static var extra: [Design] {
        var notified = Design.bliap
        notified.name = "test-sk2-notifications"
        notified.storeKitAPI = .sk2
        notified.receiptKind = .signedTransaction
        notified.serverVerification = .signedLocally
        notified.orderTiming = .orderFirst
        notified.itemMapping = .appAccountToken
        notified.userMapping = .appAccountToken
        notified.serverRecovery = .notifications
        var reconciled = notified
        reconciled.name = "test-sk2-history"
        reconciled.serverRecovery = .transactionHistory
        reconciled.finishMoment = .atCallback
        var legacy = Design.naive
        legacy.name = "test-legacy-nonidempotent"
        legacy.receiptKind = .perTransaction
        legacy.serverIdempotency = .none
        legacy.finishMoment = .afterAnyAnswer
        legacy.retrySchedule = .tries(count: 3, spacingMs: 5_000)
        legacy.itemMapping = .applicationUsername
        legacy.userMapping = .applicationUsername
        legacy.unmatchedTransactions = .finishAndDrop
        return [notified, reconciled, legacy]
    }

    static var all: [Design] { Design.presets + extra }
}

func simulate(_ scenario: Scenario, designs: [Design] = TestDesigns.all, runs: UInt64, jobs: Int = 2,
              chunkSize: Int = Runner.defaultChunkSize) -> [DesignTally] {
    Runner.run(scenario: scenario, designs: designs, runs: 0..<runs, jobs: jobs, chunkSize: chunkSize)
}

func csv(_ scenario: Scenario, designs: [Design], tallies: [DesignTally]) -> String {
    ResultCSV.render(zip(designs, tallies).map {
        ResultRow(scenario: scenario, design: $0.name, tally: $1)
    })
}

/// Each `<svg>…</svg>` in `text` parses as XML.
func svgFragmentsParse(_ text: String) -> (count: Int, allParse: Bool) {
    var count = 0
    var allParse = true
    var rest = text[...]
    while let start = rest.range(of: "<svg "), let end = rest[start.lowerBound...].range(of: "</svg>") {
        let fragment = String(rest[start.lowerBound..<end.upperBound])
        let parser = XMLParser(data: Data(fragment.utf8))
        if !parser.parse() { allParse = false }
        count += 1
        rest = rest[end.upperBound...]
    }
    return (count, allParse)
}

/// The `simrun` binary `swift build` put beside the test bundle, for tests that need a real
/// process (signals, a replayed command line); records an issue when there is none.
func siblingSimrunBinary() -> URL? {
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("simrun")
    guard FileManager.default.isExecutableFile(atPath: binary.path) else {
        Issue.record("no simrun binary beside the test bundle at \(binary.path)")
        return nil
    }
    return binary
}
