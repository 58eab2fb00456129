/// Matching a transaction to what the user bought, and what the app names in its requests.
extension Device {
    /// The alive record bound to `transaction`, if any.
    @inline(__always)
    func recordOf(_ transaction: Int32) -> Int32? {
        for index in records.indices where records[index].alive && records[index].transaction == transaction {
            return Int32(index)
        }
        return nil
    }

    /// The record for a transaction: the one bound to it, else the newest unbound record for
    /// the same Apple product (the transaction carries nothing else to match on; a store keyed
    /// by product id keeps the latest write, so an older record left by a cancelled purchase
    /// never shadows the current one).
    @inline(__always)
    func matchRecord(_ transaction: Int32, _ apple: inout Apple) -> Int32? {
        if let bound = recordOf(transaction) { return bound }
        let product = apple[transaction].product
        var index = records.count - 1
        while index >= 0 {
            if records[index].alive && records[index].transaction < 0 && records[index].product == product {
                return Int32(index)
            }
            index -= 1
        }
        return nil
    }

    /// Whether the record keeps a proof of purchase that outlives `finishTransaction`: the
    /// legacy per-transaction receipt, or StoreKit 2's signed transaction. An app receipt is
    /// read when a request is sent, and no longer lists a finished consumable.
    var keepsReceiptInRecord: Bool {
        @inline(__always) get { design.receiptKind != .appReceipt }
    }

    /// A durable record made from a transaction alone (see `handlePurchased`).
    @inline(__always)
    mutating func newRecordFromTransaction(_ transaction: Int32, _ kernel: inout Kernel, _ apple: inout Apple) -> Int32 {
        let tx = apple[transaction]
        let record = records.count32
        records.append(PurchaseRecord(intent: tx.intent, uid: currentUser, item: items.defaultItem(of: tx.product),
                                      product: tx.product, transaction: transaction, holdsReceipt: keepsReceiptInRecord))
        persist(record, &kernel)
        return record
    }

    /// Seed 000 v1.x and seed 004 work on a record only while its account is logged in ("一致则
    /// 发起验证，否则忽略"); the record waits for that account, which the model's users never log
    /// back into. Notes why the transaction waits.
    @inline(__always)
    func isHeldForOtherAccount(_ record: Int32, _ kernel: inout Kernel, _ ledger: inout Ledger) -> Bool {
        guard design.retryScope == .loggedInUserOnly, records[Int(record)].uid != currentUser else { return false }
        let transaction = records[Int(record)].transaction
        if transaction >= 0 { ledger.recordFailure(transaction, .heldForOtherAccount) }
        kernel.note(.app, nil, "record of intent \(records[Int(record)].intent) belongs to user \(records[Int(record)].uid): held")
        return true
    }

    /// What made a transaction unmatchable, as far as the world can tell.
    @inline(__always)
    func whyUnmatched(_ transaction: Int32, otherwise fallback: Cause, _ ledger: Ledger, _ apple: Apple) -> Cause {
        if !apple[transaction].boughtInApp { return .outsideAppUnmatched }
        let recordLoss = ledger.intents[Int(apple[transaction].intent)].recordLoss
        if recordLoss != .none { return recordLoss }
        let usesName = design.itemMapping == .applicationUsername || design.itemMapping == .applicationUsernameThenRecord
        if usesName && !transactions[Int(transaction)].payloadIntact { return .applicationUsernameLost }
        return fallback
    }

    /// Who and what the client names in its verify request, by the design's mapping axes;
    /// what the mapping cannot tell (a lost `applicationUsername`, no record, a purchase made
    /// outside the app with no token) falls back to the current user and the product's
    /// default item.
    @inline(__always)
    func resolveMapping(_ transaction: Int32, record: Int32?, _ apple: inout Apple) -> (uid: Int32, item: Int32, order: Int32) {
        let tx = apple[transaction]
        let intact = transactions[Int(transaction)].payloadIntact
        var item = items.defaultItem(of: tx.product)
        var order: Int32 = -1
        var uid = currentUser
        switch design.itemMapping {
        case .record:
            if let record {
                item = records[Int(record)].item
                order = records[Int(record)].order
            }
        case .applicationUsername:
            if intact {
                item = tx.payloadItem
                order = tx.payloadOrder
            }
        case .applicationUsernameThenRecord:
            if intact {
                item = tx.payloadItem
                order = tx.payloadOrder
            } else if let record {
                item = records[Int(record)].item
                order = records[Int(record)].order
            }
        case .appAccountToken:
            if tx.boughtInApp {
                item = tx.payloadItem
                order = tx.payloadOrder
            }
        }
        switch design.userMapping {
        case .currentUser: break
        case .record:
            if let record { uid = records[Int(record)].uid }
        case .applicationUsername:
            if intact { uid = tx.payloadUid }
        case .appAccountToken:
            if tx.boughtInApp { uid = tx.payloadUid }
        }
        return (uid, item, order)
    }
}
