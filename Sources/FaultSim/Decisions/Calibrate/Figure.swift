/// An output of the simulator a team can measure on its own app, and how it is read from a
/// design's tally. The denominator is what the team counts: charged purchases for the
/// per-purchase figures (a team sees payments, not the taps that never charged), Buy taps for
/// the two outcomes of purchases that never charged, deliveries for the share delivered after
/// a relaunch and for the delay. Every outcome of the outcome table that counts intents or
/// requests is a figure under its own name (`Outcome.rows`), so a new outcome is a figure too.
public enum Figure: Sendable, Hashable, CaseIterable, RawRepresentable {
    /// "Paid, nothing arrived" tickets per charged purchase (`user.supportContactProbability`
    /// of the users who leave the session of the charge with nothing to show): at most one per
    /// purchase, so a count of k of n. A ticket counts *late deliveries as well as losses*: the
    /// goods that arrive at a later launch, or never, both left the user empty-handed when the
    /// session ended, and the user asked then.
    case supportContacts
    /// An outcome of the outcome table (lost, double_charged, lost_sales, server_requests, ...).
    case outcome(Outcome)
    /// Deliveries that came only after a relaunch or a reinstall, per delivery.
    case deliveredAfterRelaunch
    /// Time from charge to delivery, as quantiles of the delivered purchases.
    case deliveryDelay
    /// Lost orders with one cause (`Cause`, as `simrun run --causes-out` names it) per lost
    /// order: what a team finds when it reads the logs of the lost orders it investigated
    /// ("all of them cancelled, then purchased").
    case lostCause

    public static let lost = Figure.outcome(.lost)

    /// Every figure: tickets first, then the outcome table's (but its p99 delay, which
    /// `delivery_delay` states at any quantile), then the rest.
    public static let allCases: [Figure] = [.supportContacts]
        + Outcome.allCases.filter { $0.row.measure != .delay }.map(Figure.outcome)
        + [.deliveredAfterRelaunch, .deliveryDelay, .lostCause]

    public var rawValue: String {
        switch self {
        case .supportContacts: "support_contacts"
        case .outcome(let outcome): outcome.name
        case .deliveredAfterRelaunch: "delivered_after_relaunch"
        case .deliveryDelay: "delivery_delay"
        case .lostCause: "lost_cause"
        }
    }

    public init?(rawValue: String) {
        guard let figure = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = figure
    }

    /// The outcomes counted per Buy tap rather than per charged purchase: they never charged.
    static func perTap(_ outcome: Outcome) -> Bool { outcome == .lostSales || outcome == .notCharged }

    /// What the figure counts, for the docs and messages.
    public var meaning: String {
        switch self {
        case .supportContacts: "\"paid, nothing arrived\" tickets per charged purchase: late deliveries as well as losses"
        case .outcome(let outcome) where outcome.row.measure == .perRun: "\(outcome.title) per charged purchase"
        case .outcome(let outcome): "\(outcome.title) per \(Self.perTap(outcome) ? "Buy tap" : "charged purchase")"
        case .deliveredAfterRelaunch: "deliveries that needed a relaunch or reinstall, per delivery"
        case .deliveryDelay: "time from charge to delivery (quantiles of deliveries)"
        case .lostCause: "lost orders with a given cause, per lost order investigated"
        }
    }

    /// The data kinds the figure takes: "count" and "range" for rates, "sum" for requests,
    /// "quantile" for the delay; "ratio" (this design's figure over another's) for rates and sums.
    public var kinds: [String] {
        switch self {
        case .outcome(let outcome) where outcome.row.measure == .perRun: ["sum", "ratio"]
        case .supportContacts, .outcome, .deliveredAfterRelaunch, .lostCause: ["count", "range", "ratio"]
        case .deliveryDelay: ["quantile"]
        }
    }

    /// Events and units in `tally`: (k, n) for a rate, (total, n) for a sum; for the delay the
    /// deliveries (events unused).
    public func counts(in tally: DesignTally, cause: Cause? = nil) -> (events: Int64, units: Int64) {
        let charged = tally.intents - tally.notCharged
        switch self {
        case .supportContacts: return (tally.supportContacts, charged)
        case .outcome(let outcome): return (outcome.total(tally), Self.perTap(outcome) ? tally.intents : charged)
        case .deliveredAfterRelaunch: return (tally.deliveredAfterRelaunch + tally.deliveredAfterReinstall, tally.delivered)
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
