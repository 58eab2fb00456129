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
