/// One point in the design space of domain.md §5: every decision an iOS purchase flow
/// makes, as plain values. The world model reads these fields with `switch`, so a design
/// costs no dynamic dispatch in the hot loop.
public struct Design: Sendable, Equatable {
    /// Name used on the command line and in result tables (`seed000-v1.2`).
    public var name: String
    /// One line: what the design does.
    public var summary: String
    /// Where the design comes from (seed article, library).
    public var source: String

    // Client, before and at the payment.
    public var orderTiming: OrderTiming
    public var itemMapping: ItemMapping
    public var userMapping: UserMapping
    public var localStore: LocalStore
    public var persistMoment: PersistMoment
    public var recordClearing: RecordClearing
    /// Whether a second Buy tap is ignored while a purchase is in flight.
    public var guardsDoubleTap: Bool
    public var blockingUI: BlockingUI

    // Client, after the payment.
    public var finishMoment: FinishMoment
    public var retrySchedule: RetrySchedule
    public var retryTriggers: RetryTriggers
    public var retryScope: RetryScope
    public var unmatchedTransactions: UnmatchedTransactionPolicy
    public var receiptKind: ReceiptKind

    // App server.
    public var serverIdempotency: ServerIdempotency
    /// Verify calls to Apple per client request before the server answers "try later" (≥ 1).
    public var serverAppleTries: Int
    public var serverRecovery: ServerRecovery

    public init(
        name: String, summary: String, source: String,
        orderTiming: OrderTiming, itemMapping: ItemMapping, userMapping: UserMapping,
        localStore: LocalStore, persistMoment: PersistMoment, recordClearing: RecordClearing,
        guardsDoubleTap: Bool, blockingUI: BlockingUI, finishMoment: FinishMoment,
        retrySchedule: RetrySchedule, retryTriggers: RetryTriggers, retryScope: RetryScope,
        unmatchedTransactions: UnmatchedTransactionPolicy, receiptKind: ReceiptKind,
        serverIdempotency: ServerIdempotency, serverAppleTries: Int, serverRecovery: ServerRecovery
    ) {
        precondition(serverAppleTries >= 1, "a server calls Apple at least once")
        self.name = name
        self.summary = summary
        self.source = source
        self.orderTiming = orderTiming
        self.itemMapping = itemMapping
        self.userMapping = userMapping
        self.localStore = localStore
        self.persistMoment = persistMoment
        self.recordClearing = recordClearing
        self.guardsDoubleTap = guardsDoubleTap
        self.blockingUI = blockingUI
        self.finishMoment = finishMoment
        self.retrySchedule = retrySchedule
        self.retryTriggers = retryTriggers
        self.retryScope = retryScope
        self.unmatchedTransactions = unmatchedTransactions
        self.receiptKind = receiptKind
        self.serverIdempotency = serverIdempotency
        self.serverAppleTries = serverAppleTries
        self.serverRecovery = serverRecovery
    }
}
