/// Several designs over the same runs, every pair that `PanelPairs` names compared run by run on
/// every objective: the designs' tallies, and for each pair the intents counted under one design
/// only, and the sums that make the paired test on request counts. Raw integer counts, so panels
/// over run ranges, threads or shards merge by addition into exactly the single-pass result.
public struct PanelResult: Sendable, Equatable {
    public let designs: Int
    public let pairs: PanelPairs
    public private(set) var tallies: [DesignTally]
    /// Runs simulated.
    public private(set) var runs: Int64 = 0
    /// `onlyFirst[k][a · designs + b]`: intents that ended as `Outcome.blemishes[k]` under design
    /// a and not under design b.
    var onlyFirst: [[Int64]]
    /// Σ over runs of (design a's requests in the run)².
    var requestSquares: [Int64]
    /// `requestProducts[a · designs + b]`, a < b: Σ over runs of a's requests × b's.
    var requestProducts: [Int64]

    public init(designs: Int, pairs: PanelPairs) {
        self.designs = designs
        self.pairs = pairs
        tallies = Array(repeating: DesignTally(), count: designs)
        onlyFirst = Array(repeating: Array(repeating: 0, count: designs * designs), count: Outcome.blemishes.count)
        requestSquares = Array(repeating: 0, count: designs)
        requestProducts = Array(repeating: 0, count: designs * designs)
    }

    /// Adds one run: each design's outcome masks and its requests to the server in the run.
    /// - Complexity: O(designs) for a star, O(designs²) for all pairs; the mask part only
    ///   when some design's intents ended blemished.
    mutating func record(masks: [OutcomeMasks], requests: [Int64]) {
        runs += 1
        var any: UInt64 = 0
        for mask in masks { any |= mask.blemished }
        for a in 0..<designs { requestSquares[a] += requests[a] * requests[a] }
        switch pairs {
        case .all:
            for a in 0..<designs {
                for b in (a + 1)..<max(a + 1, designs) { requestProducts[a * designs + b] += requests[a] * requests[b] }
            }
            guard any != 0 else { return }
            for (k, objective) in Outcome.blemishes.enumerated() {
                let outcome = objective
                for a in 0..<designs where masks[a][outcome] != 0 {
                    for b in 0..<designs where b != a {
                        onlyFirst[k][a * designs + b] += Int64((masks[a][outcome] & ~masks[b][outcome]).nonzeroBitCount)
                    }
                }
            }
        case .against(let center):
            for other in 0..<designs where other != center {
                let (a, b) = (min(center, other), max(center, other))
                requestProducts[a * designs + b] += requests[a] * requests[b]
            }
            guard any != 0 else { return }
            for (k, objective) in Outcome.blemishes.enumerated() {
                let outcome = objective
                let x = masks[center][outcome]
                for other in 0..<designs where other != center {
                    let y = masks[other][outcome]
                    onlyFirst[k][center * designs + other] += Int64((x & ~y).nonzeroBitCount)
                    onlyFirst[k][other * designs + center] += Int64((y & ~x).nonzeroBitCount)
                }
            }
        }
    }

    /// Adds `tally` as design `index`'s counts over the same runs (the runner's per-design worlds).
    mutating func setTally(_ tally: DesignTally, of index: Int) { tallies[index] = tally }

    public mutating func merge(_ other: PanelResult) {
        precondition(other.designs == designs && other.pairs == pairs, "panels of the same designs and pairs")
        runs += other.runs
        for index in tallies.indices { tallies[index].merge(other.tallies[index]) }
        for k in onlyFirst.indices { for index in onlyFirst[k].indices { onlyFirst[k][index] += other.onlyFirst[k][index] } }
        for index in requestSquares.indices { requestSquares[index] += other.requestSquares[index] }
        for index in requestProducts.indices { requestProducts[index] += other.requestProducts[index] }
    }

    /// Whether the pair (a, b) was recorded.
    public func compares(_ a: Int, _ b: Int) -> Bool {
        switch pairs {
        case .all: a != b
        case .against(let center): a != b && (a == center || b == center)
        }
    }

    /// Design `index`'s `objective` per intent, in the objective's unit.
    public func rate(_ objective: Outcome, of index: Int) -> Double {
        let intents = tallies[index].intents
        return intents > 0 ? Double(objective.total(tallies[index])) / Double(intents) * objective.scale : 0
    }

    /// A − B on `objective`, paired over the panel's runs, with its 95% interval and p.
    public func difference(_ objective: Outcome, _ a: Int, _ b: Int) -> PairedDifference {
        precondition(compares(a, b), "the pair (\(a), \(b)) was not recorded")
        let intents = max(tallies[a].intents, 1)
        if let k = Outcome.blemishes.firstIndex(of: objective) {
            return PairedDifference.counted(objective, onlyA: onlyFirst[k][a * designs + b], onlyB: onlyFirst[k][b * designs + a],
                                            intents: intents)
        }
        // Requests: the runs' differences d = a − b have Σd = Σa − Σb and Σd² = Σa² + Σb² − 2Σab.
        let product = requestProducts[min(a, b) * designs + max(a, b)]
        return PairedDifference.requests(sum: tallies[a].serverRequests - tallies[b].serverRequests,
                                         squares: requestSquares[a] + requestSquares[b] - 2 * product, runs: runs, intents: intents)
    }
}

extension PairedDifference {
    /// An intent-counted objective from its discordant intents (McNemar's exact test), over
    /// A's `intents`: what `PanelResult.difference` and `optimize`'s run profiles both report.
    static func counted(_ objective: Outcome, onlyA: Int64, onlyB: Int64, intents: Int64) -> PairedDifference {
        let counts = PairedOutcomes.Counts(onlyA: onlyA, onlyB: onlyB)
        let d = counts.difference(intents: max(intents, 1))
        let scale = objective.scale / 100
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

/// Which pairs of a panel's designs are compared: every pair (`optimize`, `robust`), or each
/// design against one (`ablate`: the design against each change of it), which costs O(designs)
/// per run instead of O(designs²).
public enum PanelPairs: Sendable, Equatable {
    case all
    case against(Int)
}
