import Policies

/// A design as a `customDesigns` entry, in the syntax `DesignReader` reads: what `simrun designs
/// NAME` prints, so that any line or the whole `--json` object can be pasted into a scenario.
/// Reading the object back gives the same design (a test round-trips every preset).
extension Design {
    /// Every axis and its value as JSON, in the order `simrun designs NAME` prints them.
    public var axisJSON: [(axis: String, value: JSONValue)] { DesignAxis.table.map { ($0.name, $0.value(of: self)) } }

    /// Every axis and its value in words, one `  axis = value` line each: what a shard's
    /// fingerprint hashes of a design, so parts of one job agree on every design's axes. An
    /// axis added after parts were first written (`fingerprintSilentAtDefault`) has no line at
    /// its default, so a design that does not use it hashes as it always has.
    var fingerprintLines: String {
        DesignAxis.table.compactMap { axis in
            let text = axis.text(of: self)
            if let silent = Design.fingerprintSilentAtDefault[axis.name], silent == text { return nil }
            return "  \(axis.name) = \(text)\n"
        }.joined()
    }

    /// Axes added after the fingerprint's words were fixed, with the default (in words) at
    /// which they leave no line.
    static let fingerprintSilentAtDefault: [String: String] = [
        "applicationUsernameIsUUID": "false", "foregroundSweep": "false", "listenerTiming": "firstAtLaunch",
        "completesPurchaseIntents": "false", "revokesOnRefund": "false", "retriedFailures": "anyFailure",
    ]

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
