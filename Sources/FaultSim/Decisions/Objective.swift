/// What a decision is judged on: an outcome counted per intent (compared intent by intent with
/// McNemar's exact test, as `simrun compare` does) or the client's requests to the app server
/// (compared run by run with a paired z-test). Lower is better for every objective.
public enum Objective: String, Sendable, CaseIterable {
    case lost
    case lostSales = "lost_sales"
    case misdelivered
    case duplicated
    case doubleCharged = "double_charged"
    case serverRequests = "server_requests"

    /// The paired outcome behind an intent-counted objective; nil for `serverRequests`.
    public var outcome: PairedOutcomes.Outcome? {
        switch self {
        case .lost: .lost
        case .lostSales: .lostSale
        case .misdelivered: .misdelivered
        case .duplicated: .duplicated
        case .doubleCharged: .doubleCharged
        case .serverRequests: nil
        }
    }

    /// The objectives compared intent by intent, in `PanelResult`'s storage order.
    static let counted: [Objective] = allCases.filter { $0.outcome != nil }

    /// The objective's total in a tally.
    public func total(_ tally: DesignTally) -> Int64 {
        switch self {
        case .lost: tally.lost
        case .lostSales: tally.lostSales
        case .misdelivered: tally.misdelivered
        case .duplicated: tally.duplicated
        case .doubleCharged: tally.doubleCharged
        case .serverRequests: tally.serverRequests
        }
    }

    /// What one unit is, for a column header: "per 10^6 intents" or "per intent".
    public var unit: String { self == .serverRequests ? "per intent" : "per 10^6 intents" }

    /// The factor from a per-intent rate to `unit`.
    public var scale: Double { self == .serverRequests ? 1 : 1_000_000 }

    /// For people: "lost orders", "server requests".
    public var title: String {
        switch self {
        case .lost: "lost orders"
        case .lostSales: "lost sales"
        case .misdelivered: "mis-deliveries"
        case .duplicated: "duplicate deliveries"
        case .doubleCharged: "double charges"
        case .serverRequests: "server requests"
        }
    }

    /// Parses a comma-separated list (`lost,lost_sales,server_requests`); the error names the
    /// unknown word and the nearest objective.
    public static func parseList(_ text: String) -> Result<[Objective], ObjectiveListError> {
        var objectives: [Objective] = []
        for word in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            guard let objective = Objective(rawValue: word) else {
                var message = "unknown objective '\(word)'"
                if let hint = Suggestion.nearest(to: word, in: allCases.map(\.rawValue)) { message += "; did you mean '\(hint)'?" }
                return .failure(ObjectiveListError(message: message + " (objectives: \(allCases.map(\.rawValue).joined(separator: ", ")))"))
            }
            guard !objectives.contains(objective) else {
                return .failure(ObjectiveListError(message: "objective '\(word)' is given twice"))
            }
            objectives.append(objective)
        }
        return .success(objectives)
    }
}

public struct ObjectiveListError: Error, Sendable, Equatable {
    public let message: String
}

/// One objective compared between two designs over the same runs: A − B in the objective's
/// unit, its 95% interval, and the natural log of the two-sided p-value.
public struct PairedDifference: Sendable, Equatable {
    /// A − B in `Objective.unit` (per 10^6 intents, or requests per intent).
    public let difference: Double
    public let low: Double
    public let high: Double
    /// ln p: McNemar's exact test for an intent-counted objective, a paired z-test on the runs'
    /// request counts for `serverRequests`.
    public let logP: Double
    /// Intents counted under A only and under B only (0 for `serverRequests`).
    public let onlyA: Int64
    public let onlyB: Int64

    /// Significant at `alpha` (two-sided).
    public func isSignificant(alpha: Double = 0.05) -> Bool { logP < DeterministicMath.log(alpha) }

    /// p for people ("0.041", "3.2e-07").
    public var pText: String { PValue.text(logP: logP) }
}

/// The normal distribution's two-sided tail in log space, for the paired z-test: ln P(|Z| ≥ z).
/// Numerical Recipes' `erfcc` (fractional error below 1.2e-7 everywhere), evaluated as a
/// logarithm so it never underflows, with the project's own `exp` and `log`.
enum NormalTail {
    static func logTwoSided(z: Double) -> Double {
        let x = abs(z) / 2.0.squareRoot()
        let t = 1 / (1 + 0.5 * x)
        var poly = 0.17087277
        for c in [-0.82215223, 1.48851587, -1.13520398, 0.27886807, -0.18628806, 0.09678418, 0.37409196, 1.00002368] {
            poly = c + t * poly
        }
        let logErfc = DeterministicMath.log(t) - x * x - 1.26551223 + t * poly
        return min(0, logErfc)
    }
}
