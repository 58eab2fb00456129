extension RetrySchedule: CustomStringConvertible {
    public var description: String {
        switch self {
        case .none: "none"
        case .fixedInterval(let intervalMs): "fixedInterval(every \(intervalMs) ms, forever)"
        case .linearBackoff(let stepMs, let capMs): "linearBackoff(failures x \(stepMs) ms, at most \(capMs) ms, forever)"
        case .tries(let count, let spacingMs): "tries(\(count), \(spacingMs) ms apart)"
        }
    }
}

extension RetryTriggers: CustomStringConvertible {
    public var description: String {
        let names = RetryTriggers.named.filter { contains($0.1) }.map(\.0)
        return names.isEmpty ? "none" : names.joined(separator: ", ")
    }
}

extension ServerRecovery: CustomStringConvertible {
    public var description: String {
        let names = ServerRecovery.named.filter { contains($0.1) }.map(\.0)
        return names.isEmpty ? "none (the client only)" : names.joined(separator: ", ")
    }
}

extension Design {
    /// Every axis and its value, in a fixed order, for `simrun designs NAME`.
    public var axisValues: [(axis: String, value: String)] {
        [
            ("storeKitAPI", storeKitAPI.rawValue),
            ("orderTiming", orderTiming.rawValue),
            ("orderCreationTries", String(orderCreationTries)),
            ("orderCreationSpacing", "\(orderCreationSpacingMs) ms"),
            ("itemMapping", itemMapping.rawValue),
            ("userMapping", userMapping.rawValue),
            ("localStore", localStore.rawValue),
            ("persistMoment", persistMoment.rawValue),
            ("recordClearing", recordClearing.rawValue),
            ("guardsDoubleTap", String(guardsDoubleTap)),
            ("blockingUI", blockingUI.rawValue),
            ("finishMoment", finishMoment.rawValue),
            ("retrySchedule", retrySchedule.description),
            ("retryTriggers", retryTriggers.description),
            ("retryScheduleRounds", retryScheduleRounds.rawValue),
            ("failureCountPersists", String(failureCountPersists)),
            ("retryScope", retryScope.rawValue),
            ("recoverPage", recoverPage.rawValue),
            ("unmatchedTransactions", unmatchedTransactions.rawValue),
            ("transactionsWithoutId", transactionsWithoutId.rawValue),
            ("receiptKind", receiptKind.rawValue),
            ("serverVerification", serverVerification.rawValue),
            ("serverIdempotency", serverIdempotency.rawValue),
            ("serverAppleTries", String(serverAppleTries)),
            ("deliversWholeReceipt", String(deliversWholeReceipt)),
            ("serverRecovery", serverRecovery.description),
            ("olderOSDesign", olderOSDesign ?? (storeKitAPI == .sk2 ? "none (users below iOS 15 cannot buy)" : "none (StoreKit 1 runs on every iOS)")),
        ]
    }
}
