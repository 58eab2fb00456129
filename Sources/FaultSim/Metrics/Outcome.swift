/// What the tool measures of a design, one row each (`Outcome.Row`): how an intent can end
/// badly, the intents that moved no money, the load on the app server and on Apple, and the
/// delay to delivery. The objectives decision tools weigh (`objectives`), the metrics a sweep
/// charts (`allCases`), `compare`'s rows (`paired`), the report's outcome charts (`charted`), the
/// leader's tie rule (`blemishes`) and the columns of `ablate`'s and `optimize`'s CSVs all read
/// this table, so a new outcome is its count in `DesignTally`, its case and its row here.
///
/// Every outcome is lower-is-better except `notCharged`, which counts genuine cancels too.
public enum Outcome: Int, Sendable, CaseIterable {
    case lost, lostSales, misdelivered, duplicated, doubleCharged, deliveredAfterRefund, refundedUndelivered, notCharged
    case serverRequests, appleRequests, deliveryP99

    /// How an outcome is counted, and so how two designs are compared on it over the same runs.
    public enum Measure: Sendable, Equatable {
        /// A share of intents, a bit per intent in each run's masks (`OutcomeMasks`): compared
        /// intent by intent with McNemar's exact test on the discordant intents.
        case intents
        /// A count per run, reported per intent: compared run by run with a paired z-test.
        case perRun
        /// A quantile of the delay from charge to delivery, in seconds: not compared pairwise.
        case delay
    }

    /// One outcome's words, unit and measure.
    public struct Row: Sendable {
        /// How options, CSV headers and lists spell it: `lost_sales`, `server_requests`.
        public let name: String
        /// Older spellings an option still takes (`server_requests_per_intent`, as `sweep --metric` wrote it).
        public let aliases: [String]
        /// For sentences: "lost orders", "mis-deliveries".
        public let title: String
        /// A chart's axis: "lost orders (% of intents)".
        public let axisTitle: String
        /// The report's outcome panel, or nil when the outcome has none.
        public let panelTitle: String?
        /// `compare`'s verdict: what is counted ("orders lost"), and how the better design does
        /// with it ("loses fewer orders than").
        public let counted: String
        public let fewerVerb: String
        public let measure: Measure
        /// Whether decision tools (`ablate`, `robust`, `optimize`) weigh it.
        public let decides: Bool
    }

    public var row: Row { Outcome.rows[rawValue] }
    public var name: String { row.name }
    public var title: String { row.title }

    /// The objectives decision tools weigh, in table order: `ablate`'s and `optimize`'s columns.
    public static let objectives = allCases.filter { $0.row.decides }
    /// The outcomes counted intent by intent, in table order: `compare`'s rows, `PanelResult`'s pairs.
    public static let paired = allCases.filter { $0.row.measure == .intents }
    /// The bad endings of a charged or wanted purchase: what the leader's tie rule and the
    /// table's "best" weigh besides lost orders.
    public static let blemishes = allCases.filter { $0.row.decides && $0.row.measure == .intents }
    /// The report's outcome panels, in table order.
    public static let charted = allCases.filter { $0.row.panelTitle != nil }

    /// Its count in a tally (intents, or requests, or the p99 delay in ms).
    public func total(_ tally: DesignTally) -> Int64 {
        switch self {
        case .lost: tally.lost
        case .lostSales: tally.lostSales
        case .misdelivered: tally.misdelivered
        case .duplicated: tally.duplicated
        case .doubleCharged: tally.doubleCharged
        case .deliveredAfterRefund: tally.deliveredAfterRefund
        case .refundedUndelivered: tally.refundedUndelivered
        case .notCharged: tally.notCharged
        case .serverRequests: tally.serverRequests
        case .appleRequests: tally.appleRequests
        case .deliveryP99: tally.deliveryDelay.quantile(0.99) ?? 0
        }
    }

    /// The unit of a decision tool's figure: "per 10^6 intents" or "per intent".
    public var unit: String { row.measure == .intents ? "per 10^6 intents" : "per intent" }
    /// The factor from a per-intent rate to `unit`.
    public var scale: Double { row.measure == .intents ? 1_000_000 : 1 }
    /// Decimals a decision tool's text shows in `unit`: one per 10^6 intents, four per intent.
    public var places: Int { row.measure == .intents ? 1 : 4 }

    /// The outcome an option names, by name or an older spelling.
    public static func named(_ word: String) -> Outcome? {
        allCases.first { $0.row.name == word || $0.row.aliases.contains(word) }
    }

    static let rows: [Row] = allCases.map { outcome in
        switch outcome {
        case .lost:
            Row(name: "lost", aliases: [], title: "lost orders", axisTitle: "lost orders (% of intents)", panelTitle: "lost",
                counted: "orders lost", fewerVerb: "loses fewer orders than", measure: .intents, decides: true)
        case .lostSales:
            Row(name: "lost_sales", aliases: ["lost_sale"], title: "lost sales", axisTitle: "lost sales (% of intents)", panelTitle: nil,
                counted: "sales lost (no order, no charge)", fewerVerb: "loses fewer sales than", measure: .intents, decides: true)
        case .misdelivered:
            Row(name: "misdelivered", aliases: [], title: "mis-deliveries", axisTitle: "mis-delivered orders (% of intents)",
                panelTitle: "mis-delivered", counted: "orders mis-delivered", fewerVerb: "mis-delivers fewer orders than",
                measure: .intents, decides: true)
        case .duplicated:
            Row(name: "duplicated", aliases: [], title: "duplicate deliveries", axisTitle: "duplicated orders (% of intents)",
                panelTitle: "duplicated", counted: "orders duplicated", fewerVerb: "duplicates fewer orders than", measure: .intents,
                decides: true)
        case .doubleCharged:
            Row(name: "double_charged", aliases: [], title: "double charges", axisTitle: "intents charged twice (% of intents)",
                panelTitle: "double-charged", counted: "intents charged twice", fewerVerb: "charges fewer intents twice than",
                measure: .intents, decides: true)
        case .deliveredAfterRefund:
            Row(name: "delivered_after_refund", aliases: [], title: "deliveries after a refund",
                axisTitle: "goods kept after a refund (% of intents)", panelTitle: nil,
                counted: "orders delivered after Apple refunded them", fewerVerb: "delivers fewer refunded orders than",
                measure: .intents, decides: true)
        case .refundedUndelivered:
            Row(name: "refunded_undelivered", aliases: [], title: "refunded lost orders",
                axisTitle: "lost orders Apple refunded (% of intents)", panelTitle: nil,
                counted: "lost orders Apple refunded (part of lost)", fewerVerb: "has fewer refunded lost orders than",
                measure: .intents, decides: false)
        case .notCharged:
            Row(name: "not_charged", aliases: [], title: "intents not charged", axisTitle: "intents not charged (%)",
                panelTitle: "not charged", counted: "intents not charged (cancels included)",
                fewerVerb: "leaves fewer intents uncharged than", measure: .intents, decides: false)
        case .serverRequests:
            Row(name: "server_requests", aliases: ["server_requests_per_intent"], title: "server requests",
                axisTitle: "requests to the app server per intent", panelTitle: nil, counted: "requests to the app server",
                fewerVerb: "sends fewer requests than", measure: .perRun, decides: true)
        case .appleRequests:
            Row(name: "apple_requests", aliases: ["apple_requests_per_intent"], title: "calls to Apple",
                axisTitle: "calls to Apple per intent", panelTitle: nil, counted: "calls to Apple", fewerVerb: "calls Apple less than",
                measure: .perRun, decides: false)
        case .deliveryP99:
            Row(name: "delivery_p99", aliases: [], title: "p99 delay", axisTitle: "p99 time from charge to delivery (s)", panelTitle: nil,
                counted: "p99 delay", fewerVerb: "delivers sooner than", measure: .delay, decides: false)
        }
    }

    /// A value for a chart or table: a share of intents with its 95% Wilson interval, requests
    /// per intent, or the p99 delay in seconds (no interval for those).
    public func value(_ tally: DesignTally) -> (y: Double, low: Double?, high: Double?) {
        let intents = max(tally.intents, 1)
        switch row.measure {
        case .intents:
            let count = total(tally)
            let interval = Wilson.interval(successes: count, trials: tally.intents)
            return (Double(count) / Double(intents), interval.low, interval.high)
        case .perRun: return (Double(total(tally)) / Double(intents), nil, nil)
        case .delay: return (Double(total(tally)) / 1_000, nil, nil)
        }
    }

    /// Parses a comma-separated list of objectives (`lost,lost_sales,server_requests`); the
    /// error names the unknown word and the nearest objective.
    public static func parseObjectives(_ text: String) -> Result<[Outcome], ObjectiveListError> {
        let names = objectives.map(\.name)
        var chosen: [Outcome] = []
        for word in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            guard let outcome = named(word), outcome.row.decides else {
                var message = "unknown objective '\(word)'"
                if let hint = Suggestion.nearest(to: word, in: names) { message += "; did you mean '\(hint)'?" }
                return .failure(ObjectiveListError(message: message + " (objectives: \(names.joined(separator: ", ")))"))
            }
            guard !chosen.contains(outcome) else { return .failure(ObjectiveListError(message: "objective '\(word)' is given twice")) }
            chosen.append(outcome)
        }
        return .success(chosen)
    }
}

public struct ObjectiveListError: Error, Sendable, Equatable {
    public let message: String
}

/// One run's intents that ended each way an intent can be counted (`Outcome.paired`), a bit
/// per intent: a value the world hands over after each run, no allocation.
public struct OutcomeMasks: Sendable, Equatable {
    public var lost: UInt64
    public var misdelivered: UInt64
    public var duplicated: UInt64
    public var doubleCharged: UInt64
    /// Never charged because the order could not be created (a subset of `notCharged`).
    public var lostSales: UInt64
    public var notCharged: UInt64
    /// Delivered after Apple refunded the charge, goods kept (a subset of the delivered).
    public var deliveredAfterRefund: UInt64
    /// Lost, and refunded by Apple (a subset of `lost`).
    public var refundedUndelivered: UInt64

    public init(lost: UInt64 = 0, misdelivered: UInt64 = 0, duplicated: UInt64 = 0, doubleCharged: UInt64 = 0, lostSales: UInt64 = 0,
                notCharged: UInt64 = 0, deliveredAfterRefund: UInt64 = 0, refundedUndelivered: UInt64 = 0) {
        self.lost = lost
        self.misdelivered = misdelivered
        self.duplicated = duplicated
        self.doubleCharged = doubleCharged
        self.lostSales = lostSales
        self.notCharged = notCharged
        self.deliveredAfterRefund = deliveredAfterRefund
        self.refundedUndelivered = refundedUndelivered
    }

    /// The intents of a blemish (`Outcome.blemishes`), any of them.
    public var blemished: UInt64 { lost | lostSales | misdelivered | duplicated | doubleCharged | deliveredAfterRefund }

    /// The mask of an outcome counted per intent; 0 for the others.
    public subscript(_ outcome: Outcome) -> UInt64 {
        switch outcome {
        case .lost: lost
        case .lostSales: lostSales
        case .misdelivered: misdelivered
        case .duplicated: duplicated
        case .doubleCharged: doubleCharged
        case .notCharged: notCharged
        case .deliveredAfterRefund: deliveredAfterRefund
        case .refundedUndelivered: refundedUndelivered
        case .serverRequests, .appleRequests, .deliveryP99: 0
        }
    }
}
