import Policies

/// Several designs over the same runs, the pairs `PanelPairs` names compared run by run: the
/// designs' tallies, and for each pair the intents counted under one design only, for each
/// outcome of `outcomes`, and the sums that make the paired test on request counts. Raw integer
/// counts, so panels over run ranges, threads or shards merge by addition into exactly the
/// single-pass result.
///
/// Every paired view of a simulation is a panel: `run`'s lost-order pairs (`pairedLosses`),
/// `compare`'s two designs on every outcome (`pairedOutcomes`), and the decision tools' panels
/// on every objective (`difference`).
///
/// A panel over runs drawn from a biased world (importance sampling, docs/model.md §14) also
/// keeps the runs' weighted sums (`weighted`); its rates and paired differences of the rare
/// outcomes (`WeightedPanel.outcomes`) are then the weighted estimators' (a z-interval and a
/// paired z-test), and every other figure of a biased run is the biased world's, which no tool
/// reads. The estimates' API is one either way (`PanelResult+Estimates.swift`).
public struct PanelResult: RunAccumulator, Equatable {
    public let designs: Int
    public let pairs: PanelPairs
    /// The outcomes counted intent by intent for each pair (a subset of `Outcome.paired`).
    public let outcomes: [Outcome]
    /// Whether the runs' request counts are paired too (`Outcome.serverRequests`).
    public let pairsRequests: Bool
    /// `outcomes` holds `notCharged`, which most runs have (cancels): a run without a blemish
    /// is skipped only when it does not.
    private let pairsNotCharged: Bool
    /// The designs' tallies over the runs, set by `Runner.panel` once the loop ends.
    public internal(set) var tallies: [DesignTally]
    /// Each design's tallies by segment (`segmentTallies[d][s]`, in `Scenario.segmentNames`
    /// order), set by `Runner.panel`; they add up to `tallies`. Empty in a panel merged from
    /// parts (a shard's part keeps the overall counts only).
    public internal(set) var segmentTallies: [[DesignTally]] = []
    /// Runs recorded.
    public private(set) var runs: Int64 = 0
    /// `onlyFirst[k][a · designs + b]`: intents that ended as `outcomes[k]` under design a and
    /// not under design b.
    private(set) var onlyFirst: [[Int64]]
    /// Σ over runs of (design a's requests in the run)².
    private(set) var requestSquares: [Int64]
    /// `requestProducts[a · designs + b]`, a < b: Σ over runs of a's requests × b's.
    private(set) var requestProducts: [Int64]
    /// With a bias: the runs' weighted sums, from which the rare outcomes' estimates come.
    public internal(set) var weighted: WeightedPanel? {
        get { weightedSums.first }
        set { weightedSums = newValue.map { [$0] } ?? [] }
    }
    /// `weighted` as an array of none or one: one reference in the panel rather than the weighted
    /// panel's dozen. Held inline as an optional, testing it for nil in the run loop copied its
    /// references in and out every run (+410 instructions a plain run, callgrind).
    private var weightedSums: [WeightedPanel]
    /// Whether the runs were drawn from a biased world and weighed back (`weighted` is set).
    public var isWeighted: Bool { !weightedSums.isEmpty }

    /// An empty panel. `outcomes` default to the objectives counted per intent, with requests:
    /// what the decision tools compare.
    /// With `bias`, the panel also weighs the runs (`weighted`); `keepsMechanisms` then keeps
    /// each design's lost runs by mechanism too (`WeightedMechanisms`).
    public init(designs: Int, pairs: PanelPairs, outcomes: [Outcome] = Outcome.blemishes, pairsRequests: Bool = true,
                bias: FaultBias? = nil, keepsMechanisms: Bool = false) {
        precondition(outcomes.allSatisfy { $0.row.measure == .intents }, "only outcomes counted per intent pair intent by intent")
        precondition(bias != nil || !keepsMechanisms, "mechanisms are kept of weighted runs")
        weightedSums = bias.map { [WeightedPanel(bias: $0, designCount: designs, keepsMechanisms: keepsMechanisms)] } ?? []
        self.designs = designs
        self.pairs = pairs
        // A biased run's counts are the biased world's: a weighted panel pairs none of them.
        let outcomes = bias == nil ? outcomes : []
        let pairsRequests = bias == nil && pairsRequests
        self.outcomes = outcomes
        self.pairsRequests = pairsRequests
        pairsNotCharged = outcomes.contains(.notCharged)
        tallies = Array(repeating: DesignTally(), count: designs)
        onlyFirst = Array(repeating: Array(repeating: 0, count: designs * designs), count: outcomes.count)
        requestSquares = Array(repeating: 0, count: pairsRequests ? designs : 0)
        requestProducts = Array(repeating: 0, count: pairsRequests ? designs * designs : 0)
    }

    /// Adds one run: each design's outcome masks and its requests to the server in the run.
    /// Most runs end with nothing to pair and return at once; the pairing is a call of its own.
    /// - Complexity: O(designs) for a star, O(designs²) for all pairs; the mask part only
    ///   when some design's intents ended blemished.
    public mutating func record(run: UInt64, masks: [OutcomeMasks], requests: [Int64]) {
        runs += 1
        if pairsRequests { recordRequests(requests) }
        var any: UInt64 = 0
        for mask in masks { any |= mask.blemished | (pairsNotCharged ? mask.notCharged : 0) }
        guard any != 0 else { return }
        recordMasks(masks)
    }

    /// The same for a counted panel; a weighted panel's run is its weighted counts, read from
    /// the designs' worlds.
    @inline(__always)
    public mutating func record(run: UInt64, masks: [OutcomeMasks], requests: [Int64], worlds: [DesignWorlds]) {
        guard !isWeighted else {
            // A weighted panel pairs no counts (`init`): its run is its weighted sums.
            runs += 1
            return recordWeighted(run: run, masks: masks, requests: requests, worlds: worlds)
        }
        record(run: run, masks: masks, requests: requests)
    }

    /// The weighted half of a run: out of line, so that the plain loop stays as it was.
    @inline(never)
    private mutating func recordWeighted(run: UInt64, masks: [OutcomeMasks], requests: [Int64], worlds: [DesignWorlds]) {
        weightedSums[0].record(run: run, masks: masks, requests: requests, worlds: worlds)
    }

    /// The pairs' discordant intents of a run in which some design's intents ended blemished.
    @inline(never)
    private mutating func recordMasks(_ masks: [OutcomeMasks]) {
        for (k, outcome) in outcomes.enumerated() {
            switch pairs {
            case .all:
                for a in 0..<designs where masks[a][outcome] != 0 {
                    for b in 0..<designs where b != a {
                        onlyFirst[k][a * designs + b] += Int64((masks[a][outcome] & ~masks[b][outcome]).nonzeroBitCount)
                    }
                }
            case .against(let center):
                let x = masks[center][outcome]
                for other in 0..<designs where other != center {
                    let y = masks[other][outcome]
                    onlyFirst[k][center * designs + other] += Int64((x & ~y).nonzeroBitCount)
                    onlyFirst[k][other * designs + center] += Int64((y & ~x).nonzeroBitCount)
                }
            }
        }
    }

    private mutating func recordRequests(_ requests: [Int64]) {
        for a in 0..<designs { requestSquares[a] += requests[a] * requests[a] }
        switch pairs {
        case .all:
            for a in 0..<designs {
                for b in (a + 1)..<max(a + 1, designs) { requestProducts[a * designs + b] += requests[a] * requests[b] }
            }
        case .against(let center):
            for other in 0..<designs where other != center {
                let (a, b) = (min(center, other), max(center, other))
                requestProducts[a * designs + b] += requests[a] * requests[b]
            }
        }
    }

    public mutating func merge(_ other: PanelResult) {
        precondition(other.designs == designs && other.pairs == pairs && other.outcomes == outcomes && other.pairsRequests == pairsRequests,
                     "panels of the same designs, pairs and outcomes")
        precondition(other.weighted?.bias == weighted?.bias, "panels of the same bias")
        mergeSegmentTallies(other)
        if let sums = other.weighted { weightedSums[0].merge(sums) }
        runs += other.runs
        for index in tallies.indices { tallies[index].merge(other.tallies[index]) }
        for k in onlyFirst.indices { for index in onlyFirst[k].indices { onlyFirst[k][index] += other.onlyFirst[k][index] } }
        for index in requestSquares.indices { requestSquares[index] += other.requestSquares[index] }
        for index in requestProducts.indices { requestProducts[index] += other.requestProducts[index] }
        _checkInvariants()
    }

    /// Adds `other`'s tallies by segment to these: taken whole into an empty panel, added when
    /// both have the same segments, and dropped otherwise (a panel never shows a partial split).
    private mutating func mergeSegmentTallies(_ other: PanelResult) {
        if runs == 0 {
            segmentTallies = other.segmentTallies
        } else if segmentTallies.count == other.segmentTallies.count
                    && zip(segmentTallies, other.segmentTallies).allSatisfy({ $0.count == $1.count }) {
            for d in segmentTallies.indices {
                for s in segmentTallies[d].indices { segmentTallies[d][s].merge(other.segmentTallies[d][s]) }
            }
        } else {
            segmentTallies = []
        }
    }

    /// What holds of any panel: no count is negative, and a design is never counted against
    /// itself; once the tallies are in (every design counted the panel's runs), no design has
    /// more intents counted only by it than it has of that outcome in all. The full check runs
    /// in debug builds only.
    public func _checkInvariants() {
        invariant(runs >= 0 && requestSquares.allSatisfy { $0 >= 0 }, "a panel's run or request count is negative")
        invariant(weighted.map { $0.runs == runs && $0.designCount == designs } ?? true, "a panel weighs the runs it counts")
        weighted?._checkInvariants()
        #if DEBUG
        let tallied = tallies.allSatisfy { $0.runs == runs } && runs > 0
        for (k, outcome) in outcomes.enumerated() {
            for a in 0..<designs {
                invariant(onlyFirst[k][a * designs + a] == 0, "design \(a) counted against itself on \(outcome.name)")
                for b in 0..<designs where compares(a, b) {
                    let only = onlyFirst[k][a * designs + b]
                    invariant(only >= 0, "a negative count of \(outcome.name) intents only design \(a) had")
                    if tallied {
                        invariant(only <= outcome.total(tallies[a]), "design \(a) has more \(outcome.name) intents only it had than in all")
                    }
                }
            }
        }
        #endif
    }

    /// Whether the pair (a, b) was recorded.
    public func compares(_ a: Int, _ b: Int) -> Bool {
        switch pairs {
        case .all: a != b
        case .against(let center): a != b && (a == center || b == center)
        }
    }

    /// Intents that ended as `outcome` under design a and not under design b.
    public func only(_ outcome: Outcome, _ a: Int, notBy b: Int) -> Int64 {
        precondition(compares(a, b), "the pair (\(a), \(b)) was not recorded")
        return onlyFirst[outcomes.firstIndex(of: outcome)!][a * designs + b]
    }

    /// Σ over runs of design `index`'s requests squared (for its requests' interval).
    public func requestSquares(of index: Int) -> Int64 { requestSquares[index] }

    /// Every pair's lost orders, as `run` writes them (`--pairs-out`, a shard's part).
    public var pairedLosses: PairedLosses {
        var discordant = Array(repeating: Int64(0), count: designs * designs)
        for a in 0..<designs { for b in 0..<designs where compares(a, b) { discordant[a * designs + b] = only(.lost, a, notBy: b) } }
        return PairedLosses(designs: designs, discordant: discordant)
    }

    /// Designs a and b on every outcome of `outcomes`: the intents only a counted, only b, and both.
    public func pairedOutcomes(_ a: Int, _ b: Int) -> PairedOutcomes {
        PairedOutcomes(intents: tallies[a].intents, counts: outcomes.map { outcome in
            let onlyA = only(outcome, a, notBy: b)
            return PairedOutcomes.Counts(onlyA: onlyA, onlyB: only(outcome, b, notBy: a), both: outcome.total(tallies[a]) - onlyA)
        }, outcomes: outcomes)
    }
}

extension PairedDifference {
    /// An intent-counted outcome from its discordant intents (McNemar's exact test), over A's
    /// `intents`: what `PanelResult.difference` and `optimize`'s run profiles both report.
    static func counted(_ outcome: Outcome, onlyA: Int64, onlyB: Int64, intents: Int64) -> PairedDifference {
        let counts = PairedOutcomes.Counts(onlyA: onlyA, onlyB: onlyB)
        let d = counts.difference(intents: max(intents, 1))
        let scale = outcome.scale / 100
        return PairedDifference(difference: d.points * scale, low: d.low * scale, high: d.high * scale,
                                logP: counts.exactLogPValue, onlyA: counts.onlyA, onlyB: counts.onlyB)
    }

    /// Server requests from the runs' paired differences d = A − B (Σd and Σd² over `runs`
    /// runs): a paired z-test, per intent of A's `intents`.
    static func requests(sum: Int64, squares: Int64, runs: Int64, intents: Int64) -> PairedDifference {
        let n = Double(max(runs, 1))
        let total = Double(sum)
        let mean = total / n
        let variance = runs > 1 ? max(0, (Double(squares) - n * mean * mean) / (n - 1)) : 0
        let standardError = (variance / n).squareRoot()
        let perIntent = n / Double(max(intents, 1))
        let logP: Double
        if standardError == 0 { logP = total == 0 ? 0 : -Double.infinity } else { logP = NormalTail.logTwoSided(z: mean / standardError) }
        return PairedDifference(difference: mean * perIntent, low: (mean - Wilson.z95 * standardError) * perIntent,
                                high: (mean + Wilson.z95 * standardError) * perIntent, logP: logP, onlyA: 0, onlyB: 0)
    }
}

/// Which pairs of a panel's designs are compared: every pair (`run`, `optimize`, `robust`), or
/// each design against one (`ablate`: the design against each change of it), which costs
/// O(designs) per run instead of O(designs²).
public enum PanelPairs: Sendable, Equatable {
    case all
    case against(Int)
}

extension Runner {
    /// A panel: runs `runs` of `scenario` for every design, comparing the pairs `pairs` names on
    /// `outcomes` (and requests), run by run (common random numbers). With `bias`, the runs draw
    /// from the biased world and the panel weighs them (`PanelResult.weighted`): its rare
    /// outcomes are then estimated by importance sampling; `mechanisms` keeps each design's
    /// weighted lost runs by mechanism too.
    /// - Complexity: O(|runs| · (|designs| · events per run + pairs compared)), and with a bias
    ///   O(|runs| · |designs|² · rare outcomes) for the weighted pairs.
    public static func panel(
        scenario: Scenario, designs: [Design], pairs: PanelPairs, outcomes: [Outcome] = Outcome.blemishes, pairsRequests: Bool = true,
        runs: Range<UInt64>, jobs: Int, chunkSize: Int = defaultChunkSize, progress: ProgressCounter? = nil, bias: FaultBias? = nil,
        mechanisms: Bool = false
    ) -> PanelResult {
        let count = designs.count
        var (tallies, panel, segments) = simulate(scenario: scenario, designs: designs, runs: runs, jobs: jobs, chunkSize: chunkSize,
                                                  progress: progress, bias: bias) {
            PanelResult(designs: count, pairs: pairs, outcomes: outcomes, pairsRequests: pairsRequests, bias: bias, keepsMechanisms: mechanisms)
        }
        panel.tallies = tallies
        panel.segmentTallies = segments
        panel._checkInvariants()
        return panel
    }
}
