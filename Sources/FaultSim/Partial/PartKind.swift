/// What kind of job wrote a part, as its `format` key says: the one table of every part format,
/// its versions, and which of them carry `partHash` (`PartFile.seal`). Everything else about a
/// part (its header, its integrity check, the checks its merge makes) is the same for every kind;
/// only the payload differs: a run or sweep's counts (`PartialResult`), a weighted run's exact
/// sums (`WeightedPart`), a robust job's settings and their counts (`RobustResult`).
public enum PartKind: Sendable, Equatable, CaseIterable {
    /// `simrun run` or `sweep --shard K/N --partial-out`: raw counts.
    case counts
    /// `simrun run --importance --bias F --shard K/N --partial-out`: exact weighted sums.
    case weighted
    /// `simrun robust --shard K/N --partial-out`: the settings the shard measured.
    case robust

    /// The kind whose `format` is `format`, if any.
    public init?(format: String) {
        guard let kind = Self.allCases.first(where: { $0.format == format }) else { return nil }
        self = kind
    }

    public var format: String {
        switch self {
        case .counts: "faultsim-partial-result"
        case .weighted: "faultsim-weighted-partial"
        case .robust: "faultsim-robust-partial"
        }
    }

    /// The version this simrun writes. Counts 3 and robust 4 added `partHash` (counts 2 added
    /// `designAxes`; robust 3 the baseline scenario and `designAxes`); weighted 3 had it first.
    public var version: Int {
        switch self {
        case .counts: 3
        case .weighted: 3
        case .robust: 4
        }
    }

    /// The versions read: the one written, and for counts and robust the one before `partHash`,
    /// still read (its digest is checked; its counts are taken on trust, as they always were).
    /// A weighted part of version 2 is not: its sums are 64 hex digits with no redundancy.
    var readable: ClosedRange<Int> {
        switch self {
        case .counts: 2...3
        case .weighted: 3...3
        case .robust: 3...4
        }
    }

    /// The first version that carries `partHash` (`PartFile.checkSeal`).
    var sealedSince: Int {
        switch self {
        case .counts: 3
        case .weighted: 3
        case .robust: 4
        }
    }

    /// What a part of this kind is, for an error about a part of another.
    var described: String {
        switch self {
        case .counts: "simrun partial result (written by `simrun run --partial-out`)"
        case .weighted: "weighted partial result (written by `simrun run --importance --partial-out`)"
        case .robust: "simrun robust partial result (written by `simrun robust --partial-out`)"
        }
    }

    /// The name of its versions, for an error about one this simrun does not read.
    var versionName: String {
        switch self {
        case .counts: "partial-result format"
        case .weighted: "weighted-partial format"
        case .robust: "robust partial format"
        }
    }
}
