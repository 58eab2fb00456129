/// The aligned table `simrun run` prints: one line per design, the figures a reader compares
/// first, and each design's lost orders against the best design's, paired over the same intents
/// (McNemar).
///
/// By default it fits in 120 columns (for the committed scenarios at up to 1,000,000 runs): the
/// outcomes, the p99 delay and the paired comparison (percentage points), then each losing
/// design's top lost cause below the table. `wide` adds every column (intents,
/// p50 delay, support contacts, stuck spinners, requests per intent) and puts the cause in
/// the table.
public enum ResultTable {
    /// The width the default table keeps within.
    public static let narrowWidth = 120

    struct Column {
        let header: String
        let leftAligned: Bool
        let cell: (Int, ResultRow) -> String
    }

    public static func render(_ rows: [ResultRow], pairs: PairedLosses? = nil, wide: Bool = false) -> String {
        let minimum = rows.map(\.tally.lost).min()
        let leader = Leader.index(of: rows.map(\.tally)) ?? 0
        // The leader first: the others are measured against it.
        let best = [leader] + rows.indices.filter { $0 != leader && rows[$0].tally.lost == minimum }
        var columns: [Column] = [Column(header: "design", leftAligned: true) { $1.design }]
        if wide { columns.append(Column(header: "intents", leftAligned: false) { String($1.tally.intents) }) }
        columns += [
            Column(header: "lost", leftAligned: false) { String($1.tally.lost) },
            Column(header: "lost rate [95% CI]", leftAligned: false) {
                let lost = $1.tally.lostRate
                let places = percentPlaces(high: lost.high)
                let interval = wide ? "[\(percent(lost.low, places: places)), \(percent(lost.high, places: places))]"
                    : "[\(FixedPoint.format(lost.low * 100, places: places)), \(FixedPoint.format(lost.high * 100, places: places))]"
                return "\(percent(lost.rate, places: places)) \(interval)"
            },
            Column(header: "misdeliv", leftAligned: false) { String($1.tally.misdelivered) },
            Column(header: "dup", leftAligned: false) { String($1.tally.duplicated) },
            Column(header: wide ? "2x charged" : "2x chg", leftAligned: false) { String($1.tally.doubleCharged) },
            Column(header: wide ? "lost sales" : "no sale", leftAligned: false) { String($1.tally.lostSales) },
        ]
        if wide {
            columns.append(Column(header: "p50 delay", leftAligned: false) { $1.tally.deliveryDelay.quantile(0.5).map(DurationText.human) ?? "-" })
        }
        columns.append(Column(header: wide ? "p99 delay" : "p99", leftAligned: false) {
            $1.tally.deliveryDelay.quantile(0.99).map(DurationText.human) ?? "-"
        })
        if wide {
            columns += [
                Column(header: "support", leftAligned: false) { String($1.tally.supportContacts) },
                Column(header: "stuck", leftAligned: false) { String($1.tally.stuckModals) },
                Column(header: "req/intent", leftAligned: false) { FixedPoint.format($1.perIntent($1.tally.serverRequests), places: 2) },
            ]
        }
        if let pairs {
            columns.append(Column(header: wide ? "lost vs best (paired)" : "pts vs best", leftAligned: false) { index, row in
                versusBest(index, best: best, pairs: pairs, intents: row.tally.intents, unit: wide ? " pts " : " ")
            })
        }
        if wide { columns.append(Column(header: "top lost cause", leftAligned: false) { topCause($1.tally) }) }

        var text = aligned(columns, rows)
        if !wide {
            let causes = rows.filter { $0.tally.lost > 0 }.map { "\($0.design): \(topCause($0.tally))" }
            if !causes.isEmpty { text += "\ntop lost cause:\n" + inColumns(causes, width: narrowWidth) }
        }
        if best.count > 1 {
            text += best.count == rows.count
                ? "\nAll \(best.count) designs tie at \(minimum ?? 0) lost orders.\n"
                : "\n\(best.count) designs tie at the fewest lost orders (\(minimum ?? 0)); the others are compared with \(rows[best[0]].design).\n"
        }
        if let caveat = leaderCaveat(rows, leader: leader) { text += "\n" + caveat + "\n" }
        let capped = rows.filter { $0.tally.cappedRuns > 0 }
        if !capped.isEmpty {
            text += "\nruns stopped at the \(Grouped.format(World.maxEventsPerRun))-event cap before their horizon: "
                + capped.map { "\($0.design) \($0.tally.cappedRuns)" }.joined(separator: ", ")
                + ". They are judged where they stopped; their undelivered orders are lost with cause event_cap_reached.\n"
        }
        return text
    }

    static func aligned(_ columns: [Column], _ rows: [ResultRow]) -> String {
        var lines = [columns.map(\.header)]
        for (index, row) in rows.enumerated() { lines.append(columns.map { $0.cell(index, row) }) }
        var widths = [Int](repeating: 0, count: columns.count)
        for line in lines { for (index, cell) in line.enumerated() { widths[index] = max(widths[index], cell.count) } }
        var text = ""
        for (number, line) in lines.enumerated() {
            let cells = line.enumerated().map { index, cell in
                let pad = String(repeating: " ", count: widths[index] - cell.count)
                return columns[index].leftAligned ? cell + pad : pad + cell
            }
            text += cells.joined(separator: "  ").trailingSpacesTrimmed + "\n"
            if number == 0 { text += widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n" }
        }
        return text
    }

    /// Items laid out in as many columns as fit `width`, filled row by row.
    static func inColumns(_ items: [String], width: Int) -> String {
        let cell = (items.map(\.count).max() ?? 0) + 4
        let perLine = max(1, (width - 2) / cell)
        var text = ""
        for start in stride(from: 0, to: items.count, by: perLine) {
            let line = items[start..<min(start + perLine, items.count)]
                .map { $0 + String(repeating: " ", count: cell - $0.count) }.joined()
            text += "  " + line.trailingSpacesTrimmed + "\n"
        }
        return text
    }

    /// "best", "tied best", or the difference in lost rate (percentage points) and whether it
    /// is real: "+1.234 pts p<0.001", "+0.004 pts p=0.410 same" (`unit` " pts ", or " ").
    static func versusBest(_ index: Int, best: [Int], pairs: PairedLosses, intents: Int64, unit: String = " pts ") -> String {
        if best.contains(index) { return best.count > 1 ? "tied best" : "best" }
        let reference = best[0]
        let more = pairs.lostOnlyBy(index, notBy: reference) - pairs.lostOnlyBy(reference, notBy: index)
        let difference = Double(more) / Double(max(intents, 1)) * 100
        let p = pairs.mcNemarPValue(index, reference)
        let verdict = p < 0.001 ? "p<0.001" : "p=" + FixedPoint.format(p, places: 3) + (p < 0.05 ? "" : " same")
        return (more >= 0 ? "+" : "") + FixedPoint.format(difference, places: 3) + unit + verdict
    }

    /// When the leader (fewest lost orders) is clearly worse than another design on another
    /// harm (lost sales, mis-deliveries, duplicates, double charges: its 95% interval wholly
    /// above that design's), a sentence that says so: "best" counts lost orders only.
    public static func leaderCaveat(_ rows: [ResultRow], leader: Int) -> String? {
        guard rows.count > 1 else { return nil }
        let tally = rows[leader].tally
        var worse: [String] = []
        for outcome in Outcome.blemishes where outcome != .lost {
            let fewest = rows.indices.min { outcome.total(rows[$0].tally) < outcome.total(rows[$1].tally) }!
            let mine = Wilson.interval(successes: outcome.total(tally), trials: tally.intents)
            let theirs = Wilson.interval(successes: outcome.total(rows[fewest].tally), trials: rows[fewest].tally.intents)
            guard mine.low > theirs.high else { continue }
            worse.append("\(outcome.row.counted) \(Grouped.format(Int(outcome.total(tally)))) "
                + "(\(rows[fewest].design): \(Grouped.format(Int(outcome.total(rows[fewest].tally)))))")
        }
        guard !worse.isEmpty else { return nil }
        return "Note: \(rows[leader].design) loses the fewest orders but is clearly worse on "
            + worse.joined(separator: ", ") + "; weigh that before choosing (simrun compare pairs them)."
    }

    /// "finished_before_delivery 71%", or "-" when nothing was lost.
    static func topCause(_ tally: DesignTally) -> String {
        guard let top = tally.causes(of: .lost).first else { return "-" }
        return top.cause.name + " " + FixedPoint.format(Double(top.count) / Double(tally.lost) * 100, places: 0) + "%"
    }

    static func percent(_ rate: Double, places: Int = 3) -> String { FixedPoint.format(rate * 100, places: places) + "%" }

    /// Decimal places for a lost rate in percent: 3, or more until the interval's upper end
    /// shows two significant digits (at most 7), so 3 lost in 3 million reads
    /// "0.00010% [0.00003, 0.00029]", not "0.000% [0.000, 0.000]".
    public static func percentPlaces(high rate: Double) -> Int {
        var places = 3, threshold = 0.01
        while places < 7 && rate * 100 > 0 && rate * 100 < threshold {
            places += 1
            threshold /= 10
        }
        return places
    }
}
