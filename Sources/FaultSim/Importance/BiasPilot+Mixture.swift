import Policies

/// The mixture pilot: after the climb (`BiasPilot.tuneWorld`), a design's one biased world is
/// replaced by several, one per loss mechanism, when that lowers the weighted estimate's
/// relative variance per unit of work (the mixture form of cross-entropy: Kurtz and Song 2013;
/// Botev, Kroese and Taimre 2007).
///
/// Why: a design loses orders by several mechanisms (for `seed001-weiai` on `default`: a request
/// lost, a verify call answered try-again, a purchase callback missing, each followed by a user
/// who never returns). One product-form world that raises every such kind at once charges each
/// run of one mechanism the likelihood factors of all the others: a lost run through mechanism A
/// carries (1 − p_B)/(1 − q_B) for every point of B that did not fire, and the weights of the lost
/// runs spread over orders of magnitude. A world per mechanism raises only that mechanism's
/// kinds; the balance heuristic then weighs a run by the sum of every world's density, and a
/// lost run's weight comes close to the loss probability over its world's share.
///
/// How: the elite (lost) runs of a pilot step are grouped by their **signature**, the rare
/// draws they share that lost runs have far more often than runs in general (a kind's firing,
/// a delay's tail bin, the iOS trait: `relevantDraws`); groups are kept by weighted mass
/// (`groups`); each kept group's world is fitted from its own runs only, and a kind is biased
/// only when its elite firing share differs significantly from nominal (`fitWorld`: biasing a
/// kind read often but irrelevant adds weight variance and nothing else). Shares follow each
/// group's weighted mass. The mixture is run as the next pilot step, refitted, and the
/// candidate (the climb's world included) with the least relative variance times events per
/// run is kept.
extension BiasPilot {
    /// One design's biased worlds and their relative shares (adding up to 1).
    public struct Mixture: Sendable, Equatable {
        public var worlds: [BiasedWorld]
        public var shares: [Double]
        /// A broad world (balanced failure biasing, `balanced`) given `broadShare` of the
        /// design's runs beside `worlds`, if any (`drawn`).
        public var broad: BiasedWorld?
        /// The broad world's share of the design's runs: `broadShare` for a design tuned alone,
        /// `comparedBroadShare` for one of designs compared together.
        public var broadShare: Double

        public init(worlds: [BiasedWorld], shares: [Double], broad: BiasedWorld? = nil, broadShare: Double = BiasPilot.broadShare) {
            self.worlds = worlds
            self.shares = shares
            self.broad = broad
            self.broadShare = broadShare
        }

        /// A bias tuned earlier as one mixture: its worlds (a broad one among them, if it has
        /// one), each at its share of the biased runs.
        init(_ bias: FaultBias) {
            self.init(worlds: bias.components, shares: bias.shares.map { $0 / (1 - bias.nominalShare) })
        }

        /// The worlds and shares the runs draw from: `worlds`, and the broad world at its share.
        /// Why: a mechanism no world of the design reaches is drawn only by the nominal runs,
        /// weighted up to 10 each; for `seed001-weiai` alone on `default` (purchases outside
        /// the app, 5% of its losses) that left an effective size of 500 in 10^6 runs. The broad
        /// world raises every rare kind a little, so such a run weighs far less than 10.
        public var drawn: (worlds: [BiasedWorld], shares: [Double]) {
            guard let broad else { return (worlds, shares) }
            return (worlds + [broad], shares.map { $0 * (1 - broadShare) } + [broadShare])
        }
    }

    /// The broad world's share of the runs of a design tuned alone.
    public static let broadShare = 0.1
    /// The broad world's share of a compared design's part of the runs, two to `jointDesigns`
    /// designs tuned together (`compare`, `run` with a few designs); the shares step leaves it
    /// (`BiasPilot.tune`). Why: the variance of a paired difference lives in runs no world
    /// reaches, each weighing up to 10, too rare for a pilot step to show. On `default`, the
    /// pair's paired difference (relative variance per run times single-thread seconds per 10^6
    /// runs, pilots at seeds 1 to 3, each measured on 4 × 4 · 10^6 runs): 146, 341 and 115 with
    /// no broad world; 144, 171 and 94 at 0.2; 137, 65 and 58 at 0.3; 141, 64 and 85 at 0.45
    /// (results/benchmarks.md, 2026-11-29). Four seeds are too few for so heavy-tailed a
    /// variance (40 seeds put the committed bias at 66 where four gave 38: "2026-11-29,
    /// latest"), so these figures rank the settings loosely. Not for a design tuned alone nor
    /// for more designs (`robust`'s five, `optimize`'s certification): there the guard's
    /// effective size over few runs decides, and a broad world of 0.3 takes runs from the
    /// design's own worlds. With it, `robust` on `default` flagged 38 of 173 settings (30
    /// without) and `optimize`'s certification flagged the recommended design (effective size 98).
    public static let comparedBroadShare = 0.3

    /// Worlds per design at most, and mixture steps after the climb. Eight, not four: a design
    /// such as `seed001-weiai` loses by a dozen mechanisms, and with four worlds those left out
    /// (an outage, a crash, each 1% to 6% of the lost mass) were reached only by the broad
    /// world and held most of the weighted variance (relative variance per run 64 with four
    /// worlds, 39 with eight, 10^6 runs of `default`); each world costs a factor per read.
    public static let maximumWorlds = 8
    public static let mixtureSteps = 3
    /// A draw is part of a signature when at least this share of the lost mass has it and it is
    /// `lift` times likelier among lost runs than among all runs.
    static let signatureShare = 0.02
    static let lift = 4.0
    /// ... and, among the lost runs, `readLift` times likelier per read than nominal (a tail bin:
    /// per draw of its slot). Why: a kind read only after a loss has begun fires in nearly every
    /// lost run that reads it, so it passes `lift`, yet it fires per read no more often than
    /// nominal: a consequence, not a cause. `support_contact` (a charged user without goods
    /// contacts support, 0.3 per undelivered charge) split each of `seed001-weiai`'s mechanisms
    /// into a group with it and one without, taking three of the eight worlds on `default`, and
    /// its own group's world raised it to 0.9, so every lost run without it weighed ten times
    /// more there. Without it in signatures, `seed001-weiai`'s relative variance per run (the
    /// pair's pilot at seeds 1 to 5, 10^6 runs) went from 42, 78, 35, 46 and 23 to 31, 53, 33,
    /// 40 and 38 (geometric mean 41 → 38), the recommended design's from 217 to 185.
    static let readLift = 2.0
    /// A group below this share of the lost mass and of its Σ Y² gets no world of its own.
    static let groupShare = 0.01
    /// A group claims a world by its share of Σ Y² only with at least this many lost runs: one
    /// heavy run is noise, and a world fitted from it biases nothing significantly.
    static let varianceGroupRuns = 10

    /// What a draw or a group holds of a pilot step's lost runs: the larger of its share of the
    /// lost mass (Σ Y) and of Σ Y². Why both: the variance does not follow the mass. On
    /// `default`, `apple_outage` with a user who never returns held 1% of `seed001-weiai`'s
    /// estimate and 21% of its Σ Y² (results/importance-default-mechanisms.csv of 2026-11-28):
    /// below `signatureShare` by mass, it got no world, its runs weighed 80 times the mean lost
    /// run, and a world of its own, by hand, cut the paired difference's relative variance by a
    /// fifth. The pilots at seeds 2 and 3 now give it one; the one at seed 1 (the committed
    /// file's) still does not: its steps of 10^5 runs see too few such runs.
    static func heldShare(mass: Double, squares: Double) -> Double {
        max(mass, squares.isFinite ? squares : 0)
    }

    /// A group's share of the runs is at least this fraction of the design's.
    static let shareFloor = 0.1
    /// A kind's, tail bin's or trait's elite share must differ from nominal by this many
    /// standard errors to be biased in a group's world.
    static let significance = 4.0

    /// Runs the mixture steps from the climb's `world` for `design` (see the extension's comment)
    /// on pilot runs from `firstRun`, and returns the kept mixture, its broad world included
    /// (`Mixture.broad`), and the steps.
    static func refine(scenario: Scenario, design: Design, world: BiasedWorld, firstRun: UInt64, runsPerStep: Int, nominalShare: Double,
                       broadShare: Double?, jobs: Int) -> (mixture: Mixture, steps: [Step]) {
        var candidate = Mixture(worlds: [world], shares: [1], broadShare: broadShare ?? 0)
        var best: (mixture: Mixture, work: Double, step: Int)?
        var steps: [Step] = []
        let first = Int(firstRun)
        // A step per candidate, each on its own pilot runs: the climb's world, then each refit.
        Runner.inStages((1...(mixtureSteps + 1)).map { first + $0 * runsPerStep }, from: first) { runs, index in
            let drawn = candidate.drawn
            let bias = FaultBias(components: drawn.worlds, nominalShare: nominalShare, shares: drawn.shares)
            let result = Runner.weighted(scenario: scenario, designs: [design], runs: UInt64(runs.lowerBound)..<UInt64(runs.upperBound),
                                         bias: bias, jobs: jobs, tunes: true, levels: nil)
            let estimate = result.panel.rate(0, .lost, intents: result.tallies[0].intents)
            let work = relativeVariance(result.panel) * Double(max(result.tallies[0].events, 1)) / Double(runsPerStep)
            let label = "mixture \(index + 1): \(Grouped.count(candidate.worlds.count, "world"))"
            steps.append(Step(design: design.name, label: label, eventRuns: estimate.eventRuns, effectiveSize: estimate.effectiveSize))
            if estimate.eventRuns >= minimumEvents && work < (best?.work ?? .infinity) { best = (candidate, work, steps.count - 1) }
            let broad = broadShare == nil ? nil : candidate.broad ?? balanced(result.panel, budget: 1,
                                                    belowIOS15Share: scenario.device.belowIOS15Probability, design: design.name)
            guard index < mixtureSteps else { return false }
            var next = mechanisms(result.panel, belowIOS15Share: scenario.device.belowIOS15Probability, design: design.name)
            guard !next.worlds.isEmpty else { return false }
            next.broad = broad
            next.broadShare = candidate.broadShare
            candidate = next
            return true
        }
        guard var best else { return (Mixture(worlds: [world], shares: [1]), steps) }
        if best.mixture.broad == nil {
            best.mixture.broad = candidate.broad
        }
        steps[best.step] = steps[best.step].kept
        return (best.mixture, steps)
    }

    /// The lost estimate's relative variance per run, n Σ Y² / (Σ Y)² − 1 (infinite without a
    /// lost run): what a run of this mixture buys, before its cost.
    static func relativeVariance(_ panel: WeightedPanel, design: Int = 0) -> Double {
        targetVariance(panel, [design]) - 1
    }

    /// The mixture fitted to the lost runs of a pilot step (one design's panel, tuned on lost
    /// orders): one world per kept group of signatures, shares by the groups' masses; no world
    /// when the step had fewer than `minimumEvents` lost runs.
    public static func mechanisms(_ panel: WeightedPanel, belowIOS15Share: Double, design: String, index: Int = 0) -> Mixture {
        let sums = panel.designs[index]
        let elite = sums.eliteRuns
        guard elite.count >= Int(minimumEvents) else { return Mixture(worlds: [], shares: []) }
        let order = elite.ordered
        let relevant = relevantDraws(sums, order: order, runs: panel.runs, belowIOS15Share: belowIOS15Share)
        let signatures = order.map { signature(elite, $0, relevant: relevant) }
        let found = groups(order: order, signatures: signatures, weights: order.map { elite.weights[$0] })
        var worlds: [BiasedWorld] = [], shares: [Double] = []
        let total = found.reduce(0) { $0 + $1.mass }
        for group in found {
            worlds.append(fitWorld(elite, group.members, nominal: sums.largestNominal, belowIOS15Share: belowIOS15Share, design: design))
            shares.append(group.mass / total)
        }
        let floor = shareFloor / Double(max(shares.count, 1))
        let floored = shares.map { max($0, floor) }
        let sum = floored.reduce(0, +)
        return Mixture(worlds: worlds, shares: floored.map { $0 / sum })
    }
}

extension BiasPilot {
    /// The draws that make up signatures: those at least `signatureShare` of the lost mass has
    /// and that are `lift` times likelier in a lost run than in a run (a kind's nominal firings
    /// per run, `WeightedDesign.firings`; a tail bin's nominal width times draws per run; the
    /// trait's share) and `readLift` times likelier per read among lost runs than nominal.
    /// Common draws never qualify, so a signature is a set of rare draws that lost runs have
    /// more often per read: causes, not the consequences of a loss.
    /// `order`: the elite runs in run order (sums in a fixed order give the same bits anywhere).
    static func relevantDraws(_ sums: WeightedDesign, order: [Int], runs: Int64, belowIOS15Share: Double) -> DrawSignature {
        invariant(DrawBits.traitBit < DrawSignature.bitWidth, "a signature has a bit per kind, two per tail slot and one for the trait")
        let elite = sums.eliteRuns
        let total = order.reduce(0) { $0 + elite.weights[$1] }
        guard total > 0 else { return 0 }
        let n = Double(max(runs, 1))
        // The lost runs' weighted hits per read.
        func perDraw(_ draws: [Int], hit: Int) -> Double {
            let sums = weightedReads(elite, order, reads: draws, hit: hit)
            return sums.reads > 0 ? sums.hits / sums.reads : 0
        }
        let squaresTotal = order.reduce(0) { $0 + elite.weights[$1] * elite.weights[$1] }
        // The draw's share of the lost mass, and what it holds (`heldShare`: the larger of that
        // and its share of Σ Y²).
        func share(_ has: (Int) -> Bool) -> (mass: Double, held: Double) {
            var mass = 0.0, squares = 0.0
            for index in order where has(index) {
                mass += elite.weights[index]
                squares += elite.weights[index] * elite.weights[index]
            }
            return (mass / total, heldShare(mass: mass / total, squares: squares / squaresTotal))
        }
        var bits: DrawSignature = 0
        for kind in FaultKind.allCases where sums.largestNominal[kind.rawValue] > 0 && sums.largestNominal[kind.rawValue] < 0.5 {
            let k = kind.rawValue
            let fired = share { elite.count($0, EliteRuns.firesOffset + k) > 0 }
            guard fired.held >= signatureShare && fired.mass >= lift * sums.firings[k].value / n else { continue }
            let perRead = perDraw([EliteRuns.readsOffset + k], hit: EliteRuns.firesOffset + k)
            if perRead >= readLift * sums.largestNominal[k] { bits |= 1 << DrawSignature(k) }
        }
        for slot in TailSlot.allCases {
            let drawsPerRun = Double((0..<3).reduce(0) { $0 + sums.tailBins[3 * slot.rawValue + $1] }) / n
            for bin in 1...2 {
                let base = EliteRuns.tailOffset + 3 * slot.rawValue
                let drew = share { elite.count($0, base + bin) > 0 }
                if drew.held >= signatureShare && drew.mass >= lift * TailSlot.widths[bin] * drawsPerRun
                    && perDraw([base, base + 1, base + 2], hit: base + bin) >= readLift * TailSlot.widths[bin] {
                    bits |= DrawBits.tailBinBit(slot, bin)
                }
            }
        }
        let below = share { elite.count($0, EliteRuns.traitOffset + 1) > 0 }
        if below.held >= signatureShare && below.mass >= lift * belowIOS15Share { bits |= 1 << DrawSignature(DrawBits.traitBit) }
        return bits
    }

    /// Elite run `index`'s relevant draws.
    static func signature(_ elite: EliteRuns, _ index: Int, relevant: DrawSignature) -> DrawSignature {
        DrawBits.of(fired: { elite.count(index, EliteRuns.firesOffset + $0) > 0 }, drewTail: { elite.count(index, EliteRuns.tailOffset + $0) > 0 },
                 below: elite.count(index, EliteRuns.traitOffset + 1) > 0) & relevant
    }

    /// The kept groups and their members (elite indices). Runs are grouped by equal signature;
    /// the heaviest groups are kept while each holds `groupShare` of the mass, at most
    /// `maximumWorlds`; every other run joins the kept group whose signature its own contains
    /// (the most specific such, then the heaviest), else the one it shares most draws with, else none (the nominal
    /// share and the other worlds still cover it: only precision depends on the grouping).
    static func groups(order: [Int], signatures: [DrawSignature], weights: [Double]) -> [(signature: DrawSignature, mass: Double, members: [Int])] {
        var distinct: [(signature: DrawSignature, mass: Double, squares: Double, runs: Int)] = []
        for (position, bits) in signatures.enumerated() {
            let y = weights[position]
            if let at = distinct.firstIndex(where: { $0.signature == bits }) {
                distinct[at].mass += y
                distinct[at].squares += y * y
                distinct[at].runs += 1
            } else {
                distinct.append((bits, y, y * y, 1))
            }
        }
        let total = weights.reduce(0, +), squaresTotal = weights.reduce(0) { $0 + $1 * $1 }
        // A group's claim: its share of the mass, or of Σ Y² when it has `varianceGroupRuns` runs.
        func held(_ group: (signature: DrawSignature, mass: Double, squares: Double, runs: Int)) -> Double {
            group.runs >= varianceGroupRuns ? heldShare(mass: group.mass / total, squares: group.squares / squaresTotal) : group.mass / total
        }
        let ranked = distinct.map { (signature: $0.signature, held: held($0)) }
            .sorted { $0.held != $1.held ? $0.held > $1.held : $0.signature < $1.signature }
        let kept = ranked.prefix(maximumWorlds).enumerated().filter { $0.offset == 0 || $0.element.held >= groupShare }.map(\.element)
        var result = kept.map { (signature: $0.signature, mass: 0.0, members: [Int]()) }
        for (position, bits) in signatures.enumerated() {
            let within = kept.indices.filter { kept[$0].signature & bits == kept[$0].signature }
            let overlap = kept.indices.map { (bits & kept[$0].signature).nonzeroBitCount }
            let specific = within.max { kept[$0].signature.nonzeroBitCount != kept[$1].signature.nonzeroBitCount
                ? kept[$0].signature.nonzeroBitCount < kept[$1].signature.nonzeroBitCount : $0 > $1 }
            let home = specific ?? kept.indices.max { overlap[$0] != overlap[$1] ? overlap[$0] < overlap[$1] : $0 > $1 }!
            guard !within.isEmpty || overlap[home] > 0 else { continue }
            result[home].mass += weights[position]
            result[home].members.append(order[position])
        }
        return result.filter { !$0.members.isEmpty }
    }
}

/// Fitting one group's world.
extension BiasPilot {
    /// The world of one group of elite runs (`members`, in run order): for each kind, tail bin
    /// and the iOS trait, the members' weighted share (the cross-entropy update restricted to the
    /// group) when it differs from nominal by `significance` standard errors under "no
    /// difference", else nominal. Raised probabilities are kept at most 0.9; a kind is never
    /// lowered (`BiasPilot.smoothed` says why).
    static func fitWorld(_ elite: EliteRuns, _ members: [Int], nominal: [Double], belowIOS15Share: Double, design: String) -> BiasedWorld {
        var world = BiasedWorld(firing: BiasedWorld.nominal.firing, designs: [design])
        for kind in FaultKind.allCases {
            let k = kind.rawValue, p = nominal[k]
            guard p > 0 && p < 1 else { continue }
            if let q = significantShare(elite, members, nominal: p, reads: [EliteRuns.readsOffset + k], hit: EliteRuns.firesOffset + k),
               q > p {
                world.firing[k] = min(0.9, q)
            }
        }
        for slot in TailSlot.allCases {
            let base = EliteRuns.tailOffset + 3 * slot.rawValue
            var masses: [Double] = []
            for bin in 1...2 {
                let share = significantShare(elite, members, nominal: TailSlot.widths[bin], reads: (0..<3).map { base + $0 }, hit: base + bin)
                masses.append(min(0.4, max(TailSlot.widths[bin], share ?? 0)))
            }
            if masses[0] > TailSlot.widths[1] || masses[1] > TailSlot.widths[2] {
                world.tails[2 * slot.rawValue] = masses[0]
                world.tails[2 * slot.rawValue + 1] = masses[1]
            }
        }
        if belowIOS15Share > 0 && belowIOS15Share < 1,
           let q = significantShare(elite, members, nominal: belowIOS15Share, reads: [EliteRuns.traitOffset], hit: EliteRuns.traitOffset + 1) {
            world.belowIOS15 = min(0.9, max(belowIOS15Share / 5, q))
        }
        return world
    }

    /// The members' weighted share Σ w · hits / Σ w · reads (reads: the sum of the counts at
    /// `reads`), or nil when it is within `significance` standard errors of `p`: under "the
    /// share is p", Σ w · (hits − p · reads) has variance about p(1 − p) Σ w² · reads.
    static func significantShare(_ elite: EliteRuns, _ members: [Int], nominal p: Double, reads: [Int], hit: Int) -> Double? {
        let sums = weightedReads(elite, members, reads: reads, hit: hit)
        guard sums.reads > 0 && sums.spread > 0 else { return nil }
        let z = (sums.hits - p * sums.reads) / (p * (1 - p) * sums.spread).squareRoot()
        guard abs(z) >= significance else { return nil }
        return sums.hits / sums.reads
    }

    /// Over `members` (in the order given), Σ w · reads, Σ w · hits and Σ w² · reads, where reads
    /// is the sum of a run's counts at `reads` and hits its count at `hit`.
    static func weightedReads(_ elite: EliteRuns, _ members: [Int], reads: [Int], hit: Int) -> (reads: Double, hits: Double, spread: Double) {
        var weightedReads = 0.0, weightedHits = 0.0, spread = 0.0
        for index in members {
            let w = elite.weights[index]
            let count = Double(reads.reduce(0) { $0 + Int(elite.count(index, $1)) })
            guard count > 0 else { continue }
            weightedReads += w * count
            weightedHits += w * Double(elite.count(index, hit))
            spread += w * w * count
        }
        return (weightedReads, weightedHits, spread)
    }
}

/// The joint step: the designs' mixtures refitted together.
extension BiasPilot {
    /// The mixture of several designs' worlds, each design an equal part of the biased runs.
    static func combined(_ mixtures: [Mixture], nominalShare: Double) -> FaultBias {
        let part = 1 / Double(mixtures.count)
        return FaultBias(components: mixtures.flatMap(\.drawn.worlds), nominalShare: nominalShare,
                         shares: mixtures.flatMap { $0.drawn.shares.map { $0 * part } })
    }

    /// Biases tuned apart, each for its own designs (`tune`), as one mixture: each an equal part of
    /// the biased runs, each world its share within its bias's part, with the first bias's nominal
    /// share. What `tune` does with a bias it reuses, without the joint steps (`ablate` joins the
    /// design's bias with each change's).
    /// - Complexity: O(worlds).
    public static func joined(_ biases: [FaultBias]) -> FaultBias {
        precondition(!biases.isEmpty, "at least one bias")
        return combined(biases.map { Mixture($0) }, nominalShare: biases[0].nominalShare)
    }

    /// Refits every design's worlds from the lost runs of a pilot step under the designs' whole
    /// mixture, and keeps, per design, the worlds with less relative variance times events per
    /// run (each measured on a step under its own mixture).
    ///
    /// Why: each design's worlds are tuned alone, but a compared design's runs are also drawn from
    /// the other designs' worlds. A lost order of `seed001-weiai` bought outside the app is
    /// rare under its own worlds and frequent under the recommended design's (which boosts
    /// purchases outside the app): such runs, weighted about 1, held half of the weighted
    /// variance of its lost rate (default scenario, 10^6 runs). Refitted on runs of the whole
    /// mixture, the design's groups include that mechanism and it gets a world of its own.
    static func jointRefine(scenario: Scenario, designs: [Design], mixtures: [Mixture], firstRun: UInt64, runsPerStep: Int,
                            nominalShare: Double, jobs: Int) -> (mixtures: [Mixture], steps: [Step]) {
        var steps: [Step] = []
        var start = firstRun
        func step(_ candidate: [Mixture], _ label: String) -> (works: [Double], fitted: [Mixture]) {
            let result = Runner.weighted(scenario: scenario, designs: designs, runs: start..<(start + UInt64(runsPerStep)),
                                         bias: combined(candidate, nominalShare: nominalShare), jobs: jobs, tunes: true, levels: nil)
            start += UInt64(runsPerStep)
            let variances = recordSteps(result.panel, tallies: result.tallies, designs: designs,
                                        label: { "\(label): \(Grouped.count(candidate[$0].worlds.count, "world"))" }, into: &steps)
            var works: [Double] = [], fitted: [Mixture] = []
            for (index, design) in designs.enumerated() {
                works.append(variances[index] * Double(max(result.tallies[index].events, 1)) / Double(runsPerStep))
                var next = mechanisms(result.panel, belowIOS15Share: scenario.device.belowIOS15Probability, design: design.name, index: index)
                next.broad = candidate[index].broad
                next.broadShare = candidate[index].broadShare
                fitted.append(next.worlds.isEmpty ? candidate[index] : next)
            }
            return (works, fitted)
        }
        let before = step(mixtures, "joint 1")
        let after = step(before.fitted, "joint 2")
        let kept = designs.indices.map { after.works[$0] < before.works[$0] ? before.fitted[$0] : mixtures[$0] }
        return (kept, steps)
    }
}
