/// Reading a scenario file's `"segments"`: an array of `{"name", "share", "set"}` objects,
/// each `set` an object of key paths (`"network.weakNetworkProbability"`) to values, as
/// `--set` takes them. Each value is read by its key's row of the parameter table, exactly as
/// the file's own value would be, so a bad one is refused with the same message; the key path
/// of an error is the segment's (`segments[1].set.network.weakNetworkProbability`).
extension ScenarioLoader {
    /// The segments in `value`, checked against `scenario` (the file's keys, already read).
    static func readSegments(_ value: JSONValue, file: String, scenario: Scenario) throws(ScenarioError) -> [ScenarioSegment] {
        guard case .array(let items) = value else {
            throw ScenarioError(file: file, keyPath: "segments", value: value.rendered,
                                message: "expected an array of segments, such as [{\"name\": \"flaky\", \"share\": 0.2, \"set\": {...}}]")
        }
        var segments: [ScenarioSegment] = []
        var total = 0.0
        for (index, item) in items.enumerated() {
            let path = "segments[\(index)]"
            var reader = try ObjectReader(file: file, path: path, value: item)
            let name = try segmentName(&reader, taken: segments.map(\.name))
            let share = try segmentShare(&reader)
            total += share
            guard total <= 1 + Scenario.shareTolerance else {
                throw reader.fail("share", .number(String(share)),
                                  "the shares of segments[0] to [\(index)] add up to \(total), more than 1 (all the users)")
            }
            var settings: [ScenarioSegment.Setting] = []
            if let set = reader.value("set") {
                settings = try segmentSettings(set, file: file, path: path + ".set", scenario: scenario)
            }
            try reader.finish()
            segments.append(ScenarioSegment(name: name, share: share, settings: settings))
        }
        return segments
    }

    private static func segmentName(_ reader: inout ObjectReader, taken: [String]) throws(ScenarioError) -> String {
        guard let value = reader.value("name") else {
            throw ScenarioError(file: reader.file, keyPath: reader.keyPath("name"), message: "a segment needs a \"name\"")
        }
        guard case .string(let name) = value, !name.isEmpty, name.first != " ", name.last != " ",
              !name.contains(where: \.isNewline) else {
            throw reader.fail("name", value, "expected a non-empty name on one line, without leading or trailing spaces")
        }
        guard name != Scenario.baseSegmentName else {
            throw reader.fail("name", value, "'\(Scenario.baseSegmentName)' names the users no segment claims; choose another name")
        }
        // `--by-segment` outputs name the row of every run "all": a segment of that name would
        // give two rows no reader could tell apart.
        guard name != Scenario.allSegmentsName else {
            throw reader.fail("name", value, "'\(Scenario.allSegmentsName)' names the row of every user in --by-segment outputs; choose another name")
        }
        if let first = taken.firstIndex(of: name) {
            throw reader.fail("name", value, "named twice (also segments[\(first)].name); name each segment once")
        }
        return name
    }

    private static func segmentShare(_ reader: inout ObjectReader) throws(ScenarioError) -> Double {
        guard let value = reader.value("share") else {
            throw ScenarioError(file: reader.file, keyPath: reader.keyPath("share"), message: "a segment needs a \"share\" of the users, in (0, 1]")
        }
        guard case .number(let text) = value, let share = Double(text), share.isFinite else {
            throw reader.fail("share", value, "expected a share of the users, a number in (0, 1]")
        }
        guard share > 0 && share <= 1 else { throw reader.fail("share", value, "a share must be in (0, 1]") }
        return share
    }

    /// The fields of a `set` object with its keys as paths: `"network.latency"` as written, and
    /// a section's object (`"network": {"latency": ...}`, what `--set segments[0].set.network.latency=...`
    /// writes) as one path per key inside it.
    private static func flattened(_ set: ObjectReader) throws(ScenarioError) -> [(key: String, value: JSONValue, line: Int)] {
        let sections = ScenarioParameter.sections.map(\.name).filter { !$0.isEmpty }
        var fields: [(key: String, value: JSONValue, line: Int)] = []
        for field in set.fields {
            guard sections.contains(field.key), case .object(let inner) = field.value else {
                fields.append(field)
                continue
            }
            fields += inner.map { (field.key + "." + $0.key, $0.value, $0.line) }
        }
        return fields
    }

    /// The settings of one segment's `set` object, each key read by its table row over a copy
    /// of `scenario` and kept as the value read.
    private static func segmentSettings(_ value: JSONValue, file: String, path: String,
                                        scenario: Scenario) throws(ScenarioError) -> [ScenarioSegment.Setting] {
        let set = try ObjectReader(file: file, path: path, value: value)
        var settings: [ScenarioSegment.Setting] = []
        for field in try flattened(set) {
            let keyPath = set.keyPath(field.key)
            guard !ScenarioSegment.sharedKeys.contains(field.key) else {
                throw ScenarioError(file: file, keyPath: keyPath, value: field.value.rendered,
                                    message: "every segment shares the scenario's \(field.key): segments split one set of runs of the same designs")
            }
            guard let row = ScenarioParameter.row(field.key) else {
                var message = "not a key a segment can set (line \(field.line)); `simrun keys` lists them"
                if let hint = Suggestion.nearest(to: field.key, in: ScenarioSegment.settableKeys) { message += "; did you mean '\(hint)'?" }
                throw ScenarioError(file: file, keyPath: keyPath, value: field.value.rendered, message: message)
            }
            if settings.contains(where: { $0.path == row.path }) {
                throw ScenarioError(file: file, keyPath: keyPath, value: field.value.rendered, message: "set twice; set each key once")
            }
            let section = row.section.isEmpty ? path : path + "." + row.section
            var reader = try ObjectReader(file: file, path: section, value: .object([(row.key, field.value, field.line)]))
            var copy = scenario
            try row.read(from: &reader, into: &copy, knownDesigns: [])
            guard let read = row.field.value(in: copy) else { preconditionFailure("\(row.path) has a table value") }
            settings.append(ScenarioSegment.Setting(path: row.path, value: read))
        }
        return settings
    }
}
