import Policies

/// One row of the parameter table (`ScenarioParameter.table`): a scenario key, the typed
/// `Scenario` field it sets, its fault-free value, where its default comes from, and what it
/// means. The loader, the JSON writer, `Scenario.faultFree()`, `simrun keys` and the tables in
/// docs/model.md all read the table, so a new parameter is one row here plus its stored field
/// (with its default) in `Scenario.swift`.
public struct ScenarioParameter: Sendable {
    /// The key as a scenario file and `--set` write it: `"user.cancelProbability"`, `"horizon"`.
    public let path: String
    /// How the value is written, checked and stored.
    public let field: Field
    /// What a probability is per ("request", "run"): part of the unit; nil for other kinds.
    public let per: String?
    /// The value in `Scenario.faultFree()`; nil keeps the default there.
    public let faultFree: Value?
    /// Where the default comes from.
    public let source: Source
    /// What the key does, in one line.
    public let meaning: String

    public init(_ path: String, _ field: Field, per: String? = nil, faultFree: Value? = nil, _ source: Source,
                _ meaning: String) {
        self.path = path
        self.field = field
        self.per = per
        self.faultFree = faultFree
        self.source = source
        self.meaning = meaning
    }

    /// The object the key sits in (`"user"`), or `""` for a top-level key.
    public var section: String {
        guard let dot = path.firstIndex(of: ".") else { return "" }
        return String(path[..<dot])
    }

    /// The key inside its object (`"cancelProbability"`).
    public var key: String {
        guard let dot = path.firstIndex(of: ".") else { return path }
        return String(path[path.index(after: dot)...])
    }

    /// The table's rows by section, sections in the order of their first row ("" first: the
    /// top-level keys). A test keeps each section's rows together.
    public static let sections: [(name: String, rows: ArraySlice<ScenarioParameter>)] = {
        var sections: [(name: String, rows: ArraySlice<ScenarioParameter>)] = []
        var start = table.startIndex
        while start < table.endIndex {
            let name = table[start].section
            let end = table[start...].firstIndex { $0.section != name } ?? table.endIndex
            sections.append((name, table[start..<end]))
            start = end
        }
        return sections
    }()

    /// The row of `path`, if it is a key of the table.
    public static func row(_ path: String) -> ScenarioParameter? { table.first { $0.path == path } }

    /// The value's unit as the tables print it: "probability per request", "duration".
    public var unit: String {
        if let per { return "\(field.unit) per \(per)" }
        return field.unit
    }

    /// The value in `Scenario()`: the stored field's default, the only place it is written.
    public var defaultValue: Value? { field.value(in: Scenario()) }

    /// Where a value comes from: a cited source, a guess with a plausible range, or a setting of
    /// the experiment rather than a fact about the world.
    public enum Source: Sendable {
        /// The value is stated by the sources (docs/model.md §15); the text cites them.
        case cited(String)
        /// The value is a guess. `basis` says what informs it ("" if nothing); a plausible
        /// `low` and `high` bound it, and `reason` says why those bounds.
        case guess(basis: String = "", low: Value, high: Value, reason: String)
        /// Not a fact about the world but a choice of the experiment (runs, seed, designs).
        case setting
    }
}

extension ScenarioParameter {
    /// Every key path whose last part is `key` (case-insensitive), in table order: where a key
    /// given in the wrong object belongs.
    /// - Complexity: O(n) in the table's rows.
    public static func keys(named key: String) -> [String] {
        let lowered = key.lowercased()
        return table.filter { $0.key.lowercased() == lowered }.map(\.path)
    }
}
