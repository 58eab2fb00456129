/// Which axis values cannot go together, as data: each rule names the axes it involves, so a
/// scenario file's custom design gets an error it can act on, and the design space knows which
/// axes can make a design illegal (only those need enumerating to count the legal designs).
extension Design {
    /// One rule a shippable design keeps.
    public struct Rule: Sendable {
        /// What the rule constrains.
        public enum Kind: Sendable {
            /// A value of one axis alone must lie in its range (the axis grids never leave it).
            case range
            /// Values of several axes that no app could ship together.
            case combination
        }

        public let kind: Kind
        /// The axes the rule involves, as `customDesigns` spells them.
        public let axes: [String]
        /// The problem, or nil when `design` keeps the rule.
        let check: @Sendable (borrowing Design) -> String?

        init(_ kind: Kind, _ axes: [String], _ check: @escaping @Sendable (borrowing Design) -> String?) {
            self.kind = kind
            self.axes = axes
            self.check = check
        }
    }

    /// Every combination of axis values this design has that no app could ship; empty when
    /// the design is consistent. In `rules` order.
    /// - Complexity: O(rules).
    public var problems: [String] { Design.rules.compactMap { $0.check(self) } }

    /// Whether `problems` is empty, without building it: the design space asks this of every
    /// point it enumerates, and an array per question cost `optimize` a tenth of its time.
    /// - Complexity: O(rules), stopping at the first rule broken.
    public var isShippable: Bool {
        // By index: a for-in copies each rule, retaining its list of axes, and that was most of
        // the time `optimize` spends counting its space's legal designs.
        let rules = Design.rules
        for index in rules.indices where rules[index].check(self) != nil { return false }
        return true
    }

    /// Whether the app sets StoreKit 1's `applicationUsername`: its item or account mapping reads it back.
    public var setsApplicationUsername: Bool {
        itemMapping == .applicationUsername || itemMapping == .applicationUsernameThenRecord || userMapping == .applicationUsername
    }

    /// Whether some rule that combines axes names `axis`: a value of it can make a design illegal.
    public static func isConstrained(_ axis: String) -> Bool {
        rules.contains { $0.kind == .combination && $0.axes.contains(axis) }
    }

    /// The rules, in the order their problems are listed.
    public static let rules: [Rule] = ranges + failureCountRules + storeKitRules + [
        Rule(.combination, ["itemMapping", "orderTiming", "userMapping"]) { design in
            design.itemMapping == .appAccountToken && design.orderTiming != .orderFirst && design.userMapping != .appAccountToken
                ? "itemMapping appAccountToken needs orderTiming orderFirst (the token names an order) or, pay-first, "
                    + "userMapping appAccountToken (the token packs account, item and a nonce into one UUID)" : nil
        },
        Rule(.combination, ["olderOSDesign", "storeKitAPI"]) { design in
            design.olderOSDesign != nil && design.storeKitAPI == .sk1
                ? "olderOSDesign is the StoreKit 1 flow of a storeKitAPI sk2 design's users below iOS 15; "
                    + "a storeKitAPI sk1 design runs on every iOS and names none" : nil
        },
        Rule(.combination, ["olderOSDesign"]) { design in
            design.storeKitAPI == .sk2 && design.olderOSDesign == design.name
                ? "olderOSDesign names the design itself; it must name a storeKitAPI sk1 design" : nil
        },
        Rule(.combination, ["completesPurchaseIntents", "storeKitAPI"]) { design in
            design.completesPurchaseIntents && design.storeKitAPI == .sk1
                ? "completesPurchaseIntents needs storeKitAPI sk2 (`PurchaseIntent` is StoreKit 2's, iOS 16.4)" : nil
        },
        Rule(.combination, ["serverRecovery"]) { design in
            design.serverRecovery.contains(.notificationHistory) && !design.serverRecovery.contains(.notifications)
                ? "serverRecovery notificationHistory needs notifications (it lists the posts the notification endpoint missed)" : nil
        },
        Rule(.combination, ["serverRecovery", "storeKitAPI"]) { design in
            design.serverRecovery.contains(.appTransactionIdMapping) && design.storeKitAPI == .sk1
                ? "serverRecovery appTransactionIdMapping needs storeKitAPI sk2 (the client reads the appTransactionID from StoreKit 2)" : nil
        },
        Rule(.combination, ["deliversWholeReceipt", "receiptKind"]) { design in
            design.deliversWholeReceipt && design.receiptKind != .appReceipt
                ? "deliversWholeReceipt needs receiptKind appReceipt (only an app receipt lists other transactions)" : nil
        },
    ]

    static let ranges: [Rule] = [
        Rule(.range, ["serverAppleTries"]) { $0.serverAppleTries < 1 ? "serverAppleTries must be at least 1" : nil },
        Rule(.range, ["retrySchedule"]) { design in
            guard case .tries(let count, let spacing) = design.retrySchedule, count < 1 || spacing < 0 else { return nil }
            return "retrySchedule tries needs a count of at least 1 and a spacing of at least 0"
        },
        Rule(.range, ["orderCreationTries", "orderCreationSpacing"]) { design in
            design.orderCreationTries < 1 || design.orderCreationTries > 10 || design.orderCreationSpacingMs < 0
                ? "orderCreationTries must be 1 to 10 and orderCreationSpacing at least 0" : nil
        },
    ]

    /// Where a kept failure count can live, and what reads it.
    static let failureCountRules: [Rule] = [
        Rule(.combination, ["failureCountPersists", "retrySchedule"]) { design in
            guard design.failureCountPersists else { return nil }
            if case .linearBackoff = design.retrySchedule { return nil }
            return "failureCountPersists needs retrySchedule linearBackoff (the kept count sets its wait)"
        },
        Rule(.combination, ["failureCountPersists", "localStore"]) { design in
            design.failureCountPersists && !design.localStore.survivesProcessDeath
                ? "failureCountPersists needs a durable localStore (sandbox or keychain) to keep the count in" : nil
        },
    ]

    /// What each StoreKit API cannot do.
    static let storeKitRules: [Rule] = [
        Rule(.combination, ["receiptKind", "storeKitAPI"]) { design in
            design.storeKitAPI == .sk1 && design.receiptKind == .signedTransaction
                ? "receiptKind signedTransaction needs storeKitAPI sk2 (StoreKit 1 has receipts, not signed transactions)" : nil
        },
        Rule(.combination, ["itemMapping", "userMapping", "storeKitAPI"]) { design in
            design.storeKitAPI == .sk1 && (design.itemMapping == .appAccountToken || design.userMapping == .appAccountToken)
                ? "appAccountToken needs storeKitAPI sk2; a StoreKit 1 design maps by applicationUsername, which Apple keeps as the token when it is a UUID (applicationUsernameIsUUID)" : nil
        },
        Rule(.combination, ["applicationUsernameIsUUID", "itemMapping", "userMapping", "storeKitAPI"]) { design in
            design.applicationUsernameIsUUID && !(design.storeKitAPI == .sk1 && design.setsApplicationUsername)
                ? "applicationUsernameIsUUID needs storeKitAPI sk1 and an itemMapping or userMapping that sets applicationUsername" : nil
        },
        Rule(.combination, ["serverVerification", "storeKitAPI"]) { design in
            design.storeKitAPI == .sk1 && design.serverVerification == .signedLocally
                ? "serverVerification signedLocally needs storeKitAPI sk2 (a StoreKit 1 receipt is checked by Apple)" : nil
        },
        Rule(.combination, ["receiptKind", "storeKitAPI"]) { design in
            design.storeKitAPI == .sk2 && design.receiptKind != .signedTransaction
                ? "storeKitAPI sk2 sends the signed transaction: receiptKind must be signedTransaction" : nil
        },
        Rule(.combination, ["itemMapping", "userMapping", "storeKitAPI"]) { design in
            design.storeKitAPI == .sk2 && (design.itemMapping == .applicationUsername || design.itemMapping == .applicationUsernameThenRecord
                || design.userMapping == .applicationUsername)
                ? "applicationUsername is StoreKit 1's; with storeKitAPI sk2 use appAccountToken or a record" : nil
        },
        Rule(.combination, ["persistMoment", "storeKitAPI"]) { design in
            design.storeKitAPI == .sk2 && design.persistMoment == .purchasing
                ? "persistMoment purchasing is StoreKit 1's `purchasing` callback; StoreKit 2 has none" : nil
        },
    ]
}
