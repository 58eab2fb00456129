/// A JSON value written for people: on one line (`simrun designs NAME`, a table cell).
extension JSONValue {
    /// A value for a table cell: strings bare, `null` as "none", everything else as one line of JSON.
    public var label: String {
        if case .string(let text) = self { return text }
        if case .null = self { return "none" }
        return oneLine
    }

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

    /// An object or an array.
    var isContainer: Bool {
        switch self {
        case .object, .array: true
        default: false
        }
    }
}
