import FaultSim
import Policies

/// Designs that exercise the axes the four presets leave unused (notifications, history
/// reconciliation, appAccountToken, per-transaction receipts, non-idempotent servers), so
/// the model's every path runs under test.
enum TestDesigns {
    static var extra: [Design] {
        var notified = Design.bliap
        notified.name = "test-sk2-notifications"
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
        ResultRow(scenario: scenario.name, design: $0.name, seed: scenario.seed, tally: $1)
    })
}
