/// The report's first section: which design to build, in sentences a payments engineer can act
/// on, with the paired evidence behind it (issue 23: the answer used to live only in
/// results/README.md).
///
/// The *leader* is `Leader`'s: the design that lost the fewest orders, ties broken by the other
/// blemishes. Every other design is compared with it over the same intents
/// by McNemar's exact test on the discordant intents (`PairedLosses`). When each loses
/// significantly more (p < 0.05), the leader is the answer, stated against the weakest of those
/// comparisons. Otherwise the leader and every design not significantly worse tie, and the page
/// says so, estimates the runs that would separate them (`SeparationEstimate`), and sets their
/// other outcomes side by side to choose by.
extension HTMLReport {
    static func answer(_ rows: [ResultRow], pairs: PairedLosses, runs: Int) -> String {
        guard let leader = leader(rows) else { return "<p>No design was simulated.</p>" }
        let name = code(rows[leader].design)
        guard rows.count > 1 else {
            return "<p class=\"answer\">Only \(name) was simulated: it lost \(lostSentence(rows[leader])). "
                + "Name more designs with <code>--designs</code> to compare them.</p>\n" + answerTable(rows, [leader], leader: leader, pairs: pairs)
        }
        let others = rows.indices.filter { $0 != leader }
        let close = others.filter { pairs.mcNemarLogPValue($0, leader) >= Significance.logLevel }
        return close.isEmpty
            ? recommendation(rows, leader: leader, others: others, pairs: pairs, runs: runs)
            : tie(rows, group: [leader] + close, pairs: pairs, runs: runs)
    }

    /// The index of the design the answer leads with (`Leader`); nil without rows.
    public static func leader(_ rows: [ResultRow]) -> Int? { Leader.index(of: rows.map(\.tally)) }

    /// `row` has no more lost orders, mis-deliveries, duplicates, double charges or lost sales than `other`.
    static func noMore(_ row: ResultRow, than other: ResultRow) -> Bool {
        Leader.noMore(Leader.blemishCounts(row.tally), than: Leader.blemishCounts(other.tally))
    }

    /// One design loses significantly fewer orders than every other.
    static func recommendation(_ rows: [ResultRow], leader: Int, others: [Int], pairs: PairedLosses, runs: Int) -> String {
        // The weakest evidence: the comparison with the largest p-value (then the fewest lost).
        let closest = others.max { a, b in
            let pa = pairs.mcNemarLogPValue(a, leader), pb = pairs.mcNemarLogPValue(b, leader)
            return pa != pb ? pa < pb : rows[a].tally.lost > rows[b].tally.lost
        }!
        let best = rows[leader], runnerUp = rows[closest]
        var html = "<p class=\"answer\"><b>Build \(code(best.design)).</b> Over \(Grouped.format(runs)) runs "
            + "(\(Grouped.format(Int(best.tally.intents))) purchase intents) it lost \(lostSentence(best)), "
            + "significantly fewer than every other design. Against the closest, \(code(runnerUp.design)) "
            + "(\(Grouped.format(Int(runnerUp.tally.lost))) lost), it loses \(perMillion(difference(pairs, closest, leader), best.tally.intents)) "
            + "fewer orders per million intents: \(evidence(rows, pairs, closest, leader)).</p>\n"
        html += "<p class=\"answer\">Beside that, per million intents, \(code(best.design)) mis-delivered "
            + "\(perMillion(best.tally.misdelivered, best.tally.intents)), double-charged \(perMillion(best.tally.doubleCharged, best.tally.intents)) "
            + "and lost \(perMillion(best.tally.lostSales, best.tally.intents)) sales; \(code(runnerUp.design)) "
            + "\(perMillion(runnerUp.tally.misdelivered, runnerUp.tally.intents)), \(perMillion(runnerUp.tally.doubleCharged, runnerUp.tally.intents)) "
            + "and \(perMillion(runnerUp.tally.lostSales, runnerUp.tally.intents)). \(tradeOff(best, against: runnerUp))</p>\n"
        return html + answerTable(rows, [leader, closest], leader: leader, pairs: pairs)
    }

    /// The leader and the designs not significantly worse: a tie, how many runs would break it,
    /// and what else tells them apart.
    static func tie(_ rows: [ResultRow], group: [Int], pairs: PairedLosses, runs: Int) -> String {
        let leader = group[0], minimum = rows[leader].tally.lost
        let fewest = group.sorted().filter { rows[$0].tally.lost == minimum }.map { code(rows[$0].design) }
        let more = group.sorted().filter { rows[$0].tally.lost > minimum }.map { "\(code(rows[$0].design)) (\(Grouped.format(Int(rows[$0].tally.lost))))" }
        let orders = "\(Grouped.format(Int(minimum))) order\(minimum == 1 ? "" : "s")"
        var html = "<p class=\"answer\"><b>No single design wins at \(Grouped.format(runs)) runs.</b> "
        if more.isEmpty {
            html += "\(list(fewest)) tie: each lost \(orders)."
        } else {
            html += "\(list(fewest)) lost the fewest orders (\(orders)\(fewest.count > 1 ? " each" : "")), but \(list(more)) "
                + "\(more.count == 1 ? "does" : "do") not lose significantly more (exact McNemar p ≥ 0.05 against \(code(rows[leader].design))): "
                + "these \(group.count) designs tie."
        }
        html += group.count < rows.count ? " Every other design loses significantly more.</p>\n" : "</p>\n"
        html += "<p class=\"answer\">More runs would tell them apart. An estimate for each against \(code(rows[leader].design)), "
            + "assuming they keep disagreeing as they did here (the runs at which McNemar's exact test on that ratio of "
            + "discordant intents would reach p &lt; 0.05):</p>\n<ul class=\"answer\">\n"
        for other in group.dropFirst() {
            html += "<li>\(separation(rows, pairs, other, leader, runs: runs))</li>\n"
        }
        html += "</ul>\n<p class=\"answer\">Until then, choose among them by what else they do (per million intents, in the table below). "
            + "\(dominance(rows, group))</p>\n"
        return html + answerTable(rows, group, leader: leader, pairs: pairs)
    }

    /// "about 120,000 runs …" for `other` against `leader`.
    static func separation(_ rows: [ResultRow], _ pairs: PairedLosses, _ other: Int, _ leader: Int, runs: Int) -> String {
        let a = rows[other].design, onlyOther = pairs.lostOnlyBy(other, notBy: leader), onlyLeader = pairs.lostOnlyBy(leader, notBy: other)
        let head = "\(code(a)) against \(code(rows[leader].design)): "
        switch SeparationEstimate.estimate(onlyA: onlyOther, onlyB: onlyLeader, runs: Int64(runs)) {
        case .separated:
            return head + "already separated (\(evidence(rows, pairs, other, leader)))."
        case .runs(let total):
            guard total <= 1e12 else {
                return head + "more than 10^12 runs (\(evidence(rows, pairs, other, leader))): in practice they lose equally often."
            }
            return head + "about \(Grouped.format(roundedUp(total))) runs (\(evidence(rows, pairs, other, leader)))."
        case .balanced:
            return head + "they disagree on \(Grouped.format(Int(onlyOther + onlyLeader))) intents, as many each way: "
                + "more runs are not expected to separate them."
        case .neverDisagreed(let total):
            let intents = Grouped.format(Int(rows[leader].tally.intents))
            return head + "they never disagreed (no intent lost by one and not the other): more than about "
                + "\(Grouped.format(roundedUp(total))) runs. McNemar's exact test needs at least 6 such intents, all one way, for p &lt; 0.05, "
                + "and with none in these \(intents) intents they are rarer than 3 in \(intents) (95% bound)."
        }
    }

    /// Which tied design is no worse than the others on every count, if one is.
    static func dominance(_ rows: [ResultRow], _ group: [Int]) -> String {
        let dominant = group.sorted().filter { a in group.allSatisfy { noMore(rows[a], than: rows[$0]) } }
        if dominant.count == 1 {
            return "\(code(rows[dominant[0]].design)) has the fewest lost orders, mis-deliveries, duplicates, double charges and lost sales "
                + "of them all (ties included): build it until more runs say otherwise."
        }
        if dominant.count > 1 {
            return "\(list(dominant.map { code(rows[$0].design) })) have the same counts of every outcome: either will do until more runs say otherwise."
        }
        return "None of them has the fewest of everything: weigh which of these costs you more."
    }

    /// What the leader pays for its fewer lost orders, against the runner-up (rates, not a
    /// paired test: a trade-off to see, not a finding).
    static func tradeOff(_ best: ResultRow, against other: ResultRow) -> String {
        let worse = Outcome.blemishes.dropFirst().filter { outcome in
            rate(outcome.total(best.tally), best.tally.intents) > rate(outcome.total(other.tally), other.tally.intents)
        }
        guard !worse.isEmpty else { return "No trade-off: it has no more of any of these, or of duplicates, than \(code(other.design))." }
        return "The trade-off: it has more " + list(worse.map { outcome in
            "\(outcome.title) (\(perMillion(outcome.total(best.tally), best.tally.intents)) against "
                + "\(perMillion(outcome.total(other.tally), other.tally.intents)))"
        }) + "."
    }

    /// The designs the answer names, side by side, per million intents.
    static func answerTable(_ rows: [ResultRow], _ shown: [Int], leader: Int, pairs: PairedLosses) -> String {
        var html = "<div class=\"wide\"><table class=\"answer\"><tr><th class=\"name\">design</th><th>lost</th><th>lost per million intents [95% CI]</th>"
            + "<th>vs \(e(rows[leader].design)) (paired)</th><th>mis-delivered</th><th>duplicated</th><th>double-charged</th><th>lost sales</th></tr>\n"
        for index in shown {
            let t = rows[index].tally
            let interval = Wilson.interval(successes: t.lost, trials: t.intents)
            let versus = index == leader ? "-" : "+\(perMillion(difference(pairs, index, leader), t.intents)), p "
                + PValue.phrase(logP: pairs.mcNemarLogPValue(index, leader))
            let cells = [Grouped.format(Int(t.lost)),
                         "\(perMillion(t.lost, t.intents)) [\(perMillionRate(interval.low)), \(perMillionRate(interval.high))]",
                         versus, perMillion(t.misdelivered, t.intents), perMillion(t.duplicated, t.intents),
                         perMillion(t.doubleCharged, t.intents), perMillion(t.lostSales, t.intents)]
            html += "<tr><td class=\"name\">\(e(rows[index].design))</td>" + cells.map { "<td>\(e($0))</td>" }.joined() + "</tr>\n"
        }
        return html + "</table></div><p class=\"note\">Every column after the first is per million purchase intents, except <i>lost</i>. "
            + "<i>vs</i>: lost orders more than the leader per million intents, from the intents one design lost and the other did not, "
            + "with McNemar's exact p. The other columns are rates, not paired tests.</p>"
    }

    /// The team's own design (`report --ours`) against the leader: what it loses, the causes,
    /// and the paired difference; the ablation and the walk that follow say what to change.
    static func oursAnswer(_ rows: [ResultRow], ours: Int, pairs: PairedLosses) -> String {
        guard let leader = leader(rows) else { return "" }
        let row = rows[ours]
        var html = "<p class=\"answer\"><b>Your design, \(code(row.design))</b>, lost \(lostSentence(row))"
        let causes = row.tally.causes(of: .lost).prefix(3).map { entry in
            "\(code(entry.cause.name)) \(FixedPoint.format(Double(entry.count) / Double(max(row.tally.lost, 1)) * 100, places: 0))%"
        }
        if !causes.isEmpty { html += "; why: " + list(causes) }
        if ours == leader {
            html += ". It is the leader: the single changes below are what could still help it.</p>\n"
        } else {
            html += ". Against the leader it loses \(perMillion(difference(pairs, ours, leader), row.tally.intents)) more orders per "
                + "million intents: \(evidence(rows, pairs, ours, leader)). Below: the single changes that help it most, then the "
                + "walk from it to \(code(rows[leader].design)), the most valuable step first.</p>\n"
        }
        return html
    }

    // MARK: Wording

    /// "3 orders (124 per million intents, 95% interval 26 to 363)".
    static func lostSentence(_ row: ResultRow) -> String {
        let t = row.tally, interval = Wilson.interval(successes: t.lost, trials: t.intents)
        return "\(Grouped.format(Int(t.lost))) order\(t.lost == 1 ? "" : "s") (\(perMillion(t.lost, t.intents)) per million intents, "
            + "95% interval \(perMillionRate(interval.low)) to \(perMillionRate(interval.high)))"
    }

    /// "X lost 56 intents that Y did not, Y lost 2 that X did not; exact McNemar p = 3.2e-14".
    static func evidence(_ rows: [ResultRow], _ pairs: PairedLosses, _ a: Int, _ b: Int) -> String {
        let onlyA = pairs.lostOnlyBy(a, notBy: b)
        return "\(code(rows[a].design)) lost \(Grouped.format(Int(onlyA))) intent\(onlyA == 1 ? "" : "s") that \(code(rows[b].design)) did not, "
            + "\(code(rows[b].design)) \(Grouped.format(Int(pairs.lostOnlyBy(b, notBy: a)))) that \(code(rows[a].design)) did not; "
            + "exact McNemar p \(PValue.phrase(logP: pairs.mcNemarLogPValue(a, b)))"
    }

    /// Intents `a` lost beyond `b`'s, from the discordant pairs.
    static func difference(_ pairs: PairedLosses, _ a: Int, _ b: Int) -> Int64 { pairs.lostOnlyBy(a, notBy: b) - pairs.lostOnlyBy(b, notBy: a) }

    static func perMillion(_ count: Int64, _ intents: Int64) -> String {
        (count < 0 ? "-" : "") + perMillionRate(rate(abs(count), intents))
    }

    /// A rate per million: whole numbers from 100, one place from 1, two below (0 stays "0").
    static func perMillionRate(_ rate: Double) -> String {
        let value = rate * 1_000_000
        if value == 0 { return "0" }
        if value >= 100 { return Grouped.format(value) }
        return FixedPoint.format(value, places: value >= 1 ? 1 : 2)
    }

    /// Two significant figures, rounded up: 118,312 → 120,000.
    static func roundedUp(_ value: Double) -> Int {
        var scale = 1.0
        while value / scale >= 100 { scale *= 10 }
        return Int((value / scale).rounded(.up) * scale)
    }

    static func code(_ name: String) -> String { "<code>\(e(name))</code>" }

    /// "a", "a and b", "a, b and c".
    static func list(_ items: [String]) -> String {
        items.count < 2 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }
}
