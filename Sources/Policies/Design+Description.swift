extension RetrySchedule: CustomStringConvertible {
    public var description: String {
        switch self {
        case .none: "none"
        case .fixedInterval(let intervalMs): "fixedInterval(every \(intervalMs) ms, forever)"
        case .linearBackoff(let stepMs, let capMs): "linearBackoff(failures x \(stepMs) ms, at most \(capMs) ms, forever)"
        case .tries(let count, let spacingMs): "tries(\(count), \(spacingMs) ms apart)"
        case .triesThenRecoverPage(let count): "triesThenRecoverPage(\(count), then a recover-order page)"
        }
    }
}

extension RetryTriggers: CustomStringConvertible {
    public var description: String {
        let names = RetryTriggers.named.filter { contains($0.1) }.map(\.0)
        return names.isEmpty ? "none" : names.joined(separator: ", ")
    }
}

extension Design {
    /// Every axis and its value, in a fixed order, for `simrun designs NAME`.
    public var axisValues: [(axis: String, value: String)] {
        [
            ("orderTiming", orderTiming.rawValue),
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
            ("retryScope", retryScope.rawValue),
            ("unmatchedTransactions", unmatchedTransactions.rawValue),
            ("receiptKind", receiptKind.rawValue),
            ("serverIdempotency", serverIdempotency.rawValue),
            ("serverAppleTries", String(serverAppleTries)),
            ("serverRecovery", serverRecovery.rawValue),
        ]
    }
}
