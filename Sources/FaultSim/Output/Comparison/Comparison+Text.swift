/// The comparison as `simrun compare` prints it: a heading, the table of outcomes, one verdict
/// sentence per outcome, a trade-off sentence when the design that loses fewer orders is worse
/// on another harm, and with `--by-segment` each segment's table and lost-orders verdict.
extension Comparison {
    /// The whole text; `shownPath` names the scenario file as the user gave it.
    public func text(shownPath: String) -> String {
        var text = "simrun compare: \(shownPath) (\(platform) platform), \(Grouped.count(runs, "run")), seed \(seed)\n"
        text += "\(a) (A) against \(b) (B), paired over the same \(Grouped.format(Int(intents))) intents\n\n"
        text += Self.table(lines) + "\n"
        for line in lines { text += Self.verdict(line, a: a, b: b) + "\n" }
        if let tradeOff = Self.tradeOff(lines, a: a, b: b) { text += "\n" + tradeOff + "\n" }
        if let segments { text += segmentTables(segments) }
        return text
    }

    /// With `--by-segment`: the table and the lost-orders verdict of each segment's runs alone.
    func segmentTables(_ segments: [Segment]) -> String {
        var text = ""
        for segment in segments {
            text += "\nsegment \(segment.name) (\(FixedPoint.format(segment.share * 100, places: 1))% of the users): "
                + "\(Grouped.format(Int(segment.intents))) intents\n"
            text += Self.table(segment.lines)
            if let lost = segment.lines.first(where: { $0.outcome == .lost }) { text += Self.verdict(lost, a: a, b: b) + "\n" }
        }
        return text
    }

    /// The outcomes' table: counts, discordant intents, the difference with its interval, p.
    static func table(_ lines: [Line]) -> String {
        let header = ["outcome", "A", "B", "only A", "only B", "both", "A − B, pts [95% CI]", "exact McNemar p"]
        var rows = [header]
        for line in lines {
            let d = line.difference
            rows.append([line.outcome.name, Grouped.format(Int(line.countA)), Grouped.format(Int(line.countB)),
                         Grouped.format(Int(line.counts.onlyA)), Grouped.format(Int(line.counts.onlyB)), Grouped.format(Int(line.counts.both)),
                         "\(signed(d.points)) [\(signed(d.low)), \(signed(d.high))]", PValue.text(logP: line.logP)])
        }
        var widths = [Int](repeating: 0, count: header.count)
        for row in rows { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) } }
        return rows.map { row in
            row.enumerated().map { index, cell in
                let pad = String(repeating: " ", count: widths[index] - cell.count)
                return index == 0 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }

    /// One sentence: "seed000-v1.2 loses fewer orders than seed000-v1.0: 412 vs 9 discordant
    /// intents, p < 1e-300." or "No significant difference in mis-delivered orders: ...".
    public static func verdict(_ line: Line, a: String, b: String) -> String {
        let what = line.outcome.row.counted
        let onlyA = line.counts.onlyA, onlyB = line.counts.onlyB
        let evidence = "\(Grouped.format(Int(onlyA))) vs \(Grouped.format(Int(onlyB))) discordant intents, p " + PValue.phrase(logP: line.logP)
        if onlyA + onlyB == 0 { return "\(what): the same intents under both designs (\(Grouped.format(Int(line.counts.both))))." }
        guard line.logP < Significance.logLevel else { return "\(what): no significant difference (\(evidence))." }
        let fewer = onlyA < onlyB ? a : b, more = onlyA < onlyB ? b : a
        let verb = line.outcome.row.fewerVerb
        return "\(what): \(fewer) \(verb) \(more) (\(evidence))."
    }

    /// When the design that loses significantly fewer orders is significantly worse on another
    /// harm (`Outcome.blemishes`: lost sales, mis-deliveries, duplicates, double charges), a
    /// sentence that says so: fewer lost orders alone is not the whole answer.
    public static func tradeOff(_ lines: [Line], a: String, b: String) -> String? {
        guard let lost = lines.first(where: { $0.outcome == .lost }), lost.logP < Significance.logLevel,
              lost.counts.onlyA != lost.counts.onlyB else { return nil }
        let aLosesFewer = lost.counts.onlyA < lost.counts.onlyB
        let worse = lines.filter { line in
            line.outcome != .lost && Outcome.blemishes.contains(line.outcome) && line.logP < Significance.logLevel
                && (aLosesFewer ? line.counts.onlyA > line.counts.onlyB : line.counts.onlyB > line.counts.onlyA)
        }
        guard !worse.isEmpty else { return nil }
        let harms = worse.map { line in
            let (mine, theirs) = aLosesFewer ? (line.countA, line.countB) : (line.countB, line.countA)
            return "\(line.outcome.row.counted) (\(Grouped.format(Int(mine))) vs \(Grouped.format(Int(theirs))))"
        }
        return "Trade-off: \(aLosesFewer ? a : b) loses fewer orders but is worse on " + harms.joined(separator: ", ")
            + ": weigh them before choosing."
    }
}
