import Policies

/// Which iOS the user's device runs, as far as the model tells versions apart: below 15 (no
/// StoreKit 2, and today no new build: the legacy build's run), 15.x (StoreKit 2 without
/// `AppTransaction`), or 16 and later. `simrun check` explores the bands a design can tell apart
/// as worlds of their own (`Exploration.Variant`), and `simrun trace --ios` replays one.
public enum IOSBand: String, Sendable, CaseIterable {
    case below15 = "below-15"
    case iOS15 = "15.x"
    case from16 = "16-or-later"

    /// The band's words in a check's output: "iOS 14 or older", "iOS 15.x", "iOS 16 or later".
    public var phrase: String {
        switch self {
        case .below15: "iOS 14 or older"
        case .iOS15: "iOS 15.x"
        case .from16: "iOS 16 or later"
        }
    }

    /// `scenario` with its user fixed in this band: the two iOS shares at 0 or 1.
    func apply(to scenario: inout Scenario) {
        scenario.device.belowIOS15Probability = self == .below15 ? 1 : 0
        scenario.device.iOS15Probability = self == .iOS15 ? 1 : 0
    }

    /// The bands `design` tells apart in `scenario`, each with its probability: below 15 when
    /// those users run another world (`Scenario.belowIOS15Share(of:)`), 15.x only when the design
    /// reads what iOS 15 lacks (`AppTransaction` for the `appTransactionId` link, or
    /// `PurchaseIntent`), the rest 16 and later.
    static func bands(of design: Design, in scenario: Scenario) -> [(band: IOSBand, weight: Double)] {
        let below = min(1, scenario.belowIOS15Share(of: design))
        let readsIOS16 = design.storeKitAPI == .sk2
            && (design.serverRecovery.contains(.appTransactionIdMapping) || design.completesPurchaseIntents)
        let fifteen = readsIOS16 ? min(1 - below, scenario.device.iOS15Probability) : 0
        let bands: [(band: IOSBand, weight: Double)] = [(.from16, 1 - below - fifteen), (.below15, below), (.iOS15, fifteen)]
        return bands.filter { $0.weight > 0 }
    }
}
