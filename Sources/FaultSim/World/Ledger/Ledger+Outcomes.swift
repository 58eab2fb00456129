/// Judging each intent at the horizon (docs/model.md, "Outcomes").
///
/// Every intent ends in exactly one outcome. When an intent qualifies for several, the
/// priority is: double-charged (the user paid twice) > mis-delivered (someone else, or
/// another item, got goods) > duplicated (delivered more than once for one charge) >
/// delivered > lost. "Not charged" means no money moved at all.
extension Ledger {
    /// Adds the run's outcomes to `tally` and sets the outcome masks; keeps each intent's
    /// verdict when `keepsVerdicts`.
    @inline(__always)
    mutating func settle(into tally: inout DesignTally, keepsVerdicts: Bool) {
        tally.runs += 1
        tally.intents += Int64(intents.count)
        lostMask = 0
        lostSaleMask = 0
        misdeliveredMask = 0
        duplicatedMask = 0
        doubleChargedMask = 0
        notChargedMask = 0
        refundedUndeliveredMask = 0
        deliveredAfterRefundMask = 0
        // Only when kept: emptying an array is an out-of-line call, in every run otherwise.
        if keepsVerdicts { verdicts.removeAll(keepingCapacity: true) }
        // By index, not `enumerated()`: the iterator retained and released the array's storage.
        for index in 0..<intents.count {
            let intent = intents[index]
            let bit = UInt64(1) << UInt64(index)
            let verdict: IntentVerdict
            if intent.charges == 0 {
                invariant(intent.correctDeliveries + intent.wrongDeliveries == 0, "delivered without a charge")
                tally.notCharged += 1
                notChargedMask |= bit
                if intent.orderCreationFailed || intent.storeKitUnavailable {
                    tally.lostSales += 1
                    lostSaleMask |= bit
                }
                verdict = IntentVerdict(outcome: .notCharged, cause: .none)
            } else if intent.charges <= 1 && intent.wrongDeliveries <= 0 && intent.correctDeliveries == 1 {
                verdict = IntentVerdict(outcome: .delivered, cause: .none)
                tally.delivered += 1
                tally.deliveryDelay.record(intent.deliveredAt - intent.firstChargeAt)
                switch intent.delivery {
                case .sameSession: tally.deliveredSameSession += 1
                case .afterRelaunch: tally.deliveredAfterRelaunch += 1
                case .afterReinstall: tally.deliveredAfterReinstall += 1
                case .none: preconditionFailure("a delivered intent has a delivery moment")
                }
                if intent.refundedAt >= 0 && !intent.refundRevokedGoods {
                    tally.deliveredAfterRefund += 1
                    deliveredAfterRefundMask |= bit
                }
            } else {
                verdict = settleFailure(intent, bit: bit, into: &tally)
            }
            if keepsVerdicts { verdicts.append(verdict) }
        }
    }

    /// A charged intent that was not delivered exactly once to its buyer, judged in the priority
    /// above: double-charged, mis-delivered, duplicated, else lost. Out of line: most intents
    /// are delivered or not charged, and inlined, these branches' updates of the tally's cause
    /// counts (an array) cost every run's settling a uniqueness check of that array.
    @inline(never)
    mutating func settleFailure(_ intent: IntentTruth, bit: UInt64, into tally: inout DesignTally) -> IntentVerdict {
        if intent.charges > 1 {
            tally.doubleCharged += 1
            doubleChargedMask |= bit
            tally.count(.doubleCharged, .doubleTapUnguarded)
            return IntentVerdict(outcome: .doubleCharged, cause: .doubleTapUnguarded)
        } else if intent.wrongDeliveries > 0 {
            tally.misdelivered += 1
            misdeliveredMask |= bit
            tally.count(.misdelivered, intent.misdeliveryCause)
            return IntentVerdict(outcome: .misdelivered, cause: intent.misdeliveryCause)
        } else if intent.correctDeliveries > 1 {
            tally.duplicated += 1
            duplicatedMask |= bit
            tally.count(.duplicated, .serverNotIdempotent)
            return IntentVerdict(outcome: .duplicated, cause: .serverNotIdempotent)
        }
        let cause = lossCause(intent)
        tally.lost += 1
        tally.count(.lost, cause)
        lostMask |= bit
        if intent.refundedAt >= 0 {
            tally.refundedUndelivered += 1
            refundedUndeliveredMask |= bit
        }
        return IntentVerdict(outcome: .lost, cause: cause)
    }

    /// Why a charged intent was never delivered: the first irreversible step if there was one,
    /// else the run stopping at the event cap, else the user leaving for good, else the last
    /// failed verification.
    @inline(__always)
    func lossCause(_ intent: IntentTruth) -> Cause {
        invariant(intent.transaction >= 0, "a lost intent was charged")
        let transaction = transactions[Int(intent.transaction)]
        if transaction.irreversible != .none { return transaction.irreversible }
        if reachedCap { return .eventCapReached }
        if userGoneForGood { return .userNeverCameBack }
        if transaction.lastFailure != .none { return transaction.lastFailure }
        return .stillPending
    }
}
