import Policies

/// The axis table: every axis of `Design.axisJSON`, in its order, with the values the design
/// space holds. Enumerations, flags and option sets contribute every value; numbers and retry
/// schedules a stated grid (below), which `simrun optimize --help` and docs/model.md §6 print.
extension DesignAxis {
    /// Every axis, in the order `simrun designs NAME` prints them. A test checks that the
    /// names are `axisJSON`'s and that an unconstrained axis never makes a design illegal.
    public static let table: [DesignAxis] = [
        cases("storeKitAPI", \.storeKitAPI, constrained: true),
        cases("orderTiming", \.orderTiming, constrained: true),
        integers("orderCreationTries", \.orderCreationTries, [1, 2, 3, 5]),
        durations("orderCreationSpacing", \.orderCreationSpacingMs, [0, 1_000, 5_000]),
        cases("itemMapping", \.itemMapping, constrained: true),
        cases("userMapping", \.userMapping, constrained: true),
        cases("localStore", \.localStore, constrained: true),
        cases("persistMoment", \.persistMoment, constrained: true),
        cases("recordClearing", \.recordClearing),
        flag("guardsDoubleTap", \.guardsDoubleTap),
        cases("blockingUI", \.blockingUI),
        cases("finishMoment", \.finishMoment),
        retrySchedules,
        subsets("retryTriggers", \.retryTriggers, RetryTriggers.named),
        cases("retryScheduleRounds", \.retryScheduleRounds),
        flag("failureCountPersists", \.failureCountPersists, constrained: true),
        cases("retryScope", \.retryScope),
        cases("recoverPage", \.recoverPage),
        cases("unmatchedTransactions", \.unmatchedTransactions),
        cases("transactionsWithoutId", \.transactionsWithoutId),
        cases("receiptKind", \.receiptKind, constrained: true),
        cases("serverVerification", \.serverVerification, constrained: true),
        cases("serverIdempotency", \.serverIdempotency),
        integers("serverAppleTries", \.serverAppleTries, [1, 2, 3, 5]),
        flag("deliversWholeReceipt", \.deliversWholeReceipt, constrained: true),
        subsets("serverRecovery", \.serverRecovery, ServerRecovery.named),
        olderOSDesigns,
    ]

    /// The retry schedules on the grid: none; every 5 s, 30 s or 2 min; BLIAP's backoff (10 s
    /// steps to 1 min) and two slower ones; 3 tries back to back (seed 000), 3 tries 5 s apart
    /// (RevenueCat) and 5 tries 30 s apart.
    public static let retryScheduleGrid: [RetrySchedule] = [
        .none,
        .fixedInterval(intervalMs: 5_000), .fixedInterval(intervalMs: 30_000), .fixedInterval(intervalMs: 120_000),
        .linearBackoff(stepMs: 10_000, capMs: 60_000), .linearBackoff(stepMs: 5_000, capMs: 300_000),
        .linearBackoff(stepMs: 30_000, capMs: 600_000),
        .tries(count: 3, spacingMs: 0), .tries(count: 3, spacingMs: 5_000), .tries(count: 5, spacingMs: 30_000),
    ]

    static let retrySchedules = DesignAxis(
        name: "retrySchedule",
        values: retryScheduleGrid.map { schedule in AxisValue(json: schedule.json) { $0.retrySchedule = schedule } },
        constrained: true, read: { $0.retrySchedule.json }, copy: { $0.retrySchedule = $1.retrySchedule })

    /// No StoreKit 1 flow for users below iOS 15, or one of the StoreKit 1 presets.
    static let olderOSDesigns = DesignAxis(
        name: "olderOSDesign",
        values: [AxisValue(json: .null) { $0.olderOSDesign = nil }]
            + Design.presets.filter { $0.storeKitAPI == .sk1 }.map { older in
                AxisValue(json: .string(older.name)) { $0.olderOSDesign = older.name }
            },
        constrained: true, read: { design in design.olderOSDesign.map(JSONValue.string) ?? .null },
        copy: { $0.olderOSDesign = $1.olderOSDesign })

    static func durations(_ name: String, _ path: WritableKeyPath<Design, Int64> & Sendable, _ grid: [Int64]) -> DesignAxis {
        DesignAxis(name: name, values: grid.map { ms in AxisValue(json: .string(DurationText.format(ms))) { $0[keyPath: path] = ms } },
                   constrained: false, read: { .string(DurationText.format($0[keyPath: path])) },
                   copy: { $0[keyPath: path] = $1[keyPath: path] })
    }

    /// The axis named `name`, if any.
    public static func named(_ name: String) -> DesignAxis? { table.first { $0.name == name } }
}
