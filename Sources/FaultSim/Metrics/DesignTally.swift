/// Raw counts for one design over some runs. Everything is an integer count, so tallies
/// from threads, chunks or machines merge by addition into exactly the single-run result.
public struct DesignTally: Sendable, Equatable {
    public var runs: Int64 = 0
    public var intents: Int64 = 0

    // Outcomes (docs/model.md §12): they add up to `intents`.
    public var notCharged: Int64 = 0
    public var delivered: Int64 = 0
    public var lost: Int64 = 0
    public var misdelivered: Int64 = 0
    public var duplicated: Int64 = 0
    public var doubleCharged: Int64 = 0

    /// The part of `notCharged` whose order could not be created (order-first), or whose user
    /// was below iOS 15 with a StoreKit 2 design that names no StoreKit 1 design: sales the
    /// design lost before any money moved.
    public var lostSales: Int64 = 0
    /// The part of `lost` Apple refunded within the horizon (`user.refundRequestProbability`):
    /// the user has the money back, the order still failed.
    public var refundedUndelivered: Int64 = 0
    /// The part of `delivered` whose goods came after Apple refunded the charge, and were kept:
    /// the developer gave them for nothing (`Design.revokesOnRefund` takes them back).
    public var deliveredAfterRefund: Int64 = 0

    // When `delivered` intents were delivered: they add up to `delivered`.
    public var deliveredSameSession: Int64 = 0
    public var deliveredAfterRelaunch: Int64 = 0
    public var deliveredAfterReinstall: Int64 = 0

    /// Time from charge to delivery of `delivered` intents.
    public var deliveryDelay = DelayHistogram()

    public var supportContacts: Int64 = 0
    public var stuckModals: Int64 = 0
    /// Requests from the client to the app server (including lost ones).
    public var serverRequests: Int64 = 0
    /// Calls from the app server to Apple (verify and transaction history).
    public var appleRequests: Int64 = 0
    /// Durable local records still present at the horizon.
    public var leakedRecords: Int64 = 0
    /// Events processed, for the cost per run.
    public var events: Int64 = 0
    /// Runs stopped at `World.maxEventsPerRun` before their horizon.
    public var cappedRuns: Int64 = 0
    /// Firings per fault, indexed by `FaultKind.rawValue`.
    public var faultCounts = [Int64](repeating: 0, count: FaultKind.allCases.count)
    /// Blemished intents per (outcome, cause), indexed by `causeIndex`.
    public var causeCounts = [Int64](repeating: 0, count: Blemish.allCases.count * Cause.allCases.count)

    static func causeIndex(_ outcome: Blemish, _ cause: Cause) -> Int { outcome.rawValue * Cause.allCases.count + cause.rawValue }

    mutating func count(_ outcome: Blemish, _ cause: Cause) {
        causeCounts[DesignTally.causeIndex(outcome, cause)] += 1
    }

    /// Intents that ended in `outcome`.
    public func total(of outcome: Blemish) -> Int64 {
        switch outcome {
        case .lost: lost
        case .misdelivered: misdelivered
        case .duplicated: duplicated
        case .doubleCharged: doubleCharged
        }
    }

    /// Intents with `outcome` attributed to `cause`.
    public func count(of outcome: Blemish, cause: Cause) -> Int64 { causeCounts[DesignTally.causeIndex(outcome, cause)] }

    /// The causes of `outcome`, most frequent first (ties in `Cause` order), without zeros.
    public func causes(of outcome: Blemish) -> [(cause: Cause, count: Int64)] {
        Cause.allCases.map { ($0, count(of: outcome, cause: $0)) }
            .filter { $0.1 > 0 }
            .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0.rawValue < $1.0.rawValue }
    }

    public init() {}

    public mutating func merge(_ other: DesignTally) {
        runs += other.runs
        intents += other.intents
        notCharged += other.notCharged
        delivered += other.delivered
        lost += other.lost
        misdelivered += other.misdelivered
        duplicated += other.duplicated
        doubleCharged += other.doubleCharged
        lostSales += other.lostSales
        refundedUndelivered += other.refundedUndelivered
        deliveredAfterRefund += other.deliveredAfterRefund
        deliveredSameSession += other.deliveredSameSession
        deliveredAfterRelaunch += other.deliveredAfterRelaunch
        deliveredAfterReinstall += other.deliveredAfterReinstall
        deliveryDelay.merge(other.deliveryDelay)
        supportContacts += other.supportContacts
        stuckModals += other.stuckModals
        serverRequests += other.serverRequests
        appleRequests += other.appleRequests
        leakedRecords += other.leakedRecords
        events += other.events
        cappedRuns += other.cappedRuns
        for index in faultCounts.indices { faultCounts[index] += other.faultCounts[index] }
        for index in causeCounts.indices { causeCounts[index] += other.causeCounts[index] }
    }

    /// Lost intents over all intents, with its 95% Wilson interval.
    public var lostRate: (rate: Double, low: Double, high: Double) {
        let interval = Wilson.interval(successes: lost, trials: intents)
        return (intents > 0 ? Double(lost) / Double(intents) : 0, interval.low, interval.high)
    }

    /// The first bookkeeping identity these counts break, or nil when they hold. Counts read
    /// from a file are checked with it before they are trusted.
    public var bookkeepingProblem: String? {
        let scalars: [Int64] = [runs, intents, notCharged, delivered, lost, misdelivered, duplicated, doubleCharged, lostSales,
                                refundedUndelivered, deliveredAfterRefund,
                                deliveredSameSession, deliveredAfterRelaunch, deliveredAfterReinstall, supportContacts, stuckModals,
                                serverRequests, appleRequests, leakedRecords, events, cappedRuns]
        if (scalars + faultCounts + causeCounts + deliveryDelay.counts).contains(where: { $0 < 0 }) { return "a count is negative" }
        if notCharged + delivered + lost + misdelivered + duplicated + doubleCharged != intents { return "outcomes must add up to intents" }
        if lostSales > notCharged { return "lost sales are intents not charged" }
        if refundedUndelivered > lost { return "refunded undelivered intents are lost intents" }
        if deliveredAfterRefund > delivered { return "intents delivered after a refund are delivered intents" }
        if deliveredSameSession + deliveredAfterRelaunch + deliveredAfterReinstall != delivered {
            return "delivery classes must add up to delivered"
        }
        if deliveryDelay.total != delivered { return "one delay per delivered intent" }
        for outcome in Blemish.allCases where Cause.allCases.reduce(0, { $0 + count(of: outcome, cause: $1) }) != total(of: outcome) {
            return "every \(outcome.name) intent has exactly one cause"
        }
        return nil
    }

    /// States the bookkeeping identities; called after every merge.
    public func _checkInvariants() {
        invariant(bookkeepingProblem == nil, bookkeepingProblem ?? "")
    }
}
