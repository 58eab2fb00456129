/// Reading an observations file. Every rule broken is a `ScenarioError` naming the file, the key
/// path (`observations[2].count`) and the value, so simrun exits 65 before simulating or
/// writing anything, as it does for a bad scenario.
extension Observations {
    /// The observations in `text` (the contents of `file`), checked against the scenario they
    /// will be simulated in: its designs, its segments and its keys.
    public static func parse(_ text: String, file: String, scenario: Scenario) throws(ScenarioError) -> Observations {
        let json = try JSONParser.parse(text, file: file)
        var top = try ObjectReader(file: file, path: "", value: json)
        var format = ""
        try top.string("format", &format)
        guard format == formatName else {
            throw ScenarioError(file: file, keyPath: "format", value: top.value("format")?.rendered ?? "",
                                message: "expected \"\(formatName)\" (the first key of an observations file)")
        }
        let discrepancy = try relative(&top, "discrepancy") ?? defaultDiscrepancy
        let known = try knownKeys(&top, scenario: scenario)
        let volume = try readVolume(&top)
        guard case .array(let items)? = top.value("observations"), !items.isEmpty else {
            throw ScenarioError(file: file, keyPath: "observations", value: top.value("observations")?.rendered ?? "",
                                message: "expected a non-empty array of observed figures")
        }
        var figures: [Observation] = []
        for (index, item) in items.enumerated() {
            var reader = try ObjectReader(file: file, path: "observations[\(index)]", value: item)
            figures.append(try observation(&reader, discrepancy: discrepancy, volume: volume, scenario: scenario))
            try reader.finish()
        }
        try top.finish()
        guard figures.contains(where: { !$0.holdOut }) else {
            throw ScenarioError(file: file, keyPath: "observations", message: "every figure is held out: at least one must be matched")
        }
        return Observations(file: file, discrepancy: discrepancy, known: known, volume: volume, figures: figures)
    }

    /// A relative discrepancy: a number from 0 to 10.
    static func relative(_ reader: inout ObjectReader, _ key: String) throws(ScenarioError) -> Double? {
        guard let value = reader.value(key) else { return nil }
        guard case .number(let text) = value, let number = Double(text), number.isFinite, number >= 0, number <= 10 else {
            throw reader.fail(key, value, "expected a relative discrepancy, a number from 0 to 10 (0.2: the model may sit 20% off)")
        }
        return number
    }

    /// The largest count, total, size or volume a file may state: 10^15. Beyond it a Double
    /// no longer holds every whole number, the tables' `Int` conversions would trap (past
    /// 9.2·10^18), and no app has seen so many purchases; so a larger figure is a typo.
    public static let largest = 1e15

    /// A non-negative number under `key`, required, at most `largest`.
    static func number(_ reader: inout ObjectReader, _ key: String, _ rule: String) throws(ScenarioError) -> Double {
        let value = reader.value(key) ?? .null
        guard case .number(let text) = value, let number = Double(text), number.isFinite, number >= 0 else {
            throw reader.fail(key, value, rule)
        }
        guard number <= largest else { throw reader.fail(key, value, tooLarge) }
        return number
    }

    /// The message for a figure above `largest`.
    static var tooLarge: String { "above 10^15, the largest figure an observations file takes (a typo?)" }

    /// `[low, high]` under `key` (a range of counts or a ratio): two numbers from `floor` (or
    /// above it, when `open`) to `largest`, low not above high. Each broken rule has its own
    /// message, and the value is shown as written, not as "an array".
    static func interval(_ reader: inout ObjectReader, _ key: String, above floor: Double, open: Bool,
                         _ shape: String) throws(ScenarioError) -> (low: Double, high: Double) {
        let value = reader.value(key) ?? .null
        func fail(_ message: String) -> ScenarioError {
            ScenarioError(file: reader.file, keyPath: reader.keyPath(key), value: value.oneLine, message: message)
        }
        guard case .array(let ends) = value, ends.count == 2, case .number(let a) = ends[0], case .number(let b) = ends[1],
              let low = Double(a), let high = Double(b) else {
            throw fail("expected [low, high]: " + shape)
        }
        guard low.isFinite, high.isFinite, low <= largest, high <= largest else { throw fail(tooLarge) }
        guard open ? low > floor : low >= floor else { throw fail("the low end must be \(open ? "above" : "at least") \(Calibration.short(floor)): " + shape) }
        guard low <= high else { throw fail("the low end (\(a)) is above the high end (\(b)); write [\(b), \(a)]") }
        return (low, high)
    }

    /// `"set"`: keys the team knows, each a probability or count key of the table, written into
    /// the scenario outright (and so never calibrated).
    static func knownKeys(_ top: inout ObjectReader, scenario: Scenario) throws(ScenarioError)
        -> [(path: String, value: ScenarioParameter.Value)] {
        guard var reader = try top.object("set") else { return [] }
        var known: [(path: String, value: ScenarioParameter.Value)] = []
        for field in reader.fields {
            _ = reader.value(field.key)
            guard let row = ScenarioParameter.row(field.key) else {
                var message = "not a scenario key"
                if let hint = Suggestion.nearest(to: field.key, in: ScenarioParameter.table.map(\.path)) { message += "; did you mean '\(hint)'?" }
                throw reader.fail(field.key, field.value, message + " (simrun keys lists them)")
            }
            guard case .number(let text) = field.value, let number = Double(text) else {
                throw reader.fail(field.key, field.value, "expected a number (set takes probability and count keys)")
            }
            var probe = scenario
            let value: ScenarioParameter.Value
            switch row.field {
            case .count(_, let range):
                // Checked as a Double first: Int(1e19) traps, and 2.5 would silently become 2.
                guard number == number.rounded(), number >= Double(range.lowerBound), number <= Double(range.upperBound) else {
                    throw reader.fail(field.key, field.value,
                                      "a count of this key is a whole number from \(range.lowerBound) to \(Grouped.format(range.upperBound))")
                }
                value = .count(Int(number))
            case .probability: value = .probability(number)
            default: throw reader.fail(field.key, field.value, "set takes probability and count keys; this is a \(row.unit)")
            }
            guard row.field.set(value, in: &probe) else {
                throw reader.fail(field.key, field.value, "the key cannot take it (\(row.unit))")
            }
            known.append((field.key, value))
        }
        return known
    }

    /// `"volume"`: an unknown daily purchase volume, `{"name", "low", "high"}`, log-uniform; or
    /// a known one, a number (400: "about 400 purchases a day"), which sizes the per-day
    /// figures (`"count": 0, "days": 30`: none seen in a month) and is not calibrated.
    static func readVolume(_ top: inout ObjectReader) throws(ScenarioError) -> Volume? {
        if case .number? = top.value("volume") {
            let known = try number(&top, "volume", "expected purchases per day, a number above 0")
            guard known > 0 else { throw top.fail("volume", top.value("volume")!, "a volume must be above 0") }
            return Volume(name: "purchasesPerDay", low: known, high: known)
        }
        guard var reader = try top.object("volume") else { return nil }
        var name = "purchasesPerDay"
        try reader.string("name", &name)
        let low = try number(&reader, "low", "expected the lowest plausible purchases per day, a number above 0")
        let high = try number(&reader, "high", "expected the highest plausible purchases per day, a number above 0")
        guard low > 0 else { throw reader.fail("low", .number(String(low)), "a volume must be above 0") }
        guard high >= low else { throw reader.fail("high", reader.value("high") ?? .null, "the high end is below the low end") }
        try reader.finish()
        return Volume(name: name, low: low, high: high)
    }
}

extension Observations {
    /// The observations file at `path`, read and checked against `scenario` (exit 66 when it
    /// cannot be read, 65 when it breaks a rule).
    public static func load(_ path: String, scenario: Scenario) throws(ScenarioError) -> Observations {
        let text = try ScenarioLoader.readText(path, tooLarge: "an observations file is a small JSON file")
        return try parse(text, file: path, scenario: scenario)
    }
}
