import Policies

/// A space file for `simrun optimize --space`: a preset to start from and the axes to vary.
///
/// ```json
/// {"from": "faultsim-recommended",
///  "axes": {"localStore": "all",
///           "finishMoment": ["afterVerdict", "afterDelivery"],
///           "retrySchedule": [{"kind": "linearBackoff", "step": "10s", "cap": "1m"}, "none"]}}
/// ```
///
/// `from` is a preset (default `naive`); `axes` maps axis names (as `simrun designs NAME` prints
/// them) to `"all"` (the axis's whole grid) or to a list of values, each written as in
/// `customDesigns` and each on the axis's grid (`simrun optimize --help` and docs/model.md §6
/// list the grids). An axis not listed keeps `from`'s value, even one the grid does not list
/// (seed 004's 2 s between create-order tries): the space is then that value alone
/// (`DesignSpace.baseValue`). A value off the grid, an unknown axis, a value given twice or an
/// empty list is an error naming the file, the key and the value (and the grid).
extension DesignSpace {
    /// The space file at `path` (unreadable: exit 66, like a scenario file; wrong: 65).
    public static func load(path: String) throws(ScenarioError) -> DesignSpace {
        let text = try ScenarioLoader.readText(path, tooLarge: "a space file is a small JSON file")
        return try read(text, file: path)
    }

    /// The space a space file's text describes; `file` names it in errors.
    public static func read(_ text: String, file: String) throws(ScenarioError) -> DesignSpace {
        let root = try JSONParser.parse(text, file: file)
        var reader = try ObjectReader(file: file, path: "", value: root)
        let base = try DesignReader.fromPreset(&reader)
        var allowed: [[Int]] = DesignAxis.table.map { axis in axis.index(of: base).map { [$0] } ?? [baseValue] }
        if let axes = try reader.object("axes") {
            let names = DesignAxis.table.map(\.name)
            for field in axes.fields {
                guard let axis = names.firstIndex(of: field.key) else {
                    var message = "unknown axis"
                    if let hint = Suggestion.nearest(to: field.key, in: names) { message += "; did you mean '\(axes.keyPath(hint))'?" }
                    throw ScenarioError(file: file, keyPath: axes.keyPath(field.key), message: message + " (axes: \(names.joined(separator: ", ")))")
                }
                allowed[axis] = try values(field.value, axis: axis, base: base, file: file, keyPath: axes.keyPath(field.key))
            }
        }
        try reader.finish()
        return DesignSpace(base: base, allowed: allowed)
    }

    /// Refuses a space file with nothing to search, naming `file`: one with no design that can
    /// ship (every combination breaks a rule, which the error quotes from `Design.problems`), or
    /// one that varies no axis (it is a single design: `simrun compare` and `run` measure it).
    /// `legal` is the space's `legalCount`.
    public func checkSearchable(file: String, legal: UInt64) throws(ScenarioError) {
        let combinations = Grouped.count(Int(clamping: self.combinations), "combination")
        if legal == 0 {
            let common = problemsOfEveryCombination
            let why = common.isEmpty
                ? "each of its \(combinations) breaks a rule of Design.problems, though not the same one; "
                    + "let the axes the rules name take values that go together"
                : (self.combinations == 1 ? "its one combination breaks " : "every one of its \(combinations) breaks ")
                    + (common.count == 1 ? "this rule: " : "these rules: ") + common.joined(separator: "; ")
                    + (common.count == 1 ? "; let the axes it names" : "; let the axes they name") + " take values that go together"
            throw ScenarioError(file: file, keyPath: "axes", message: "no design in the space can ship: " + why)
        }
        guard !varyingAxes.isEmpty else {
            // The axes held at a value other than the base's, which make the one design.
            let held = DesignAxis.table.indices.filter { allowed[$0] != [Self.baseValue] && DesignAxis.table[$0].index(of: base) != allowed[$0][0] }
            let changes = held.map { "\(DesignAxis.table[$0].name) \(DesignAxis.table[$0].values[allowed[$0][0]].label)" }
            let design = changes.isEmpty ? base.name : "\(base.name) with " + changes.joined(separator: ", ")
            throw ScenarioError(file: file, keyPath: "axes", message: "the space varies no axis: every axis holds one value, so it is one "
                                + "design (\(design)) and there is nothing to search; give an axis two values or more, or \"all\"")
        }
    }

    /// The value indices `value` names on axis `axis`: `"all"`, or a non-empty list of values
    /// on the grid, each once.
    static func values(_ value: JSONValue, axis: Int, base: Design, file: String, keyPath: String) throws(ScenarioError) -> [Int] {
        let entry = DesignAxis.table[axis]
        let grid = entry.values.map(\.label).joined(separator: "; ")
        if case .string("all") = value { return Array(entry.values.indices) }
        guard case .array(let items) = value, !items.isEmpty else {
            throw ScenarioError(file: file, keyPath: keyPath, value: value.rendered,
                                message: "expected \"all\" or a non-empty array of values (the grid: \(grid))")
        }
        var indices: [Int] = []
        for (position, item) in items.enumerated() {
            let itemPath = "\(keyPath)[\(position)]"
            var design = base
            do {
                var reader = try ObjectReader(file: file, path: "", value: .object([(key: entry.name, value: item, line: 0)]))
                try DesignReader.readAxes(&reader, into: &design)
            } catch {
                // The reader names the axis; the file's key is the list item.
                throw ScenarioError(file: file, keyPath: itemPath, value: error.value.isEmpty ? item.rendered : error.value,
                                    message: error.message)
            }
            guard let index = entry.index(of: design) else {
                throw ScenarioError(file: file, keyPath: itemPath, value: item.oneLine,
                                    message: "not on the \(entry.name) grid; the grid: \(grid)")
            }
            guard !indices.contains(index) else {
                throw ScenarioError(file: file, keyPath: itemPath, value: item.oneLine, message: "given twice")
            }
            indices.append(index)
        }
        return indices.sorted()
    }
}
