/// Seeds 001-004. Titles and authors as far as the copies say; where a copy names no author,
/// none is given.
extension Design {
    /// The create-order retry of the order-first presets (seeds 002, 003 and 004), whose sources
    /// do not say what the app does when its create-order request fails: chosen 3 tries, 2 s
    /// apart (guess, plausible 1 to 5 tries). A create-order call is a POST, which common HTTP
    /// clients do not retry by themselves (Alamofire's `RetryPolicy.defaultRetryableHTTPMethods`
    /// is "GET, HEAD, PUT, DELETE, OPTIONS, and TRACE"), but the app shows an error on the Buy
    /// screen and a user who wants the item taps Buy again, which the model has no other way to
    /// say; one try would overstate the sales order-first loses (docs/model.md §13).
    static func retryingOrderCreation(_ design: Design) -> Design {
        var design = design
        design.orderCreationTries = 3
        design.orderCreationSpacingMs = 2_000
        return design
    }

    /// Seed 001: 《苹果IAP开发中的那些坑和掉单问题》, 张铁蕾 (Tielei Zhang), zhangtielei.com,
    /// 2016-04-05, on the 微爱 (Weiai) app.
    /// - persistMoment purchased, localStore sandbox: "在用户完成付款后（即事务状态变为SKPaymentTransactionStatePurchased时），
    ///   发货任务被启动" and "把自动重试的发货任务的执行状态在客户端持久化下来" (the delivery task starts
    ///   at `purchased` and its state is persisted on the client); the store is not stated,
    ///   chosen the sandbox because the article names no keychain (seed 000 presents the
    ///   keychain as BLIAP's idea).
    /// - retrySchedule fixedInterval, forever: "发货任务一旦启动，将会不断重试，直到发货成功"; the
    ///   interval is not stated (seed 000 reads it as "固定的重试间隔，无限次数重试"); 30 s is a guess.
    /// - retryTriggers launch: "当下次App启动时，我们可以依赖之前持久化的发货任务状态来重启发货任务".
    /// - finishMoment afterDelivery: "只有当某次发货请求执行成功后，App客户端才调用finishTransaction:".
    /// - receiptKind appReceipt, deliversWholeReceipt: "使用App Receipt来代替transactionReceipt" and
    ///   "App Receipt中就会包含前后两次支付的IAP receipt，这就能让上次失败的订单一并恢复", with a server
    ///   that answers "全部发货成功 / 部分发货成功" (all or part delivered).
    /// - unmatchedTransactions verifyWithFallback: a `purchased` transaction without a task starts
    ///   one ("如果没有任务在执行，那么启动发货任务").
    /// - blockingUI nonBlocking: not stated; seed 000 reads it as "该方案应该也是非阻断式重试".
    /// - guardsDoubleTap false: not stated. The article expects several payments in a row and
    ///   guards only the delivery task: "即使是发生连续多次支付行为,程序逻辑也要保证发货任务同时不会启动多次"
    ///   (even when several payments happen in a row, the logic must keep the delivery task from
    ///   starting more than once); nothing stops a second tap, so unguarded, the baseline's value.
    /// - Not stated, chosen as the baseline's: pay-first with the item mapped by product id,
    ///   the task's account (the one logged in when it started), one call to Apple per
    ///   verification, idempotent, no server-side recovery.
    public static let seed001Weiai = Design(
        name: "seed001-weiai",
        summary: "persistent delivery task retried every 30 s forever, app receipt delivered whole, finish after delivery",
        source: "seed 001 (张铁蕾, 《苹果IAP开发中的那些坑和掉单问题》)",
        storeKitAPI: .sk1, orderTiming: .payFirst, itemMapping: .record, userMapping: .record,
        localStore: .sandbox, persistMoment: .purchased, recordClearing: .never,
        guardsDoubleTap: false, blockingUI: .nonBlocking,
        finishMoment: .afterDelivery, retrySchedule: .fixedInterval(intervalMs: 30_000),
        retryTriggers: [.launch], retryScope: .allRecords,
        recoverPage: .none, unmatchedTransactions: .verifyWithFallback, receiptKind: .appReceipt,
        serverVerification: .apple, serverIdempotency: .oncePerTransaction, serverAppleTries: 1,
        deliversWholeReceipt: true, serverRecovery: [])

    /// Seed 002 before its fix: 《iOS内购中碰到的问题与解决方案13.3.1最新问题》 (no author in our copy),
    /// a membership purchase built on RMStore.
    /// - orderTiming orderFirst, itemMapping/userMapping applicationUsername: "我们在前面将服务器生产的
    ///   预订单号存在applicationUsername上" (the server's pre-order id rides in applicationUsername).
    /// - unmatchedTransactions finishAndDrop: "在需要验证的时候，一定概率上取出来的为nil值" and
    ///   "由于applicationUsername返回空值，导致漏单" (a nil value caused lost orders). What the first
    ///   version did with it is not stated; chosen: it failed verification with an ordinary error,
    ///   which RMStore answers by finishing the transaction (see `rmStoreVerifier`).
    /// - finishMoment afterVerdict: RMStore's rule (see `rmStoreVerifier`).
    /// - localStore memory, retrySchedule none: the fix added the local store and the queue, so
    ///   before it there was neither.
    /// - orderCreationTries 3, 2 s apart: not stated (see `retryingOrderCreation`).
    /// - Not stated: blockingUI modal (the common pattern, as `naive`), a guarded tap, the
    ///   app receipt (its verifier reads `appStoreReceiptURL`), the server as the baseline's.
    public static let seed002Before = retryingOrderCreation(Design(
        name: "seed002-before",
        summary: "order-first, order id only in applicationUsername, dropped when it comes back nil",
        source: "seed 002 (《iOS内购中碰到的问题与解决方案》), the first version",
        storeKitAPI: .sk1, orderTiming: .orderFirst, itemMapping: .applicationUsername, userMapping: .applicationUsername,
        localStore: .memory, persistMoment: .buyTap, recordClearing: .never,
        guardsDoubleTap: true, blockingUI: .modal,
        finishMoment: .afterVerdict, retrySchedule: .none, retryTriggers: [], retryScope: .allRecords,
        recoverPage: .none, unmatchedTransactions: .finishAndDrop, receiptKind: .appReceipt,
        serverVerification: .apple, serverIdempotency: .oncePerTransaction, serverAppleTries: 1,
        deliversWholeReceipt: false, serverRecovery: []))

    /// Seed 002 after its fix ("丢单率从30%一下子降到了几乎为0": the lost rate fell from 30% to
    /// almost 0).
    /// - localStore keychain, persistMoment buyTap: "在内购发起之前就将生成号的预订单号保存到本地" and
    ///   "只有用户点击购买的时候，将获取的预订单号存储到keychain中" (for reinstalls).
    /// - recordClearing onCancel: "假如用户取消支付，则在取消支付的回调中将keychain值删除" and "只有当用户
    ///   取消或者支付验证成功后，才从本地移除" (removed only on cancel or after verification and the
    ///   credit succeeded). The 2020-04-24 update's second table, never cleared on cancel, is not
    ///   modelled.
    /// - itemMapping applicationUsernameThenRecord: the verifier takes
    ///   `transaction.payment.applicationUsername`, and when it is empty "则从本地数据库进行查找…从keychain上找找".
    /// - retrySchedule fixedInterval: "只要队列中有没有完成的订单，则间隔一段时间不停的去验证，直到验证成功为止"
    ///   (poll until success); the interval is not stated, 30 s is a guess.
    /// - unmatchedTransactions leaveUnfinished: with no order id anywhere the verifier reports
    ///   `RMStoreErrorCodeUnableToCompleteVerification` ("预订单号为空"), so RMStore keeps the
    ///   transaction, and the queue has nothing to send.
    /// - finishMoment afterVerdict: RMStore's rule (see `rmStoreVerifier`).
    /// - orderCreationTries 3, 2 s apart: not stated (see `retryingOrderCreation`).
    /// - Not stated: blockingUI nonBlocking (the queue works in the background), retryTriggers
    ///   launch (a reinstalled app "都可以重新调用找回预订单号进行重新充值会员"), userMapping record (the
    ///   order the record names), the server as the baseline's.
    public static let seed002After = retryingOrderCreation(Design(
        name: "seed002-after",
        summary: "order id in keychain at Buy tap (cleared on cancel), applicationUsername then keychain, polled until success",
        source: "seed 002 (《iOS内购中碰到的问题与解决方案》), the fix",
        storeKitAPI: .sk1, orderTiming: .orderFirst, itemMapping: .applicationUsernameThenRecord, userMapping: .record,
        localStore: .keychain, persistMoment: .buyTap, recordClearing: .onCancel,
        guardsDoubleTap: true, blockingUI: .nonBlocking,
        finishMoment: .afterVerdict, retrySchedule: .fixedInterval(intervalMs: 30_000),
        retryTriggers: [.launch], retryScope: .allRecords,
        recoverPage: .none, unmatchedTransactions: .leaveUnfinished, receiptKind: .appReceipt,
        serverVerification: .apple, serverIdempotency: .oncePerTransaction, serverAppleTries: 1,
        deliversWholeReceipt: false, serverRecovery: []))

    /// Seed 003 with StoreKit 1, from a StoreKit 2 migration article by a course-selling app's
    /// team (no title or author in our copy).
    /// - orderTiming orderFirst, mappings applicationUsername: "客户端在调起 IAP 支付前会先请求服务端生成
    ///   预支付订单，并将 userId 与 orderId 进行编码生成 applicationUsername".
    /// - unmatchedTransactions verifyWithFallback with the current user: "当传递的 applicationUsername
    ///   为空时…服务端会创建新的订单并绑定给当前用户" (a lost value makes the server create a new order
    ///   for the user logged in now), so after an account switch A's purchase goes to B.
    /// - recoverPage orderLookup: "原先订单找回的时候客户端会把 receipts 上报，后端会依次处理包含的交易记录…
    ///   如果未找到相关记录则生成新的订单并发货" (the page uploads the receipt; the server processes
    ///   every transaction in it, a new order for any it does not know).
    /// - retrySchedule none, retryTriggers none: no in-session retry is named; an unfinished
    ///   transaction is verified again when StoreKit redelivers it ("客户端会再次调用接口验证未完成的交易").
    /// - orderCreationTries 3, 2 s apart: not stated ("客户端在调起 IAP 支付前会先请求服务端生成预支付订单"
    ///   says nothing of a failure; see `retryingOrderCreation`).
    /// - Not stated: blockingUI modal (the common pattern), memory only (no local store is
    ///   named), finish after delivery, a guarded tap, the server as the baseline's.
    public static let seed003SK1 = retryingOrderCreation(Design(
        name: "seed003-sk1",
        summary: "order-first, user+order in applicationUsername; a lost value credits the current user; receipt-upload recovery page",
        source: "seed 003 (StoreKit 2 migration article), StoreKit 1",
        storeKitAPI: .sk1, orderTiming: .orderFirst, itemMapping: .applicationUsername, userMapping: .applicationUsername,
        localStore: .memory, persistMoment: .buyTap, recordClearing: .never,
        guardsDoubleTap: true, blockingUI: .modal,
        finishMoment: .afterDelivery, retrySchedule: .none, retryTriggers: [], retryScope: .allRecords,
        recoverPage: .orderLookup, unmatchedTransactions: .verifyWithFallback, receiptKind: .appReceipt,
        serverVerification: .apple, serverIdempotency: .oncePerTransaction, serverAppleTries: 1,
        deliversWholeReceipt: false, serverRecovery: []))

    /// Seed 003 with StoreKit 2 (the article's migration, for iOS 15 and later).
    /// - storeKitAPI sk2, mappings appAccountToken: "引入了新字段 appAccountToken，该字段会出现在苹果的
    ///   交易信息中，不会像 applicationUsername 在某些情况下会丢失".
    /// - serverVerification apple: "在 StoreKit 2 中，可以通过Get Transaction History接口获取历史交易信息，
    ///   并使用 appAccountToken 关联 IAP 订单和用户订单" (the purchase flow looks the transaction up at
    ///   Apple).
    /// - recoverPage orderLookup: "appAccountToken 可以用来确定订单的归属，并且还提供了获取用户所有交易记录的接口…
    ///   升级了原先的订单找回功能" plus Look Up Order ID ("需要用户提供 Apple 通知邮件中的 OrderId，
    ///   我们将其定义为精确找回订单").
    /// - serverRecovery none: of the V2 notifications "退款消息通知必须处理，其余的我们可以根据自己的业务场景
    ///   针对性地进行处理" (refunds must be handled, the rest as the business needs); recovery by
    ///   notification is not described, and one-time purchases had none in production then.
    /// - olderOSDesign seed003-sk1: "我们决定保留原有逻辑，客户端判断 iOS 版本，如果大于15就调用新的验证接口，
    ///   否则调用老的验证接口" (we kept the old logic: the client checks the iOS version, above 15
    ///   it calls the new verification API, else the old one), so users below iOS 15 get the
    ///   article's own StoreKit 1 flow.
    /// - Everything else as `seed003SK1`.
    public static let seed003SK2: Design = {
        var design = seed003SK1
        design.name = "seed003-sk2"
        design.summary = "order-first, appAccountToken, server looks transactions up at Apple; history/order-id recovery page"
        design.source = "seed 003 (StoreKit 2 migration article), StoreKit 2"
        design.storeKitAPI = .sk2
        design.itemMapping = .appAccountToken
        design.userMapping = .appAccountToken
        design.receiptKind = .signedTransaction
        design.olderOSDesign = seed003SK1.name
        return design
    }()

    /// Seed 004: 《iOS_IAP掉单及处理办法》 (CSDN, no author in our copy), Luka coins, built on
    /// SwiftyStoreKit.
    /// - orderTiming orderFirst: "app端调用 server 接口 CreateAddLukaCoinCreditOrderMutation, 生成一个订单号 orderID".
    ///   orderCreationTries 3, 2 s apart: what happens when that call fails is not stated (see
    ///   `retryingOrderCreation`).
    /// - localStore keychain, persistMoment purchased: at the charge "app端同时在 keyChain 中存储该笔交易的
    ///   productID + orderID + transactionIdentifier + userId".
    /// - finishMoment afterDelivery, recordClearing never: "server二次校验成功结果返回后，app端标记该交易结束，
    ///   同时从keyChain中删除该笔交易".
    /// - retrySchedule fixedInterval, retryScheduleRounds triggeredRoundsOnly, blockingUI
    ///   nonBlocking: the retry runs only after a restart: "每次在用户账号不用重新登陆的情况下,重启,
    ///   (满足能在启动时拿到userID, 通过userID筛选KeyChain中当前用户的丢单数据)会查询当前有无掉单数据,
    ///   如果有的话,将在后台默默重试充值,直到KeyChain保存的未完成标记的交易数据为空" (at each restart
    ///   it looks for lost orders and retries silently in the background until the keychain holds
    ///   none). The purchase's own session makes its one check ("使用server接口CheckPaymentResultMutation…
    ///   进行二次校验"); after a failure nothing retries until a restart, which is why support's
    ///   first step is "首先引导用户kill掉app,进行重启操作(触发丢单重试操作…)" (get the user to kill
    ///   and restart the app, which triggers the lost-order retry). The interval of the retries
    ///   after a restart is not stated: 30 s is a guess (plausible 5 s to 5 min). The article
    ///   names no modal.
    /// - retryTriggers launch, retryScope loggedInUserOnly: "app在一启动就设置监听" and "通过userID筛选
    ///   KeyChain中当前用户的丢单数据".
    /// - unmatchedTransactions verifyWithFallback: unfinished transactions go to
    ///   `SwiftyStoreKit.completeTransactions` "进行充值重试的操作"; what it sends without a keychain
    ///   record is not stated, chosen: the transaction for the logged-in user, like every retry.
    ///   The article drops nothing.
    /// - Not stated: item and account from the record, a guarded tap, the app receipt
    ///   ("base64EncodedReceiptDataString"), the server as the baseline's.
    public static let seed004: Design = {
        var design = retryingOrderCreation(Design(
            name: "seed004",
            summary: "order-first, keychain at purchased, one try in the purchase's session, retried silently after each restart, logged-in user only",
            source: "seed 004 (《iOS_IAP掉单及处理办法》)",
            storeKitAPI: .sk1, orderTiming: .orderFirst, itemMapping: .record, userMapping: .record,
            localStore: .keychain, persistMoment: .purchased, recordClearing: .never,
            guardsDoubleTap: true, blockingUI: .nonBlocking,
            finishMoment: .afterDelivery, retrySchedule: .fixedInterval(intervalMs: 30_000),
            retryTriggers: [.launch], retryScope: .loggedInUserOnly,
            recoverPage: .none, unmatchedTransactions: .verifyWithFallback, receiptKind: .appReceipt,
            serverVerification: .apple, serverIdempotency: .oncePerTransaction, serverAppleTries: 1,
            deliversWholeReceipt: false, serverRecovery: []))
        design.retryScheduleRounds = .triggeredRoundsOnly
        return design
    }()
}
