import Policies

/// A scenario as scenario-file JSON, every key written: the loader's inverse, so a generated
/// scenario (a swarm test case, for example) can be saved and replayed with `simrun run`.
/// Custom designs are not written; name presets only. Keys come from the parameter table, in
/// its order; a test keeps the bytes equal to the hand-written writer's that came before it.
extension Scenario {
    public var jsonValue: JSONValue {
        var fields: [(key: String, value: JSONValue, line: Int)] = []
        for section in ScenarioParameter.sections {
            let written = section.rows.compactMap { row in row.field.value(in: self).map { (row.key, $0.jsonValue, 0) } }
            if section.name.isEmpty {
                fields += written
            } else {
                fields.append((section.name, .object(written), 0))
            }
        }
        // Only when there are some: a scenario without segments writes the bytes it always did.
        if !segments.isEmpty { fields.append(("segments", .array(segments.map(\.jsonValue)), 0)) }
        return .object(fields)
    }

    /// `jsonValue` as a file that stands alone: the custom designs written as whole
    /// `customDesigns` entries (every axis, so the `from` preset decides nothing), before
    /// `designs`, so a file that names them (`designs`, `legacyBuild`) reads back. What
    /// `calibrate --points-out` writes.
    public var selfContainedJSONValue: JSONValue {
        guard !customDesigns.isEmpty, case .object(var fields) = jsonValue else { return jsonValue }
        let entries = customDesigns.map { $0.customDesignJSON(name: $0.name, from: Design.naive.name) }
        let at = fields.firstIndex { $0.key == "designs" } ?? fields.endIndex
        fields.insert((key: "customDesigns", value: .array(entries), line: 0), at: at)
        return .object(fields)
    }
}

extension ScenarioParameter.Value {
    /// The value as a scenario file writes it.
    public var jsonValue: JSONValue {
        switch self {
        case .text(let text), .choice(let text): .string(text)
        case .count(let count): .number(String(count))
        case .seed(let seed): .number(String(seed))
        case .probability(let p): .number(String(p))
        case .duration(let ms): .string(DurationText.format(ms))
        case .names(let names): .array(names.map { .string($0) })
        case .distribution(let kind, let first, let second):
            switch kind {
            case .fixed: .string(DurationText.format(first))
            case .uniform: Self.object(kind, [("min", first), ("max", second)])
            case .logNormal: Self.object(kind, [("median", first), ("p99", second)])
            case .exponential: Self.object(kind, [("mean", first)])
            }
        }
    }

    private static func object(_ kind: DurationDistribution.Kind, _ fields: [(String, SimTime)]) -> JSONValue {
        .object([("kind", .string(kind.rawValue), 0)] + fields.map { ($0.0, .string(DurationText.format($0.1)), 0) })
    }
}

extension ScenarioSegment {
    /// The segment as a scenario file writes it: `{"name", "share", "set": {key path: value}}`.
    public var jsonValue: JSONValue {
        .object([("name", .string(name), 0), ("share", .number(String(share)), 0),
                 ("set", .object(settings.map { ($0.path, $0.value.jsonValue, 0) }), 0)])
    }
}
