/// The tornado chart of a robustness job: how far each guess, at its low and at its high, moves
/// the baseline leader's lead over the best other design.
extension RobustResult {
    /// One guess's effect on the lead.
    public struct TornadoRow: Sendable, Equatable {
        public let guess: Int
        /// The lead (per 10^6 intents) with the guess at its low and at its high.
        public let low: Double
        public let high: Double
        /// How far the lead moves: the largest minus the smallest of low, high and the baseline's lead.
        public let span: Double
        /// An end flips the leader.
        public let flips: Bool
    }

    /// How many guesses the chart shows.
    public static let tornadoLength = 20

    /// Every guess's row, the largest span first (ties in table order).
    public func tornadoRows() -> [TornadoRow] {
        let base = lead(0)
        let rows = guesses.indices.map { guess -> TornadoRow in
            let (lowIndex, highIndex) = endSettings(of: guess)
            let low = lead(lowIndex), high = lead(highIndex)
            return TornadoRow(guess: guess, low: low, high: high, span: max(low, high, base) - min(low, high, base),
                              flips: verdict(lowIndex) == .flips || verdict(highIndex) == .flips)
        }
        return rows.enumerated().sorted { $0.element.span != $1.element.span ? $0.element.span > $1.element.span : $0.offset < $1.offset }
            .map(\.element)
    }

    /// The chart as SVG: the `tornadoLength` guesses that move the lead most.
    public var tornadoSVG: String {
        let leader = designs[baselineLeader]
        let bars = tornadoRows().prefix(Self.tornadoLength).map { row in
            TornadoChart.Bar(label: guesses[row.guess].path, lowText: guesses[row.guess].low.short, low: row.low,
                             highText: guesses[row.guess].high.short, high: row.high, flagged: row.flips)
        }
        let shown = bars.count < guesses.count ? "the \(bars.count) of \(guesses.count) guesses that move it most" : "every guess"
        return TornadoChart.render(title: "\(leader)'s lead over the next best design: \(shown)",
                                   xTitle: "lead: the best other design's lost orders minus \(leader)'s, per 10^6 intents (\(Grouped.format(runs)) runs)",
                                   baseline: lead(0), bars: Array(bars), zeroNote: "0: another design leads",
                                   flagNote: bars.contains(where: \.flagged) ? "bold red: an end flips the leader" : "",
                                   valueText: Self.signedAmount)
    }
}
