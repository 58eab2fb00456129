import FaultSim
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
