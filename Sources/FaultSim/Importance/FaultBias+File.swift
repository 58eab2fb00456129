/// The bias file (`--bias-out`, `--bias`): a tuned bias kept so a later job reuses it without a
/// new pilot, and so an output can say exactly which law it sampled.
///
///     { "format": "faultsim-bias 1", "scenario": "default", "target": "lost", "nominalShare": 0.1,
///       "worlds": [ { "designs": ["faultsim-recommended"], "belowIOS15": 0.9,
///                     "firing": { "outside_app_purchase": 0.9, ... },
///                     "tails": { "user.outsideAppOpenDelay": [0.31, 0.28] } }, ... ],
///       "pilot": [ { "design": "...", "step": "...", "eventRuns": 6268, "effectiveSize": 537 } ] }
///
/// Each of `worlds` is one biased world of the mixture (`BiasedWorld`): `firing` names each
/// biased kind by its fault name (`simrun keys --faults`) with the probability its points fire
/// with; `tails` gives a delay's two tail masses; `belowIOS15` the iOS trait's probability (0:
/// nominal). Probabilities are written in Swift's shortest round-trip form, so a reload gives the
/// same bits and the same weights. `scenario`, `designs` and `pilot` say where the bias came from;
/// a bias is valid for any scenario (a badly chosen one costs precision, never correctness), so
/// they are not checked on load.
extension FaultBias {
    public static let fileFormat = "faultsim-bias 1"

    /// The file's text: the mixture, what it was tuned for, and the pilot's steps.
    public func fileText(scenario: String, steps: [BiasPilot.Step]) -> String {
        let pilot = steps.map { step in
            JSONValue.object([
                (key: "design", value: .string(step.design), line: 0),
                (key: "step", value: .string(step.label), line: 0),
                (key: "eventRuns", value: .number(String(step.eventRuns)), line: 0),
                (key: "effectiveSize", value: .number(String(Int(step.effectiveSize.rounded()))), line: 0),
            ])
        }
        let value = JSONValue.object([
            (key: "format", value: .string(Self.fileFormat), line: 0),
            (key: "scenario", value: .string(scenario), line: 0),
            (key: "target", value: .string("lost"), line: 0),
            (key: "nominalShare", value: .number("\(nominalShare)"), line: 0),
            (key: "worlds", value: .array(components.indices.map(worldJSON)), line: 0),
            (key: "pilot", value: .array(pilot), line: 0),
        ])
        return JSONWriter.records(value) + "\n"
    }

    /// The bias in the file at `path` and the file's text (a weighted part's digest covers the
    /// text); exit 66 when it cannot be read, 65 when it breaks a rule, naming the file, the key and
    /// the value.
    public static func loadWithText(_ path: String) throws(ScenarioError) -> (bias: FaultBias, text: String) {
        let text = try ScenarioLoader.readText(path, tooLarge: "a bias file is a small JSON file")
        return (try parse(text, file: path), text)
    }

    public static func parse(_ text: String, file: String) throws(ScenarioError) -> FaultBias {
        var reader = try ObjectReader(file: file, path: "", value: try JSONParser.parse(text, file: file))
        var format = ""
        try reader.string("format", &format)
        guard format == fileFormat else {
            throw reader.fail("format", JSONValue.string(format), "expected \"\(fileFormat)\" (a file written by --bias-out)")
        }
        var scenario = "", target = "lost"
        try reader.string("scenario", &scenario)
        try reader.string("target", &target)
        guard target == "lost" else { throw reader.fail("target", JSONValue.string(target), "the only target is \"lost\"") }
        var share = 0.1
        try reader.probability("nominalShare", &share)
        guard share > 0 else { throw reader.fail("nominalShare", JSONValue.number("\(share)"), "the nominal share must be above 0") }
        guard let list = reader.value("worlds"), case .array(let items) = list, !items.isEmpty else {
            throw reader.fail("worlds", reader.value("worlds") ?? .null, "expected a list of one or more biased worlds")
        }
        var worlds: [BiasedWorld] = []
        var shares: [Double] = []
        for (index, item) in items.enumerated() {
            var world = try ObjectReader(file: file, path: "worlds[\(index)]", value: item)
            worlds.append(try BiasedWorld.read(&world))
            shares.append(try readShare(&world))
            try world.finish()
        }
        _ = reader.value("pilot")
        try reader.finish()
        guard shares.allSatisfy({ $0 > 0 }) || shares.allSatisfy({ $0 < 0 }) else {
            throw reader.fail("worlds", list, "give every world a \"share\" or none (equal shares)")
        }
        return FaultBias(components: worlds, nominalShare: share, shares: shares[0] > 0 ? shares : nil)
    }

    /// A world's `"share"`: its relative share of the biased runs (-1 when absent).
    static func readShare(_ world: inout ObjectReader) throws(ScenarioError) -> Double {
        guard let value = world.value("share") else { return -1 }
        guard case .number(let text) = value, let share = Double(text), share.isFinite, share > 0 else {
            throw world.fail("share", value, "expected a positive number: the world's relative share of the biased runs")
        }
        return share
    }

    /// World `index` as the file writes it: with its share of the runs when the shares differ
    /// (a file of equal shares keeps the form it had before shares existed).
    func worldJSON(_ index: Int) -> JSONValue {
        guard hasUnequalShares, case .object(let fields) = components[index].json else { return components[index].json }
        return .object([(key: "share", value: .number("\(relativeShares[index])"), line: 0)] + fields)
    }
}

extension BiasedWorld {
    /// The world as the bias file writes it.
    var json: JSONValue {
        let kinds = biasedKinds.map { (key: $0.row.name, value: JSONValue.number("\(firing[$0.rawValue])"), line: 0) }
        let slots = biasedTails.map { slot in
            (key: slot.name, value: JSONValue.array([.number("\(tails[2 * slot.rawValue])"), .number("\(tails[2 * slot.rawValue + 1])")]),
             line: 0)
        }
        let named = designs.isEmpty ? [] : [(key: "designs", value: JSONValue.array(designs.map { .string($0) }), line: 0)]
        return .object(named + [
            (key: "belowIOS15", value: .number("\(belowIOS15)"), line: 0),
            (key: "firing", value: .object(kinds), line: 0),
            (key: "tails", value: .object(slots), line: 0),
        ])
    }

    /// One world of a bias file.
    static func read(_ reader: inout ObjectReader) throws(ScenarioError) -> BiasedWorld {
        var world = BiasedWorld.nominal
        try reader.stringList("designs", &world.designs)
        try reader.probability("belowIOS15", &world.belowIOS15)
        guard world.belowIOS15 < 1 else {
            throw reader.fail("belowIOS15", JSONValue.number("\(world.belowIOS15)"), "a biased probability must be below 1")
        }
        if var kinds = try reader.object("firing") {
            for field in kinds.fields {
                guard let kind = FaultKind.allCases.first(where: { $0.row.name == field.key }) else {
                    throw kinds.fail(field.key, field.value, "unknown fault (simrun keys --faults lists them)")
                }
                var q = 0.0
                try kinds.probability(field.key, &q)
                guard q < 1 else { throw kinds.fail(field.key, field.value, "a biased probability must be below 1") }
                world.firing[kind.rawValue] = q
            }
            try kinds.finish()
        }
        world.tails = try readTails(&reader)
        return world
    }

    /// `"tails": {"user.relaunchDelay": [upper, deepest], ...}`: the two tail bins' masses.
    static func readTails(_ reader: inout ObjectReader) throws(ScenarioError) -> [Double] {
        var tails = BiasedWorld.nominal.tails
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
