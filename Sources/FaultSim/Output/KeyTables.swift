/// The parameter table and the fault table as text: aligned for a terminal (`simrun keys`) or
/// as the markdown docs/model.md embeds (`simrun keys --markdown`; a test keeps the two equal).
public enum KeyTables {
    /// The three tables `simrun keys` prints, each with the names its rows go by.
    public enum Table: Sendable {
        case parameters, faults, axes

        /// Each row's name, in table order: a key path, a fault's name, an axis's name.
        public var rowNames: [String] {
            switch self {
            case .parameters: ScenarioParameter.table.map(\.path)
            case .faults: FaultKind.allCases.map(\.row.name)
            case .axes: DesignAxis.table.map(\.name)
            }
        }

        /// What one row is, for a message.
        public var noun: String {
            switch self {
            case .parameters: "scenario key"
            case .faults: "fault"
            case .axes: "design axis"
            }
        }
    }

    /// `table` as `simrun keys` prints it, only the rows `filter` selects (every row for nil).
    public static func render(_ table: Table, markdown: Bool, filter: String? = nil) -> String {
        let kept = filter.map { Set(selection($0, in: table)) }
        switch table {
        case .parameters: return parameters(markdown: markdown, keeping: kept)
        case .faults: return faults(markdown: markdown, keeping: kept)
        case .axes: return axes(markdown: markdown, keeping: kept)
        }
    }

    /// The row names `filter` selects: the one row of exactly that name (`network.latency`),
    /// else every row whose name starts with it (`network.`, `network.req`); none when no
    /// name does, and the command then suggests one (`suggestion(for:in:)`).
    public static func selection(_ filter: String, in table: Table) -> [String] {
        let names = table.rowNames
        return names.contains(filter) ? [filter] : names.filter { $0.hasPrefix(filter) }
    }

    /// The name meant by a filter that selects nothing: a key whose last part it is, given
    /// without its object (`latency` → `network.latency`), else the nearest name.
    public static func suggestion(for filter: String, in table: Table) -> String? {
        if table == .parameters, let key = ScenarioParameter.keys(named: filter).first { return key }
        return Suggestion.nearest(to: filter, in: table.rowNames)
    }

    /// Every scenario key (or those in `kept`). Plain: one aligned line per key (path, default,
    /// fault-free value, unit), then its meaning and its source, indented.
    public static func parameters(markdown: Bool, keeping kept: Set<String>? = nil) -> String {
        let rows = ScenarioParameter.table.filter { kept?.contains($0.path) ?? true }
        if markdown {
            var text = "| key | unit | default | fault-free | meaning | source |\n|---|---|---|---|---|---|\n"
            for row in rows {
                let source = row.sourceText.hasPrefix("guess") ? "**guess**" + row.sourceText.dropFirst(5) : row.sourceText
                let cells = ["`\(row.path)`", row.unit, row.defaultText, row.faultFree?.text ?? "", row.meaning, source]
                text += "| " + cells.map(cell).joined(separator: " | ") + " |\n"
            }
            return text
        }
        let lines = [["KEY", "DEFAULT", "FAULT-FREE", "UNIT"]] + rows.map { [$0.path, $0.defaultText, $0.faultFree?.text ?? "", $0.unit] }
        let details = [nil] + rows.map { "    \($0.meaning)\n    source: \($0.sourceText)\n" }
        return zip(aligned(lines), details).map { line, detail in line + "\n" + (detail ?? "") }.joined()
    }

    /// Every fault (or those in `kept`): its name (rule-driven ones marked), the actor whose
    /// lifeline shows it, the key that controls it with that key's default, and what one firing
    /// means.
    public static func faults(markdown: Bool, keeping kept: Set<String>? = nil) -> String {
        let rows = FaultKind.allCases.filter { kept?.contains($0.row.name) ?? true }.map { fault in
            let row = fault.row
            let parameter = ScenarioParameter.row(row.key)
            let rule: Bool
            if case .probability = parameter?.field { rule = false } else { rule = true }
            return (name: row.name, rule: rule ? " (rule)" : "", actor: row.actor.title, key: row.key,
                    defaultText: parameter?.defaultText ?? "", firing: row.firing)
        }
        if markdown {
            var text = "| fault | actor | key | default | one firing means |\n|---|---|---|---|---|\n"
            for row in rows {
                let cells = ["`\(row.name)`\(row.rule)", row.actor, "`\(row.key)`", row.defaultText, row.firing]
                text += "| " + cells.map(cell).joined(separator: " | ") + " |\n"
            }
            return text
        }
        let lines = [["FAULT", "ACTOR", "KEY", "DEFAULT", "ONE FIRING MEANS"]]
            + rows.map { [$0.name + $0.rule, $0.actor, $0.key, $0.defaultText, $0.firing] }
        return aligned(lines).map { $0 + "\n" }.joined()
    }

    /// Every design axis (or those in `kept`): its name, the values a `customDesigns` entry
    /// takes, the values the design space tries when they are a grid, whether a rule ties it to
    /// another axis, what it does in the model and where it comes from.
    public static func axes(markdown: Bool, keeping kept: Set<String>? = nil) -> String {
        let rows = DesignAxis.table.filter { kept?.contains($0.name) ?? true }.map { axis in
            (name: axis.name, accepts: axis.accepts,
             grid: (axis.isGrid ? axis.values.map(\.label).joined(separator: ", ") : "every value")
                + (axis.isHeldByOptimize ? " (optimize: \(axis.values[0].label) only)" : ""),
             rules: axis.constrained ? "yes" : "", meaning: axis.meaning, source: axis.source)
        }
        if markdown {
            var text = "| axis | values | tried by ablate and optimize | tied to other axes | what it does in the model | source |\n"
                + "|---|---|---|---|---|---|\n"
            for row in rows {
                let cells = ["`\(row.name)`", row.accepts, row.grid, row.rules, row.meaning, row.source]
                text += "| " + cells.map(cell).joined(separator: " | ") + " |\n"
            }
            return text
        }
        let lines = [["AXIS", "VALUES", "TIED"]] + rows.map { [$0.name, $0.accepts.replacingOccurrences(of: "`", with: ""), $0.rules] }
        let details = [nil] + rows.map { "    \($0.meaning)\n    tried: \($0.grid)\n    source: \($0.source)\n" }
        return zip(aligned(lines), details).map { line, detail in line + "\n" + (detail ?? "") }.joined()
    }

    /// Each line's cells padded to their column's width, two spaces apart, no trailing spaces.
    static func aligned(_ lines: [[String]]) -> [String] {
        let widths = lines[0].indices.map { column in lines.map { $0[column].count }.max() ?? 0 }
        return lines.map { cells in
            var line = ""
            for (column, cell) in cells.enumerated() {
                line += cell + (column == cells.count - 1 ? "" : String(repeating: " ", count: widths[column] - cell.count + 2))
            }
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }

    /// A markdown table cell: a `|` would end it.
    static func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }
}
