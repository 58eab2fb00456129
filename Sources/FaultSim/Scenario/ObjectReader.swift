/// The one strict JSON reader: scenario files, observations, bias files, design spaces and part
/// files are all read through it, so every input names its errors the same way (file, key path,
/// value). A scenario's object is read key by key, each value checked, and at the end any key
/// nobody asked for is rejected (with the nearest known key as a hint); a part's values are
/// walked by key path (`ObjectReader+Values`), every count read from its text, never a Double.
struct ObjectReader {
    let file: String
    let path: String
    /// The value read here: an object for a scenario's reader, any JSON value for a part's.
    let value: JSONValue
    private(set) var knownKeys: [String] = []

    /// The object's fields in file order; none when the value is not an object.
    var fields: [(key: String, value: JSONValue, line: Int)] {
        guard case .object(let fields) = value else { return [] }
        return fields
    }

    /// A reader of the object `value`; an error when it is not one.
    init(file: String, path: String, value: JSONValue) throws(ScenarioError) {
        guard case .object = value else {
            throw ScenarioError(file: file, keyPath: path, value: value.rendered, message: "expected an object")
        }
        self.init(file: file, path: path, any: value)
    }

    /// A reader of any value (an array, a number, an object), checked when it is read.
    init(file: String, path: String, any value: JSONValue) {
        self.file = file
        self.path = path
        self.value = value
    }

    func keyPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    func fail(_ key: String, _ value: JSONValue, _ message: String) -> ScenarioError {
        ScenarioError(file: file, keyPath: keyPath(key), value: value.rendered, message: message)
    }

    /// The value under `key`, if present; marks the key as known either way.
    mutating func value(_ key: String) -> JSONValue? {
        knownKeys.append(key)
        return fields.first { $0.key == key }?.value
    }

    mutating func probability(_ key: String, _ target: inout Double) throws(ScenarioError) {
        guard let value = value(key) else { return }
        guard case .number(let text) = value, let number = Double(text), number.isFinite else {
            throw fail(key, value, "expected a probability, a number in [0, 1]")
        }
        guard (0...1).contains(number) else { throw fail(key, value, "a probability must be in [0, 1]") }
        target = number
    }

    mutating func integer(_ key: String, _ target: inout Int, in range: ClosedRange<Int>) throws(ScenarioError) {
        guard let value = value(key) else { return }
        guard case .number(let text) = value, let number = Int(text) else {
            throw fail(key, value, "expected a whole number")
        }
        guard range.contains(number) else {
            throw fail(key, value, "must be between \(range.lowerBound) and \(range.upperBound)")
        }
        target = number
    }

    mutating func seed(_ key: String, _ target: inout UInt64) throws(ScenarioError) {
        guard let value = value(key) else { return }
        guard case .number(let text) = value, let number = UInt64(text) else {
            throw fail(key, value, "expected a whole number in [0, 2^64)")
        }
        target = number
    }

    mutating func bool(_ key: String, _ target: inout Bool) throws(ScenarioError) {
        guard let value = value(key) else { return }
        guard case .bool(let flag) = value else { throw fail(key, value, "expected true or false") }
        target = flag
    }

    mutating func string(_ key: String, _ target: inout String) throws(ScenarioError) {
        guard let value = value(key) else { return }
        guard case .string(let text) = value else { throw fail(key, value, "expected a string") }
        target = text
    }

    mutating func stringList(_ key: String, _ target: inout [String]) throws(ScenarioError) {
        guard let value = value(key) else { return }
        guard case .array(let items) = value, !items.isEmpty else {
            throw fail(key, value, "expected a non-empty array of strings")
        }
        var strings: [String] = []
        for (index, item) in items.enumerated() {
            guard case .string(let text) = item else { throw fail("\(key)[\(index)]", item, "expected a string") }
            strings.append(text)
        }
        target = strings
    }

    mutating func choice<Choice: RawRepresentable & CaseIterable>(
        _ key: String, _ target: inout Choice
    ) throws(ScenarioError) where Choice.RawValue == String {
        guard let value = value(key) else { return }
        let names = Choice.allCases.map(\.rawValue)
        guard case .string(let text) = value, let parsed = Choice(rawValue: text) else {
            throw fail(key, value, "expected one of: \(names.joined(separator: ", "))")
        }
        target = parsed
    }

    /// The name under `key`, which must be one of `names`; nil when the key is absent.
    mutating func name(_ key: String, among names: [String]) throws(ScenarioError) -> String? {
        guard let value = value(key) else { return nil }
        guard case .string(let text) = value, names.contains(text) else {
            throw fail(key, value, "expected one of: \(names.joined(separator: ", "))")
        }
        return text
    }

    mutating func duration(_ key: String, _ target: inout SimTime) throws(ScenarioError) {
        guard let value = value(key) else { return }
        target = try parseDuration(value, key: key)
    }

    func parseDuration(_ value: JSONValue, key: String) throws(ScenarioError) -> SimTime {
        guard case .string(let text) = value else {
            throw fail(key, value, "expected a duration string with a unit, such as \"300ms\" or \"1h\"")
        }
        switch DurationText.parse(text) {
        case .success(let ms): return ms
        case .failure(let error): throw fail(key, value, error.message)
        }
    }

    /// A distribution: a duration string (fixed) or `{"kind": ..., ...}`.
    mutating func distribution(_ key: String, _ target: inout DurationDistribution) throws(ScenarioError) {
        guard let value = value(key) else { return }
        if case .string = value {
            target = .fixed(try parseDuration(value, key: key))
            return
        }
        guard case .object = value else {
            throw fail(key, value, "expected a duration with a unit, such as \"20s\" (always that long), or a distribution "
                + "such as {\"kind\": \"logNormal\", \"median\": \"20s\", \"p99\": \"2m\"} (kinds: fixed, uniform, logNormal, exponential)")
        }
        var reader = try ObjectReader(file: file, path: keyPath(key), value: value)
        var kind = DurationDistribution.Kind.fixed
        guard reader.fields.contains(where: { $0.key == "kind" }) else {
            throw ScenarioError(file: file, keyPath: keyPath(key), value: value.rendered,
                                message: "a distribution needs \"kind\": fixed, uniform, logNormal or exponential")
        }
        try reader.choice("kind", &kind)
        func required(_ name: String, _ reader: inout ObjectReader) throws(ScenarioError) -> SimTime {
            guard let field = reader.value(name) else {
                throw ScenarioError(file: file, keyPath: reader.keyPath(name), message: "a \(kind.rawValue) distribution needs \"\(name)\"")
            }
            return try reader.parseDuration(field, key: name)
        }
        switch kind {
        case .fixed:
            target = .fixed(try required("value", &reader))
        case .uniform:
            let low = try required("min", &reader)
            let high = try required("max", &reader)
            guard low <= high else { throw reader.fail("max", reader.value("max") ?? .null, "max must not be below min") }
            target = .uniform(minMs: low, maxMs: high)
        case .logNormal:
            let median = try required("median", &reader)
            let p99 = try required("p99", &reader)
            guard median > 0 else { throw reader.fail("median", reader.value("median") ?? .null, "the median must be positive") }
            guard p99 >= median else { throw reader.fail("p99", reader.value("p99") ?? .null, "p99 must not be below the median") }
            target = .logNormal(medianMs: median, p99Ms: p99)
        case .exponential:
            target = .exponential(meanMs: try required("mean", &reader))
        }
        try reader.finish()
    }

    mutating func object(_ key: String) throws(ScenarioError) -> ObjectReader? {
        guard let value = value(key) else { return nil }
        return try ObjectReader(file: file, path: keyPath(key), value: value)
    }

    /// Rejects the first key (in file order) that no reader asked for, with the nearest known
    /// key, or when none is near, every key this object takes.
    func finish() throws(ScenarioError) {
        for field in fields where !knownKeys.contains(field.key) {
            var message = field.line > 0 ? "unknown key (line \(field.line))" : "unknown key (given on the command line)"
            if let hint = Suggestion.nearest(to: field.key, in: knownKeys) {
                message += "; did you mean '\(keyPath(hint))'?"
            } else if let elsewhere = ScenarioParameter.keys(named: field.key).first, elsewhere != keyPath(field.key) {
                // The right key in the wrong object, as `appServer.requestTimeout` for `network.requestTimeout`.
                message += "; did you mean '\(elsewhere)'? (`simrun keys` lists every key)"
            } else if !knownKeys.isEmpty {
                message += "; the keys here are \(knownKeys.joined(separator: ", "))"
            }
            throw ScenarioError(file: file, keyPath: keyPath(field.key), message: message)
        }
    }
}
