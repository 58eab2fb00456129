import Policies

/// One schedule of `simrun check` under which an intent ended badly: the choice points that
/// fired, and how the intent ended.
public struct Counterexample: Sendable, Equatable {
    /// Why no design, or no design of a kind, could have saved the intent.
    public enum Avoidability: String, Sendable {
        /// Some design would have delivered: a real flaw of this design.
        case avoidable
        /// The user paid and never opened the app again: only the server can recover it
        /// (notifications or history), and this design has no server-side recovery.
        case unavoidableWithoutServerRecovery = "unavoidable without server-side recovery"
        /// The user never came back, the platform sends no notification of the charge, and the
        /// server never saw a transaction of the account to ask Apple's history about: nothing
        /// on any side could have learnt of the charge.
        case unavoidableOnPlatform = "unavoidable on this platform"
        /// Bought outside the app, naming no account, and the user switched accounts before the
        /// app saw it: no design can tell which account the user meant.
        case unavoidableOutsideApp = "unavoidable for a purchase made outside the app"
        /// The user's device runs iOS 14 or older, which no new build reaches: the run is the
        /// scenario's legacy build's, the same whatever design is checked.
        case legacyBuild = "the legacy build's: no new build reaches iOS 14"
    }

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

    /// `design` is the design whose world ran: the legacy build (or a StoreKit 2 design's
    /// `olderOSDesign`) in a run below iOS 15, when `ranLegacyBuild` says which.
    static func avoidability(cause: Cause, design: Design, platform: PlatformParameters, serverKnewCustomer: Bool,
                             ranLegacyBuild: Bool = false) -> Avoidability {
        if ranLegacyBuild { return .legacyBuild }
        if cause == .outsideAppCreditedToCurrentAccount { return .unavoidableOutsideApp }
        guard cause == .userNeverCameBack else { return .avoidable }
        if platform.oneTimeChargeNotifications == .none && !serverKnewCustomer { return .unavoidableOnPlatform }
        return design.serverRecovery.isEmpty ? .unavoidableWithoutServerRecovery : .avoidable
    }
}
