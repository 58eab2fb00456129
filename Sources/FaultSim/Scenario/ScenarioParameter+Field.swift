import Policies

extension ScenarioParameter {
    /// A stored field of `Scenario`. Key path literals are `Sendable` when they capture nothing,
    /// as every one in the table is.
    public typealias Path<Stored> = WritableKeyPath<Scenario, Stored> & Sendable

    /// A key's kind of value and the `Scenario` field that stores it. The kind decides how the
    /// file writes it, how the loader checks it and what unit the tables print.
    public enum Field: Sendable {
        /// Free text (the description).
        case text(Path<String>)
        /// A whole number within `range`.
        case count(Path<Int>, range: ClosedRange<Int>)
        /// A whole number in [0, 2^64).
        case seed(Path<UInt64>)
        /// A number in [0, 1].
        case probability(Path<Double>)
        /// A duration string (`"15s"`). With `positiveName` ("the horizon"), zero is refused too.
        case duration(Path<SimTime>, positiveName: String? = nil)
        /// A duration string (fixed) or a distribution object (docs/model.md §2).
        case distribution(Path<DurationDistribution>)
        /// One name out of an enumeration's raw values.
        case choice(Choice)
        /// Design names, each a preset or a custom design, each once.
        case designNames(Path<[String]>)
        /// Designs the file defines itself; read, never written back (the writer names presets only).
        case customDesigns(Path<[Design]>)
        /// One design's name, a StoreKit 1 preset or custom design (its value a `.text`).
        case designName(Path<String>)

        /// The unit the tables print.
        public var unit: String {
            switch self {
            case .text: "text"
            case .count(_, let range): "count, \(range.lowerBound) to \(Grouped.format(range.upperBound))"
            case .seed: "whole number"
            case .probability: "probability"
            case .duration(_, let positiveName): positiveName == nil ? "duration" : "duration > 0"
            case .distribution: "distribution"
            case .choice(let choice): "one of " + choice.names.joined(separator: ", ")
            case .designNames: "design names"
            case .customDesigns: "design objects"
            case .designName: "a StoreKit 1 design's name"
            }
        }

        /// The field's value in `scenario`; nil for custom designs, which have no table value.
        public func value(in scenario: Scenario) -> Value? {
            switch self {
            case .text(let path): .text(scenario[keyPath: path])
            case .count(let path, _): .count(scenario[keyPath: path])
            case .seed(let path): .seed(scenario[keyPath: path])
            case .probability(let path): .probability(scenario[keyPath: path])
            case .duration(let path, _): .duration(scenario[keyPath: path])
            case .distribution(let path): .distribution(scenario[keyPath: path])
            case .choice(let choice): .choice(choice.read(scenario))
            case .designNames(let path): .names(scenario[keyPath: path])
            case .customDesigns: nil
            case .designName(let path): .text(scenario[keyPath: path])
            }
        }

        /// Stores `value` in `scenario`; false, leaving it unchanged, when the value is of
        /// another kind or not a valid choice (a test keeps the table free of such values).
        @discardableResult
        public func set(_ value: Value, in scenario: inout Scenario) -> Bool {
            switch (self, value) {
            case (.text(let path), .text(let text)): scenario[keyPath: path] = text
            case (.count(let path, let range), .count(let count)) where range.contains(count): scenario[keyPath: path] = count
            case (.seed(let path), .seed(let seed)): scenario[keyPath: path] = seed
            case (.probability(let path), .probability(let p)) where (0...1).contains(p): scenario[keyPath: path] = p
            case (.duration(let path, _), .duration(let ms)) where ms >= 0: scenario[keyPath: path] = ms
            case (.distribution(let path), .distribution(let kind, let first, let second)):
                guard let distribution = Value.build(kind, first, second) else { return false }
                scenario[keyPath: path] = distribution
            case (.choice(let choice), .choice(let name)): return choice.write(&scenario, name)
            case (.designNames(let path), .names(let names)): scenario[keyPath: path] = names
            case (.designName(let path), .text(let name)):
                guard scenario.availableDesigns.contains(where: { $0.name == name && $0.storeKitAPI == .sk1 }) else { return false }
                scenario[keyPath: path] = name
            default: return false
            }
            return true
        }
    }

    /// A value of any kind, for defaults, fault-free values and plausible ranges.
    public enum Value: Sendable, Equatable {
        case text(String)
        case count(Int)
        case seed(UInt64)
        case probability(Double)
        case duration(SimTime)
        /// A distribution by its parameters as a file writes them (`DurationDistribution`'s
        /// `firstMs` and `secondMs`), not built: building a log-normal tabulates its quantile
        /// function, which the table's plausible ranges should not cost every process.
        case distribution(kind: DurationDistribution.Kind, firstMs: SimTime, secondMs: SimTime)
        case choice(String)
        case names([String])

        public static func distribution(_ distribution: DurationDistribution) -> Value {
            .distribution(kind: distribution.kind, firstMs: distribution.firstMs, secondMs: distribution.secondMs)
        }

        /// The distribution these parameters describe, or nil when they describe none
        /// (a negative duration, p99 below the median, max below min).
        static func build(_ kind: DurationDistribution.Kind, _ first: SimTime, _ second: SimTime) -> DurationDistribution? {
            switch kind {
            case .fixed: first >= 0 ? .fixed(first) : nil
            case .uniform: first >= 0 && first <= second ? .uniform(minMs: first, maxMs: second) : nil
            case .logNormal: first > 0 && second >= first ? .logNormal(medianMs: first, p99Ms: second) : nil
            case .exponential: first >= 0 ? .exponential(meanMs: first) : nil
            }
        }
    }

    /// A field holding one case of a string-backed enumeration, with the enumeration's type
    /// erased so that every choice key fits in the one table.
    public struct Choice: Sendable {
        /// The raw values, in declaration order.
        public let names: [String]
        let read: @Sendable (Scenario) -> String
        let write: @Sendable (inout Scenario, String) -> Bool

        public init<Option: RawRepresentable & CaseIterable & Sendable>(_ path: Path<Option>)
        where Option.RawValue == String {
            names = Option.allCases.map(\.rawValue)
            read = { scenario in scenario[keyPath: path].rawValue }
            write = { scenario, name in
                guard let option = Option(rawValue: name) else { return false }
                scenario[keyPath: path] = option
                return true
            }
        }
    }
}
