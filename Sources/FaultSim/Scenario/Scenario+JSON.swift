/// A scenario as scenario-file JSON, every key written: the loader's inverse, so a generated
/// scenario (a swarm test case, for example) can be saved and replayed with `simrun run`.
/// Custom designs are not written; name presets only.
extension Scenario {
    public var jsonValue: JSONValue {
        func object(_ fields: [(String, JSONValue)]) -> JSONValue { .object(fields.map { ($0.0, $0.1, 0) }) }
        func p(_ value: Double) -> JSONValue { .number(String(value)) }
        func d(_ ms: SimTime) -> JSONValue { .string(DurationText.format(ms)) }
        func dist(_ value: DurationDistribution) -> JSONValue {
            switch value.kind {
            case .fixed: d(value.firstMs)
            case .uniform: object([("kind", .string("uniform")), ("min", d(value.firstMs)), ("max", d(value.secondMs))])
            case .logNormal: object([("kind", .string("logNormal")), ("median", d(value.firstMs)), ("p99", d(value.secondMs))])
            case .exponential: object([("kind", .string("exponential")), ("mean", d(value.firstMs))])
            }
        }
        return object([
            ("description", .string(description)), ("runs", .number(String(runs))), ("seed", .number(String(seed))),
            ("horizon", d(horizonMs)), ("designs", .array(designs.map { .string($0) })),
            ("platform", object([("oneTimeChargeNotifications", .string(platform.oneTimeChargeNotifications.rawValue)),
                                 ("transactionHistory", .string(platform.transactionHistory.rawValue)),
                                 ("verification", .string(platform.verification.rawValue))])),
            ("catalog", object([("productType", .string(catalog.productType.rawValue)),
                                ("products", .number(String(catalog.products))),
                                ("itemsPerProduct", .number(String(catalog.itemsPerProduct)))])),
            ("user", object([
                ("intentsPerRun", .number(String(user.intentsPerRun))), ("timeBetweenIntents", dist(user.timeBetweenIntents)),
                ("paymentSheetTime", dist(user.paymentSheetTime)), ("cancelProbability", p(user.cancelProbability)),
                ("doubleTapProbability", p(user.doubleTapProbability)), ("patience", dist(user.patience)),
                ("sessionLength", dist(user.sessionLength)), ("neverComesBackProbability", p(user.neverComesBackProbability)),
                ("relaunchDelay", dist(user.relaunchDelay)), ("reinstallProbability", p(user.reinstallProbability)),
                ("accountSwitchProbability", p(user.accountSwitchProbability)), ("accountSwitchDelay", dist(user.accountSwitchDelay)),
                ("recoverPageUseProbability", p(user.recoverPageUseProbability)), ("recoverPageDelay", dist(user.recoverPageDelay)),
                ("supportContactProbability", p(user.supportContactProbability)),
                ("returningCustomerProbability", p(user.returningCustomerProbability)),
            ])),
            ("device", object([("crashProbabilityPerSession", p(device.crashProbabilityPerSession)),
                               ("crashTime", dist(device.crashTime))])),
            ("network", object([
                ("requestLossProbability", p(network.requestLossProbability)),
                ("responseLossProbability", p(network.responseLossProbability)), ("latency", dist(network.latency)),
                ("requestTimeout", d(network.requestTimeoutMs)), ("weakNetworkProbability", p(network.weakNetworkProbability)),
                ("weakNetworkStart", dist(network.weakNetworkStart)), ("weakNetworkDuration", dist(network.weakNetworkDuration)),
            ])),
            ("storeKit", object([
                ("callbackDelay", dist(storeKit.callbackDelay)),
                ("cancelThenPurchasedProbability", p(storeKit.cancelThenPurchasedProbability)),
                ("failThenPurchasedProbability", p(storeKit.failThenPurchasedProbability)),
                ("anomalyDelay", dist(storeKit.anomalyDelay)),
                ("missingTransactionIdProbability", p(storeKit.missingTransactionIdProbability)),
                ("applicationUsernameLostProbability", p(storeKit.applicationUsernameLostProbability)),
                ("applicationUsernameLostAfterRelaunchProbability", p(storeKit.applicationUsernameLostAfterRelaunchProbability)),
                ("purchasedCallbackMissingProbability", p(storeKit.purchasedCallbackMissingProbability)),
                ("finishedRedeliveredProbability", p(storeKit.finishedRedeliveredProbability)),
                ("pendingProbability", p(storeKit.pendingProbability)), ("pendingDelay", dist(storeKit.pendingDelay)),
            ])),
            ("appServer", object([
                ("errorProbability", p(appServer.errorProbability)),
                ("crashBeforeDeliveryProbability", p(appServer.crashBeforeDeliveryProbability)),
                ("crashAfterDeliveryProbability", p(appServer.crashAfterDeliveryProbability)),
                ("processingTime", dist(appServer.processingTime)), ("appleTimeout", d(appServer.appleTimeoutMs)),
                ("reconcileInterval", d(appServer.reconcileIntervalMs)), ("reconcileWindow", d(appServer.reconcileWindowMs)),
            ])),
            ("apple", object([
                ("verifyLatency", dist(apple.verifyLatency)), ("tryAgainProbability", p(apple.tryAgainProbability)),
                ("outageProbability", p(apple.outageProbability)), ("outageStart", dist(apple.outageStart)),
                ("outageDuration", dist(apple.outageDuration)),
                ("notificationLossProbability", p(apple.notificationLossProbability)),
                ("notificationDelay", dist(apple.notificationDelay)),
            ])),
        ])
    }
}
