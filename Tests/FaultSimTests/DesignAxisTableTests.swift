import Testing
@testable import FaultSim
import Policies

/// The design-axis table is the one list of axes: the reader, the writer, `simrun designs`, the
/// shard fingerprint, the design space and docs/model.md's axis table all derive from it.
@Suite("Design-axis table")
struct DesignAxisTableTests {
    @Test("The table lists every axis a design has, in the writer's order, and reads each preset's value")
    func tableIsTheWritersList() {
        #expect(DesignAxis.table.map(\.name) == Design.naive.axisJSON.map(\.axis))
        #expect(Set(DesignAxis.table.map(\.name)).count == DesignAxis.table.count, "each axis once")
        for design in Design.presets {
            for (axis, json) in zip(DesignAxis.table, design.axisJSON) { #expect(axis.value(of: design) == json.value, "\(design.name) \(axis.name)") }
        }
    }

    @Test("Every legality rule names axes of the table, and the axes the rules combine are the constrained ones")
    func rulesNameTableAxes() {
        let names = DesignAxis.table.map(\.name)
        for rule in Design.rules { for axis in rule.axes { #expect(names.contains(axis), "\(axis)") } }
        #expect(DesignAxis.table.filter(\.constrained).map(\.name) == ["storeKitAPI", "orderTiming", "itemMapping", "userMapping", "applicationUsernameIsUUID", "localStore",
                                                                   "persistMoment", "retrySchedule", "failureCountPersists", "completesPurchaseIntents",
                                                                   "receiptKind", "serverVerification", "deliversWholeReceipt", "serverRecovery",
                                                                   "olderOSDesign"])
    }

    @Test("A shard's fingerprint of a design is the words it has always been, so parts of older jobs still merge")
    func fingerprintWordsAreStable() {
        #expect(Design.bliap.fingerprintLines == """
              storeKitAPI = sk1
              orderTiming = payFirst
              orderCreationTries = 1
              orderCreationSpacing = 0 ms
              itemMapping = record
              userMapping = record
              localStore = keychain
              persistMoment = purchased
              recordClearing = never
              guardsDoubleTap = true
              blockingUI = nonBlocking
              finishMoment = afterVerdict
              retrySchedule = linearBackoff(failures x 10000 ms, at most 60000 ms, forever)
              retryTriggers = launch, foreground, networkRegained
              retryScheduleRounds = everyRound
              failureCountPersists = true
              retryScope = allRecords
              recoverPage = none
              unmatchedTransactions = verifyWithFallback
              foregroundSweep = true
              transactionsWithoutId = skipThenFinishAtLaunch
              receiptKind = appReceipt
              serverVerification = apple
              serverIdempotency = oncePerTransaction
              serverAppleTries = 1
              deliversWholeReceipt = false
              serverRecovery = none (the client only)
              olderOSDesign = none (StoreKit 1 runs on every iOS)

            """)
    }

    @Test("An entry that switches the StoreKit API brings the receipt along unless it names one, and drops olderOSDesign for StoreKit 1")
    func companionsFollowUnlessNamed() throws {
        func read(_ entry: String) throws -> Design {
            try #require(ScenarioLoader.parse(#"{"customDesigns": ["# + entry + "]}", file: "x.json", name: "x").customDesigns.first)
        }
        #expect(try read(#"{"name": "a", "from": "bliap", "storeKitAPI": "sk2", "userMapping": "appAccountToken"}"#).receiptKind == .signedTransaction)
        #expect(try read(#"{"name": "b", "from": "faultsim-recommended", "storeKitAPI": "sk1", "userMapping": "record", "serverVerification": "apple"}"#)
            .olderOSDesign == nil)
        #expect(try read(#"{"name": "c", "from": "bliap", "retrySchedule": "none"}"#).failureCountPersists == false)
        #expect(throws: ScenarioError.self) {
            try read(#"{"name": "d", "from": "bliap", "storeKitAPI": "sk2", "receiptKind": "appReceipt"}"#)
        }
    }
}
