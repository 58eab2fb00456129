/// One `--set KEY.PATH=VALUE` from the command line: a scenario key, by its path in the file
/// (`network.requestLossProbability`, `platform`, `customDesigns[0].localStore`), and a value
/// written as JSON (`0.3`, `true`, `{"kind": "fixed", "value": "5s"}`) or, when it is not
/// JSON, as a string (`pre-2025`, `5s`). Applied to the file's JSON before loading, so the
/// loader checks an overridden value exactly as it checks the file's own.
public struct ScenarioOverride: Sendable, Equatable {
    enum Segment: Sendable, Equatable {
        case key(String)
        case index(Int)
    }

    /// The key path as written.
    public let keyPath: String
    public let value: JSONValue
    /// `KEY.PATH=VALUE` as given, for commands that replay a run.
    public let text: String
    let segments: [Segment]

    /// Parses `KEY.PATH=VALUE`; the error says what is wrong, for a usage message.
    public static func parse(_ text: String) -> Result<ScenarioOverride, OverrideSyntaxError> {
        guard let equals = text.firstIndex(of: "=") else {
            return .failure(OverrideSyntaxError(message: "expected KEY.PATH=VALUE, such as network.requestLossProbability=0.05"))
        }
        let keyPath = String(text[..<equals])
        let valueText = String(text[text.index(after: equals)...])
        guard let segments = segments(of: keyPath) else {
            return .failure(OverrideSyntaxError(message: "'\(keyPath)' is not a key path (keys separated by '.', array items as [n])"))
        }
        let value: JSONValue = (try? JSONParser.parse(valueText)) ?? .string(valueText)
        return .success(ScenarioOverride(keyPath: keyPath, value: value, text: text, segments: segments))
    }

    static func segments(of keyPath: String) -> [Segment]? {
        var segments: [Segment] = []
        for part in keyPath.split(separator: ".", omittingEmptySubsequences: false) {
            var rest = Substring(part)
            let bracket = rest.firstIndex(of: "[") ?? rest.endIndex
            let key = rest[..<bracket]
            guard !key.isEmpty, !key.contains("]") else { return nil }
            segments.append(.key(String(key)))
            rest = rest[bracket...]
            while !rest.isEmpty {
                guard rest.first == "[", let close = rest.firstIndex(of: "]"),
                      let index = Int(rest[rest.index(after: rest.startIndex)..<close]), index >= 0 else { return nil }
                segments.append(.index(index))
                rest = rest[rest.index(after: close)...]
            }
        }
        return segments
    }

    /// `json` with this override applied: missing objects on the way are created; a key that
    /// does not exist is added (and then rejected by the loader if it is not a scenario key).
    func apply(to json: JSONValue, file: String) throws(ScenarioError) -> JSONValue {
        try ScenarioOverride.set(value, at: segments[...], in: json, file: file, keyPath: keyPath)
    }

    private static func set(_ value: JSONValue, at path: ArraySlice<Segment>, in json: JSONValue, file: String,
                            keyPath: String) throws(ScenarioError) -> JSONValue {
        guard let first = path.first else { return value }
        switch (first, json) {
        case (.key(let key), .object(var fields)):
            if let index = fields.firstIndex(where: { $0.key == key }) {
                fields[index].value = try set(value, at: path.dropFirst(), in: fields[index].value, file: file, keyPath: keyPath)
            } else {
                fields.append((key, try set(value, at: path.dropFirst(), in: .object([]), file: file, keyPath: keyPath), 0))
            }
            return .object(fields)
        case (.index(let index), .array(var items)):
            guard index < items.count else {
                throw ScenarioError(file: file, keyPath: keyPath, message: "--set: the array has \(items.count) items, no [\(index)]")
            }
            items[index] = try set(value, at: path.dropFirst(), in: items[index], file: file, keyPath: keyPath)
            return .array(items)
        case (.key, _):
            throw ScenarioError(file: file, keyPath: keyPath, value: json.rendered, message: "--set: the value on the way is not an object")
        case (.index, _):
            throw ScenarioError(file: file, keyPath: keyPath, value: json.rendered, message: "--set: the value on the way is not an array")
        }
    }
}

/// Why a `--set` argument could not be read.
public struct OverrideSyntaxError: Error, Sendable, Equatable {
    public let message: String
}
