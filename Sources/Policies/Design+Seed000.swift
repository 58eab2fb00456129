/// Seed 000: 《iOS项目技术还债之路《二》IAP掉单优化》 ("Paying down an iOS project's technical debt,
/// part 2: fixing lost IAP orders"), njuxjy, juejin.cn, 2019. A video-subscription app selling
/// non-renewing subscriptions ("所有IAP商品都是非自动续期订阅类别") on shared price tiers
/// ("多对一形态"), pay-first ("采用了先走IAP购买流程再下单的模式").
extension Design {
    /// Seed 000's inherited code (v0).
    /// - blockingUI modal, guardsDoubleTap: "点击购买后，会弹出一个模态的loading框，应该是防止用户多次点击或离开页面"
    ///   (after Buy a modal loading box appears, presumably to stop repeated taps) and it stays
    ///   "一直得等到IAP购买成功并且订单在服务端验证成功后才消失" (until the server verified).
    /// - retrySchedule none: "支付成功后交易加入验证队列时，这个队列竟然是个null" (the retry queue
    ///   was nil), so "重试机制形同虚设" (the retry mechanism existed in name only).
    /// - localStore memory, persistMoment buyTap, recordClearing never: "老版本…只是用临时变量记录了点击购买的商品，
    ///   在cancel时也不会清理" (the old version kept the tapped item in a variable and did not
    ///   clear it on cancel).
    /// - orderTiming payFirst, itemMapping record: the app's pay-first flow maps the item by the
    ///   product id; userMapping currentUser: user binding came only with v1 ("用户映射：在订单映射同时加入用户id信息").
    /// - unmatchedTransactions leaveUnfinished, finishMoment afterDelivery: the author's kill test
    ///   ("重启后App内一片祥和，像什么都没发生过，当然本该发货的商品也没收到": after relaunch all looked
    ///   as if nothing had happened, and no goods came) shows a redelivered transaction neither
    ///   delivered nor reported; finishing is not stated, chosen after delivery as in v1.
    /// - Not stated: the receipt (app receipt, the iOS 7+ kind), the server (one call to Apple,
    ///   idempotent, no server-side recovery: "服务端没有用户购买记录").
    public static let seed000V0 = Design(
        name: "seed000-v0",
        summary: "modal until verified, finish after verify, retry queue never initialised",
        source: "seed 000 (njuxjy), the inherited v0",
        storeKitAPI: .sk1, orderTiming: .payFirst, itemMapping: .record, userMapping: .currentUser,
        localStore: .memory, persistMoment: .buyTap, recordClearing: .never,
        guardsDoubleTap: true, blockingUI: .modal,
        finishMoment: .afterDelivery, retrySchedule: .none, retryTriggers: [], retryScope: .allRecords,
        recoverPage: .none, unmatchedTransactions: .leaveUnfinished, receiptKind: .appReceipt,
        serverVerification: .apple, serverIdempotency: .oncePerTransaction, serverAppleTries: 1,
        deliversWholeReceipt: false, serverRecovery: [])

    /// Seed 000 v1.0 ("零掉单1.0", 2019-03-14): v1.2's design, but the record is cleared on
    /// `cancelled` and on `failed`: "唯一需要处理的是当用户取消了购买或者购买失败时，需要把持久化的数据清除"
    /// (when the user cancels or the purchase fails, the persisted data must be cleared), and
    /// then "App端在收到cancel事件后会把keychain中持久化的交易给清理掉，所以后续收到succeed事件时，就无法通过
    /// iap_product_id匹配到之前的交易了" (after a cancel the keychain record is gone, so the later
    /// success matches nothing).
    public static let seed000V1_0: Design = {
        var design = seed000V1_2
        design.name = "seed000-v1.0"
        design.summary = "as v1.2, but the keychain record is cleared on cancel and on fail"
        design.source = "seed 000 (njuxjy), v1.0"
        design.recordClearing = .onCancelOrFail
        return design
    }()

    /// Seed 000 v1.1: "最简单的方案就是在收到cancel回调时不清理kaychain中数据" (simply do not clear
    /// the keychain on cancel), but "fail也会清理keychain中的数据" (fail still clears it).
    public static let seed000V1_1: Design = {
        var design = seed000V1_2
        design.name = "seed000-v1.1"
        design.summary = "as v1.2, but the keychain record is cleared on fail"
        design.source = "seed 000 (njuxjy), v1.1"
        design.recordClearing = .onFail
        return design
    }()

    /// Seed 000's final client (v1.2, "半年多了，线上没有再收到过一例掉单报障": half a year without a
    /// lost-order report).
    /// - localStore keychain, persistMoment buyTap: "交易持久化：持久化到keychain，点击购买立即持久化".
    /// - userMapping record, retryScope loggedInUserOnly: "把用户id绑定在一起…是否和当前登录用户一致，
    ///   一致则发起验证，否则忽略" (the record carries the user id; verify only when it is the
    ///   logged-in user, otherwise ignore it).
    /// - finishMoment afterDelivery: "完成交易时机：等完成验证后再finishTransaction:".
    /// - retrySchedule tries(3, 0 ms apart), blockingUI modal: "最多重试3次，请求15秒超时" and
    ///   "阻断式非静默重试：在重试过程中，模态弹窗显示一些文案" (3 tries with a 15 s timeout, behind
    ///   a modal); the 15 s is the scenario's `network.requestTimeout`.
    /// - recoverPage manualRetry: "当3次自动重试都失败以后…引导用户去订单找回页面继续手动重试".
    /// - retryTriggers launch: "改造后的App启动补单流程" (a launch-time recovery flow).
    /// - recordClearing never: v1.2 stopped clearing on fail ("在收到fail回调时也不清理keychain").
    /// - unmatchedTransactions leaveUnfinished: without a record "没法发起后续的订单验证流程"
    ///   (no verification can start); the transaction stays in the queue.
    /// - guardsDoubleTap: the modal blocks a second tap; the test cases add "点击购买相同的IAP商品…直接发起重试".
    /// - Not stated: the receipt (app receipt) and the server (one call to Apple, idempotent, no
    ///   server-side recovery), as in v0.
    public static let seed000V1_2 = Design(
        name: "seed000-v1.2",
        summary: "keychain at Buy tap, 3 blocking tries then a recover page, never clears on cancel/fail",
        source: "seed 000 (njuxjy, 《iOS项目技术还债之路《二》IAP掉单优化》), v1.2",
        storeKitAPI: .sk1, orderTiming: .payFirst, itemMapping: .record, userMapping: .record,
        localStore: .keychain, persistMoment: .buyTap, recordClearing: .never,
        guardsDoubleTap: true, blockingUI: .modal,
        finishMoment: .afterDelivery, retrySchedule: .tries(count: 3, spacingMs: 0),
        retryTriggers: [.launch], retryScope: .loggedInUserOnly,
        recoverPage: .manualRetry, unmatchedTransactions: .leaveUnfinished, receiptKind: .appReceipt,
        serverVerification: .apple, serverIdempotency: .oncePerTransaction, serverAppleTries: 1,
        deliversWholeReceipt: false, serverRecovery: [])
}
