/// Writes a `JSONValue` back as JSON text, keys in their order, two-space indentation.
public enum JSONWriter {
    /// A result file a person scans and a script reads: the top object's keys one per line,
    /// a list of objects (or lists) one item per line, everything else on its line. Every JSON
    /// a decision tool writes (`--json`) is laid out so.
    public static func records(_ value: JSONValue) -> String {
        guard case .object(let fields) = value, !fields.isEmpty else { return value.oneLine }
        let lines = fields.map { field -> String in
            let head = "  " + quote(field.key) + ": "
            if case .array(let items) = field.value, !items.isEmpty, items.allSatisfy(\.isContainer) {
                return head + "[\n" + items.map { "    " + $0.oneLine }.joined(separator: ",\n") + "\n  ]"
            }
            return head + field.value.oneLine
        }
        return "{\n" + lines.joined(separator: ",\n") + "\n}"
    }

    public static func write(_ value: JSONValue, indent: Int = 0) -> String {
        let pad = String(repeating: "  ", count: indent)
        switch value {
        case .object(let fields):
            if fields.isEmpty { return "{}" }
            let inner = fields.map { pad + "  " + quote($0.key) + ": " + write($0.value, indent: indent + 1) }
            return "{\n" + inner.joined(separator: ",\n") + "\n" + pad + "}"
        case .array(let items):
            return "[" + items.map { write($0, indent: indent + 1) }.joined(separator: ", ") + "]"
        case .string(let text): return quote(text)
        case .number(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        }
    }

    static func quote(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            case "\r": quoted += "\\r"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    quoted += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    quoted.unicodeScalars.append(scalar)
                }
            }
        }
        return quoted + "\""
    }
}
