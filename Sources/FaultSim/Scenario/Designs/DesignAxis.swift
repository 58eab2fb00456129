import Policies

/// One row of the design-axis table (`DesignAxis.table`): an axis of the design space
/// (docs/model.md §6 and §7), how a `customDesigns` entry writes and reads its value, what
/// `simrun designs NAME` prints for it, what it means and where it comes from, and the values
/// `ablate` and `optimize` try. The reader, the writer, `simrun designs`, the shard
/// fingerprint, the design space and docs/model.md's axis table all read the table, so a new
/// axis is its field in `Design`, its row here, the place the world reads it, and its test.
///
/// A value is set on a design alone, with no other axis brought along, so a change is exactly
/// one axis; whether the result can ship is `Design.rules`' to say, and the rules that combine
/// this axis with another make it `constrained`.
public struct DesignAxis: Sendable {
    /// The axis as `customDesigns` and `simrun designs` spell it (`localStore`).
    public let name: String
    /// What the axis decides in the model, in a line (docs/model.md §6's table).
    public let meaning: String
    /// The sources whose designs differ on it.
    public let source: String
    /// The values a scenario file may write, for people: "`sk1`, `sk2`", "1 to 10".
    public let accepts: String
    /// The values tried, in a fixed order: every value of an enumeration, a flag or an option
    /// set; a stated grid for numbers, durations, retry schedules and older-OS designs.
    public let values: [AxisValue]
    /// Whether `values` is a stated grid (numbers, durations, retry schedules, older-OS designs)
    /// rather than every value the axis can take.
    public let isGrid: Bool
    /// Whether some value of this axis can make a design illegal (a rule of `Design.rules`
    /// combines it with another axis). Axes that never do multiply the count of legal designs;
    /// only the others are enumerated.
    public let constrained: Bool
    let read: @Sendable (Design) -> JSONValue
    let describe: @Sendable (Design) -> String
    let parse: @Sendable (inout Design, JSONValue, ObjectReader) throws(ScenarioError) -> Void
    /// Sets this axis of the first design to the second's value, on the grid or not.
    let copy: @Sendable (inout Design, Design) -> Void

    init(name: String, meaning: String, source: String, accepts: String, values: [AxisValue], isGrid: Bool = false,
         read: @escaping @Sendable (Design) -> JSONValue, describe: @escaping @Sendable (Design) -> String,
         parse: @escaping @Sendable (inout Design, JSONValue, ObjectReader) throws(ScenarioError) -> Void,
         copy: @escaping @Sendable (inout Design, Design) -> Void) {
        self.name = name
        self.meaning = meaning
        self.source = source
        self.accepts = accepts
        self.values = values
        self.isGrid = isGrid
        self.constrained = Design.isConstrained(name)
        self.read = read
        self.describe = describe
        self.parse = parse
        self.copy = copy
    }

    /// One value of an axis: how it is written and how it is set.
    public struct AxisValue: Sendable {
        /// The value as a `customDesigns` entry writes it.
        public let json: JSONValue
        let apply: @Sendable (inout Design) -> Void

        /// The value for a table: `keychain`, `true`, `3`, `{"kind": "tries", "count": 3, ...}`.
        public var label: String { json.label }
    }

    /// The value `design` has on this axis, as a `customDesigns` entry writes it.
    public func value(of design: Design) -> JSONValue { read(design) }

    /// The value as `simrun designs NAME` used to print it, in words ("tries(3, 5000 ms apart)",
    /// "none (the client only)"): what a shard's fingerprint hashes, so it stays these bytes.
    public func text(of design: Design) -> String { describe(design) }

    /// Reads this axis's value from a `customDesigns` entry into `design`; an error names the
    /// file, the key and the value.
    func read(_ value: JSONValue, into design: inout Design, reader: ObjectReader) throws(ScenarioError) {
        try parse(&design, value, reader)
    }

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

    /// The axis named `name`, if any.
    public static func named(_ name: String) -> DesignAxis? { table.first { $0.name == name } }
}

extension DesignAxis {
    /// Whether a team can choose this axis for a build shipped on `platform`. Where new builds
    /// stop at iOS 15 (`PlatformParameters.NewBuildFloor.iOS15`, today's), `olderOSDesign` is
    /// not: no new build reaches a user below iOS 15, who runs the scenario's `legacyBuild`
    /// whatever the design names. `ablate` and `optimize` leave such an axis as the design has it.
    public func isChoice(on platform: PlatformParameters) -> Bool {
        !(name == "olderOSDesign" && platform.newBuildFloor == .iOS15)
    }

    /// Axes the full design space holds at their first value while ablate and walks try every
    /// value: `retriedFailures` describes a team's flow (not retrying a 5xx never saves an order,
    /// it only saves requests), and freed it doubled the space, and the budgeted search spent its
    /// budget on order-first designs that save requests and lost the recommendation's front
    /// (issue 54). A space file may still free it.
    public static let heldByOptimize: Set<String> = ["retriedFailures"]

    /// Whether the full design space holds this axis at its first value (`heldByOptimize`).
    public var isHeldByOptimize: Bool { Self.heldByOptimize.contains(name) }

    /// The indices into `table` of the axes a team can choose on `platform`.
    public static func choices(on platform: PlatformParameters) -> [Int] {
        table.indices.filter { table[$0].isChoice(on: platform) }
    }
}
