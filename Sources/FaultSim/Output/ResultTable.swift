/// The aligned table `simrun run` prints: one line per design, the figures a reader
/// compares first.
public enum ResultTable {
    public static func render(_ rows: [ResultRow]) -> String {
        let header = ["design", "intents", "lost", "lost rate [95% CI]", "misdeliv", "dup", "2x charged",
                      "p50 delay", "p99 delay", "support", "stuck", "req/intent"]
        var lines: [[String]] = [header]
        for row in rows {
            let t = row.tally
            let lost = t.lostRate
            lines.append([
                row.design, String(t.intents), String(t.lost),
                "\(percent(lost.rate)) [\(percent(lost.low)), \(percent(lost.high))]",
                String(t.misdelivered), String(t.duplicated), String(t.doubleCharged),
                t.deliveryDelay.quantile(0.5).map(humanDuration) ?? "-",
                t.deliveryDelay.quantile(0.99).map(humanDuration) ?? "-",
                String(t.supportContacts), String(t.stuckModals),
                FixedPoint.format(row.perIntent(t.serverRequests), places: 2),
            ])
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
