/// The bias file (`--bias-out`, `--bias`): a tuned bias kept so a later job reuses it without a
/// new pilot, and so an output can say exactly which biased world it sampled.
///
///     { "format": "faultsim-bias 1", "scenario": "default", "designs": ["a", "b"], "target": "lost",
///       "nominalShare": 0.1, "firing": { "never_returns_after_leave": 0.31, ... },
///       "pilot": [ { "step": "...", "eventRuns": [..], "effectiveSize": [..] } ] }
///
/// `firing` names each biased kind by its fault name (`simrun keys --faults`) with the
/// probability its points fire with in a biased run; probabilities are written in Swift's
/// shortest round-trip form, so a reload gives the same bits and the same weights. `scenario`,
/// `designs` and `pilot` say where the bias came from; a bias is valid for any scenario (a
/// badly chosen one costs efficiency, never correctness), so they are not checked on load.
extension FaultBias {
    public static let fileFormat = "faultsim-bias 1"

    /// The file's text: the bias, what it was tuned for, and the pilot's steps.
    public func fileText(scenario: String, designs: [String], steps: [BiasPilot.Step]) -> String {
        let firing = biasedKinds.map { (key: $0.row.name, value: JSONValue.number("\(self.firing[$0.rawValue])"), line: 0) }
        let tails = biasedTails.map { slot in
            (key: slot.name, value: JSONValue.array([.number("\(self.tails[2 * slot.rawValue])"), .number("\(self.tails[2 * slot.rawValue + 1])")]),
             line: 0)
        }
        let pilot = steps.map { step in
            JSONValue.object([
                (key: "step", value: .string(step.label), line: 0),
                (key: "eventRuns", value: .array(step.eventRuns.map { .number(String($0)) }), line: 0),
                (key: "effectiveSize", value: .array(step.effectiveSize.map { .number(String(Int($0.rounded()))) }), line: 0),
            ])
        }
        let value = JSONValue.object([
            (key: "format", value: .string(Self.fileFormat), line: 0),
            (key: "scenario", value: .string(scenario), line: 0),
            (key: "designs", value: .array(designs.map { .string($0) }), line: 0),
            (key: "target", value: .string("lost"), line: 0),
            (key: "nominalShare", value: .number("\(nominalShare)"), line: 0),
            (key: "firing", value: .object(firing), line: 0),
            (key: "tails", value: .object(tails), line: 0),
            (key: "pilot", value: .array(pilot), line: 0),
        ])
        return JSONWriter.records(value) + "\n"
    }

    /// The bias in the file at `path` (exit 66 when it cannot be read, 65 when it breaks a rule,
    /// naming the file, the key and the value).
    public static func load(_ path: String) throws(ScenarioError) -> FaultBias {
        let text = try ScenarioLoader.readText(path, tooLarge: "a bias file is a small JSON file")
        return try parse(text, file: path)
    }

    public static func parse(_ text: String, file: String) throws(ScenarioError) -> FaultBias {
        var reader = try ObjectReader(file: file, path: "", value: try JSONParser.parse(text, file: file))
        var format = ""
        try reader.string("format", &format)
        guard format == fileFormat else {
            throw reader.fail("format", JSONValue.string(format), "expected \"\(fileFormat)\" (a file written by --bias-out)")
        }
        var scenario = "", designs: [String] = [], target = "lost"
        try reader.string("scenario", &scenario)
        try reader.stringList("designs", &designs)
        try reader.string("target", &target)
        guard target == "lost" else { throw reader.fail("target", JSONValue.string(target), "the only target is \"lost\"") }
        var share = 0.1
        try reader.probability("nominalShare", &share)
        guard share > 0 else { throw reader.fail("nominalShare", JSONValue.number("\(share)"), "the nominal share must be above 0") }
        var firing = FaultBias.identity.firing
        if var kinds = try reader.object("firing") {
            for field in kinds.fields {
                guard let kind = FaultKind.allCases.first(where: { $0.row.name == field.key }) else {
                    throw kinds.fail(field.key, field.value, "unknown fault (simrun keys --faults lists them)")
                }
                var q = 0.0
                try kinds.probability(field.key, &q)
                guard q < 1 else { throw kinds.fail(field.key, field.value, "a biased probability must be below 1") }
                firing[kind.rawValue] = q
            }
            try kinds.finish()
        }
        let tails = try readTails(&reader)
        _ = reader.value("pilot")
        try reader.finish()
        return FaultBias(firing: firing, nominalShare: share, tails: tails)
    }

    /// `"tails": {"user.relaunchDelay": [upper, deepest], ...}`: the two tail bins' masses.
    static func readTails(_ reader: inout ObjectReader) throws(ScenarioError) -> [Double] {
        var tails = FaultBias.identity.tails
        guard let slots = try reader.object("tails") else { return tails }
        for field in slots.fields {
            guard let slot = TailSlot.allCases.first(where: { $0.name == field.key }) else {
                throw slots.fail(field.key, field.value, "unknown tail slot (one of \(TailSlot.allCases.map(\.name).joined(separator: ", ")))")
            }
            guard case .array(let items) = field.value, items.count == 2,
                  case .number(let upperText) = items[0], case .number(let deepestText) = items[1],
                  let upper = Double(upperText), let deepest = Double(deepestText),
                  upper > 0, deepest > 0, upper + deepest < 1 else {
                throw slots.fail(field.key, field.value, "expected [upper, deepest]: two masses above 0 that add up to less than 1")
            }
            tails[2 * slot.rawValue] = upper
            tails[2 * slot.rawValue + 1] = deepest
        }
        return tails
    }
}
