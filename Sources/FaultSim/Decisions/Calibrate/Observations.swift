/// What a team has seen of its app, as `simrun calibrate --observed FILE` reads it
/// (docs/cli.md, "calibrate"): figures measured on one design or several (the team's versions),
/// each tied to an output the simulator produces, with the observation's size and a stated
/// model discrepancy; and the parameters the team knows outright. History matching asks of each
/// setting of the guesses whether it could have produced these figures.
public struct Observations: Sendable, Equatable {
    /// The format line every file starts with, so a later format can be told apart.
    public static let formatName = "faultsim-observations 1"
    /// The relative model discrepancy when the file states none: the best setting of this
    /// model may sit 20% from the real app's figure even when every guess is right.
    public static let defaultDiscrepancy = 0.2

    /// The file as given (for messages and outputs).
    public let file: String
    /// The file's default relative discrepancy δ (a standard deviation, as a share of the
    /// model's value).
    public let discrepancy: Double
    /// Keys the team knows (a crash rate, the share below iOS 15): set outright, not calibrated.
    public let known: [(path: String, value: ScenarioParameter.Value)]
    /// Purchases per day when figures are stated per day and the team does not know its
    /// volume: a nuisance input calibrated with the guesses on a log scale.
    public let volume: Volume?
    public let figures: [Observation]

    public init(file: String, discrepancy: Double = Observations.defaultDiscrepancy,
                known: [(path: String, value: ScenarioParameter.Value)] = [], volume: Volume? = nil, figures: [Observation]) {
        self.file = file
        self.discrepancy = discrepancy
        self.known = known
        self.volume = volume
        self.figures = figures
    }

    public static func == (lhs: Observations, rhs: Observations) -> Bool {
        lhs.file == rhs.file && lhs.discrepancy == rhs.discrepancy && lhs.volume == rhs.volume && lhs.figures == rhs.figures
            && lhs.known.map(\.path) == rhs.known.map(\.path) && lhs.known.map(\.value) == rhs.known.map(\.value)
    }

    /// The designs the figures were observed on, in order of first mention: the designs every
    /// candidate point simulates.
    public var designs: [String] {
        var names: [String] = []
        for figure in figures {
            for name in [figure.design, figure.over].compactMap({ $0 }) where !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// The figures that rule points out (held-out ones are only checked against the region).
    public var matched: [Observation] { figures.filter { !$0.holdOut } }

    /// A daily purchase volume: unknown, with its plausible range (log-uniform), or known (low
    /// equal to high: no dimension of the calibration).
    public struct Volume: Sendable, Equatable {
        public let name: String
        public let low: Double
        public let high: Double

        public init(name: String, low: Double, high: Double) {
            self.name = name
            self.low = low
            self.high = high
        }

        /// A known volume: nothing to calibrate.
        public var isKnown: Bool { low == high }

        /// The volume a fraction `t` of the way from low to high on a log scale, three
        /// significant digits (as guesses are rounded), so a printed value reproduces the point.
        public func value(at t: Double) -> Double {
            Significant.round(low * DeterministicMath.exp(t * DeterministicMath.log(high / low)))
        }
    }
}

/// One observed figure: which output of which design, and what was seen.
public struct Observation: Sendable, Equatable {
    public let design: String
    public let figure: Figure
    public let data: Data
    /// The segment observed apiece (a name of `Scenario.segmentNames`), or nil for all users.
    public let segment: String?
    /// The cause a `lost_cause` figure counts.
    public let cause: Cause?
    /// Relative model discrepancy δ for this figure (the file's unless it states its own).
    public let discrepancy: Double
    /// Not used to rule points out; reported against the final region (a held-out check).
    public let holdOut: Bool
    /// The sentence the figure encodes, quoted in the output.
    public let source: String

    public init(design: String, figure: Figure, data: Data, segment: String? = nil, cause: Cause? = nil,
                discrepancy: Double = Observations.defaultDiscrepancy, holdOut: Bool = false, source: String = "") {
        self.cause = cause
        self.design = design
        self.figure = figure
        self.data = data
        self.segment = segment
        self.discrepancy = discrepancy
        self.holdOut = holdOut
        self.source = source
    }

    /// How many purchases (or deliveries) the figure was measured over.
    public enum Size: Sendable, Equatable {
        /// A known number of units.
        case units(Double)
        /// `days` days of the calibrated daily volume (`Observations.volume`).
        case days(Double)

        /// The units at daily volume `volume` (ignored for a known number).
        public func units(volume: Double?) -> Double {
            switch self {
            case .units(let n): n
            case .days(let days): days * (volume ?? 0)
            }
        }
    }

    /// What was seen.
    public enum Data: Sendable, Equatable {
        /// k events among the units (a rate figure: contacts, lost orders, later deliveries).
        case count(k: Double, of: Size)
        /// Somewhere from `low` to `high` events ("several a day"): matched like hmer's range
        /// targets (implausibility 0 when the model's expected count lies inside).
        case range(low: Double, high: Double, of: Size)
        /// A total over the units (requests per purchase).
        case sum(total: Double, of: Size)
        /// The `p`-quantile of the delay was `valueMs`, from n delays.
        case quantile(p: Double, valueMs: SimTime, of: Size)
        /// The figure on this design over the same figure on design `over`, somewhere from `low`
        /// to `high` ("more reports after v1.0, not fewer": from 1), each seen over the size:
        /// a contrast between versions, in which the volume and the contact probability cancel.
        case ratio(low: Double, high: Double, over: String, of: Size)

        var size: Size {
            switch self {
            case .count(_, let size), .range(_, _, let size), .sum(_, let size), .quantile(_, _, let size), .ratio(_, _, _, let size): size
            }
        }

        /// The design a ratio divides by (nil for the other kinds).
        var over: String? {
            if case .ratio(_, _, let over, _) = self { return over }
            return nil
        }
    }

    /// The design a ratio figure divides by, or nil for any other figure.
    public var over: String? { data.over }

    /// "support_contacts of seed000-v0" (or "... of seed000-v1.0 over seed000-v0" for a ratio),
    /// for tables.
    public var label: String {
        (cause.map { "lost_cause \($0.name)" } ?? figure.rawValue) + " of \(design)" + (over.map { " over \($0)" } ?? "")
            + (segment.map { " (\($0))" } ?? "")
    }

    /// The observation as the file states it: "312 of 104,000", "3 to 9 in 1 day".
    public var dataText: String {
        func size(_ size: Size) -> String {
            switch size {
            // The reader caps n at `Observations.largest`; a figure built in code past it is
            // written in scientific form rather than trapping in Int().
            case .units(let n): n <= Observations.largest ? Grouped.format(Int(n.rounded())) : Calibration.short(n)
            case .days(let days): "\(Calibration.short(days)) day\(days == 1 ? "" : "s")"
            }
        }
        switch data {
        case .count(let k, let of): return "\(Calibration.short(k)) in \(size(of))"
        case .range(let low, let high, let of): return "\(Calibration.short(low)) to \(Calibration.short(high)) in \(size(of))"
        case .sum(let total, let of): return "\(Calibration.short(total)) in \(size(of))"
        case .quantile(let p, let value, let of): return "p\(Calibration.short(p * 100)) = \(DurationText.format(value)) of \(size(of))"
        case .ratio(let low, let high, _, let of): return "x\(Calibration.short(low)) to x\(Calibration.short(high)) in \(size(of))"
        }
    }
}
