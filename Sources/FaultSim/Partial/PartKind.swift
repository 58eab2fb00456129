/// What kind of job wrote a part, as its `format` key says: the one table of every part format,
/// its versions, and which of them carry `partHash` (`PartFile.sealed`). Everything else about a
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
    /// `scripts/calibration-check --shard K/N --part-out`: the truths the shard judged.
    case calibrationCheck

    /// The kind whose `format` is `format`, if any.
    public init?(format: String) {
        guard let kind = Self.allCases.first(where: { $0.format == format }) else { return nil }
        self = kind
    }

    /// One row of the table: the format's name; the version written; the versions read (the one
    /// written and, for counts and robust, the one before `partHash`, still read: its digest is
    /// checked, its counts taken on trust as they always were; a weighted part of version 2 is
    /// not, its sums being 64 hex digits with no redundancy); the first version with `partHash`;
    /// what such a part is, and the name of its versions, for errors.
    /// Counts 2 added `designAxes`, 3 `partHash`; robust 3 the baseline scenario and
    /// `designAxes`, 4 `partHash`; weighted 3 had `partHash` first; a calibration-check part is
    /// 2 (its version 1, "faultsim-calibration-check part 1", had no header, and the script
    /// itself moves such a part into this envelope).
    private var row: (format: String, version: Int, readable: ClosedRange<Int>, sealedSince: Int, described: String, versionName: String) {
        switch self {
        case .counts: ("faultsim-partial-result", 3, 2...3, 3,
                       "simrun partial result (written by `simrun run --partial-out`)", "partial-result format")
        case .weighted: ("faultsim-weighted-partial", 3, 3...3, 3,
                         "weighted partial result (written by `simrun run --importance --partial-out`)", "weighted-partial format")
        case .robust: ("faultsim-robust-partial", 4, 3...4, 4,
                       "simrun robust partial result (written by `simrun robust --partial-out`)", "robust partial format")
        case .calibrationCheck: ("faultsim-calibration-check-partial", 2, 2...2, 2,
                                 "calibration-check part (written by `scripts/calibration-check --part-out`)", "calibration-check part format")
        }
    }

    public var format: String { row.format }
    /// The version this simrun writes.
    public var version: Int { row.version }
    /// The versions this simrun reads.
    var readable: ClosedRange<Int> { row.readable }
    /// The first version that carries `partHash` (`PartFile.checkSeal`).
    var sealedSince: Int { row.sealedSince }
    /// What a part of this kind is, for an error about a part of another.
    var described: String { row.described }
    /// The name of its versions, for an error about one this simrun does not read.
    var versionName: String { row.versionName }
}
