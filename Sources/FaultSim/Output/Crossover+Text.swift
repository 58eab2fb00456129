extension Crossover.Result {
    /// Every evaluated value, then the answer in one sentence naming `key`: what `simrun
    /// crossover` and `simrun sweep --crossover` print.
    public func text(key: String) -> String {
        func padded(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(1, width - text.count)) }
        let format = SweepAxis.label
        // The difference in percentage points of intents, the unit of `compare` and the pairs CSV.
        var text = "\n" + padded("value", 12) + "diff, pts  significant  detail\n"
        for point in points {
            let difference = (point.difference < 0 ? "-" : "+") + FixedPoint.format(abs(point.difference) * 100, places: 3)
            text += padded(format(point.value), 12) + padded(difference, 11) + padded(point.significant ? "yes" : "no", 13)
                + point.detail + "\n"
        }
        guard let bracket, let estimate, let interval else {
            return text + "\nno crossover: the difference keeps its sign over the whole range\n"
        }
        return text + "\ncrossover: \(key) = \(format(estimate)) (last bracket \(format(bracket.below))...\(format(bracket.above)); "
            + "between \(format(interval.low)) and \(format(interval.high)) given the noise)\n"
    }
}
