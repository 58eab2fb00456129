/// What a sweep charts on y (`simrun sweep --metric`): a rate per intent with its 95% Wilson
/// interval, or a plain figure with no band.
public enum SweepMetric: String, Sendable, CaseIterable {
    case lost
    case misdelivered
    case duplicated
    case notCharged = "not_charged"
    case lostSales = "lost_sales"
    case deliveryP99 = "delivery_p99"
    case serverRequestsPerIntent = "server_requests_per_intent"
    case appleRequestsPerIntent = "apple_requests_per_intent"

    /// The axis title, with its unit.
    public var title: String {
        switch self {
        case .lost: "lost orders (% of intents)"
        case .misdelivered: "mis-delivered orders (% of intents)"
        case .duplicated: "duplicated orders (% of intents)"
        case .notCharged: "intents not charged (%)"
        case .lostSales: "lost sales (% of intents)"
        case .deliveryP99: "p99 time from charge to delivery (s)"
        case .serverRequestsPerIntent: "requests to the app server per intent"
        case .appleRequestsPerIntent: "calls to Apple per intent"
        }
    }

    /// Whether the value is a share of intents (shown in %, with a Wilson band).
    public var isRate: Bool {
        switch self {
        case .lost, .misdelivered, .duplicated, .notCharged, .lostSales: true
        case .deliveryP99, .serverRequestsPerIntent, .appleRequestsPerIntent: false
        }
    }

    /// The value for a design's tally, and its 95% interval when it has one.
    public func value(_ tally: DesignTally) -> (y: Double, low: Double?, high: Double?) {
        let intents = max(tally.intents, 1)
        func rate(_ count: Int64) -> (Double, Double?, Double?) {
            let interval = Wilson.interval(successes: count, trials: tally.intents)
            return (Double(count) / Double(intents), interval.low, interval.high)
        }
        switch self {
        case .lost: return rate(tally.lost)
        case .misdelivered: return rate(tally.misdelivered)
        case .duplicated: return rate(tally.duplicated)
        case .notCharged: return rate(tally.notCharged)
        case .lostSales: return rate(tally.lostSales)
        case .deliveryP99: return (Double(tally.deliveryDelay.quantile(0.99) ?? 0) / 1_000, nil, nil)
        case .serverRequestsPerIntent: return (Double(tally.serverRequests) / Double(intents), nil, nil)
        case .appleRequestsPerIntent: return (Double(tally.appleRequests) / Double(intents), nil, nil)
        }
    }
}
