import Policies

/// Refunds (docs/model.md §7, "Refunds"), judged when the run ends: a charged user whose goods
/// have not come asks Apple for a refund (`user.refundRequestProbability`,
/// `refundRequestDelay` after the charge), and Apple decides `apple.refundDecisionDelay` later:
/// it refunds what is still undelivered and declines what the developer delivered meanwhile
/// (the consumption information shows it used). Nothing the app or the server does depends on
/// a refund, except a server that revokes on `REFUND` (`Design.revokesOnRefund`), whose only
/// effect is on goods that come after the refund: so the refund is judged after the run, from
/// each intent's own plan draws, and costs a run nothing while it lasts.
extension World {
    /// Marks every refunded intent in the ledger. Only intents charged once and delivered at
    /// most once, to their buyer, are judged: a double charge or a mis-delivery is an outcome of
    /// its own, whatever the user asked of Apple.
    ///
    /// A scripted run (`simrun check`) judges none: a refund changes no outcome the check judges
    /// (a refunded lost order is still lost), and as a choice point at every lost intent it
    /// would spend the fault budget on what the user did after the loss.
    /// - Complexity: O(intents).
    @inline(__always)
    mutating func judgeRefunds() {
        let probability = scenario.user.refundRequestProbability
        guard probability > 0 && !kernel.faults.isScripted else { return }
        for index in 0..<ledger.intents.count {
            let intent = ledger.intents[index]
            guard intent.charges == 1 && intent.wrongDeliveries == 0 && intent.correctDeliveries <= 1 else { continue }
            // Goods that came before the earliest request the delay allows: no request, no draw.
            if intent.deliveredAt >= 0 && intent.deliveredAt - intent.firstChargeAt <= refundRequestFloorMs { continue }
            judgeRefund(Int32(index), probability)
        }
    }

    /// One intent's refund: asked for if the goods had not come by the request, granted if they
    /// had not come by Apple's decision, both within the horizon. Out of line: few intents get
    /// this far.
    @inline(never)
    mutating func judgeRefund(_ intent: Int32, _ probability: Double) {
        let truth = ledger.intents[Int(intent)]
        let plan = user[intent]
        let requestAt = truth.firstChargeAt + scenario.user.refundRequestDelay.quantile(deferred: plan.refundDelayDraw)
        guard requestAt < kernel.horizonMs, truth.deliveredAt < 0 || truth.deliveredAt > requestAt else { return }
        guard kernel.fault(.refundRequested, probability, deferred: plan.refundDraw) else { return }
        // The decision's delay reuses the request's uniform, rescaled (u / p): fresh, and no other draw moves.
        let decisionUniform = min(kernel.rescaled(.refundRequested, plan.refundDraw.value, probability), 0x1.fffffffffffffp-1)
        let decidedAt = requestAt + scenario.apple.refundDecisionDelay.quantile(decisionUniform)
        kernel.note(.user, .apple, "asked for a refund of intent \(intent) at \(DurationText.format(requestAt)) into the run")
        guard decidedAt < kernel.horizonMs else { return }
        if truth.deliveredAt >= 0 && truth.deliveredAt <= decidedAt {
            kernel.note(.apple, nil, "declines the refund of intent \(intent): delivered by the decision")
            return
        }
        let revoked = truth.deliveredAt >= 0 && design.revokesOnRefund && design.serverRecovery.contains(.notifications)
        kernel.note(.apple, .appServer, "refunds intent \(intent) at \(DurationText.format(decidedAt)) into the run (REFUND)"
            + (truth.deliveredAt < 0 ? "" : revoked ? "; the goods came later and the server revokes them" : "; the goods came later"))
        ledger.recordRefund(intent, at: decidedAt, goodsRevoked: revoked)
    }
}
