import Policies

/// One axis of the design space (docs/model.md §6 and §7) with the values `ablate` and
/// `optimize` try: every case of an enumeration, both values of a flag, every subset of an
/// option set, and a stated grid for numbers and retry schedules. A value is set on a design
/// alone, with no other axis brought along, so a change is exactly one axis; whether the result
/// can ship is `Design.problems`' to say.
public struct DesignAxis: Sendable {
    /// The axis as `customDesigns` and `simrun designs` spell it (`localStore`).
    public let name: String
    /// The values tried, in a fixed order.
    public let values: [AxisValue]
    /// Whether some value of this axis can make a design illegal (`Design.problems` names it).
    /// Axes that never do multiply the count of legal designs; only the others are enumerated.
    public let constrained: Bool
    let read: @Sendable (Design) -> JSONValue
    /// Sets this axis of the first design to the second's value, on the grid or not.
    let copy: @Sendable (inout Design, Design) -> Void

    /// One value of an axis: how it is written and how it is set.
    public struct AxisValue: Sendable {
        /// The value as a `customDesigns` entry writes it.
        public let json: JSONValue
        let apply: @Sendable (inout Design) -> Void

        /// The value for a table: `keychain`, `true`, `3`, `{"kind": "tries", "count": 3, ...}`.
        public var label: String { json.label }
    }

    /// The value `design` has on this axis.
    public func value(of design: Design) -> JSONValue { read(design) }

    /// The index in `values` of `design`'s value, or nil when the design's value is off the grid
    /// (a preset's retry schedule that the grid does not list).
    public func index(of design: Design) -> Int? {
        let current = read(design)
        return values.firstIndex { $0.json == current }
    }

    /// `design` with this axis set to `source`'s value (on the grid or not), and nothing else changed.
    public func copying(from source: Design, onto design: Design) -> Design {
        var changed = design
        copy(&changed, source)
        return changed
    }

    /// `design` with this axis set to `values[index]`, and nothing else changed.
    public func setting(_ index: Int, on design: Design) -> Design {
        var changed = design
        values[index].apply(&changed)
        return changed
    }
}

extension JSONValue {
    /// A value for a table cell: strings bare, everything else as one line of JSON.
    public var label: String {
        if case .string(let text) = self { return text }
        if case .null = self { return "none" }
        return oneLine
    }
}

extension DesignAxis {
    /// An axis whose values are every case of a string-backed enumeration.
    static func cases<Option: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _ path: WritableKeyPath<Design, Option> & Sendable, constrained: Bool = false
    ) -> DesignAxis where Option.RawValue == String {
        DesignAxis(name: name, values: Option.allCases.map { option in
            AxisValue(json: .string(option.rawValue)) { $0[keyPath: path] = option }
        }, constrained: constrained, read: { .string($0[keyPath: path].rawValue) }, copy: { $0[keyPath: path] = $1[keyPath: path] })
    }

    static func flag(_ name: String, _ path: WritableKeyPath<Design, Bool> & Sendable, constrained: Bool = false) -> DesignAxis {
        DesignAxis(name: name, values: [false, true].map { flag in AxisValue(json: .bool(flag)) { $0[keyPath: path] = flag } },
                   constrained: constrained, read: { .bool($0[keyPath: path]) }, copy: { $0[keyPath: path] = $1[keyPath: path] })
    }

    static func integers(_ name: String, _ path: WritableKeyPath<Design, Int> & Sendable, _ grid: [Int]) -> DesignAxis {
        DesignAxis(name: name, values: grid.map { number in AxisValue(json: .number(String(number))) { $0[keyPath: path] = number } },
                   constrained: false, read: { .number(String($0[keyPath: path])) }, copy: { $0[keyPath: path] = $1[keyPath: path] })
    }

    /// Every subset of an option set, written as `simrun designs` writes it (members in order).
    static func subsets<Options: OptionSet & Sendable>(
        _ name: String, _ path: WritableKeyPath<Design, Options> & Sendable, _ named: [(String, Options)]
    ) -> DesignAxis where Options.Element == Options {
        @Sendable func json(_ options: Options) -> JSONValue { .array(named.filter { options.contains($0.1) }.map { .string($0.0) }) }
        let members = named.map(\.1)
        let subsets: [Options] = (0..<(1 << members.count)).map { bits in
            var options: Options = []
            for (index, member) in members.enumerated() where bits & (1 << index) != 0 { options.insert(member) }
            return options
        }
        return DesignAxis(name: name, values: subsets.map { options in AxisValue(json: json(options)) { $0[keyPath: path] = options } },
                          constrained: false, read: { json($0[keyPath: path]) }, copy: { $0[keyPath: path] = $1[keyPath: path] })
    }
}
