import Policies

/// The kinds of axis, each one way to write, read, print and grid a value: an enumeration's
/// cases, a flag, a count, a duration, an option set's subsets, a retry schedule, and the
/// StoreKit 1 design of users below iOS 15.
extension DesignAxis {
    /// Every case of a string-backed enumeration.
    static func cases<Option: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _ path: WritableKeyPath<Design, Option> & Sendable, _ meaning: String, source: String
    ) -> DesignAxis where Option.RawValue == String {
        let names = Option.allCases.map(\.rawValue)
        return DesignAxis(
            name: name, meaning: meaning, source: source, accepts: names.map { "`\($0)`" }.joined(separator: ", "),
            values: Option.allCases.map { option in AxisValue(json: .string(option.rawValue)) { $0[keyPath: path] = option } },
            read: { .string($0[keyPath: path].rawValue) }, describe: { $0[keyPath: path].rawValue },
            parse: { design, value, reader throws(ScenarioError) in
                guard case .string(let text) = value, let option = Option(rawValue: text) else {
                    throw reader.fail(name, value, "expected one of: \(names.joined(separator: ", "))")
                }
                design[keyPath: path] = option
            },
            copy: { $0[keyPath: path] = $1[keyPath: path] })
    }

    /// Both values of a flag.
    static func flag(_ name: String, _ path: WritableKeyPath<Design, Bool> & Sendable, _ meaning: String, source: String) -> DesignAxis {
        DesignAxis(
            name: name, meaning: meaning, source: source, accepts: "`true`, `false`",
            values: [false, true].map { flag in AxisValue(json: .bool(flag)) { $0[keyPath: path] = flag } },
            read: { .bool($0[keyPath: path]) }, describe: { String($0[keyPath: path]) },
            parse: { design, value, reader throws(ScenarioError) in
                guard case .bool(let flag) = value else { throw reader.fail(name, value, "expected true or false") }
                design[keyPath: path] = flag
            },
            copy: { $0[keyPath: path] = $1[keyPath: path] })
    }

    /// A whole number in `range`, with a stated grid.
    static func count(_ name: String, _ path: WritableKeyPath<Design, Int> & Sendable, range: ClosedRange<Int>, grid: [Int],
                      _ meaning: String, source: String) -> DesignAxis {
        DesignAxis(
            name: name, meaning: meaning, source: source, accepts: "\(range.lowerBound) to \(range.upperBound)",
            values: grid.map { number in AxisValue(json: .number(String(number))) { $0[keyPath: path] = number } }, isGrid: true,
            read: { .number(String($0[keyPath: path])) }, describe: { String($0[keyPath: path]) },
            parse: { design, value, reader throws(ScenarioError) in
                guard case .number(let text) = value, let number = Int(text) else { throw reader.fail(name, value, "expected a whole number") }
                guard range.contains(number) else {
                    throw reader.fail(name, value, "must be between \(range.lowerBound) and \(range.upperBound)")
                }
                design[keyPath: path] = number
            },
            copy: { $0[keyPath: path] = $1[keyPath: path] })
    }

    /// A duration string (`"5s"`), with a stated grid in milliseconds.
    static func duration(_ name: String, _ path: WritableKeyPath<Design, Int64> & Sendable, grid: [Int64], _ meaning: String,
                         source: String) -> DesignAxis {
        DesignAxis(
            name: name, meaning: meaning, source: source, accepts: "a duration",
            values: grid.map { ms in AxisValue(json: .string(DurationText.format(ms))) { $0[keyPath: path] = ms } }, isGrid: true,
            read: { .string(DurationText.format($0[keyPath: path])) }, describe: { "\($0[keyPath: path]) ms" },
            parse: { design, value, reader throws(ScenarioError) in design[keyPath: path] = try reader.parseDuration(value, key: name) },
            copy: { $0[keyPath: path] = $1[keyPath: path] })
    }

    /// Every subset of an option set, written as an array of its members' names (members in
    /// order, `[]` for none); `emptyText` is how `simrun designs` says none.
    static func subsets<Options: OptionSet & Sendable>(
        _ name: String, _ path: WritableKeyPath<Design, Options> & Sendable, _ named: [(String, Options)], emptyText: String,
        _ meaning: String, source: String
    ) -> DesignAxis where Options.Element == Options {
        @Sendable func json(_ options: Options) -> JSONValue { .array(named.filter { options.contains($0.1) }.map { .string($0.0) }) }
        let subsets: [Options] = (0..<(1 << named.count)).map { bits in
            var options: Options = []
            for (index, member) in named.enumerated() where bits & (1 << index) != 0 { options.insert(member.1) }
            return options
        }
        return DesignAxis(
            name: name, meaning: meaning, source: source, accepts: "any of " + named.map { "`\($0.0)`" }.joined(separator: ", "),
            values: subsets.map { options in AxisValue(json: json(options)) { $0[keyPath: path] = options } },
            read: { json($0[keyPath: path]) },
            describe: { design in
                let names = named.filter { design[keyPath: path].contains($0.1) }.map(\.0)
                return names.isEmpty ? emptyText : names.joined(separator: ", ")
            },
            parse: { design, value, reader throws(ScenarioError) in
                design[keyPath: path] = try DesignReader.names(value, key: name, named, reader: reader)
            },
            copy: { $0[keyPath: path] = $1[keyPath: path] })
    }

    /// The retry schedule: `"none"` or an object (`DesignReader.retrySchedule`), with a stated grid.
    static func retrySchedules(_ grid: [RetrySchedule], _ meaning: String, source: String) -> DesignAxis {
        DesignAxis(
            name: "retrySchedule", meaning: meaning, source: source,
            accepts: "`none`, `fixedInterval(i)`, `linearBackoff(step, cap)`, `tries(n, spacing)`",
            values: grid.map { schedule in AxisValue(json: schedule.json) { $0.retrySchedule = schedule } }, isGrid: true,
            read: { $0.retrySchedule.json }, describe: { $0.retrySchedule.description },
            parse: { design, value, reader throws(ScenarioError) in design.retrySchedule = try DesignReader.retrySchedule(value, reader: reader) },
            copy: { $0.retrySchedule = $1.retrySchedule })
    }

    /// The StoreKit 1 design a StoreKit 2 design's users below iOS 15 get, by name, or `null`
    /// for none; the grid is none and every StoreKit 1 preset and flow.
    static func olderOSDesigns(_ meaning: String, source: String) -> DesignAxis {
        DesignAxis(
            name: "olderOSDesign", meaning: meaning, source: source, accepts: "a StoreKit 1 preset, flow or custom design, or `null`",
            values: [AxisValue(json: .null) { $0.olderOSDesign = nil }]
                + Design.catalog.filter { $0.storeKitAPI == .sk1 }.map { older in
                    AxisValue(json: .string(older.name)) { $0.olderOSDesign = older.name }
                },
            isGrid: true,
            read: { design in design.olderOSDesign.map(JSONValue.string) ?? .null },
            describe: { design in
                design.olderOSDesign
                    ?? (design.storeKitAPI == .sk2 ? "none (users below iOS 15 cannot buy)" : "none (StoreKit 1 runs on every iOS)")
            },
            parse: { design, value, reader throws(ScenarioError) in
                switch value {
                case .null: design.olderOSDesign = nil
                case .string(let name) where !name.isEmpty: design.olderOSDesign = name
                default: throw reader.fail("olderOSDesign", value, "expected a design's name, or null for none")
                }
            },
            copy: { $0.olderOSDesign = $1.olderOSDesign })
    }
}
