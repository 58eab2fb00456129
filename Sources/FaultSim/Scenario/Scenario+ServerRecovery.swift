import Policies

/// The credit split of issue 22: every design beside itself with today's full server recovery,
/// so that a table shows what the client's choices are worth and what the server's add.
extension Design {
    /// Today's full server recovery for this design's API: `ONE_TIME_CHARGE` notifications, Get
    /// Notification History for the posts the endpoint missed, Get Transaction History, and with
    /// StoreKit 2 the `appTransactionId` link (it needs StoreKit 2's `appTransactionID`).
    public var fullServerRecovery: ServerRecovery {
        let common: ServerRecovery = [.notifications, .notificationHistory, .transactionHistory]
        return storeKitAPI == .sk2 ? common.union(.appTransactionIdMapping) : common
    }

    /// The suffix of a design's variant with full server recovery (`bliap+server`).
    public static let serverRecoverySuffix = "+server"

    /// The design with today's full server recovery in place of its own; its name ends in
    /// `+server`. Everything else, the client above all, is unchanged.
    public var withFullServerRecovery: Design {
        var design = self
        design.name += Design.serverRecoverySuffix
        design.summary += "; with full server recovery (notifications, both histories"
            + (design.storeKitAPI == .sk2 ? ", the appTransactionId link)" : ")")
        design.serverRecovery = design.fullServerRecovery
        return design
    }
}

extension Scenario {
    /// The design called `name`: one of `availableDesigns`, or `<design>+server`, the variant
    /// `--plus-server` adds, of an available design without full server recovery; nil for any
    /// other name. Why: the tables print `revenuecat+server` among the designs, and a user who
    /// compares the table's top two names it as printed.
    public func design(named name: String) -> Design? {
        if let design = availableDesigns.first(where: { $0.name == name }) { return design }
        guard name.hasSuffix(Design.serverRecoverySuffix) else { return nil }
        let baseName = String(name.dropLast(Design.serverRecoverySuffix.count))
        guard let base = availableDesigns.first(where: { $0.name == baseName }), base.serverRecovery != base.fullServerRecovery
        else { return nil }
        return base.withFullServerRecovery
    }

    /// Every name `design(named:)` resolves, in order: the presets, the custom designs, then the
    /// `+server` variant of each without full server recovery; the names a typo is matched
    /// against (`suggestedDesign(for:)`).
    public var designNames: [String] {
        var names = availableDesigns.map(\.name)
        for design in availableDesigns where design.serverRecovery != design.fullServerRecovery {
            let variant = design.name + Design.serverRecoverySuffix
            if !names.contains(variant) { names.append(variant) }
        }
        return names
    }

    /// The design name `name` was most likely meant to be, among every name the scenario
    /// resolves (`Suggestion.nearest`): `ours-finsh-late` → `ours-finish-late`.
    public func suggestedDesign(for name: String) -> String? { Suggestion.nearest(to: name, in: designNames) }

    /// Why `name`, which `design(named:)` does not resolve, names no design when it is not a
    /// typo: `<design>+server` of an available design that already has full server recovery,
    /// whose variant would be the design itself under a second name. Saying so beats "unknown
    /// design" with a hint at some other name. nil for any other name.
    public func serverVariantRefusal(_ name: String) -> String? {
        guard name.hasSuffix(Design.serverRecoverySuffix) else { return nil }
        let baseName = String(name.dropLast(Design.serverRecoverySuffix.count))
        guard let base = availableDesigns.first(where: { $0.name == baseName }), base.serverRecovery == base.fullServerRecovery
        else { return nil }
        return "'\(baseName)' already has full server recovery, so it has no '\(Design.serverRecoverySuffix)' variant; name it '\(baseName)'"
    }

    /// Each of `names` that no available design has but `design(named:)` resolves (a `+server`
    /// variant) joins the custom designs, so that the names can be selected; any other name is
    /// left for the caller to refuse. The one place both the command line's `--designs` and a
    /// file's `designs` add them.
    public mutating func addServerVariants(named names: [String]) {
        for name in names where !availableDesigns.contains(where: { $0.name == name }) {
            if let variant = design(named: name) { customDesigns.append(variant) }
        }
    }

    /// The scenario with, right after each selected design that lacks full server recovery, its
    /// `+server` variant (a custom design), run on the same runs: common random numbers make the
    /// two a pair run by run.
    public func addingFullServerRecoveryVariants() -> Scenario {
        var result = self
        var names: [String] = []
        for design in selectedDesigns {
            names.append(design.name)
            guard design.serverRecovery != design.fullServerRecovery else { continue }
            let variant = design.withFullServerRecovery
            if !result.availableDesigns.contains(where: { $0.name == variant.name }) { result.customDesigns.append(variant) }
            if !names.contains(variant.name) { names.append(variant.name) }
        }
        result.designs = names
        return result
    }
}
