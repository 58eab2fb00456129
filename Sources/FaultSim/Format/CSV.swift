/// Comma-separated values as every CSV of the project writes them: RFC 4180 quoting where a
/// field needs it, one record per line ending in "\n".
public enum CSV {
    /// The field, quoted when it holds a comma, a quote or a line break.
    public static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }) else { return text }
        var quoted = "\""
        for character in text {
            if character == "\"" { quoted.append("\"") }
            quoted.append(character)
        }
        return quoted + "\""
    }

    /// One record: the fields quoted where needed, joined by commas, ending in a line break.
    public static func record(_ fields: [String]) -> String { fields.map(field).joined(separator: ",") + "\n" }
}

extension CSV {
    /// The records of a CSV text, fields unquoted: what `field` and `record` write, read back.
    /// - Complexity: O(characters).
    public static func records(_ text: String) -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var quoted = false, wasQuote = false
        for character in text {
            if quoted {
                if character == "\"" { quoted = false; wasQuote = true } else { field.append(character) }
                continue
            }
            switch character {
            case "\"":
                if wasQuote { field.append("\"") }
                quoted = true
            case ",":
                record.append(field)
                field = ""
            case "\n":
                record.append(field)
                records.append(record)
                record = []
                field = ""
            default:
                field.append(character)
            }
            wasQuote = false
        }
        if !field.isEmpty || !record.isEmpty { records.append(record + [field]) }
        return records
    }
}
