/// The table `simrun run --by-segment` prints below the result table: each design's rows per
/// segment, with the segment's declared share of the users and the share of runs it got, and
/// the same outcome figures and intervals as the result table. A design's segment rows add up
/// to its row above (the mixture), count by count.
public enum SegmentTable {
    /// `rows` as `ResultRow.bySegment` orders them; the `all` rows are left out (the table
    /// above shows them).
    public static func render(_ rows: [ResultRow], scenario: Scenario) -> String {
        let shares = Dictionary(uniqueKeysWithValues: zip(scenario.segmentNames, scenario.segmentShares))
        let runs = Dictionary(rows.filter { $0.segment == ResultRow.allSegments }.map { ($0.design, $0.tally.runs) },
                              uniquingKeysWith: { first, _ in first })
        let shown = rows.filter { $0.segment != nil && $0.segment != ResultRow.allSegments }
        let columns: [ResultTable.Column] = [
            .init(header: "design", leftAligned: true) { index, row in
                index > 0 && shown[index - 1].design == row.design ? "" : row.design
            },
            .init(header: "segment", leftAligned: true) { $1.segment ?? "" },
            .init(header: "share", leftAligned: false) { FixedPoint.format((shares[$1.segment ?? ""] ?? 0) * 100, places: 1) + "%" },
            .init(header: "of runs", leftAligned: false) { _, row in
                let total = runs[row.design] ?? 0
                return FixedPoint.format(total > 0 ? Double(row.tally.runs) / Double(total) * 100 : 0, places: 1) + "%"
            },
            .init(header: "lost", leftAligned: false) { String($1.tally.lost) },
            .init(header: "lost rate [95% CI]", leftAligned: false) {
                let lost = $1.tally.lostRate
                let places = ResultTable.percentPlaces(high: lost.high)
                return "\(ResultTable.percent(lost.rate, places: places)) "
                    + "[\(FixedPoint.format(lost.low * 100, places: places)), \(FixedPoint.format(lost.high * 100, places: places))]"
            },
            .init(header: "misdeliv", leftAligned: false) { String($1.tally.misdelivered) },
            .init(header: "dup", leftAligned: false) { String($1.tally.duplicated) },
            .init(header: "2x chg", leftAligned: false) { String($1.tally.doubleCharged) },
            .init(header: "no sale", leftAligned: false) { String($1.tally.lostSales) },
        ]
        return "by segment (share: of the users, as declared; of runs: as drawn; the rows above are the mixture):\n"
            + ResultTable.aligned(columns, shown)
    }
}
