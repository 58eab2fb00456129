/// Granting goods: what a valid receipt or signed transaction proves, and what the server can
/// credit from Apple's data alone.
extension AppServer {
    /// Delivers what a valid receipt proves: the requested transaction to the order's (or the
    /// request's) account and item, and for a server that delivers the whole app receipt every
    /// other transaction it lists (to the order the server knows for it, else to the request's
    /// account with the product's item).
    @inline(__always)
    mutating func deliverVerified(_ request: Int32, _ kernel: inout Kernel, _ ledger: inout Ledger, _ network: inout Network,
                                  _ apple: inout Apple) {
        let named = network[request].uid, transaction = network[request].transaction, order = network[request].order
        var uid = named
        var item = network[request].item
        if order >= 0 {
            uid = orders[Int(order)].uid
            item = orders[Int(order)].item
        } else if design.orderTiming == .orderFirst {
            // No order id reached the server: it makes a new order for whoever the request names.
            orders.append(Order(uid: uid, item: item))
        }
        deliver(transaction, uid: uid, item: item, checkPayload: true, &kernel, &ledger)
        if design.deliversWholeReceipt { deliverRestOfReceipt(except: transaction, uid: named, &kernel, &ledger, &apple) }
    }

    /// Every transaction the app receipt lists besides `transaction`, as seed 001's server and
    /// seed 003's StoreKit 1 recovery page do ("依次处理包含的交易记录…如果未找到相关记录则生成新的订单").
    @inline(__always)
    mutating func deliverRestOfReceipt(except transaction: Int32, uid: Int32, _ kernel: inout Kernel,
                                       _ ledger: inout Ledger, _ apple: inout Apple) {
        for other in apple.transactions.indices where other != Int(transaction) && apple.receiptLists(other) {
            deliverToKnownOrder(Int32(other), else: uid, &kernel, &ledger, &apple)
        }
    }

    /// Delivers `transaction` to the order the server linked to it, else to `uid` with the
    /// product's item.
    @inline(__always)
    mutating func deliverToKnownOrder(_ transaction: Int32, else uid: Int32, _ kernel: inout Kernel,
                                      _ ledger: inout Ledger, _ apple: inout Apple) {
        let order = transactions[Int(transaction)].order
        if order >= 0 {
            deliver(transaction, uid: orders[Int(order)].uid, item: orders[Int(order)].item, &kernel, &ledger)
        } else {
            deliver(transaction, uid: uid, item: items.defaultItem(of: apple[transaction].product), &kernel, &ledger)
        }
    }

    /// Grants goods for `transaction`, unless an idempotent server delivered it before.
    @inline(__always)
    mutating func deliver(_ transaction: Int32, uid: Int32, item: Int32, checkPayload: Bool = false,
                          _ kernel: inout Kernel, _ ledger: inout Ledger) {
        let index = Int(transaction)
        if design.serverIdempotency == .oncePerTransaction && transactions[index].deliveries > 0 {
            kernel.note(.appServer, nil, "transaction \(transaction) already delivered")
            return
        }
        transactions[index].deliveries += 1
        kernel.note(.appServer, nil, "delivers item \(item) to user \(uid) for transaction \(transaction)")
        customerKnown = true
        ledger.recordDelivery(transaction, uid: uid, item: item, at: kernel.now, checkPayload: checkPayload)
    }

    /// The account and item the server can credit from Apple's data alone: the order an
    /// `appAccountToken` names (its account and item), or the account it names when the
    /// product sells one item. A StoreKit 1 transaction has that token only when its
    /// `applicationUsername` was a UUID (`applicationUsernameIsUUID`: Apple keeps Apple's copy
    /// even when the client's comes back nil), naming the order or the account as the design's
    /// mappings read it. Nil otherwise, for a purchase made outside the app (no token: an offer
    /// code, the App Store page), and for an account token on a many-to-one product (the item is
    /// ambiguous; the server waits for the client).
    @inline(__always)
    func serverSideCredit(_ transaction: Int32, _ apple: inout Apple) -> (uid: Int32, item: Int32)? {
        let tx = apple[transaction]
        guard tx.boughtInApp else { return nil }
        let namesOrder: Bool, namesAccount: Bool
        switch design.storeKitAPI {
        case .sk2:
            namesOrder = design.itemMapping == .appAccountToken
            namesAccount = design.userMapping == .appAccountToken
        case .sk1:
            guard design.applicationUsernameIsUUID else { return nil }
            namesOrder = design.itemMapping == .applicationUsername || design.itemMapping == .applicationUsernameThenRecord
            namesAccount = design.userMapping == .applicationUsername
        }
        if namesOrder { return (tx.payloadUid, tx.payloadItem) }
        if namesAccount && items.isOneToOne { return (tx.payloadUid, items.defaultItem(of: tx.product)) }
        return nil
    }

    /// With `appTransactionIdMapping`, the credit of a transaction no token maps: the account
    /// linked last to the Apple Account, and the product's item (a purchase made outside the app
    /// names a product, not an item; one made in the app needs a product that sells one item).
    @inline(__always)
    func linkedCredit(_ transaction: Int32, _ apple: inout Apple) -> (uid: Int32, item: Int32)? {
        let tx = apple[transaction]
        guard traits.mapsAppTransactionId, linkedUid > 0, !tx.boughtInApp || items.isOneToOne else { return nil }
        return (linkedUid, items.defaultItem(of: tx.product))
    }

    /// Delivers `transaction` if Apple's data alone says to whom. A credit through the
    /// `appTransactionId` link also sets the app account token (Set App Account Token, one
    /// request), so later look-ups and notifications carry the account.
    @inline(__always)
    mutating func creditFromAppleData(_ transaction: Int32, _ kernel: inout Kernel, _ ledger: inout Ledger, _ apple: inout Apple) {
        // Most notifications reach an idempotent server after the client's verify delivered the
        // transaction: then nothing happens but a trace's note ("already delivered"), so an
        // untraced run returns here and skips the call.
        if design.serverIdempotency == .oncePerTransaction && transactions[Int(transaction)].deliveries > 0
            && kernel.traceLog == nil {
            return
        }
        creditUndeliveredFromAppleData(transaction, &kernel, &ledger, &apple)
    }

    /// `creditFromAppleData` past its shortcut. Out of line: most calls take the shortcut.
    @inline(never)
    mutating func creditUndeliveredFromAppleData(_ transaction: Int32, _ kernel: inout Kernel, _ ledger: inout Ledger,
                                                 _ apple: inout Apple) {
        if let credit = serverSideCredit(transaction, &apple) {
            deliver(transaction, uid: credit.uid, item: credit.item, &kernel, &ledger)
        } else if transactions[Int(transaction)].deliveries == 0, let credit = linkedCredit(transaction, &apple) {
            kernel.tally.appleRequests += 1
            kernel.note(.appServer, .apple, "credits transaction \(transaction) through the appTransactionId link")
            deliver(transaction, uid: credit.uid, item: credit.item, &kernel, &ledger)
        }
    }
}
