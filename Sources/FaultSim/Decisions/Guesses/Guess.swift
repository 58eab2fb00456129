import Policies

/// A scenario key the parameter table marks as a guess (`ScenarioParameter.Source.guess`): its
/// plausible low and high, and the value the scenario at hand gives it. `simrun robust` moves
/// each guess to its ends, one at a time and all together, to see whether the answer (which
/// design loses the fewest orders) rests on a number nobody measured.
public struct Guess: Sendable, Equatable {
    /// The key as a scenario file and `--set` write it.
    public let path: String
    public let low: ScenarioParameter.Value
    public let high: ScenarioParameter.Value
    /// The scenario's own value (its default unless the file or `--set` changed it).
    public let current: ScenarioParameter.Value

    /// The table's row for the key.
    public var row: ScenarioParameter { ScenarioParameter.row(path)! }

    /// Whether no value lies between low and high (a choice, or distributions of kinds that do
    /// not blend): the guess takes one end or the other, and a crossover has nothing to search.
    public var isStepped: Bool { low.isStepped(towards: high) }

    /// The value a fraction `t` of the way from low to high (`ScenarioParameter.Value.interpolated`).
    public func value(at t: Double) -> ScenarioParameter.Value { low.interpolated(to: high, at: t) }

    /// `base` with this key set to `value`; nil when the key cannot take it (a value of another
    /// kind or out of the key's range), which the table's own lows and highs never are.
    public func scenario(_ base: Scenario, with value: ScenarioParameter.Value) -> Scenario? {
        var scenario = base
        return row.field.set(value, in: &scenario) ? scenario : nil
    }

    /// Every guess of the parameter table in table order, with the scenario's values, and the
    /// guesses that cannot be moved in `scenario`, each with the reason.
    /// - Complexity: O(table rows).
    public static func all(in scenario: Scenario) -> (guesses: [Guess], skipped: [SkippedGuess]) {
        var guesses: [Guess] = []
        var skipped: [SkippedGuess] = []
        for row in ScenarioParameter.table {
            guard case .guess(_, let low, let high, _) = row.source else { continue }
            guard let current = row.field.value(in: scenario) else {
                skipped.append(SkippedGuess(path: row.path, reason: "the scenario has no value for it"))
                continue
            }
            let guess = Guess(path: row.path, low: low, high: high, current: current)
            if guess.scenario(scenario, with: low) == nil {
                skipped.append(SkippedGuess(path: row.path, reason: "its plausible low \(low.text) cannot be set (\(row.unit))"))
            } else if guess.scenario(scenario, with: high) == nil {
                skipped.append(SkippedGuess(path: row.path, reason: "its plausible high \(high.text) cannot be set (\(row.unit))"))
            } else {
                guesses.append(guess)
            }
        }
        return (guesses, skipped)
    }

    /// The keys of every guess in the table, in table order: what `--params` may name.
    public static var tableKeys: [String] {
        ScenarioParameter.table.compactMap { row in
            if case .guess = row.source { return row.path }
            return nil
        }
    }
}

/// A guess `simrun robust` leaves alone, and why.
public struct SkippedGuess: Sendable, Equatable {
    public let path: String
    public let reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}
