/// What Apple's platform offers the app and its server (docs/model.md §8, "Apple and the platform setting"). Teams ship
/// against both worlds, so it is a scenario setting: `today` is the default, `pre-2025` the
/// platform the source articles wrote against.
public struct PlatformParameters: Sendable, Equatable {
    /// Whether the App Store sends the server a notification for a one-time purchase
    /// (consumable, non-consumable, non-renewing subscription).
    public enum OneTimeChargeNotifications: String, Sendable, CaseIterable {
        /// Before 27 May 2025 production sent none ("Purchase of consumables, non-consumables,
        /// and non-renewing Subscriptions do not generate App Store Server Notifications",
        /// Apple developer forums thread 721732; `ONE_TIME_CHARGE` was sandbox-only from June 2024).
        case none
        /// Since 27 May 2025: "The ONE_TIME_CHARGE notificationType is now available in the
        /// production environment" (App Store Server Notifications changelog). A failed delivery
        /// is retried "five times, at 1, 12, 24, 48, and 72 hours after the previous attempt"
        /// (production; the sandbox tries once).
        case v2
    }

    /// Which Get Transaction History the server can call.
    public enum TransactionHistory: String, Sendable, CaseIterable {
        /// "except finished consumable in-app purchases" (v1, deprecated in API 1.12).
        case v1
        /// Since 10 June 2024 (App Store Server API 1.12): "transactions that the app has or
        /// hasn't marked as finished", consumables included.
        case v2
    }

    /// How servers verify a purchase in this world.
    public enum Verification: String, Sendable, CaseIterable {
        /// Every verification is a call to Apple (verifyReceipt), whatever the client sends: the
        /// sources' practice.
        case verifyReceipt
        /// A StoreKit 2 signed transaction can be checked by the server itself, with no call to
        /// Apple (the App Store Server Library's `SignedDataVerifier`); verifyReceipt "is
        /// deprecated" (since June 2023, no end date announced). Designs whose server verifies
        /// `signedLocally` use it; a StoreKit 1 receipt still needs Apple.
        case jws
    }

    /// The lowest iOS a build uploaded today can target, and so which users a new flow reaches.
    public enum NewBuildFloor: String, Sendable, CaseIterable {
        /// A new build can target any iOS the app supports: a StoreKit 2 design keeps a StoreKit 1
        /// flow for users below iOS 15 (`Design.olderOSDesign`), the sources' practice.
        case none
        /// Since 28 April 2026 "apps uploaded to App Store Connect must be built with Xcode 26 or
        /// later using an SDK for iOS 26" (Apple, *Upcoming requirements*), and Xcode 26 deploys to
        /// iOS 15 and later (Apple, *Xcode system requirements*). A user below iOS 15 keeps the
        /// last build that reached them, frozen: the scenario's `legacyBuild`, the same for every
        /// design compared, whatever its `olderOSDesign` says (docs/model.md §1).
        case iOS15
    }

    public var oneTimeChargeNotifications: OneTimeChargeNotifications
    public var transactionHistory: TransactionHistory
    public var verification: Verification
    public var newBuildFloor: NewBuildFloor

    public init(oneTimeChargeNotifications: OneTimeChargeNotifications, transactionHistory: TransactionHistory,
                verification: Verification, newBuildFloor: NewBuildFloor) {
        self.oneTimeChargeNotifications = oneTimeChargeNotifications
        self.transactionHistory = transactionHistory
        self.verification = verification
        self.newBuildFloor = newBuildFloor
    }

    /// Apple today (the default): one-time-charge notifications, history v2, signed transactions,
    /// new builds for iOS 15 and later only.
    public static let today = PlatformParameters(oneTimeChargeNotifications: .v2, transactionHistory: .v2, verification: .jws,
                                                 newBuildFloor: .iOS15)
    /// The world the sources wrote in (2016-2022): no notification for one-time purchases,
    /// history v1, verifyReceipt, and a build that reaches every iOS.
    public static let pre2025 = PlatformParameters(oneTimeChargeNotifications: .none, transactionHistory: .v1,
                                                   verification: .verifyReceipt, newBuildFloor: .none)

    /// The named platforms, for scenario files (`"platform": "pre-2025"`) and result tables.
    public static let named: [(name: String, platform: PlatformParameters)] = [("today", .today), ("pre-2025", .pre2025)]

    /// "today", "pre-2025", or "custom" for any other combination.
    public var name: String { PlatformParameters.named.first { $0.platform == self }?.name ?? "custom" }
}
