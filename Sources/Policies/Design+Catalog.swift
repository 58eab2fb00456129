/// The named designs of docs/model.md §11 ("Presets"), in catalog order. Each preset lives in the file of its
/// source (`Design+Seed000.swift`, `Design+Seeds001To004.swift`, `Design+Libraries.swift`,
/// `Design+Recommended.swift`); its doc comment quotes, translated, the sentence of the source
/// that fixes each axis value, and says "not stated" with the reason for every value the
/// source leaves open. docs/model.md describes what each axis does in the model.
extension Design {
    /// Every preset, in catalog order (the order `simrun designs` prints).
    public static let presets: [Design] = [
        naive, seed000V0, seed000V1_0, seed000V1_1, seed000V1_2, seed001Weiai, seed002Before, seed002After,
        seed003SK1, seed003SK2, seed004, swiftyStoreKitAtomic, swiftyStoreKitNonAtomic, rmStoreNoVerifier, rmStoreVerifier, revenueCat, bliap,
        faultSimRecommended,
    ]

    /// Designs a preset runs for some of its users (its `olderOSDesign`) that are not compared
    /// on their own: a scenario can name them, `simrun designs` lists them, but a scenario's
    /// default `designs` (every preset) leaves them out, since their users are already counted
    /// in the preset that names them.
    public static let flows: [Design] = [faultSimRecommendedSK1]

    /// Every design a scenario can name without defining it: the presets, then the flows.
    public static let catalog: [Design] = presets + flows

    /// The preset or flow with this name, if any.
    public static func preset(named name: String) -> Design? {
        catalog.first { $0.name == name }
    }

    /// The baseline every article starts from: pay first, keep nothing but memory, finish at
    /// once, never retry. Any failure after the callback loses the order, because the
    /// transaction is gone from StoreKit's queue the moment it arrives.
    ///
    /// Not from one source: every axis is the simplest value, the flow the articles begin with
    /// (seed 001: "App调用IAP接口在前端发起支付请求 … 将票据（receipt）传给App服务器 … App服务器完成发货").
    /// The modal is the common pattern (seed 000's inherited app: "点击购买后，会弹出一个模态的loading框"),
    /// and a second tap is not guarded. The server is idempotent, as every preset's is, so
    /// designs compare on what the client does (`serverIdempotency: none` is the axis for
    /// seed 000's duplicate deliveries).
    public static let naive = Design(
        name: "naive",
        summary: "pay-first, memory only, finish at the callback, no retry",
        source: "the baseline of seeds 000-004",
        storeKitAPI: .sk1, orderTiming: .payFirst, itemMapping: .record, userMapping: .currentUser,
        localStore: .memory, persistMoment: .buyTap, recordClearing: .never,
        guardsDoubleTap: false, blockingUI: .modal,
        finishMoment: .atCallback, retrySchedule: .none, retryTriggers: [], retryScope: .allRecords,
        recoverPage: .none, unmatchedTransactions: .verifyWithFallback, receiptKind: .appReceipt,
        serverVerification: .apple, serverIdempotency: .oncePerTransaction, serverAppleTries: 1,
        deliversWholeReceipt: false, serverRecovery: [])
}
