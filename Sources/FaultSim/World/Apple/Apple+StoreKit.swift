/// StoreKit's side of the app's calls: the payment queue at launch, `finishTransaction`, and
/// what comes back after it.
extension Apple {
    /// A cold start: StoreKit redelivers every unfinished transaction (and every finished one
    /// that is coming back) to the observer the app registers at launch.
    ///
    /// StoreKit 2's `Transaction.updates` may miss the launch (hand nothing over: the
    /// transactions wait for the next launch or a `Transaction.unfinished` sweep) or repeat it
    /// (hand each one over again `repeatedUpdateAfterMs` later, finished by then or not, as
    /// thread 816320 sees it). One choice point each per launch, offered only when something is
    /// to be handed over; their two uniforms are drawn at every launch, whatever the API, so
    /// every design's StoreKit stream stays aligned (a StoreKit 2 design's payment sheet meets
    /// the same uniforms as a StoreKit 1 design's).
    ///
    /// A listener registered after the app's setup (`listenerAfterSetup`) misses the hand-over
    /// with `storeKit.lateListenerMissProbability`, whatever the API (a wrapper consumes the
    /// event with no subscriber yet): a third uniform, drawn at every launch too.
    @inline(__always)
    mutating func redeliverAtLaunch(_ kernel: inout Kernel) {
        // A launch before any charge (most launches: the first) takes the three draws and hands
        // nothing over; only a launch with transactions pays the call.
        guard !transactions.isEmpty else { return kernel.streams.skip(.storeKit, 3) }
        redeliverTransactionsAtLaunch(&kernel)
    }

    /// `redeliverAtLaunch` once there are transactions. Out of line: a launch after a charge.
    @inline(never)
    mutating func redeliverTransactionsAtLaunch(_ kernel: inout Kernel) {
        var repeated = false
        // Taken at every launch, computed only by StoreKit 2 with something to hand over (a
        // first launch, and every StoreKit 1 launch, reads neither).
        let missedDraw = kernel.streams.deferUnit(.storeKit)
        let repeatedDraw = kernel.streams.deferUnit(.storeKit)
        let lateDraw = kernel.streams.deferUnit(.storeKit)
        if listenerAfterSetup && hasTransactionsForNextLaunch()
            && kernel.fault(.lateListenerMiss, storeKit.lateListenerMissProbability, deferred: lateDraw) {
            return
        }
        if storeKitAPI == .sk2 && hasTransactionsForNextLaunch() {
            if kernel.fault(.updatesMissedAtLaunch, storeKit.updatesMissedAtLaunchProbability, deferred: missedDraw) { return }
            repeated = kernel.fault(.updatesRepeatedAtLaunch, storeKit.updatesRepeatedAtLaunchProbability, deferred: repeatedDraw)
        }
        for index in transactions.indices where !transactions[index].finished || transactions[index].comesBackAtLaunch {
            let delivery: PurchasedDelivery = transactions[index].finished ? .finishedComingBack : .redeliveredAtLaunch
            transactions[index].comesBackAtLaunch = false
            kernel.schedule(.purchasedCallback(transaction: Int32(index), delivery: delivery, firstCallback: false),
                            after: Apple.redeliveryAfterLaunchMs)
            if repeated {
                kernel.schedule(.purchasedCallback(transaction: Int32(index), delivery: .repeatedUpdate, firstCallback: false),
                                after: Apple.redeliveryAfterLaunchMs + Apple.repeatedUpdateAfterMs)
            }
        }
    }

    /// A finished transaction coming back found no app running: it waits for the next launch.
    @inline(__always)
    mutating func keepForNextLaunch(_ transaction: Int32) {
        transactions[Int(transaction)].comesBackAtLaunch = true
    }

    /// `finishTransaction`: the transaction leaves the queue (and a consumable the receipt).
    /// Returns false when it had been finished already.
    @inline(__always)
    mutating func finish(_ transaction: Int32) -> Bool {
        guard !transactions[Int(transaction)].finished else { return false }
        transactions[Int(transaction)].finished = true
        return true
    }

    /// StoreKit 1 sometimes hands a finished transaction back (seed 002, SwiftyStoreKit #275).
    @inline(__always)
    mutating func maybeHandBackFinished(_ transaction: Int32, _ kernel: inout Kernel) {
        guard storeKitAPI == .sk1,
              kernel.fault(.finishedRedelivered, storeKit.finishedRedeliveredProbability, .storeKit) else { return }
        kernel.schedule(.purchasedCallback(transaction: transaction, delivery: .finishedComingBack, firstCallback: false),
                        after: Apple.finishedComesBackAfterMs)
    }
}
