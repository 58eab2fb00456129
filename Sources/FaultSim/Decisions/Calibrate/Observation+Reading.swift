/// Reading one observed figure of an observations file (`observations[i]`).
extension Observations {
    /// The figure `reader` holds: its design and figure, exactly one kind of data that the
    /// figure takes, its size (`of` units, or `days` of the volume), and its options.
    static func observation(_ reader: inout ObjectReader, discrepancy: Double, volume: Volume?,
                            scenario: Scenario) throws(ScenarioError) -> Observation {
        let designs = scenario.availableDesigns.map(\.name)
        guard let design = try reader.name("design", among: designs) else {
            throw reader.fail("design", .null, "every figure names the design (the app's version) it was seen on")
        }
        let figureNames = Figure.allCases.map(\.rawValue)
        guard let figureName = try reader.name("figure", among: figureNames), let figure = Figure(rawValue: figureName) else {
            throw reader.fail("figure", .null, "expected one of: \(figureNames.joined(separator: ", "))")
        }
        let data = try observedData(&reader, figure: figure, volume: volume, design: design, designs: designs)
        if data.over == nil, let stray = reader.value("over") {
            throw reader.fail("over", stray, "only a ratio figure takes \"over\" (the design it divides by)")
        }
        let segment = try reader.name("segment", among: scenario.segmentNames)
        let causeNames = Cause.allCases.filter { $0 != .none }.map(\.name)
        let causeName = try reader.name("cause", among: causeNames)
        if (causeName == nil) == (figure == .lostCause) {
            throw reader.fail("cause", reader.value("cause") ?? .null,
                              figure == .lostCause ? "lost_cause needs the cause the investigated orders had (simrun run --causes-out names them)"
                                  : "only a lost_cause figure takes a cause")
        }
        let own = try relative(&reader, "discrepancy")
        var holdOut = false
        try reader.bool("holdOut", &holdOut)
        var source = ""
        try reader.string("source", &source)
        return Observation(design: design, figure: figure, data: data, segment: segment,
                           cause: causeName.flatMap { name in Cause.allCases.first { $0.name == name } }, discrepancy: own ?? discrepancy,
                           holdOut: holdOut, source: source)
    }

    /// The one data key the figure takes, and its size (and for a ratio, the design it divides by).
    static func observedData(_ reader: inout ObjectReader, figure: Figure, volume: Volume?, design: String,
                             designs: [String]) throws(ScenarioError) -> Observation.Data {
        let given = ["count", "range", "sum", "quantile", "ratio"].filter { kind in reader.fields.contains { $0.key == kind } }
        guard given.count == 1, let kind = given.first else {
            throw reader.fail(given.count > 1 ? given[1] : "count", .null,
                              "give exactly one of \(figure.kinds.joined(separator: ", ")) for \(figure.rawValue)")
        }
        guard figure.kinds.contains(kind) else {
            throw reader.fail(kind, reader.value(kind) ?? .null,
                              "\(figure.rawValue) is observed as \(figure.kinds.joined(separator: " or ")), not as a \(kind)")
        }
        let size = try observedSize(&reader, allowDays: kind != "quantile", volume: volume)
        let units = size.units(volume: volume?.high)
        switch kind {
        case "count":
            let k = try number(&reader, "count", "expected a count of events, a whole number ≥ 0")
            guard k == k.rounded() else { throw reader.fail("count", .number(String(k)), "a count is a whole number") }
            if case .units = size, k > units { throw reader.fail("count", .number(String(k)), "more events than the \(Grouped.format(units)) units observed") }
            return .count(k: k, of: size)
        case "range":
            let (low, high) = try interval(&reader, "range", above: 0, open: false, "two counts, 0 ≤ low ≤ high")
            return .range(low: low, high: high, of: size)
        case "sum":
            return .sum(total: try number(&reader, "sum", "expected a total, a number ≥ 0"), of: size)
        case "ratio":
            let (low, high) = try interval(&reader, "ratio", above: 0, open: true,
                                           "two numbers, 0 < low ≤ high (such as [1, 15]: more than on the other design)")
            return .ratio(low: low, high: high, over: try ratioDenominator(&reader, design: design, designs: designs), of: size)
        default:
            let p = try number(&reader, "quantile", "expected a probability strictly between 0 and 1, such as 0.9")
            guard p > 0 && p < 1 else { throw reader.fail("quantile", reader.value("quantile") ?? .null, "a quantile lies strictly between 0 and 1") }
            guard let value = reader.value("value") else { throw reader.fail("value", .null, "a quantile needs its value, a duration such as \"4h\"") }
            let ms = try reader.parseDuration(value, key: "value")
            return .quantile(p: p, valueMs: ms, of: size)
        }
    }

    /// `"over"`: the design a ratio divides by, another design of the scenario.
    static func ratioDenominator(_ reader: inout ObjectReader, design: String, designs: [String]) throws(ScenarioError) -> String {
        guard let over = try reader.name("over", among: designs) else {
            throw reader.fail("over", .null, "a ratio names the design it divides by (\"over\": \"seed000-v0\")")
        }
        guard over != design else { throw reader.fail("over", .string(over), "a ratio divides by another design than its own") }
        return over
    }

    /// `"of": n` (units observed) or `"days": d` (days of the calibrated volume), exactly one.
    static func observedSize(_ reader: inout ObjectReader, allowDays: Bool, volume: Volume?) throws(ScenarioError) -> Observation.Size {
        let of = reader.value("of"), days = reader.value("days")
        switch (of, days) {
        case (.some, .none):
            let n = try number(&reader, "of", "expected the units observed, a whole number ≥ 1")
            guard n >= 1, n == n.rounded() else { throw reader.fail("of", of!, "the units observed are a whole number ≥ 1") }
            return .units(n)
        case (.none, .some(let value)):
            guard allowDays else { throw reader.fail("days", value, "a quantile needs \"of\": the deliveries it was measured on") }
            guard volume != nil else {
                throw reader.fail("days", value, "figures per day need \"volume\" (purchases per day, low and high) at the top of the file")
            }
            let d = try number(&reader, "days", "expected a number of days above 0")
            guard d > 0 else { throw reader.fail("days", value, "expected a number of days above 0") }
            return .days(d)
        case (.some, .some):
            throw reader.fail("days", days!, "give \"of\" or \"days\", not both")
        case (.none, .none):
            throw reader.fail("of", .null, "say how many units the figure was measured on (\"of\": n, or \"days\": d with a volume)")
        }
    }
}
