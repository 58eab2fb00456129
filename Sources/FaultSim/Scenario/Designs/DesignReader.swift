import Policies

/// Reads `customDesigns` from a scenario file: each entry has a `name`, an optional `from`
/// preset (default `naive`) and any axis to override, by the axis names `simrun designs NAME`
/// prints. An unknown axis or value is an error naming it. `olderOSDesign` names a preset or
/// another custom design of the file (before or after it), which must be StoreKit 1, or is
/// `null` for none.
enum DesignReader {
    /// The most custom designs a scenario may define: the paired comparison grows with the
    /// square of the design count.
    static let maxCustomDesigns = 1_000

    static func read(_ value: JSONValue, file: String) throws(ScenarioError) -> [Design] {
        guard case .array(let entries) = value else {
            throw ScenarioError(file: file, keyPath: "customDesigns", value: value.rendered, message: "expected an array of designs")
        }
        guard entries.count <= maxCustomDesigns else {
            throw ScenarioError(file: file, keyPath: "customDesigns", value: "\(entries.count) designs",
                                message: "at most \(maxCustomDesigns) custom designs (every pair of designs is compared)")
        }
        var designs: [Design] = []
        for (index, entry) in entries.enumerated() {
            var reader = try ObjectReader(file: file, path: "customDesigns[\(index)]", value: entry)
            var name = ""
            try reader.string("name", &name)
            guard !name.isEmpty, !name.contains(","), !name.contains(" ") else {
                throw reader.fail("name", reader.value("name") ?? .null, "a design needs a non-empty name without commas or spaces")
            }
            guard Design.preset(named: name) == nil, !designs.contains(where: { $0.name == name }) else {
                throw reader.fail("name", .string(name), "a preset or another custom design already has this name")
            }
            var design = try fromPreset(&reader)
            let base = design.name
            design.name = name
            design.summary = "custom: \(base) with overrides"
            design.source = "\(file)"
            try reader.string("summary", &design.summary)
            try readAxes(&reader, into: &design)
            try reader.finish()
            let problems = design.problems
            guard problems.isEmpty else {
                throw ScenarioError(file: file, keyPath: "customDesigns[\(index)]", value: "\"\(name)\"",
                                    message: "axis values that cannot go together: " + problems.joined(separator: "; "))
            }
            designs.append(design)
        }
        try checkOlderOSDesigns(designs, file: file)
        return designs
    }

    /// The preset the object's `"from"` names (default `naive`); an unknown name is an error
    /// suggesting the nearest preset. Custom designs and space files both start from one.
    static func fromPreset(_ reader: inout ObjectReader) throws(ScenarioError) -> Design {
        var name = "naive"
        try reader.string("from", &name)
        guard let design = Design.preset(named: name) else {
            var message = "unknown preset"
            if let hint = Suggestion.nearest(to: name, in: Design.catalog.map(\.name)) { message += "; did you mean '\(hint)'?" }
            throw reader.fail("from", .string(name), message)
        }
        return design
    }

    /// Every `olderOSDesign` a custom design names is a StoreKit 1 preset or custom design.
    static func checkOlderOSDesigns(_ designs: [Design], file: String) throws(ScenarioError) {
        let available = Design.catalog + designs
        for (index, design) in designs.enumerated() {
            guard let name = design.olderOSDesign else { continue }
            let keyPath = "customDesigns[\(index)].olderOSDesign"
            guard let older = available.first(where: { $0.name == name }) else {
                var message = "unknown design; it must name a StoreKit 1 preset or custom design"
                if let hint = Suggestion.nearest(to: name, in: available.filter { $0.storeKitAPI == .sk1 }.map(\.name)) {
                    message += "; did you mean '\(hint)'?"
                }
                throw ScenarioError(file: file, keyPath: keyPath, value: "\"\(name)\"", message: message)
            }
            guard older.storeKitAPI == .sk1 else {
                throw ScenarioError(file: file, keyPath: keyPath, value: "\"\(name)\"",
                                    message: "names a storeKitAPI sk2 design; the users below iOS 15 need a StoreKit 1 design")
            }
        }
    }

    /// Reads every axis the entry sets, in table order, then brings along what must follow an
    /// axis it changed and an axis it did not name (`DesignAxis.companions`).
    static func readAxes(_ reader: inout ObjectReader, into design: inout Design) throws(ScenarioError) {
        let base = design
        var named: [String] = []
        for axis in DesignAxis.table {
            guard let value = reader.value(axis.name) else { continue }
            try axis.read(value, into: &design, reader: reader)
            named.append(axis.name)
        }
        for companion in DesignAxis.companions where !named.contains(companion.axis) {
            companion.follow(base, &design)
        }
    }

    /// `"none"`, or `{"kind": "fixedInterval", "interval": "30s"}`, `{"kind": "linearBackoff",
    /// "step": "10s", "cap": "60s"}`, `{"kind": "tries", "count": 3, "spacing": "5s"}` (a
    /// spacing of `"0s"` tries back to back).
    static func retrySchedule(_ value: JSONValue, reader: ObjectReader) throws(ScenarioError) -> RetrySchedule {
        let kinds = ["none", "fixedInterval", "linearBackoff", "tries"]
        if case .string("none") = value { return .none }
        guard case .object = value else {
            throw ScenarioError(file: reader.file, keyPath: reader.keyPath("retrySchedule"), value: value.rendered,
                                message: "expected \"none\" or an object: {\"kind\": \"fixedInterval\", \"interval\": \"30s\"}, "
                                    + "{\"kind\": \"linearBackoff\", \"step\": \"10s\", \"cap\": \"60s\"} or "
                                    + "{\"kind\": \"tries\", \"count\": 3, \"spacing\": \"5s\"}")
        }
        var inner = try ObjectReader(file: reader.file, path: reader.keyPath("retrySchedule"), value: value)
        var kind = ""
        try inner.string("kind", &kind)
        func duration(_ key: String, _ inner: inout ObjectReader, zeroAllowed: Bool = false) throws(ScenarioError) -> SimTime {
            var ms: SimTime = -1
            try inner.duration(key, &ms)
            guard ms > 0 || (zeroAllowed && ms == 0) else {
                let wanted = zeroAllowed ? "a" : "a positive"
                throw ScenarioError(file: reader.file, keyPath: inner.keyPath(key), message: "a \(kind) schedule needs \(wanted) \"\(key)\"")
            }
            return ms
        }
        func count(_ inner: inout ObjectReader) throws(ScenarioError) -> Int {
            var tries = 0
            try inner.integer("count", &tries, in: 1...1_000)
            guard tries > 0 else {
                throw ScenarioError(file: reader.file, keyPath: inner.keyPath("count"), message: "a \(kind) schedule needs \"count\"")
            }
            return tries
        }
        let schedule: RetrySchedule
        switch kind {
        case "none": schedule = .none
        case "fixedInterval": schedule = .fixedInterval(intervalMs: try duration("interval", &inner))
        case "linearBackoff":
            let step = try duration("step", &inner)
            schedule = .linearBackoff(stepMs: step, capMs: try duration("cap", &inner))
        case "tries":
            let tries = try count(&inner)
            schedule = .tries(count: tries, spacingMs: try duration("spacing", &inner, zeroAllowed: true))
        default:
            throw ScenarioError(file: reader.file, keyPath: inner.keyPath("kind"), value: "\"\(kind)\"",
                                message: "expected one of: \(kinds.joined(separator: ", "))")
        }
        try inner.finish()
        return schedule
    }

    /// An option set written as an array of its members' names (`[]` for none).
    static func names<Options: OptionSet>(
        _ value: JSONValue, key: String, _ named: [(String, Options)], reader: ObjectReader
    ) throws(ScenarioError) -> Options where Options.Element == Options {
        let names = named.map(\.0)
        guard case .array(let items) = value else {
            throw reader.fail(key, value, "expected an array of: \(names.joined(separator: ", "))")
        }
        var options: Options = []
        for (index, item) in items.enumerated() {
            guard case .string(let text) = item, let option = named.first(where: { $0.0 == text })?.1 else {
                throw reader.fail("\(key)[\(index)]", item, "expected one of: \(names.joined(separator: ", "))")
            }
            options.insert(option)
        }
        return options
    }
}
