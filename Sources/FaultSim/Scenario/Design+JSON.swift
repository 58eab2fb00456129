import Policies

/// A design as a `customDesigns` entry, in the syntax `DesignReader` reads: what `simrun designs
/// NAME` prints, so that any line or the whole `--json` object can be pasted into a scenario.
/// Reading the object back gives the same design (a test round-trips every preset).
extension Design {
    /// Every axis and its value as JSON, in the order `simrun designs NAME` prints them.
    public var axisJSON: [(axis: String, value: JSONValue)] {
        func text(_ value: String) -> JSONValue { .string(value) }
        func number(_ value: Int) -> JSONValue { .number(String(value)) }
        func names<Options: OptionSet>(_ options: Options, _ named: [(String, Options)]) -> JSONValue where Options.Element == Options {
            .array(named.filter { options.contains($0.1) }.map { .string($0.0) })
        }
        return [
            ("storeKitAPI", text(storeKitAPI.rawValue)),
            ("orderTiming", text(orderTiming.rawValue)),
            ("orderCreationTries", number(orderCreationTries)),
            ("orderCreationSpacing", text(DurationText.format(orderCreationSpacingMs))),
            ("itemMapping", text(itemMapping.rawValue)),
            ("userMapping", text(userMapping.rawValue)),
            ("localStore", text(localStore.rawValue)),
            ("persistMoment", text(persistMoment.rawValue)),
            ("recordClearing", text(recordClearing.rawValue)),
            ("guardsDoubleTap", .bool(guardsDoubleTap)),
            ("blockingUI", text(blockingUI.rawValue)),
            ("finishMoment", text(finishMoment.rawValue)),
            ("retrySchedule", retrySchedule.json),
            ("retryTriggers", names(retryTriggers, RetryTriggers.named)),
            ("retryScheduleRounds", text(retryScheduleRounds.rawValue)),
            ("failureCountPersists", .bool(failureCountPersists)),
            ("retryScope", text(retryScope.rawValue)),
            ("recoverPage", text(recoverPage.rawValue)),
            ("unmatchedTransactions", text(unmatchedTransactions.rawValue)),
            ("transactionsWithoutId", text(transactionsWithoutId.rawValue)),
            ("receiptKind", text(receiptKind.rawValue)),
            ("serverVerification", text(serverVerification.rawValue)),
            ("serverIdempotency", text(serverIdempotency.rawValue)),
            ("serverAppleTries", number(serverAppleTries)),
            ("deliversWholeReceipt", .bool(deliversWholeReceipt)),
            ("serverRecovery", names(serverRecovery, ServerRecovery.named)),
            ("olderOSDesign", olderOSDesign.map(JSONValue.string) ?? .null),
        ]
    }

    /// `{"name": name, "from": from, ...every axis}`: a whole `customDesigns` entry that needs no
    /// knowledge of the preset it starts from.
    public func customDesignJSON(name: String, from base: String) -> JSONValue {
        .object([(key: "name", value: .string(name), line: 0), (key: "from", value: .string(base), line: 0)]
            + axisJSON.map { (key: $0.axis, value: $0.value, line: 0) })
    }
}

extension RetrySchedule {
    /// `"none"` or the object `DesignReader.retrySchedule` reads.
    var json: JSONValue {
        func field(_ key: String, _ value: JSONValue) -> (key: String, value: JSONValue, line: Int) { (key, value, 0) }
        switch self {
        case .none:
            return .string("none")
        case .fixedInterval(let intervalMs):
            return .object([field("kind", .string("fixedInterval")), field("interval", .string(DurationText.format(intervalMs)))])
        case .linearBackoff(let stepMs, let capMs):
            return .object([field("kind", .string("linearBackoff")), field("step", .string(DurationText.format(stepMs))),
                            field("cap", .string(DurationText.format(capMs)))])
        case .tries(let count, let spacingMs):
            return .object([field("kind", .string("tries")), field("count", .number(String(count))),
                            field("spacing", .string(DurationText.format(spacingMs)))])
        }
    }
}

extension JSONValue {
    /// The value on one line, as `simrun designs NAME` prints an axis: `{"kind": "tries", "count": 3}`.
    public var oneLine: String {
        switch self {
        case .object(let fields):
            return "{" + fields.map { JSONWriter.quote($0.key) + ": " + $0.value.oneLine }.joined(separator: ", ") + "}"
        case .array(let items):
            return "[" + items.map(\.oneLine).joined(separator: ", ") + "]"
        default:
            return JSONWriter.write(self)
        }
    }
}
