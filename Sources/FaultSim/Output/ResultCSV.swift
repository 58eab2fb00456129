/// The result tables as CSV. Columns up to `capped_runs` are the documented contract; the
/// raw counts after it let partial results (shards) be merged exactly. Cells are plain text and
/// every record goes through `CSV.record`, the one CSV writer, which quotes a cell (a scenario
/// label carrying `--set` text, a custom design's name) only where it needs quoting.
public enum ResultCSV {
    /// One column of the result CSV: its header and its cell.
    struct Column: Sendable {
        let name: String
        let cell: @Sendable (ResultRow) -> String
    }

    /// The result CSV's columns, each header beside its cell so the two cannot drift: the
    /// labels, how the intents ended (the outcome table's names), the lost rate with its
    /// Wilson interval, when deliveries came, the delay, the load, and the raw counts.
    static let table: [Column] = labels + endings + [
        Column(name: "lost_rate") { FixedPoint.format($0.tally.lostRate.rate, places: 9) },
        Column(name: "lost_ci_low") { FixedPoint.format($0.tally.lostRate.low, places: 9) },
        Column(name: "lost_ci_high") { FixedPoint.format($0.tally.lostRate.high, places: 9) },
        Column(name: "delivered_same_session") { String($0.tally.deliveredSameSession) },
        Column(name: "delivered_after_relaunch") { String($0.tally.deliveredAfterRelaunch) },
        Column(name: "delivered_after_reinstall") { String($0.tally.deliveredAfterReinstall) },
        Column(name: "delivery_p50_ms") { $0.tally.deliveryDelay.quantile(0.5).map { String($0) } ?? "" },
        Column(name: "delivery_p99_ms") { $0.tally.deliveryDelay.quantile(0.99).map { String($0) } ?? "" },
        Column(name: "support_contacts") { String($0.tally.supportContacts) },
        Column(name: "stuck_modals") { String($0.tally.stuckModals) },
    ] + [Outcome.serverRequests, .appleRequests].map { outcome in
        Column(name: outcome.name + "_per_intent") { FixedPoint.format($0.perIntent(outcome.total($0.tally)), places: 6) }
    } + [
        Column(name: "leaked_records") { String($0.tally.leakedRecords) },
        Column(name: "capped_runs") { String($0.tally.cappedRuns) },
    ] + [Outcome.serverRequests, .appleRequests].map { outcome in Column(name: outcome.name) { String(outcome.total($0.tally)) } }
        + [Column(name: "events") { String($0.tally.events) }]
        + [Outcome.refundedUndelivered, .deliveredAfterRefund].map { outcome in Column(name: outcome.name) { String(outcome.total($0.tally)) } }

    static let labels: [Column] = [
        Column(name: "scenario") { $0.scenario }, Column(name: "platform") { $0.platform },
        Column(name: "design") { $0.design }, Column(name: "seed") { String($0.seed) },
        Column(name: "runs") { String($0.tally.runs) }, Column(name: "intents") { String($0.tally.intents) },
    ]

    /// How the intents ended: they add up to `intents`, lost sales a part of not charged.
    static let endings: [Column] = [Column(name: Outcome.notCharged.name) { String($0.tally.notCharged) },
                                    Column(name: "delivered") { String($0.tally.delivered) }]
        + [Outcome.lost, .misdelivered, .duplicated, .doubleCharged, .lostSales].map { outcome in
            Column(name: outcome.name) { String(outcome.total($0.tally)) }
        }

    /// The header, in order. Up to `capped_runs` the documented contract (docs/cli.md); the raw
    /// counts after it let partial results (shards) be merged exactly.
    public static var columns: [String] { table.map(\.name) }

    public static func render(_ rows: [ResultRow]) -> String {
        let (header, cells) = records(rows)
        var text = CSV.record(header)
        for row in cells { text += CSV.record(row) }
        return text
    }

    /// The header and each row's cells, unquoted, with the `segment` column when the rows are
    /// split by segment: what `render` writes, and what a sweep's CSV writes after its own.
    static func records(_ rows: [ResultRow]) -> (header: [String], rows: [[String]]) {
        let table = split(table, rows)
        return (table.map(\.name), rows.map { row in table.map { $0.cell(row) } })
    }

    /// Rows split by segment (`ResultRow.segment`, `--by-segment`) get a `segment` column after
    /// `design`; other outputs keep the documented columns exactly.
    static func split(_ columns: [Column], _ rows: [ResultRow]) -> [Column] {
        guard rows.contains(where: { $0.segment != nil }), let design = columns.firstIndex(where: { $0.name == "design" }) else {
            return columns
        }
        var split = columns
        split.insert(Column(name: "segment") { $0.segment ?? "" }, at: design + 1)
        return split
    }

    /// The label cells of a fault or cause row: scenario, platform, design, and the segment
    /// when the rows are split by it.
    static func labelCells(_ row: ResultRow, split: Bool) -> [String] {
        [row.scenario, row.platform, row.design] + (split ? [row.segment ?? ""] : [])
    }

    static func labelHeader(_ columns: [String], split: Bool) -> [String] {
        split ? Array(columns.prefix(3)) + ["segment"] + columns.dropFirst(3) : columns
    }

    public static let faultColumns = ["scenario", "platform", "design", "fault", "control", "fired", "runs", "fired_per_run"]

    /// One row per design and fault, in design order then `FaultKind` order; each fault's name
    /// and controlling key are its row of the fault table.
    public static func renderFaults(_ rows: [ResultRow]) -> String {
        let split = rows.contains { $0.segment != nil }
        var text = CSV.record(labelHeader(faultColumns, split: split))
        for row in rows {
            for fault in FaultKind.allCases {
                let fired = row.tally.faultCounts[fault.rawValue]
                let perRun = row.tally.runs > 0 ? Double(fired) / Double(row.tally.runs) : 0
                text += CSV.record(labelCells(row, split: split) + [fault.row.name, fault.row.key,
                                   String(fired), String(row.tally.runs), FixedPoint.format(perRun, places: 9)])
            }
        }
        return text
    }

    public static let causeColumns = ["scenario", "platform", "design", "outcome", "cause", "count", "share"]

    /// One row per design, blemished outcome and cause, most frequent cause first; `share` is
    /// the cause's part of that outcome's count. The counts of each design and outcome add up
    /// to its outcome column.
    public static func renderCauses(_ rows: [ResultRow]) -> String {
        let split = rows.contains { $0.segment != nil }
        var text = CSV.record(labelHeader(causeColumns, split: split))
        for row in rows {
            for outcome in Blemish.allCases {
                let total = row.tally.total(of: outcome)
                for (cause, count) in row.tally.causes(of: outcome) {
                    text += CSV.record(labelCells(row, split: split) + [outcome.name, cause.name, String(count),
                                       FixedPoint.format(Double(count) / Double(total), places: 6)])
                }
            }
        }
        return text
    }

    public static let pairColumns = ["scenario", "platform", "design", "versus", "lost_only_design", "lost_only_versus",
                                     "lost_difference_pts", "mcnemar_p"]

    /// One row per ordered pair of designs: intents lost by one and not the other (raw counts,
    /// which merge by addition), the difference in percentage points of intents (the unit of
    /// `compare`, `crossover` and the table's "pts vs best"), and McNemar's p-value.
    public static func renderPairs(_ rows: [ResultRow], pairs: PairedLosses) -> String {
        var text = CSV.record(pairColumns)
        for (a, row) in rows.enumerated() {
            for (b, other) in rows.enumerated() where a != b {
                let onlyA = pairs.lostOnlyBy(a, notBy: b), onlyB = pairs.lostOnlyBy(b, notBy: a)
                let points = row.tally.intents > 0 ? 100 * Double(onlyA - onlyB) / Double(row.tally.intents) : 0
                text += CSV.record([row.scenario, row.platform, row.design, other.design, String(onlyA), String(onlyB),
                                    (points < 0 ? "-" : "") + FixedPoint.format(abs(points), places: 7),
                                    FixedPoint.format(pairs.mcNemarPValue(a, b), places: 9)])
            }
        }
        return text
    }
}
