/// The fixed timings of `simrun check`: every duration of the scenario pinned to one quantile
/// of its distribution, so that the only choices left in a run are its faults.
///
/// Which of two things happens first is what timings decide in this model: a response before
/// or after the user's patience runs out, a retry before or after the user leaves, a relaunch
/// before or after a notification. Pinning every duration to its median explores one order;
/// the four corners put the service side (network, server, Apple, StoreKit callbacks) and the
/// user side (payment sheet, patience, session, relaunch, time between intents, recover page,
/// opening the app after a purchase made outside it)
/// at opposite ends of their distributions (1st and 99th percentiles), which reverses those
/// orders. Fault timings (when an offline episode or outage starts and how long it lasts, when
/// an account switch, a pending approval or a late `Transaction.updates` comes) stay at their
/// medians. The crash instant is
/// not pinned: the check makes it a choice between every two steps of a session
/// (`World.considerScriptedCrash`).
///
/// Where the user comes back after a normal leave is pinned too: a return to the suspended
/// process is not a fault but half of all returns (`user.warmReturnProbability`), and as a choice
/// at every return it would spend the fault budget on the user's habits. The five timings
/// return cold, as every return was before warm returns were modelled; `median-warm` returns to
/// the suspended process every time.
public struct CheckTiming: Sendable, Equatable {
    public let name: String
    /// The quantile of network latency, server processing, Apple's verify latency and
    /// notification delay, and StoreKit's callback delay.
    public let serviceQuantile: Double
    /// The quantile of the payment sheet time, patience, session length, relaunch delay, time
    /// between intents, recover page delay and the delay to open the app after a purchase made
    /// outside it.
    public let userQuantile: Double
    /// Every return after a normal leave finds the process suspended (warm) rather than gone.
    public var warmReturns = false

    public static let median = CheckTiming(name: "median", serviceQuantile: 0.5, userQuantile: 0.5)
    public static let medianWarm = CheckTiming(name: "median-warm", serviceQuantile: 0.5, userQuantile: 0.5, warmReturns: true)
    public static let fastServiceShortUser = CheckTiming(name: "fast-short", serviceQuantile: 0.01, userQuantile: 0.01)
    public static let fastServiceLongUser = CheckTiming(name: "fast-long", serviceQuantile: 0.01, userQuantile: 0.99)
    public static let slowServiceShortUser = CheckTiming(name: "slow-short", serviceQuantile: 0.99, userQuantile: 0.01)
    public static let slowServiceLongUser = CheckTiming(name: "slow-long", serviceQuantile: 0.99, userQuantile: 0.99)
    public static let all: [CheckTiming] = [.median, .fastServiceShortUser, .fastServiceLongUser, .slowServiceShortUser, .slowServiceLongUser,
                                            .medianWarm]

    public static func named(_ name: String) -> CheckTiming? { all.first { $0.name == name } }

    /// One line for the output: what "fast", "short" and so on mean here.
    public var summary: String {
        func side(_ q: Double, _ low: String, _ high: String) -> String {
            q == 0.5 ? "median" : q < 0.5 ? "\(low) (p\(Int(q * 100)))" : "\(high) (p\(Int(q * 100)))"
        }
        return "service \(side(serviceQuantile, "fast", "slow")), user \(side(userQuantile, "short", "long")), fault timings median, "
            + (warmReturns ? "every return to the suspended app" : "every return a cold launch")
    }

    /// `scenario` with every duration fixed at this timing's quantiles.
    public func apply(to scenario: Scenario) -> Scenario {
        var fixed = scenario
        func pin(_ distribution: inout DurationDistribution, _ quantile: Double) {
            distribution = .fixed(distribution.quantile(quantile))
        }
        pin(&fixed.network.latency, serviceQuantile)
        pin(&fixed.appServer.processingTime, serviceQuantile)
        pin(&fixed.apple.verifyLatency, serviceQuantile)
        pin(&fixed.apple.notificationDelay, serviceQuantile)
        pin(&fixed.storeKit.callbackDelay, serviceQuantile)
        pin(&fixed.user.paymentSheetTime, userQuantile)
        pin(&fixed.user.patience, userQuantile)
        pin(&fixed.user.sessionLength, userQuantile)
        pin(&fixed.user.relaunchDelay, userQuantile)
        pin(&fixed.user.timeBetweenIntents, userQuantile)
        pin(&fixed.user.recoverPageDelay, userQuantile)
        pin(&fixed.user.outsideAppOpenDelay, userQuantile)
        pin(&fixed.user.accountSwitchDelay, 0.5)
        pin(&fixed.network.weakNetworkStart, 0.5)
        pin(&fixed.network.weakNetworkDuration, 0.5)
        pin(&fixed.storeKit.anomalyDelay, 0.5)
        pin(&fixed.storeKit.pendingDelay, 0.5)
        pin(&fixed.storeKit.lateUpdateDelay, 0.5)
        pin(&fixed.apple.outageStart, 0.5)
        pin(&fixed.apple.outageDuration, 0.5)
        pin(&fixed.appServer.notificationHandlingTime, serviceQuantile)
        pin(&fixed.appServer.outageStart, 0.5)
        pin(&fixed.appServer.outageDuration, 0.5)
        pin(&fixed.appServer.notificationEndpointBrokenDuration, 0.5)
        pin(&fixed.appServer.signatureCheckFailureDuration, 0.5)
        fixed.user.warmReturnProbability = warmReturns ? 1 : 0
        return fixed
    }

    /// The pinned values that decide most orders, for the output.
    public func statedValues(of scenario: Scenario) -> String {
        let pinned = apply(to: scenario)
        let values: [(String, SimTime)] = [
            ("network.latency", pinned.network.latency.firstMs), ("apple.verifyLatency", pinned.apple.verifyLatency.firstMs),
            ("user.patience", pinned.user.patience.firstMs), ("user.sessionLength", pinned.user.sessionLength.firstMs),
            ("user.relaunchDelay", pinned.user.relaunchDelay.firstMs),
        ]
        return values.map { "\($0.0) \(DurationText.format($0.1))" }.joined(separator: ", ")
    }
}
