/// Which axis values cannot go together: each problem names the axes involved, so a scenario
/// file's custom design gets an error it can act on.
extension Design {
    /// Every combination of axis values this design has that no app could ship; empty when
    /// the design is consistent.
    /// - Complexity: O(1).
    public var problems: [String] {
        var problems: [String] = []
        if serverAppleTries < 1 { problems.append("serverAppleTries must be at least 1") }
        if case .tries(let count, let spacing) = retrySchedule, count < 1 || spacing < 0 {
            problems.append("retrySchedule tries needs a count of at least 1 and a spacing of at least 0")
        }
        if orderCreationTries < 1 || orderCreationTries > 10 || orderCreationSpacingMs < 0 {
            problems.append("orderCreationTries must be 1 to 10 and orderCreationSpacing at least 0")
        }
        if failureCountPersists {
            if case .linearBackoff = retrySchedule {} else {
                problems.append("failureCountPersists needs retrySchedule linearBackoff (the kept count sets its wait)")
            }
            if !localStore.survivesProcessDeath {
                problems.append("failureCountPersists needs a durable localStore (sandbox or keychain) to keep the count in")
            }
        }
        switch storeKitAPI {
        case .sk1:
            if receiptKind == .signedTransaction {
                problems.append("receiptKind signedTransaction needs storeKitAPI sk2 (StoreKit 1 has receipts, not signed transactions)")
            }
            if itemMapping == .appAccountToken || userMapping == .appAccountToken {
                problems.append("appAccountToken needs storeKitAPI sk2 (StoreKit 1's applicationUsername is not signed into the transaction)")
            }
            if serverVerification == .signedLocally {
                problems.append("serverVerification signedLocally needs storeKitAPI sk2 (a StoreKit 1 receipt is checked by Apple)")
            }
        case .sk2:
            if receiptKind != .signedTransaction {
                problems.append("storeKitAPI sk2 sends the signed transaction: receiptKind must be signedTransaction")
            }
            if itemMapping == .applicationUsername || itemMapping == .applicationUsernameThenRecord
                || userMapping == .applicationUsername {
                problems.append("applicationUsername is StoreKit 1's; with storeKitAPI sk2 use appAccountToken or a record")
            }
            if persistMoment == .purchasing {
                problems.append("persistMoment purchasing is StoreKit 1's `purchasing` callback; StoreKit 2 has none")
            }
        }
        if itemMapping == .appAccountToken && orderTiming != .orderFirst {
            problems.append("itemMapping appAccountToken needs orderTiming orderFirst (the token names an order); "
                + "a pay-first design can carry the account in it (userMapping appAccountToken)")
        }
        if let olderOSDesign {
            if storeKitAPI == .sk1 {
                problems.append("olderOSDesign is the StoreKit 1 flow of a storeKitAPI sk2 design's users below iOS 15; "
                    + "a storeKitAPI sk1 design runs on every iOS and names none")
            } else if olderOSDesign == name {
                problems.append("olderOSDesign names the design itself; it must name a storeKitAPI sk1 design")
            }
        }
        if deliversWholeReceipt && receiptKind != .appReceipt {
            problems.append("deliversWholeReceipt needs receiptKind appReceipt (only an app receipt lists other transactions)")
        }
        return problems
    }
}
