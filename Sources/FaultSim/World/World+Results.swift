/// What a run leaves for the runner, `find`, `trace` and `simrun check` to read.
extension World {
    /// Faults fire by their seeded draws, or as `simrun check` scripts them.
    public var faults: FaultChooser {
        get { kernel.faults }
        set { kernel.faults = newValue }
    }

    /// Counts accumulated over every run this world has done.
    public var tally: DesignTally {
        get { kernel.tally }
        set { kernel.tally = newValue }
    }

    /// Bit k is set when intent k of the last run was lost (at most 64 intents per run), so
    /// runs of different designs can be compared intent by intent.
    public var lastRunLostMask: UInt64 { ledger.lostMask }
    /// Bit k is set when intent k of the last run was a lost sale (never charged because its
    /// order could not be created).
    public var lastRunLostSaleMask: UInt64 { ledger.lostSaleMask }
    /// Bit k is set when intent k of the last run ended mis-delivered, duplicated, or not charged.
    public var lastRunMisdeliveredMask: UInt64 { ledger.misdeliveredMask }
    public var lastRunDuplicatedMask: UInt64 { ledger.duplicatedMask }
    public var lastRunNotChargedMask: UInt64 { ledger.notChargedMask }

    /// The last run's intent masks of the paired outcomes (a value, no allocation).
    public var outcomeMasks: OutcomeMasks {
        OutcomeMasks(lost: ledger.lostMask, misdelivered: ledger.misdeliveredMask, duplicated: ledger.duplicatedMask,
                     doubleCharged: ledger.doubleChargedMask, lostSales: ledger.lostSaleMask, notCharged: ledger.notChargedMask,
                     deliveredAfterRefund: ledger.deliveredAfterRefundMask, refundedUndelivered: ledger.refundedUndeliveredMask)
    }

    /// How each intent of the last run ended, and why; kept only when `recordsVerdicts` or
    /// `tracing` is on (the bulk runner needs only the counts).
    public var lastRunVerdicts: [IntentVerdict] { ledger.verdicts }

    /// The last run reached `maxEventsPerRun` and was stopped there, before its horizon.
    public var lastRunReachedCap: Bool { ledger.reachedCap }

    /// Intent `intent` of the last run was bought outside the app (in the App Store: no token,
    /// no record), which `simrun check`'s rule of who could have delivered reads.
    public func lastRunBoughtOutsideApp(_ intent: Int) -> Bool { ledger.intents[intent].outsideApp }

    /// With a scripted chooser, record `lastRunChoices` and `lastRunEventKinds` (for
    /// `simrun check`; costs nothing when the chooser is seeded).
    public var recordsChoices: Bool {
        get { kernel.recordsChoices }
        set { kernel.recordsChoices = newValue }
    }

    /// The last run's choice points, in order, when `recordsChoices` is on.
    public var lastRunChoices: [ChoicePoint] { kernel.lastRunChoices }

    /// Bit k is set when the last run handled an event of `WorldEvent.Kind` raw value k (when
    /// `recordsChoices` is on): which of the world's code paths the run entered.
    public var lastRunEventKinds: UInt64 { kernel.lastRunEventKinds }

    /// Importance sampling's biased world (`FaultBias`); nil (the default) for plain runs.
    public var bias: FaultBias? {
        get { kernel.importance?.bias }
        set { kernel.importance = newValue.map(ImportanceState.init(bias:)) }
    }


    /// How close the last run came to losing an order, for importance sampling's pilot: the
    /// longest time from a charge to its delivery among the run's charged intents, and
    /// `lostScore` when one was never delivered (0 when nothing was charged).
    /// - Complexity: O(intents).
    public var lastRunDeliveryScore: SimTime {
        var score: SimTime = 0
        for index in 0..<ledger.intents.count {
            let intent = ledger.intents[index]
            guard intent.charges > 0 else { continue }
            guard intent.correctDeliveries + intent.wrongDeliveries > 0 else { return World.lostScore(horizonMs: kernel.horizonMs) }
            score = max(score, intent.deliveredAt - intent.firstChargeAt)
        }
        return score
    }

    /// The score of a run that lost an order: above any delay a run of this horizon can have.
    public static func lostScore(horizonMs: SimTime) -> SimTime { horizonMs + 1 }
}
