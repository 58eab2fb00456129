import Policies

extension ScenarioParameter {
    /// Reads this key from `reader` (the object of its section) into `scenario`, checking the
    /// value by its kind; a missing key keeps the value `scenario` has. `knownDesigns` are the
    /// designs a `designNames` key may name besides the scenario's custom designs (read before
    /// it, as the table orders them).
    func read(from reader: inout ObjectReader, into scenario: inout Scenario, knownDesigns: [String]) throws(ScenarioError) {
        switch field {
        case .text(let path): try reader.string(key, &scenario[keyPath: path])
        case .count(let path, let range): try reader.integer(key, &scenario[keyPath: path], in: range)
        case .seed(let path): try reader.seed(key, &scenario[keyPath: path])
        case .probability(let path): try reader.probability(key, &scenario[keyPath: path])
        case .duration(let path, let positiveName):
            try reader.duration(key, &scenario[keyPath: path])
            if let positiveName, scenario[keyPath: path] <= 0 {
                throw reader.fail(key, .string(DurationText.format(scenario[keyPath: path])), "\(positiveName) must be positive")
            }
        case .distribution(let path): try reader.distribution(key, &scenario[keyPath: path])
        case .choice(let choice):
            guard let name = try reader.name(key, among: choice.names) else { return }
            _ = choice.write(&scenario, name)  // always true: `name` is one of `choice.names`
        case .designNames(let path):
            try reader.stringList(key, &scenario[keyPath: path])
            // A `+server` name resolves as on the command line (`Scenario.addServerVariants`), and a
            // scenario written back (`jsonValue`, which names designs only) reads back the same;
            // only where presets may be named (not in a segment, whose `knownDesigns` is empty).
            if !knownDesigns.isEmpty {
                scenario.addServerVariants(named: scenario[keyPath: path].filter { !knownDesigns.contains($0) })
            }
            let resolved = scenario
            let known = knownDesigns + scenario.customDesigns.map(\.name)
            try Self.checkDesigns(scenario[keyPath: path], known: known, hints: knownDesigns.isEmpty ? known : resolved.designNames,
                                  key: key, reader) { name in
                knownDesigns.isEmpty ? nil : resolved.serverVariantRefusal(name)
            }
        case .customDesigns(let path):
            if let value = reader.value(key) { scenario[keyPath: path] = try DesignReader.read(value, file: reader.file) }
        case .designName(let path):
            try reader.string(key, &scenario[keyPath: path])
            try Self.checkStoreKit1Design(scenario[keyPath: path], in: scenario, key: key, reader)
        }
    }

    /// `name` is a StoreKit 1 design the scenario knows: a build that reaches iOS 14 cannot use
    /// StoreKit 2.
    static func checkStoreKit1Design(_ name: String, in scenario: Scenario, key: String, _ reader: ObjectReader) throws(ScenarioError) {
        guard let design = scenario.availableDesigns.first(where: { $0.name == name }) else {
            throw reader.fail(key, .string(name), unknownDesign(name, known: scenario.availableDesigns.map(\.name)))
        }
        guard design.storeKitAPI == .sk1 else {
            throw reader.fail(key, .string(name), "a StoreKit 2 design; the build users below iOS 15 run must be StoreKit 1 "
                + "(StoreKit 2 needs iOS 15)")
        }
    }

    /// The message for a name no design has, with the nearest name when one is close.
    static func unknownDesign(_ name: String, known: [String]) -> String {
        "unknown design; `simrun designs` lists them" + (Suggestion.nearest(to: name, in: known).map { "; did you mean '\($0)'?" } ?? "")
    }

    /// Every name is a known design, and none is named twice. `hints` are the names a typo is
    /// matched against (with the `+server` forms where presets may be named); `refusal` says why a
    /// name that is no design is refused when it is not a typo (`Scenario.serverVariantRefusal`).
    static func checkDesigns(_ designs: [String], known: [String], hints: [String], key: String, _ reader: ObjectReader,
                             refusal: (String) -> String?) throws(ScenarioError) {
        for (index, design) in designs.enumerated() {
            let keyPath = reader.keyPath("\(key)[\(index)]")
            guard known.contains(design) else {
                throw ScenarioError(file: reader.file, keyPath: keyPath, value: "\"\(design)\"",
                                    message: refusal(design) ?? unknownDesign(design, known: hints))
            }
            if let first = designs[..<index].firstIndex(of: design) {
                throw ScenarioError(file: reader.file, keyPath: keyPath, value: "\"\(design)\"",
                                    message: "named twice (also \(key)[\(first)]); name each design once")
            }
        }
    }
}
