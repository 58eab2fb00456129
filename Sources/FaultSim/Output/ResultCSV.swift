/// The result tables as CSV. Columns up to `capped_runs` are the documented contract; the
/// raw counts after it let partial results (shards) be merged exactly.
public enum ResultCSV {
    public static let columns = [
        "scenario", "platform", "design", "seed", "runs", "intents", "not_charged", "delivered", "lost", "misdelivered",
        "duplicated", "double_charged", "lost_sales", "lost_rate", "lost_ci_low", "lost_ci_high", "delivered_same_session",
        "delivered_after_relaunch", "delivered_after_reinstall", "delivery_p50_ms", "delivery_p99_ms",
        "support_contacts", "stuck_modals", "server_requests_per_intent", "apple_requests_per_intent",
        "leaked_records", "capped_runs", "server_requests", "apple_requests", "events",
    ]

    public static func render(_ rows: [ResultRow]) -> String {
        var text = columns.joined(separator: ",") + "\n"
        for row in rows {
            let t = row.tally
            let lost = t.lostRate
            let fields: [String] = [
                CSV.field(row.scenario), row.platform, CSV.field(row.design), String(row.seed), String(t.runs), String(t.intents),
                String(t.notCharged), String(t.delivered), String(t.lost), String(t.misdelivered),
                String(t.duplicated), String(t.doubleCharged), String(t.lostSales),
                FixedPoint.format(lost.rate, places: 9), FixedPoint.format(lost.low, places: 9),
                FixedPoint.format(lost.high, places: 9),
                String(t.deliveredSameSession), String(t.deliveredAfterRelaunch), String(t.deliveredAfterReinstall),
                t.deliveryDelay.quantile(0.5).map { String($0) } ?? "",
                t.deliveryDelay.quantile(0.99).map { String($0) } ?? "",
                String(t.supportContacts), String(t.stuckModals),
                FixedPoint.format(row.perIntent(t.serverRequests), places: 6),
                FixedPoint.format(row.perIntent(t.appleRequests), places: 6),
                String(t.leakedRecords), String(t.cappedRuns), String(t.serverRequests), String(t.appleRequests), String(t.events),
            ]
            text += fields.joined(separator: ",") + "\n"
        }
        return text
    }

    public static let faultColumns = ["scenario", "platform", "design", "fault", "control", "fired", "runs", "fired_per_run"]

    /// One row per design and fault, in design order then `FaultKind` order; each fault's name
    /// and controlling key are its row of the fault table.
    public static func renderFaults(_ rows: [ResultRow]) -> String {
        var text = faultColumns.joined(separator: ",") + "\n"
        for row in rows {
            for fault in FaultKind.allCases {
                let fired = row.tally.faultCounts[fault.rawValue]
                let perRun = row.tally.runs > 0 ? Double(fired) / Double(row.tally.runs) : 0
                text += [CSV.field(row.scenario), row.platform, CSV.field(row.design), fault.row.name, fault.row.key,
                         String(fired), String(row.tally.runs), FixedPoint.format(perRun, places: 9)]
                    .joined(separator: ",") + "\n"
            }
        }
        return text
    }

    public static let causeColumns = ["scenario", "platform", "design", "outcome", "cause", "count", "share"]

    /// One row per design, blemished outcome and cause, most frequent cause first; `share` is
    /// the cause's part of that outcome's count. The counts of each design and outcome add up
    /// to its outcome column.
    public static func renderCauses(_ rows: [ResultRow]) -> String {
        var text = causeColumns.joined(separator: ",") + "\n"
        for row in rows {
            for outcome in Blemish.allCases {
                let total = row.tally.total(of: outcome)
                for (cause, count) in row.tally.causes(of: outcome) {
                    text += [CSV.field(row.scenario), row.platform, CSV.field(row.design), outcome.name, cause.name, String(count),
                             FixedPoint.format(Double(count) / Double(total), places: 6)].joined(separator: ",") + "\n"
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
        var text = pairColumns.joined(separator: ",") + "\n"
        for (a, row) in rows.enumerated() {
            for (b, other) in rows.enumerated() where a != b {
                let onlyA = pairs.lostOnlyBy(a, notBy: b), onlyB = pairs.lostOnlyBy(b, notBy: a)
                let points = row.tally.intents > 0 ? 100 * Double(onlyA - onlyB) / Double(row.tally.intents) : 0
                text += [CSV.field(row.scenario), row.platform, CSV.field(row.design), CSV.field(other.design), String(onlyA), String(onlyB),
                         (points < 0 ? "-" : "") + FixedPoint.format(abs(points), places: 7),
                         FixedPoint.format(pairs.mcNemarPValue(a, b), places: 9)].joined(separator: ",") + "\n"
            }
        }
        return text
    }
}
