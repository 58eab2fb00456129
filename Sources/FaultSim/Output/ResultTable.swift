/// The aligned table `simrun run` prints: one line per design, the figures a reader
/// compares first, and each design's lost rate against the best design's, paired over the
/// same intents (McNemar).
public enum ResultTable {
    public static func render(_ rows: [ResultRow], pairs: PairedLosses? = nil) -> String {
        var header = ["design", "intents", "lost", "lost rate [95% CI]", "misdeliv", "dup", "2x charged", "lost sales",
                      "p50 delay", "p99 delay", "support", "stuck", "req/intent"]
        if pairs != nil { header.append("lost vs best (paired)") }
        header.append("top lost cause")
        let best = rows.indices.min { rows[$0].tally.lost < rows[$1].tally.lost }
        var lines: [[String]] = [header]
        for (index, row) in rows.enumerated() {
            let t = row.tally
            let lost = t.lostRate
            var line: [String] = [
                row.design, String(t.intents), String(t.lost),
                "\(percent(lost.rate)) [\(percent(lost.low)), \(percent(lost.high))]",
                String(t.misdelivered), String(t.duplicated), String(t.doubleCharged), String(t.lostSales),
                t.deliveryDelay.quantile(0.5).map(humanDuration) ?? "-",
                t.deliveryDelay.quantile(0.99).map(humanDuration) ?? "-",
                String(t.supportContacts), String(t.stuckModals),
                FixedPoint.format(row.perIntent(t.serverRequests), places: 2),
            ]
            if let pairs, let best { line.append(versusBest(index, best: best, pairs: pairs, intents: t.intents)) }
            line.append(topCause(t))
            lines.append(line)
        }
        var widths = [Int](repeating: 0, count: header.count)
        for line in lines { for (index, cell) in line.enumerated() { widths[index] = max(widths[index], cell.count) } }
        var text = ""
        for (number, line) in lines.enumerated() {
            let cells = line.enumerated().map { index, cell in
                let pad = String(repeating: " ", count: widths[index] - cell.count)
                return index == 0 ? cell + pad : pad + cell
            }
            text += cells.joined(separator: "  ") + "\n"
            if number == 0 { text += widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n" }
        }
        return text
    }

    /// "best", or the difference in lost rate and whether it is real: "+1.234 pts p<0.001",
    /// "+0.004 pts p=0.41 same".
    static func versusBest(_ index: Int, best: Int, pairs: PairedLosses, intents: Int64) -> String {
        if index == best { return "best" }
        let more = pairs.lostOnlyBy(index, notBy: best) - pairs.lostOnlyBy(best, notBy: index)
        let difference = Double(more) / Double(max(intents, 1)) * 100
        let p = pairs.mcNemarPValue(index, best)
        let verdict = p < 0.001 ? "p<0.001" : "p=" + FixedPoint.format(p, places: 3) + (p < 0.05 ? "" : " same")
        return (more >= 0 ? "+" : "") + FixedPoint.format(difference, places: 3) + " pts " + verdict
    }

    /// "finished_before_delivery 71%", or "-" when nothing was lost.
    static func topCause(_ tally: DesignTally) -> String {
        guard let top = tally.causes(of: .lost).first else { return "-" }
        return top.cause.name + " " + FixedPoint.format(Double(top.count) / Double(tally.lost) * 100, places: 0) + "%"
    }

    static func percent(_ rate: Double) -> String { FixedPoint.format(rate * 100, places: 3) + "%" }

    /// 850 → "850ms", 1500 → "1.5s", 5400000 → "1.5h".
    public static func humanDuration(_ ms: SimTime) -> String {
        if ms < 1_000 { return "\(ms)ms" }
        if ms < 60_000 { return FixedPoint.format(Double(ms) / 1_000, places: 1) + "s" }
        if ms < 3_600_000 { return FixedPoint.format(Double(ms) / 60_000, places: 1) + "m" }
        if ms < 86_400_000 { return FixedPoint.format(Double(ms) / 3_600_000, places: 1) + "h" }
        return FixedPoint.format(Double(ms) / 86_400_000, places: 1) + "d"
    }
}
