import Policies

/// What the handlers ask of the design and the platform on every event, answered once when
/// the world is built: testing an option set against a static member from another module goes
/// through a lazily initialised global on every call, which showed up in the profile.
struct WorldTraits: Sendable {
    /// The design retries its records 1 s after a launch (its `launch` or `foreground` trigger).
    let retriesAtLaunch: Bool
    /// The design retries its records 1 s after a resume from the background (its `foreground`
    /// trigger; a launch is a return to the foreground too).
    let retriesOnResume: Bool
    /// The server links the Apple Account's `appTransactionId` to the app account logging in.
    let mapsAppTransactionId: Bool
    /// The server asks Get Notification History for the posts its endpoint missed.
    let scansNotificationHistory: Bool
    /// The design resumes work when the network returns.
    let retriesOnNetworkRegained: Bool
    /// The server hears `ONE_TIME_CHARGE` notifications: the design listens and the platform sends.
    let hearsNotifications: Bool
    /// The server reconciles with Get Transaction History.
    let reconcilesHistory: Bool
    /// The server checks a signed transaction itself, with no call to Apple.
    let verifiesLocally: Bool
    /// The server's verification of the client's purchase rests on Apple's signature: a StoreKit
    /// 2 transaction checked locally, or the signed answer of the App Store Server API.
    let verifiesSignedData: Bool
    /// Some path of the server checks Apple's signatures: the client's verification, the
    /// notifications' `signedPayload`, the signed transactions of Get Transaction History.
    let checksSignatures: Bool

    init(design: Design, platform: PlatformParameters) {
        retriesAtLaunch = !design.retryTriggers.isDisjoint(with: [.launch, .foreground])
        retriesOnResume = design.retryTriggers.contains(.foreground)
        mapsAppTransactionId = design.serverRecovery.contains(.appTransactionIdMapping)
        retriesOnNetworkRegained = design.retryTriggers.contains(.networkRegained)
        hearsNotifications = design.serverRecovery.contains(.notifications) && platform.oneTimeChargeNotifications == .v2
        reconcilesHistory = design.serverRecovery.contains(.transactionHistory)
        scansNotificationHistory = hearsNotifications && design.serverRecovery.contains(.notificationHistory)
        verifiesLocally = design.serverVerification == .signedLocally && design.storeKitAPI == .sk2 && platform.verification == .jws
        verifiesSignedData = design.storeKitAPI == .sk2 && platform.verification == .jws
        checksSignatures = verifiesSignedData || hearsNotifications || reconcilesHistory
    }
}
