/// Judging each intent at the horizon (domain.md §7).
///
/// Every intent ends in exactly one outcome. When an intent qualifies for several, the
/// priority is: double-charged (the user paid twice) > mis-delivered (someone else, or
/// another item, got goods) > duplicated (delivered more than once for one charge) >
/// delivered > lost. "Not charged" means no money moved at all.
extension World {
    mutating func settleOutcomes() {
        tally.runs += 1
        tally.intents += Int64(intents.count)
        lastRunLostMask = 0
        lastRunLostSaleMask = 0
        lastRunMisdeliveredMask = 0
        lastRunDuplicatedMask = 0
        lastRunNotChargedMask = 0
        let keepsVerdicts = recordsVerdicts || tracing
        // Only when kept: emptying an array is an out-of-line call, in every run otherwise.
        if keepsVerdicts { lastRunVerdicts.removeAll(keepingCapacity: true) }
        func verdict(_ verdict: IntentVerdict) { if keepsVerdicts { lastRunVerdicts.append(verdict) } }
        for (index, intent) in intents.enumerated() {
            if intent.charges == 0 {
                invariant(intent.correctDeliveries + intent.wrongDeliveries == 0, "delivered without a charge")
                tally.notCharged += 1
                lastRunNotChargedMask |= 1 << UInt64(index)
                if intent.orderCreationFailed {
                    tally.lostSales += 1
                    lastRunLostSaleMask |= 1 << UInt64(index)
                }
                verdict(IntentVerdict(outcome: .notCharged, cause: .none))
            } else if intent.charges > 1 {
                tally.doubleCharged += 1
                tally.count(.doubleCharged, .doubleTapUnguarded)
                verdict(IntentVerdict(outcome: .doubleCharged, cause: .doubleTapUnguarded))
            } else if intent.wrongDeliveries > 0 {
                tally.misdelivered += 1
                lastRunMisdeliveredMask |= 1 << UInt64(index)
                tally.count(.misdelivered, intent.misdeliveryCause)
                verdict(IntentVerdict(outcome: .misdelivered, cause: intent.misdeliveryCause))
            } else if intent.correctDeliveries > 1 {
                tally.duplicated += 1
                lastRunDuplicatedMask |= 1 << UInt64(index)
                tally.count(.duplicated, .serverNotIdempotent)
                verdict(IntentVerdict(outcome: .duplicated, cause: .serverNotIdempotent))
            } else if intent.correctDeliveries == 1 {
                verdict(IntentVerdict(outcome: .delivered, cause: .none))
                tally.delivered += 1
                tally.deliveryDelay.record(intent.deliveredAt - intent.firstChargeAt)
                switch intent.delivery {
                case .sameSession: tally.deliveredSameSession += 1
                case .afterRelaunch: tally.deliveredAfterRelaunch += 1
                case .afterReinstall: tally.deliveredAfterReinstall += 1
                case .none: preconditionFailure("a delivered intent has a delivery moment")
                }
            } else {
                let cause = lossCause(intent)
                tally.lost += 1
                tally.count(.lost, cause)
                lastRunLostMask |= 1 << UInt64(index)
                verdict(IntentVerdict(outcome: .lost, cause: cause))
            }
        }
        for record in records where record.alive && record.durable { tally.leakedRecords += 1 }
    }

    /// Why a charged intent was never delivered: the first irreversible step if there was one,
    /// else the run stopping at the event cap, else the user leaving for good, else the last
    /// failed verification.
    func lossCause(_ intent: IntentState) -> Cause {
        invariant(intent.transaction >= 0, "a lost intent was charged")
        let transaction = transactions[Int(intent.transaction)]
        if transaction.irreversible != .none { return transaction.irreversible }
        if lastRunReachedCap { return .eventCapReached }
        if userGoneForGood { return .userNeverCameBack }
        if transaction.lastFailure != .none { return transaction.lastFailure }
        return .stillPending
    }
}
