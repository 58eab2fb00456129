@testable import FaultSim
import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif
import Policies
@testable import simrun
import Synchronization

/// Designs that exercise the axes the presets leave unused (notifications alone, history
/// reconciliation alone with an early finish, per-transaction receipts, non-idempotent
/// servers, a listener registered late), so the model's every path runs under test.
enum TestDesigns {
    static var extra: [Design] {
        var notified = Design.bliap
        notified.name = "test-sk2-notifications"
        notified.storeKitAPI = .sk2
        notified.receiptKind = .signedTransaction
        notified.serverVerification = .signedLocally
        notified.orderTiming = .orderFirst
        notified.itemMapping = .appAccountToken
        notified.userMapping = .appAccountToken
        notified.serverRecovery = .notifications
        var reconciled = notified
        reconciled.name = "test-sk2-history"
        reconciled.serverRecovery = .transactionHistory
        reconciled.finishMoment = .atCallback
        var legacy = Design.naive
        legacy.name = "test-legacy-nonidempotent"
        legacy.receiptKind = .perTransaction
        legacy.serverIdempotency = .none
        legacy.finishMoment = .afterAnyAnswer
        legacy.retrySchedule = .tries(count: 3, spacingMs: 5_000)
        legacy.itemMapping = .applicationUsername
        legacy.userMapping = .applicationUsername
        legacy.unmatchedTransactions = .finishAndDrop
        legacy.listenerTiming = .afterSetup
        return [notified, reconciled, legacy]
    }

    static var all: [Design] { Design.presets + extra }

    /// `design` renamed `name` and changed by `change`: a variant a test pairs with its source.
    static func variant(_ design: Design, _ name: String, _ change: (inout Design) -> Void) -> Design {
        var changed = design
        changed.name = name
        change(&changed)
        return changed
    }

    /// The recommended design without the `appTransactionId` link, for the claims that hold
    /// only without it.
    static var recommendedWithoutLink: Design {
        variant(.faultSimRecommended, "recommended-without-link") { $0.serverRecovery.remove(.appTransactionIdMapping) }
    }
}

/// The pinned StoreKit worlds `OutsideAppPurchaseTests` and `StoreKit2AfterChargeTests` share: a
/// fault-free world with pinned timings (`PlatformAndStoreKitTests.world()`: Buy at 3 s, the
/// sheet answered at 8 s, sessions and relaunch delays of an hour), one where every intent is
/// bought outside the app, and runs of them, seeded or scripted.
protocol PinnedStoreKitWorlds {}

extension PinnedStoreKitWorlds {
    static var hour: SimTime { 3_600_000 }

    static func run(_ scenario: Scenario, _ designs: [Design], runs: UInt64 = 500) -> [DesignTally] {
        Runner.run(scenario: scenario, designs: designs, runs: 0..<runs, jobs: 2)
    }

    /// Every intent bought outside the app; the user opens the app a minute later.
    static func outsideWorld() -> Scenario {
        var scenario = PlatformAndStoreKitTests.world()
        scenario.user.outsideAppPurchaseProbability = 1
        scenario.user.outsideAppOpenDelay = .fixed(60_000)
        return scenario
    }

    /// One scripted run of `design`: the first `kinds.count` choice points of those kinds (in
    /// order, each the first of its kind after the previous one) fire, every other choice does
    /// not. Returns the world after the run, traced.
    static func scripted(_ scenario: Scenario, _ design: Design, firing kinds: [FaultKind]) -> World {
        var world = World(scenario: scenario, design: design, faults: .scripted(firing: []))
        world.recordsChoices = true
        world.tracing = true
        var points: [Int] = []
        for kind in kinds {
            world.faults = .scripted(firing: points)
            world.run(0)
            let after = points.last ?? -1
            guard let choice = world.lastRunChoices.first(where: { $0.kind == kind && $0.point > after }) else {
                Issue.record("\(design.name): no \(kind.name) choice after point \(after)")
                return world
            }
            points.append(choice.point)
        }
        world.faults = .scripted(firing: points)
        world.run(0)
        return world
    }
}

/// Suites that run `simrun run` on a copy of the default scenario in a temporary folder
/// (`OutputFileTests`, `CommandLineTests`).
protocol RunsOnACopyOfTheDefaultScenario {}

extension RunsOnACopyOfTheDefaultScenario {
    static var defaultScenario: String { packageRoot + "/scenarios/default.json" }

    /// Runs `simrun run` with `extra` in a folder holding a copy of the default scenario, and
    /// expects the exit status `expected`; the folder and the scenario's path afterwards.
    @discardableResult
    func run(runs: Int = 20, exits expected: Int32, _ comment: String? = nil, sourceLocation: SourceLocation = #_sourceLocation,
             _ extra: (String) -> [String]) throws -> (folder: TemporaryFolder, scenario: String) {
        let folder = try TemporaryFolder()
        let scenario = folder.path("s.json").path
        try FileManager.default.copyItem(atPath: Self.defaultScenario, toPath: scenario)
        expectSimrun(["run", scenario, "--runs", String(runs), "--designs", "naive"] + extra(folder.url.path), exits: expected, comment,
                     sourceLocation: sourceLocation)
        return (folder, scenario)
    }
}

/// How thoroughly the statistical and exhaustive tests run. Plain `swift test` runs every test
/// in a quick form (fewer runs, or a representative subset of seeds, timings or designs) so the
/// suite stays within 90 s on 2 cores (68 s on the 2026-11-27 CI machine, 88 to 111 s on a slower one
/// of the same kind: results/benchmarks.md); `FAULTSIM_FULL_TESTS=1 swift test`, which CI runs,
/// runs the full form. A test that scales says in a comment what its quick form keeps, and what
/// the smaller run count does to its bound: every bound here is computed from the counts the
/// test got (McNemar's exact p, Wilson intervals), so a quick run asserts the same claim with
/// less power to catch a violation, never a looser threshold.
enum TestScale {
    /// Whether `FAULTSIM_FULL_TESTS=1` asked for the full form.
    static let isFull = ProcessInfo.processInfo.environment["FAULTSIM_FULL_TESTS"] == "1"

    /// `quick` under plain `swift test`, `full` under `FAULTSIM_FULL_TESTS=1`.
    static func pick<Value>(quick: Value, full: Value) -> Value { isFull ? full : quick }
}

func simulate(_ scenario: Scenario, designs: [Design] = TestDesigns.all, runs: UInt64, jobs: Int = 2,
              chunkSize: Int = Runner.defaultChunkSize) -> [DesignTally] {
    Runner.run(scenario: scenario, designs: designs, runs: 0..<runs, jobs: jobs, chunkSize: chunkSize)
}

func csv(_ scenario: Scenario, designs: [Design], tallies: [DesignTally]) -> String {
    ResultCSV.render(zip(designs, tallies).map {
        ResultRow(scenario: scenario, design: $0.name, tally: $1)
    })
}

/// Each `<svg>…</svg>` in `text` parses as XML.
func svgFragmentsParse(_ text: String) -> (count: Int, allParse: Bool) {
    var count = 0
    var allParse = true
    var rest = text[...]
    while let start = rest.range(of: "<svg "), let end = rest[start.lowerBound...].range(of: "</svg>") {
        let fragment = String(rest[start.lowerBound..<end.upperBound])
        let parser = XMLParser(data: Data(fragment.utf8))
        if !parser.parse() { allParse = false }
        count += 1
        rest = rest[end.upperBound...]
    }
    return (count, allParse)
}

/// The `simrun` binary `swift build` put beside the test bundle, for tests that need a real
/// process (signals, a replayed command line); records an issue when there is none.
func siblingSimrunBinary() -> URL? {
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("simrun")
    guard FileManager.default.isExecutableFile(atPath: binary.path) else {
        Issue.record("no simrun binary beside the test bundle at \(binary.path)")
        return nil
    }
    return binary
}

/// Runs the sibling `simrun` with `arguments` in a process of its own: its exit status and
/// standard output; nil (with an issue recorded) when there is no binary.
func runSiblingSimrun(_ arguments: [String]) throws -> (status: Int32, output: String)? {
    guard let binary = siblingSimrunBinary() else { return nil }
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, output)
}

/// What one in-process `simrun` command printed, and its exit status.
struct SimrunTranscript {
    let status: Int32
    let output: String
    let errorOutput: String

    /// The command line and the end of both streams, for an issue that must say what went wrong.
    func described(_ arguments: [String]) -> String {
        func tail(_ text: String) -> String { text.count > 2_000 ? "…" + text.suffix(2_000) : text }
        return "simrun \(arguments.joined(separator: " ")) exited \(status)\n"
            + "--- standard output\n\(tail(output))--- standard error\n\(tail(errorOutput))"
    }
}

/// Text a captured command printed. A class behind a mutex because `CommandOutput`'s sinks are
/// `@Sendable` closures, which may not capture a local `var`, and because a progress line
/// writes from its timer's queue while the command prints from the calling thread.
final class CapturedText: Sendable {
    private let text = Mutex("")
    func append(_ more: String) { text.withLock { $0 += more } }
    var value: String { text.withLock { $0 } }
}

/// Runs `body` with everything simrun code prints captured instead of printed: its result, and
/// what went to standard output and standard error.
func capturingCommandOutput<Result>(_ body: () throws -> Result) rethrows -> (result: Result, output: String, errorOutput: String) {
    let output = CapturedText(), errorOutput = CapturedText()
    let capture = CommandOutput(standard: { output.append($0) }, error: { errorOutput.append($0) }, progress: .none)
    let result = try CommandOutput.$current.withValue(capture) { try body() }
    return (result, output.value, errorOutput.value)
}

/// Runs `simrun arguments` in this process with both streams captured instead of printed: the
/// test asserts on the transcript or ignores it, and a passing `swift test` prints a screen,
/// not the megabytes the commands would (a capped trace alone is 200,000 lines).
func simrun(_ arguments: [String]) -> SimrunTranscript {
    let captured = capturingCommandOutput { SimrunCommand.main(arguments) }
    return SimrunTranscript(status: captured.result, output: captured.output, errorOutput: captured.errorOutput)
}

/// Runs `simrun arguments` captured and expects the exit status `expected`. When it differs,
/// the issue carries the command line and what the command printed, so a failure still says
/// why even though a passing command prints nothing.
@discardableResult
func expectSimrun(_ arguments: [String], exits expected: Int32, _ comment: String? = nil,
                  sourceLocation: SourceLocation = #_sourceLocation) -> SimrunTranscript {
    let transcript = simrun(arguments)
    #expect(transcript.status == expected,
            "\(comment.map { $0 + "\n" } ?? "")expected exit \(expected); \(transcript.described(arguments))",
            sourceLocation: sourceLocation)
    return transcript
}

extension PanelResult {
    /// The panel the run loop would record for these runs (each run: every design's masks,
    /// `intents` intents each), its tallies counted from the masks: for tests of the paired views.
    static func recorded(_ runs: [[OutcomeMasks]], outcomes: [Outcome] = Outcome.paired, intents: Int = 64) -> PanelResult {
        let designs = runs.first?.count ?? 0
        var panel = PanelResult(designs: designs, pairs: .all, outcomes: outcomes, pairsRequests: false)
        var tallies = Array(repeating: DesignTally(), count: designs)
        for (run, masks) in runs.enumerated() {
            panel.record(run: UInt64(run), masks: masks, requests: Array(repeating: 0, count: designs))
            for (design, mask) in masks.enumerated() {
                tallies[design].runs += 1
                tallies[design].intents += Int64(intents)
                tallies[design].lost += Int64(mask.lost.nonzeroBitCount)
                tallies[design].lostSales += Int64(mask.lostSales.nonzeroBitCount)
                tallies[design].misdelivered += Int64(mask.misdelivered.nonzeroBitCount)
                tallies[design].duplicated += Int64(mask.duplicated.nonzeroBitCount)
                tallies[design].doubleCharged += Int64(mask.doubleCharged.nonzeroBitCount)
                tallies[design].notCharged += Int64(mask.notCharged.nonzeroBitCount)
            }
        }
        panel.tallies = tallies
        return panel
    }
}

extension PairedLosses {
    /// The pairs of runs given as each design's lost-intent masks.
    static func recorded(_ lostMasks: [[UInt64]]) -> PairedLosses {
        PanelResult.recorded(lostMasks.map { $0.map { OutcomeMasks(lost: $0) } }, outcomes: [.lost]).pairedLosses
    }
}

extension JSONValue {
    /// The value with the one at `path` (object keys, array indices as digits) replaced: a part
    /// file edited by hand, key by key, without depending on how the writer lays it out.
    func replacing(_ path: [String], with new: JSONValue) -> JSONValue {
        guard let key = path.first else { return new }
        switch self {
        case .object(let fields):
            return .object(fields.map { $0.key == key ? ($0.key, $0.value.replacing(Array(path.dropFirst()), with: new), $0.line) : $0 })
        case .array(let items):
            return .array(items.enumerated().map { String($0.offset) == key ? $0.element.replacing(Array(path.dropFirst()), with: new) : $0.element })
        default:
            return self
        }
    }

    /// A part with its `partHash` computed again, as if whoever edited it also knew the recipe:
    /// so an edit reaches the checks behind the seal (the job's fingerprint, the ranges).
    var resealed: JSONValue { replacing([PartFile.sealKey], with: .string(PartFile.sealHash(self))) }

    /// The value at `path`, as `replacing` finds it.
    func at(_ path: [String]) -> JSONValue? {
        guard let key = path.first else { return self }
        switch self {
        case .object(let fields): return fields.first { $0.key == key }?.value.at(Array(path.dropFirst()))
        case .array(let items): return Int(key).flatMap { items.indices.contains($0) ? items[$0].at(Array(path.dropFirst())) : nil }
        default: return nil
        }
    }
}
