import Policies

/// Everything one simulation needs besides the design: the world's parameters, how many
/// runs, the seed, the horizon and which designs to compare. Defaults and their sources are
/// docs/model.md §10's (`simrun keys`); a guess there is a guess here too. The stored fields' initial
/// values are the defaults; everything else about a key (its file path, fault-free value,
/// source, plausible range, meaning) is its row in `ScenarioParameter.table`, which a new
/// field needs too.
public struct Scenario: Sendable, Equatable {
    /// Short name used in result tables: the scenario file's name without `.json`.
    public var name: String = "default"
    /// What the scenario stresses, in one or two sentences.
    public var description: String = ""
    /// Independent runs (one user, one device, one world each), at most `maxRuns`.
    public var runs: Int = 100_000
    /// The most runs a scenario or a command may ask for: 10^12, weeks of work on one machine.
    /// Keeps every count in the tallies far from overflow (at most 64 intents and 200,000
    /// events per run).
    public static let maxRuns = 1_000_000_000_000
    /// Master seed: with the run index and the component it determines every draw.
    public var seed: UInt64 = 1
    /// When a run ends; whatever is not delivered by then is lost (docs/model.md §1, "A run").
    public var horizonMs: SimTime = 30 * day
    /// Design names to compare, in table order: by default every preset.
    public var designs: [String] = Design.presets.map(\.name)
    /// Designs the scenario file defines itself (a preset with axes overridden).
    public var customDesigns: [Design] = []

    /// Every design this scenario can name: the presets, then its custom designs.
    public var availableDesigns: [Design] { Design.presets + customDesigns }

    /// The designs named by `designs`, in order (names were validated when loading).
    public var selectedDesigns: [Design] {
        designs.compactMap { name in availableDesigns.first { $0.name == name } }
    }

    /// Custom designs the file defines but its `designs` list leaves out: not run, which
    /// `simrun run`, `report` and `sweep` warn about.
    public var unlistedCustomDesigns: [String] {
        customDesigns.map(\.name).filter { !designs.contains($0) }
    }

    public var platform = PlatformParameters.today
    public var catalog = CatalogParameters()
    public var user = UserParameters()
    public var device = DeviceParameters()
    public var network = NetworkParameters()
    public var storeKit = StoreKitParameters()
    public var appServer = AppServerParameters()
    public var apple = AppleParameters()

    public init() {}

    static let second: SimTime = 1000
    static let minute: SimTime = 60 * second
    static let hour: SimTime = 60 * minute
    static let day: SimTime = 24 * hour
}

/// What is for sale (docs/model.md §3 and §10).
public struct CatalogParameters: Sendable, Equatable {
    public enum ProductType: String, Sendable, CaseIterable {
        /// Coins: gone from the app receipt once finished (and from Get Transaction History v1).
        case consumable
        /// Stays in the app receipt.
        case nonConsumable
        /// Seed 000's series passes: stays in the receipt.
        case nonRenewingSubscription
    }
    public var productType: ProductType = .consumable
    /// Apple product ids in the catalog; each intent picks one uniformly.
    public var products: Int = 1
    /// Business items sold under one Apple product id (seed 000's "500 yuan tier" for several
    /// series). 1 makes the product → item mapping perfect.
    public var itemsPerProduct: Int = 1
}

/// The person holding the phone.
public struct UserParameters: Sendable, Equatable {
    /// Purchase intents per run; more than one lets a later purchase heal an earlier loss.
    public var intentsPerRun: Int = 1
    /// Time from one intent to the next.
    public var timeBetweenIntents = DurationDistribution.logNormal(medianMs: Scenario.day, p99Ms: 7 * Scenario.day)
    /// Time the user spends on Apple's payment sheet before confirming or cancelling.
    public var paymentSheetTime = DurationDistribution.logNormal(medianMs: 8 * Scenario.second, p99Ms: Scenario.minute)
    /// Genuine cancel at the payment sheet: not charged.
    public var cancelProbability = 0.15
    /// Buy tapped twice quickly: a second payment unless the design guards against it.
    public var doubleTapProbability = 0.01
    /// How long the user waits behind a modal spinner before killing the app.
    public var patience = DurationDistribution.logNormal(medianMs: 20 * Scenario.second, p99Ms: 120 * Scenario.second)
    /// How long a session lasts once nothing blocks the user (then the app goes away).
    public var sessionLength = DurationDistribution.logNormal(medianMs: 5 * Scenario.minute, p99Ms: Scenario.hour)
    /// After a kill or crash, the app is not opened again within the horizon.
    public var neverComesBackProbability = 0.10
    /// Time until the user opens the app again after it went away.
    public var relaunchDelay = DurationDistribution.logNormal(medianMs: Scenario.hour, p99Ms: 3 * Scenario.day)
    /// After a kill or crash, the user deletes and reinstalls the app before coming back.
    public var reinstallProbability = 0.05
    /// The user logs into another app account after paying, before verification is done.
    public var accountSwitchProbability = 0.002
    /// Time from the charge to the account switch.
    public var accountSwitchDelay = DurationDistribution.uniform(minMs: 0, maxMs: Scenario.minute)
    /// The user opens a design's "recover order" page after the automatic tries gave up.
    public var recoverPageUseProbability = 0.5
    /// Time until the user opens the recover page.
    public var recoverPageDelay = DurationDistribution.logNormal(medianMs: 2 * Scenario.minute, p99Ms: Scenario.hour)
    /// A charged user without goods contacts support (counted; support never delivers).
    public var supportContactProbability = 0.30
    /// The Apple account has paid in this app before, so the server already holds one of its
    /// transaction ids and can ask Apple for its history from the start (guess).
    public var returningCustomerProbability = 0.5
    /// The intent is bought outside the app: an offer code redeemed in the App Store, or a
    /// product bought on the App Store page. Apple, *Set App Account Token*: "customers can also
    /// purchase in-app products outside of your app, for example, by redeeming an offer code in
    /// the App Store. In that case, the original transaction doesn't include an app account
    /// token." No public figure gives the share (guess).
    public var outsideAppPurchaseProbability = 0.005
    /// Time from a purchase made outside the app to the user opening the app (guess: a promoted
    /// purchase "takes them into your app" at once; a code redeemed in the App Store waits until
    /// the user thinks of the app).
    public var outsideAppOpenDelay = DurationDistribution.logNormal(medianMs: 2 * Scenario.minute, p99Ms: Scenario.day)
}

/// The phone.
public struct DeviceParameters: Sendable, Equatable {
    /// The app crashes once in a session (99.95% crash-free sessions, Instabug 2024).
    public var crashProbabilityPerSession = 0.0005
    /// When the crash comes, from the start of the session.
    public var crashTime = DurationDistribution.uniform(minMs: 0, maxMs: Scenario.minute)
    /// The user's device runs iOS 14 or older, where StoreKit 2 does not exist: a run of a
    /// StoreKit 2 design is its `olderOSDesign`'s run (docs/model.md §1). Guess: Apple counted
    /// 10% of all iPhones that transacted on the App Store on 12 February 2026 on iOS 17 or
    /// earlier (7% on 7 June 2026), an upper bound since iOS 15 to 17 are in it; TelemetryDeck
    /// counted iOS 14 at 0.1% of its iPhones in June 2023.
    public var belowIOS15Probability = 0.005
}

/// The mobile network between the app and the app server.
public struct NetworkParameters: Sendable, Equatable {
    /// The request never reaches the server.
    public var requestLossProbability = 0.02
    /// The server acted, but its response never reaches the client.
    public var responseLossProbability = 0.01
    /// Round-trip latency, split evenly between the two legs.
    public var latency = DurationDistribution.logNormal(medianMs: 300, p99Ms: 5 * Scenario.second)
    /// The client gives up waiting for a response after this long.
    public var requestTimeoutMs: SimTime = 15 * Scenario.second
    /// A run has a weak-network episode in which every request fails.
    public var weakNetworkProbability = 0.01
    /// When the episode starts, from the start of the run.
    public var weakNetworkStart = DurationDistribution.uniform(minMs: 0, maxMs: 2 * Scenario.minute)
    /// How long the episode lasts.
    public var weakNetworkDuration = DurationDistribution.logNormal(medianMs: 10 * Scenario.minute, p99Ms: 2 * Scenario.hour)
}

/// StoreKit's callbacks and their known oddities (docs/model.md §5 and §9).
public struct StoreKitParameters: Sendable, Equatable {
    /// Time from an event in StoreKit to the app's observer callback.
    public var callbackDelay = DurationDistribution.fixed(200)
    /// `cancelled` is reported, then `purchased` for the same payment.
    public var cancelThenPurchasedProbability = 0.005
    /// `failed` is reported, then `purchased` for the same payment.
    public var failThenPurchasedProbability = 0.002
    /// Time from the false cancel/fail to the real `purchased`.
    public var anomalyDelay = DurationDistribution.uniform(minMs: 5 * Scenario.second, maxMs: Scenario.minute)
    /// `purchased` arrives with a nil `transactionIdentifier`.
    public var missingTransactionIdProbability = 0.001
    /// A transaction that came without an id still has none when StoreKit gives it back at
    /// the next launch. Guess: seed 002 saw the nil only in the purchase callback, so 0; a
    /// return to the same, suspended process (which the model counts as a launch, §13) would
    /// still show it nil.
    public var missingTransactionIdAfterRelaunchProbability = 0.0
    /// The `applicationUsername` set on the payment comes back nil in a fresh callback.
    public var applicationUsernameLostProbability = 0.01
    /// The same, for a transaction redelivered at launch. Apple: "If you don't assign a UUID
    /// string value to applicationUsername, the App Store server doesn't persist the value";
    /// seed 003 describes the value as gone when a transaction is verified again. So always.
    public var applicationUsernameLostAfterRelaunchProbability = 1.0
    /// The `purchased` callback does not come in this session, only at the next launch.
    public var purchasedCallbackMissingProbability = 0.005
    /// A transaction the app finished comes back as `purchased`.
    public var finishedRedeliveredProbability = 0.0005
    /// StoreKit 2's `purchase()` returns `.pending` (Ask to Buy, an interrupted purchase); the
    /// transaction comes later through `Transaction.updates`. Guess: the share of interrupted
    /// purchases StoreKit 1 reports as cancelled or failed then purchased (0.5% + 0.2%).
    public var pendingProbability = 0.007
    /// Time from `.pending` to the charge (guess).
    public var pendingDelay = DurationDistribution.logNormal(medianMs: 5 * Scenario.minute, p99Ms: Scenario.day)
    /// StoreKit 2's `purchase()` throws (`StoreKitError.unknown`, `.notEntitled`) although Apple
    /// charged; the transaction comes later through `Transaction.updates` (Apple developer forums
    /// thread 801031: "StoreKit seems to recover by later sending an update through
    /// Transactions.updates"). Guess.
    public var errorAfterChargeProbability = 0.001
    /// StoreKit 2's `purchase()` returns `.userCancelled` although Apple charged; the transaction
    /// comes later through `Transaction.updates` (RevenueCat purchases-ios #4903: "About 20% of
    /// successful purchase transactions receive `userCancelled = true`", one app on iOS 18.3 and
    /// 18.4). Guess.
    public var cancelledAfterChargeProbability = 0.001
    /// Time from StoreKit 2's false error or `.userCancelled` to the transaction in
    /// `Transaction.updates` (guess).
    public var lateUpdateDelay = DurationDistribution.logNormal(medianMs: Scenario.minute, p99Ms: Scenario.hour)
    /// At a launch with unfinished transactions, StoreKit 2's `Transaction.updates` hands none of
    /// them over; they wait for the next launch or a `Transaction.unfinished` sweep (guess).
    public var updatesMissedAtLaunchProbability = 0.001
    /// At a launch with unfinished transactions, `Transaction.updates` hands each one over twice
    /// (forum thread 816320: the same transaction "2-3" times, "after about 10-20 seconds").
    /// Guess.
    public var updatesRepeatedAtLaunchProbability = 0.005
}

/// The app's own server.
public struct AppServerParameters: Sendable, Equatable {
    /// A 5xx answer on any endpoint, without acting.
    public var errorProbability = 0.005
    /// The server dies after Apple said valid and before delivering (no answer).
    public var crashBeforeDeliveryProbability = 0.00005
    /// The server dies after delivering and before answering.
    public var crashAfterDeliveryProbability = 0.00005
    /// Time the server spends on a request besides waiting for Apple.
    public var processingTime = DurationDistribution.fixed(20)
    /// The server gives up on a verify call to Apple after this long (seed 001).
    public var appleTimeoutMs: SimTime = 10 * Scenario.second
    /// Period of the transaction-history reconciliation job (designs that run one).
    public var reconcileIntervalMs: SimTime = Scenario.hour
    /// How long after the latest charge the job keeps running (while a transaction is
    /// undelivered); a later charge starts it again.
    public var reconcileWindowMs: SimTime = 2 * Scenario.day
    /// A run meets an outage of the whole server: every request in the window fails, the
    /// client's, Apple's notification posts and the recover page's alike (guess).
    public var outageProbability = 0.001
    /// When the outage starts, from the start of the run.
    public var outageStart = DurationDistribution.uniform(minMs: 0, maxMs: 2 * Scenario.minute)
    /// How long the outage lasts (guess).
    public var outageDuration = DurationDistribution.logNormal(medianMs: 30 * Scenario.minute, p99Ms: 12 * Scenario.hour)
    /// The notification endpoint is broken when the run starts (guess).
    public var notificationEndpointBrokenProbability = 0.002
    /// How long it stays broken from the start of the run; at least the horizon is the whole run
    /// (guess).
    public var notificationEndpointBrokenDuration = DurationDistribution.logNormal(medianMs: Scenario.day, p99Ms: 30 * Scenario.day)
    /// What the broken endpoint does with Apple's posts.
    public var notificationEndpointBehaviour = BrokenEndpointBehaviour.answers5xx
    /// The server's check of Apple's signatures fails when the run starts (certificate chain or
    /// OCSP errors; guess).
    public var signatureCheckFailureProbability = 0.0005
    /// How long the check keeps failing from the start of the run.
    public var signatureCheckFailureDuration = DurationDistribution.logNormal(medianMs: 4 * Scenario.hour, p99Ms: Scenario.day)
    /// What the server answers when it cannot check a signature.
    public var verificationErrorAnswer = VerificationErrorAnswer.tryLater
    /// Time the notification handler takes before it answers Apple (guess).
    public var notificationHandlingTime = DurationDistribution.logNormal(medianMs: 50, p99Ms: 2 * Scenario.second)
}

/// Apple's servers.
public struct AppleParameters: Sendable, Equatable {
    /// verifyReceipt latency as the app server sees it (seed 001: 200 ms min, > 7 s seen).
    public var verifyLatency = DurationDistribution.logNormal(medianMs: 600, p99Ms: 7 * Scenario.second)
    /// A verify call answers "try again" (21005/21002/21009, HTTP 503).
    public var tryAgainProbability = 0.01
    /// A run has an outage window in which every verify call answers "try again" (guess).
    public var outageProbability = 0.001
    /// When the outage starts, from the start of the run.
    public var outageStart = DurationDistribution.uniform(minMs: 0, maxMs: 2 * Scenario.minute)
    /// How long the outage lasts (guess).
    public var outageDuration = DurationDistribution.logNormal(medianMs: 30 * Scenario.minute, p99Ms: 6 * Scenario.hour)
    /// One delivery attempt of a server-to-server notification is lost.
    public var notificationLossProbability = 0.02
    /// Time from the charge to the first notification attempt (guess; FB15330451 reports 66 minutes).
    public var notificationDelay = DurationDistribution.logNormal(medianMs: 5 * Scenario.second, p99Ms: Scenario.hour)
    /// Apple stops waiting for the server's answer to a notification post after this long and
    /// counts the attempt as failed (guess: Apple documents none).
    public var notificationTimeoutMs: SimTime = 5 * Scenario.second
    /// Whether Apple retries a notification answered with a 4xx.
    public var notificationRetriesOn4xx = ClientErrorRetry.notRetried
    /// Apple posts a notification the server accepted once more (guess).
    public var notificationResentProbability = 0.01
}
