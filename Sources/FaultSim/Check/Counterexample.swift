import Policies

/// One schedule of `simrun check` under which an intent ended badly: the choice points that
/// fired, and how the intent ended.
public struct Counterexample: Sendable, Equatable {
    /// Whether some design could have delivered the intent, by one test for every design
    /// (`avoidability`, `excuseRule`): it reads the world of the run (the platform, the user's
    /// iOS, whether the server knew the customer beforehand, how the purchase was made), never
    /// the design checked, so a design with more recovery is never held to a loss a design with
    /// less is excused.
    public enum Avoidability: String, Sendable {
        /// Some design would have delivered: a real flaw of this design.
        case avoidable
        /// The user paid and never opened the app again, and no server could have learnt of the
        /// charge and whose it was: no notification of it and a customer the server did not
        /// know, with no `AppTransaction` to name one (iOS 15.x and older), or a purchase made
        /// outside the app (no token) on a device without `AppTransaction`.
        case unavoidableUnseenCharge = "unavoidable: no server could learn of the charge and whose it was"
        /// Bought outside the app, naming no account, and the user switched accounts before the
        /// app saw it: no design can tell which account the user meant.
        case unavoidableOutsideApp = "unavoidable for a purchase made outside the app"
        /// The user's device runs iOS 14 or older, which no new build reaches: the run is the
        /// scenario's legacy build's, the same whatever design is checked.
        case legacyBuild = "the legacy build's: no new build reaches iOS 14"
    }

    /// The rule `avoidability` applies, in one sentence, as `simrun check` prints it.
    public static let excuseRule = "one test for every design excuses a counterexample no design could avoid: the user "
        + "paid and never came back and no server could learn of the charge and whose it was, a purchase made outside the "
        + "app went to the account the user switched to, or the run was the legacy build's (iOS 14 or older)"

    /// Fault points that fired, in order (`simrun trace --fire`).
    public let points: [Int]
    public let faults: [FaultKind]
    /// Whether the server knew the customer before the run (the scenario's
    /// `user.returningCustomerProbability`, explored as two worlds).
    public let returningCustomer: Bool
    /// The user's iOS (`Exploration.Variant`): below 15 the legacy build (or a StoreKit 2
    /// design's `olderOSDesign`) ran.
    public let iOS: IOSBand
    public let intent: Int
    public let outcome: IntentVerdict.Outcome
    public let cause: Cause
    public let events: Int
    public let avoidability: Avoidability

    /// Smallest first: fewest faults, then fewest events, then the earliest points.
    public static func precedes(_ a: Counterexample, _ b: Counterexample) -> Bool {
        if a.points.count != b.points.count { return a.points.count < b.points.count }
        if a.events != b.events { return a.events < b.events }
        if a.points != b.points { return a.points.lexicographicallyPrecedes(b.points) }
        if a.returningCustomer != b.returningCustomer { return !a.returningCustomer }
        return IOSBand.allCases.firstIndex(of: a.iOS)! < IOSBand.allCases.firstIndex(of: b.iOS)!
    }

    /// The one rule (`excuseRule`), the same for every design: it takes no design. `iOS` is the
    /// user's (`AppTransaction`, which names the customer to a server that links it, needs 16);
    /// `returningCustomer` whether the server knew the customer before the run (its history
    /// then shows the charge); `boughtOutsideApp` whether the purchase was made in the App Store,
    /// with no token; `ranLegacyBuild` whether the run was the scenario's legacy build's.
    public static func avoidability(cause: Cause, platform: PlatformParameters, iOS: IOSBand, returningCustomer: Bool,
                                    boughtOutsideApp: Bool, ranLegacyBuild: Bool = false) -> Avoidability {
        if ranLegacyBuild { return .legacyBuild }
        if cause == .outsideAppCreditedToCurrentAccount { return .unavoidableOutsideApp }
        guard cause == .userNeverCameBack else { return .avoidable }
        // Only a server can recover a charge the app never reports: it needs to learn of the
        // charge (a notification, or the history of a customer it knows) and whose it was (the
        // token the app attached, or the `appTransactionId` linked at login).
        let appTransaction = iOS == .from16
        if boughtOutsideApp { return appTransaction ? .avoidable : .unavoidableUnseenCharge }
        let learns = platform.oneTimeChargeNotifications != .none || returningCustomer || appTransaction
        return learns ? .avoidable : .unavoidableUnseenCharge
    }
}
