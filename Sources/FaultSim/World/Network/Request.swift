/// What a request asks for.
enum RequestKind: UInt8, Sendable {
    case createOrder, verify
    /// A recover page's look-up (`RecoverPage.orderLookup`).
    case recover
}

/// What the client makes of an answer.
enum Answer: UInt8, Sendable {
    case pending
    /// Delivered (or already delivered).
    case success
    /// 4xx: the server refuses (no transaction id, transaction not in the receipt).
    case invalid
    /// 5xx, Apple "try again", timeout, offline: worth retrying.
    case failure
}

/// A client → app server request: what the client sent (the envelope), and what the network
/// and the server made of it (its fate).
struct Request: Sendable {
    // The envelope, written by the client.
    var kind: RequestKind = .verify
    var intent: Int32 = 0
    var transaction: Int32 = -1
    /// Payment number (0 or 1) for order creation.
    var payment: Int32 = 0
    /// The client session that sent it: a dead session ignores the answer.
    var epoch: Int32 = 0
    var uid: Int32 = 0
    var item: Int32 = 0
    var order: Int32 = -1
    var hasTransactionId = true
    var receiptCovers = true
    /// Order creation: the client's record to update with the order id.
    var record: Int32 = -1
    // Its luck, drawn by the network when it is sent.
    var halfLatency: SimTime = 0
    var responseLossDraw = 0.0
    // Its fate.
    /// What the server answered, once it did.
    var serverAnswer: Answer = .pending
    /// The client has its answer, or stopped waiting.
    var settled = false
    /// Offline or lost on the way: the server never saw it.
    var lostOnTheWay = false
    /// The server saw it but no answer will come (lost answer, server crash).
    var noResponseComing = false
    /// Why it failed, when it did.
    var failure: Cause = .none
}
