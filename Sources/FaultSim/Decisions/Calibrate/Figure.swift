/// An output of the simulator a team can measure on its own app, and how it is read from a
/// design's tally. The denominator is what the team counts: charged purchases for the
/// per-purchase figures (a team sees payments, not the taps that never charged), deliveries
/// for the share delivered after a relaunch and for the delay.
public enum Figure: String, Sendable, Equatable, CaseIterable {
    /// "Paid, nothing arrived" contacts per charged purchase (`user.supportContactProbability`
    /// of the undelivered ones): at most one per purchase, so a count of k of n.
    case supportContacts = "support_contacts"
    /// Lost orders per charged purchase (charged, never delivered).
    case lost
    /// Deliveries that came only after a relaunch or a reinstall, per delivery.
    case deliveredAfterRelaunch = "delivered_after_relaunch"
    /// Calls from the app server to Apple (verify and history) per charged purchase: a sum.
    case appleRequests = "apple_requests"
    /// Requests from the client to the app server per charged purchase: a sum.
    case serverRequests = "server_requests"
    /// Time from charge to delivery, as quantiles of the delivered purchases.
    case deliveryDelay = "delivery_delay"
    /// Lost orders with one cause (`Cause`, as `simrun run --causes-out` names it) per lost
    /// order: what a team finds when it reads the logs of the lost orders it investigated
    /// ("all of them cancelled, then purchased").
    case lostCause = "lost_cause"

    /// What the figure counts, for the docs and messages.
    public var meaning: String {
        switch self {
        case .supportContacts: "support contacts (\"paid, nothing arrived\") per charged purchase"
        case .lost: "lost orders (charged, never delivered) per charged purchase"
        case .deliveredAfterRelaunch: "deliveries that needed a relaunch or reinstall, per delivery"
        case .appleRequests: "app-server calls to Apple (verify, history) per charged purchase"
        case .serverRequests: "client requests to the app server per charged purchase"
        case .deliveryDelay: "time from charge to delivery (quantiles of deliveries)"
        case .lostCause: "lost orders with a given cause, per lost order investigated"
        }
    }

    /// The data kinds the figure takes: "count" and "range" for rates, "sum" for requests,
    /// "quantile" for the delay; "ratio" (this design's figure over another's) for rates and sums.
    public var kinds: [String] {
        switch self {
        case .supportContacts, .lost, .deliveredAfterRelaunch, .lostCause: ["count", "range", "ratio"]
        case .appleRequests, .serverRequests: ["sum", "ratio"]
        case .deliveryDelay: ["quantile"]
        }
    }

    /// Events and units in `tally`: (k, n) for a rate, (total, n) for a sum; for the delay the
    /// deliveries (events unused).
    public func counts(in tally: DesignTally, cause: Cause? = nil) -> (events: Int64, units: Int64) {
        let charged = tally.intents - tally.notCharged
        switch self {
        case .supportContacts: return (tally.supportContacts, charged)
        case .lost: return (tally.lost, charged)
        case .deliveredAfterRelaunch: return (tally.deliveredAfterRelaunch + tally.deliveredAfterReinstall, tally.delivered)
        case .appleRequests: return (tally.appleRequests, charged)
        case .serverRequests: return (tally.serverRequests, charged)
        case .deliveryDelay: return (0, tally.delivered)
        case .lostCause: return (cause.map { tally.count(of: .lost, cause: $0) } ?? 0, tally.lost)
        }
    }
}

extension DelayHistogram {
    /// The fraction of recorded delays at or below `valueMs`, interpolated linearly inside the
    /// bucket that holds it (the quantile–CDF duality of a quantile figure needs F(t), and a
    /// CDF needs no density, which a histogram estimates badly in the tail). 0 when empty.
    /// - Complexity: O(buckets).
    public func fraction(atOrBelow valueMs: Double) -> Double {
        guard total > 0, valueMs >= 0 else { return 0 }
        let value = SimTime(min(valueMs, 9e18))
        let bucket = Self.bucket(of: value)
        var below: Int64 = 0
        for index in 0..<bucket { below += counts[index] }
        let low = Double(Self.lowerBound(of: bucket))
        let high = bucket + 1 < counts.count ? Double(Self.lowerBound(of: bucket + 1)) : low + 1
        let within = high > low ? min(max((valueMs - low) / (high - low), 0), 1) : 1
        return (Double(below) + within * Double(counts[bucket])) / Double(total)
    }
}
