import Foundation
import Policies
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads scenario files. Validation is strict: an unknown key, a probability outside [0, 1],
/// a negative or unit-less duration, an unknown distribution or design is an error naming
/// the file, the key path and the value. A key left out keeps domain.md's default.
public enum ScenarioLoader {
    /// Loads `path`, with `overrides` applied to its keys; the scenario's name is the file name
    /// without `.json`.
    public static func load(
        path: String, overrides: [ScenarioOverride] = [], knownDesigns: [String] = Design.presets.map(\.name)
    ) throws(ScenarioError) -> Scenario {
        let bytes = try readFile(path)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ScenarioError(file: path, keyPath: "", message: "the file is not UTF-8 text")
        }
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        return try parse(text, file: path, name: name, overrides: overrides, knownDesigns: knownDesigns)
    }

    /// The largest scenario file read: far above any real one, small enough that a wrong path
    /// (a disk image, /dev/zero) fails at once instead of filling memory.
    public static let maxFileBytes = 16 << 20

    /// A partial result file's bytes (`simrun merge`), with the same reasons as a scenario's.
    public static func readPartialFile(_ path: String) throws(ScenarioError) -> [UInt8] {
        try readFile(path, limit: PartialResult.maxFileBytes, tooLarge: "a partial result is raw counts, far smaller")
    }

    /// The file's bytes, or an error carrying the operating system's reason; `limit` bytes at
    /// most (`tooLarge` says why a larger file is refused).
    static func readFile(_ path: String, limit: Int = maxFileBytes,
                         tooLarge: String = "a scenario is a small JSON file") throws(ScenarioError) -> [UInt8] {
        func unreadable(_ reason: String) -> ScenarioError {
            ScenarioError(file: path, keyPath: "", message: "cannot read the file: \(reason)", unreadable: true)
        }
        guard !path.isEmpty else { throw unreadable("the path is empty") }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw unreadable(osReason()) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw unreadable(osReason()) }
        guard status.st_mode & S_IFMT != S_IFDIR else { throw unreadable("it is a directory") }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw unreadable(osReason())
            }
            if count == 0 { return bytes }
            bytes += buffer[..<count]
            if bytes.count > limit {
                throw ScenarioError(file: path, keyPath: "", message: "the file is larger than \(limit >> 20) MiB; \(tooLarge)")
            }
        }
    }

    /// Parses scenario JSON text, with `overrides` applied; `file` is only used in error messages.
    public static func parse(
        _ text: String, file: String, name: String, overrides: [ScenarioOverride] = [],
        knownDesigns: [String] = Design.presets.map(\.name)
    ) throws(ScenarioError) -> Scenario {
        var json: JSONValue
        do {
            json = try JSONParser.parse(text)
        } catch {
            throw ScenarioError(file: file, keyPath: "", message: "line \(error.line), column \(error.column): \(error.message)")
        }
        if case .object = json {
            for override in overrides { json = try override.apply(to: json, file: file) }
        }
        var scenario = Scenario()
        scenario.name = name
        guard case .object = json else {
            throw ScenarioError(file: file, keyPath: "", value: json.rendered, message: "a scenario file holds one JSON object")
        }
        var top = try ObjectReader(file: file, path: "", value: json)
        try top.string("description", &scenario.description)
        try top.integer("runs", &scenario.runs, in: 1...Scenario.maxRuns)
        try top.seed("seed", &scenario.seed)
        try top.duration("horizon", &scenario.horizonMs)
        if scenario.horizonMs <= 0 {
            throw ScenarioError(file: file, keyPath: "horizon", value: DurationText.format(scenario.horizonMs), message: "the horizon must be positive")
        }
        if let value = top.value("customDesigns") { scenario.customDesigns = try DesignReader.read(value, file: file) }
        let knownDesigns = knownDesigns + scenario.customDesigns.map(\.name)
        try top.stringList("designs", &scenario.designs)
        for (index, design) in scenario.designs.enumerated() {
            guard knownDesigns.contains(design) else {
                var message = "unknown design; `simrun designs` lists them"
                if let hint = Suggestion.nearest(to: design, in: knownDesigns) { message += "; did you mean '\(hint)'?" }
                throw ScenarioError(file: file, keyPath: "designs[\(index)]", value: "\"\(design)\"", message: message)
            }
            if let first = scenario.designs[..<index].firstIndex(of: design) {
                throw ScenarioError(file: file, keyPath: "designs[\(index)]", value: "\"\(design)\"",
                                    message: "named twice (also designs[\(first)]); name each design once")
            }
        }
        if let value = top.value("platform") { scenario.platform = try readPlatform(value, in: top) }
        if var reader = try top.object("catalog") {
            try reader.choice("productType", &scenario.catalog.productType)
            try reader.integer("products", &scenario.catalog.products, in: 1...1_000)
            try reader.integer("itemsPerProduct", &scenario.catalog.itemsPerProduct, in: 1...1_000)
            try reader.finish()
        }
        if var reader = try top.object("user") { try readUser(&reader, into: &scenario.user) }
        if var reader = try top.object("device") {
            try reader.probability("crashProbabilityPerSession", &scenario.device.crashProbabilityPerSession)
            try reader.distribution("crashTime", &scenario.device.crashTime)
            try reader.finish()
        }
        if var reader = try top.object("network") { try readNetwork(&reader, into: &scenario.network) }
        if var reader = try top.object("storeKit") { try readStoreKit(&reader, into: &scenario.storeKit) }
        if var reader = try top.object("appServer") { try readAppServer(&reader, into: &scenario.appServer) }
        if var reader = try top.object("apple") { try readApple(&reader, into: &scenario.apple) }
        try top.finish()
        return scenario
    }

    /// `"platform": "today"` or `"pre-2025"`, or an object: `{"from": "pre-2025",
    /// "transactionHistory": "v2"}`, each key left out keeping the `from` platform's value
    /// (today's by default).
    static func readPlatform(_ value: JSONValue, in top: ObjectReader) throws(ScenarioError) -> PlatformParameters {
        let names = PlatformParameters.named.map(\.name)
        func named(_ text: String, key: String, _ reader: ObjectReader, _ value: JSONValue) throws(ScenarioError) -> PlatformParameters {
            guard let platform = PlatformParameters.named.first(where: { $0.name == text })?.platform else {
                var message = "expected one of: \(names.joined(separator: ", "))"
                if let hint = Suggestion.nearest(to: text, in: names) { message += "; did you mean '\(hint)'?" }
                throw reader.fail(key, value, message)
            }
            return platform
        }
        if case .string(let text) = value { return try named(text, key: "platform", top, value) }
        var reader = try ObjectReader(file: top.file, path: top.keyPath("platform"), value: value)
        var platform = PlatformParameters.today
        if let from = reader.value("from") {
            guard case .string(let text) = from else { throw reader.fail("from", from, "expected one of: \(names.joined(separator: ", "))") }
            platform = try named(text, key: "from", reader, from)
        }
        try reader.choice("oneTimeChargeNotifications", &platform.oneTimeChargeNotifications)
        try reader.choice("transactionHistory", &platform.transactionHistory)
        try reader.choice("verification", &platform.verification)
        try reader.finish()
        return platform
    }

    static func readUser(_ reader: inout ObjectReader, into user: inout UserParameters) throws(ScenarioError) {
        try reader.integer("intentsPerRun", &user.intentsPerRun, in: 1...64)
        try reader.distribution("timeBetweenIntents", &user.timeBetweenIntents)
        try reader.distribution("paymentSheetTime", &user.paymentSheetTime)
        try reader.probability("cancelProbability", &user.cancelProbability)
        try reader.probability("doubleTapProbability", &user.doubleTapProbability)
        try reader.distribution("patience", &user.patience)
        try reader.distribution("sessionLength", &user.sessionLength)
        try reader.probability("neverComesBackProbability", &user.neverComesBackProbability)
        try reader.distribution("relaunchDelay", &user.relaunchDelay)
        try reader.probability("reinstallProbability", &user.reinstallProbability)
        try reader.probability("accountSwitchProbability", &user.accountSwitchProbability)
        try reader.distribution("accountSwitchDelay", &user.accountSwitchDelay)
        try reader.probability("recoverPageUseProbability", &user.recoverPageUseProbability)
        try reader.distribution("recoverPageDelay", &user.recoverPageDelay)
        try reader.probability("supportContactProbability", &user.supportContactProbability)
        try reader.probability("returningCustomerProbability", &user.returningCustomerProbability)
        try reader.finish()
    }

    static func readNetwork(_ reader: inout ObjectReader, into network: inout NetworkParameters) throws(ScenarioError) {
        try reader.probability("requestLossProbability", &network.requestLossProbability)
        try reader.probability("responseLossProbability", &network.responseLossProbability)
        try reader.distribution("latency", &network.latency)
        try reader.duration("requestTimeout", &network.requestTimeoutMs)
        try reader.probability("weakNetworkProbability", &network.weakNetworkProbability)
        try reader.distribution("weakNetworkStart", &network.weakNetworkStart)
        try reader.distribution("weakNetworkDuration", &network.weakNetworkDuration)
        try reader.finish()
    }

    static func readStoreKit(_ reader: inout ObjectReader, into storeKit: inout StoreKitParameters) throws(ScenarioError) {
        try reader.distribution("callbackDelay", &storeKit.callbackDelay)
        try reader.probability("cancelThenPurchasedProbability", &storeKit.cancelThenPurchasedProbability)
        try reader.probability("failThenPurchasedProbability", &storeKit.failThenPurchasedProbability)
        try reader.distribution("anomalyDelay", &storeKit.anomalyDelay)
        try reader.probability("missingTransactionIdProbability", &storeKit.missingTransactionIdProbability)
        try reader.probability("applicationUsernameLostProbability", &storeKit.applicationUsernameLostProbability)
        try reader.probability("applicationUsernameLostAfterRelaunchProbability",
                               &storeKit.applicationUsernameLostAfterRelaunchProbability)
        try reader.probability("purchasedCallbackMissingProbability", &storeKit.purchasedCallbackMissingProbability)
        try reader.probability("finishedRedeliveredProbability", &storeKit.finishedRedeliveredProbability)
        try reader.probability("pendingProbability", &storeKit.pendingProbability)
        try reader.distribution("pendingDelay", &storeKit.pendingDelay)
        try reader.finish()
    }

    static func readAppServer(_ reader: inout ObjectReader, into server: inout AppServerParameters) throws(ScenarioError) {
        try reader.probability("errorProbability", &server.errorProbability)
        try reader.probability("crashBeforeDeliveryProbability", &server.crashBeforeDeliveryProbability)
        try reader.probability("crashAfterDeliveryProbability", &server.crashAfterDeliveryProbability)
        try reader.distribution("processingTime", &server.processingTime)
        try reader.duration("appleTimeout", &server.appleTimeoutMs)
        try reader.duration("reconcileInterval", &server.reconcileIntervalMs)
        if server.reconcileIntervalMs == 0 {
            throw reader.fail("reconcileInterval", .string("0ms"), "the reconciliation interval must be positive")
        }
        try reader.duration("reconcileWindow", &server.reconcileWindowMs)
        try reader.finish()
    }

    static func readApple(_ reader: inout ObjectReader, into apple: inout AppleParameters) throws(ScenarioError) {
        try reader.distribution("verifyLatency", &apple.verifyLatency)
        try reader.probability("tryAgainProbability", &apple.tryAgainProbability)
        try reader.probability("outageProbability", &apple.outageProbability)
        try reader.distribution("outageStart", &apple.outageStart)
        try reader.distribution("outageDuration", &apple.outageDuration)
        try reader.probability("notificationLossProbability", &apple.notificationLossProbability)
        try reader.distribution("notificationDelay", &apple.notificationDelay)
        try reader.finish()
    }
}
