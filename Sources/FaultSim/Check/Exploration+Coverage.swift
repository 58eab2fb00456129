import Policies

/// What the exploration reached: fault kinds offered as choices, and the design's own code
/// paths (in-session retries, launch retries, the recover page, notifications, history
/// reconciliation, the spinner's patience) it entered. A design whose retry path no schedule
/// reached is reported, not silently "safe" (FoundationDB's `CODE_PROBE`, Antithesis'
/// "sometimes" assertions).
extension Exploration {
    /// A code path of the world that only some designs have.
    public struct DesignPath: Sendable, Equatable {
        public let name: String
        /// What the design has that should lead here.
        public let because: String
        let event: WorldEvent.Kind
    }

    /// The paths this design has, by its axes.
    public var designPaths: [DesignPath] {
        var paths: [DesignPath] = []
        if design.retrySchedule != .none {
            paths.append(DesignPath(name: "in-session retry", because: "retrySchedule", event: .retryDue))
        }
        if design.orderTiming == .orderFirst && design.orderCreationTries > 1 {
            paths.append(DesignPath(name: "order-creation retry", because: "orderCreationTries", event: .orderRetryDue))
        }
        if design.retryTriggers.contains(.launch) {
            paths.append(DesignPath(name: "launch retry", because: "retryTriggers launch", event: .launchRetry))
        }
        if design.recoverPage != .none {
            paths.append(DesignPath(name: "recover page", because: "recoverPage \(design.recoverPage.rawValue)", event: .recoverPageOpen))
        }
        if design.serverRecovery.contains(.notifications) {
            paths.append(DesignPath(name: "server notification", because: "serverRecovery notifications", event: .notificationAttempt))
        }
        if design.serverRecovery.contains(.transactionHistory) {
            paths.append(DesignPath(name: "history reconciliation", because: "serverRecovery transactionHistory", event: .reconcileTick))
        }
        if design.blockingUI == .modal {
            paths.append(DesignPath(name: "patience behind the spinner", because: "blockingUI modal", event: .patienceExpired))
        }
        return paths
    }

    /// The design's paths that no explored schedule entered.
    public var pathsNeverEntered: [DesignPath] {
        designPaths.filter { eventKinds & (1 << UInt64($0.event.rawValue)) == 0 }
    }

    /// Fault kinds some schedule offered as a choice, with how often offered and fired.
    public var faultsReached: [(kind: FaultKind, offered: Int, fired: Int)] {
        FaultKind.allCases.filter { offered[$0.rawValue] > 0 }.map { ($0, offered[$0.rawValue], fired[$0.rawValue]) }
    }

    /// Fault kinds the scenario can fire (probability above 0) that no schedule offered.
    public var faultsNeverReached: [FaultKind] {
        FaultKind.allCases.filter { offered[$0.rawValue] == 0 }
    }
}
