/// The run loop's accumulator for importance sampling: per design and run, the run's weight
/// W (from its log-likelihood ratio, `FaultBias.weight`) and, for each rare outcome, the
/// weighted count Y = W · (intents that ended so), summed exactly (`ExactSum`) so threads and
/// chunks merge into the single-thread bytes. Pairs keep Σ Y_A · Y_B, from which the paired
/// difference's variance follows (`WeightedPanel+Estimates.swift`), and Σ (Y_A − Y_B)⁴, from
/// which that variance's own reliability does (as each design's Σ Y⁴ does for its rate).
///
/// Also kept: what the defensive mixture's nominal runs saw, unweighted (a plain Monte Carlo
/// estimate over their share of the runs, the fallback when the weights degenerate); each
/// fault kind's weighted firings (their mean is the kind's nominal firings per run, a check any
/// reader can make); and, for the pilot that tunes the bias, Σ Y · fired and Σ Y · read per kind
/// over the runs with a lost intent (the cross-entropy update, `BiasPilot`).
public struct WeightedPanel: RunAccumulator, Equatable {
    /// The outcomes weighed: the rare ones counted per intent.
    public static let outcomes: [Outcome] = [.lost, .misdelivered, .duplicated, .doubleCharged, .lostSales]

    public let bias: FaultBias
    public let designCount: Int
    /// Also keep the pilot's per-kind sums and read counts.
    public let tunes: Bool
    public private(set) var runs: Int64 = 0
    public private(set) var designs: [WeightedDesign]
    /// Σ Y_A · Y_B over runs, at `pairIndex(a, b) · outcomes.count + outcome`, for a < b.
    public private(set) var products: [ExactSum]
    /// Σ (Y_A − Y_B)⁴ over runs, indexed as `products`: how many runs the difference's variance rests on.
    public private(set) var differenceFourths: [ExactSum]
    /// The run's weighted counts per design and outcome: a buffer reused from run to run (all
    /// zeros between runs, so two panels with equal sums are equal).
    private var counts: [Double]

    /// Pilot only: per design, the delivery score (`World.lastRunDeliveryScore`) at or above which
    /// a run is elite for the cross-entropy sums; nil: the runs that lost an order, weighted by
    /// how many they lost.
    public let levels: [SimTime]?
    /// Also keep each design's lost runs by mechanism (`WeightedMechanisms`).
    public let keepsMechanisms: Bool

    public init(bias: FaultBias, designCount: Int, tunes: Bool = false, levels: [SimTime]? = nil, keepsMechanisms: Bool = false) {
        self.bias = bias
        self.designCount = designCount
        self.tunes = tunes
        self.levels = levels
        self.keepsMechanisms = keepsMechanisms
        designs = [WeightedDesign](repeating: WeightedDesign(), count: designCount)
        products = [ExactSum](repeating: ExactSum(), count: designCount * (designCount - 1) / 2 * Self.outcomes.count)
        differenceFourths = products
        counts = [Double](repeating: 0, count: designCount * Self.outcomes.count)
    }

    /// A panel read back from a part file (`WeightedPart`).
    init(bias: FaultBias, runs: Int64, designs: [WeightedDesign], products: [ExactSum], differenceFourths: [ExactSum]) {
        self.init(bias: bias, designCount: designs.count)
        precondition(products.count == self.products.count && differenceFourths.count == products.count,
                     "one product and one fourth power per pair and outcome")
        self.runs = runs
        self.designs = designs
        self.products = products
        self.differenceFourths = differenceFourths
    }

    /// The index of the pair (a, b), a < b, in row-major order of the upper triangle.
    func pairIndex(_ a: Int, _ b: Int) -> Int {
        precondition(a < b && b < designCount)
        return a * designCount - a * (a + 1) / 2 + (b - a - 1)
    }

    public mutating func record(run: UInt64, masks: [OutcomeMasks], requests: [Int64]) {
        preconditionFailure("WeightedPanel reads the worlds: the run loop calls record(run:masks:requests:worlds:)")
    }

    public mutating func record(run: UInt64, masks: [OutcomeMasks], requests: [Int64], worlds: [DesignWorlds]) {
        runs += 1
        for design in 0..<designCount {
            // Everything read from the worlds before the sums change: bound before the writes, the
            // design's worlds and the run's importance state were copied, every array retained and
            // released (callgrind, two designs: 31,020 → 29,847 instructions a run). The state is
            // read once: each copy retains its references.
            let state = worlds[design].lastRunImportanceState
            #if DEBUG
            invariant(state.bias == bias, "the panel's bias")
            #endif
            let weight = state.weight
            if tunes {
                let score = worlds[design].lastRunDeliveryScore
                let elite = levels.map { score >= $0[design] ? weight : 0 } ?? weight * Double(masks[design].lost.nonzeroBitCount)
                designs[design].recordPilot(state, elite: elite, score: score, run: levels == nil ? run : nil)
            }
            designs[design].record(state, weight: weight, masks: masks[design])
            if masks[design].lost != 0 {
                designs[design].recordCauses(worlds[design].lastRunVerdicts, weight: weight)
                if keepsMechanisms {
                    designs[design].mechanisms.add(WeightedMechanisms.key(state), y: weight * Double(masks[design].lost.nonzeroBitCount))
                }
            }
            for (index, outcome) in Self.outcomes.enumerated() {
                counts[design * Self.outcomes.count + index] = weight * Double(masks[design][outcome].nonzeroBitCount)
            }
        }
        defer { for index in counts.indices { counts[index] = 0 } }
        guard designCount > 1 else { return }
        for a in 0..<designCount {
            for b in (a + 1)..<designCount {
                let pair = pairIndex(a, b) * Self.outcomes.count
                for index in Self.outcomes.indices {
                    let yA = counts[a * Self.outcomes.count + index], yB = counts[b * Self.outcomes.count + index]
                    let product = yA * yB
                    if product > 0 { products[pair + index].add(product) }
                    let square = (yA - yB) * (yA - yB)
                    if square > 0 { differenceFourths[pair + index].addCapped(square * square) }
                }
            }
        }
    }

    public mutating func merge(_ other: WeightedPanel) {
        precondition(other.designCount == designCount && other.bias == bias)
        runs += other.runs
        for index in designs.indices { designs[index].merge(other.designs[index]) }
        for index in products.indices {
            products[index].add(other.products[index])
            differenceFourths[index].add(other.differenceFourths[index])
        }
        _checkInvariants()
    }

    /// What holds of any weighted panel: per design, no more runs had an outcome, or drew from
    /// the nominal world, than the panel has runs, and every sum of `runs` addends below 2^74
    /// is below runs · 2^74 (a sum past that was not made by adding runs); the run-level check
    /// in debug builds only, over every design and outcome.
    /// - Complexity: O(designs · outcomes) in debug builds, O(1) otherwise.
    public func _checkInvariants() {
        invariant(runs >= 0 && designs.count == designCount, "a weighted panel's runs or designs")
        invariant(counts.allSatisfy { $0 == 0 }, "a weighted panel's run buffer is zero between runs")
        #if DEBUG
        let addends = UInt64(runs)
        for (index, design) in designs.enumerated() {
            invariant(design.nominalRuns <= runs && design.eventRuns.allSatisfy { $0 >= 0 && $0 <= runs },
                      "design \(index) has more event or nominal runs than the panel's \(runs)")
            invariant(([design.weights, design.weightSquares] + design.sums + design.squares).allSatisfy { $0.isBelow(addends: addends) },
                      "design \(index)'s weighted sums exceed what \(runs) runs can add up to")
        }
        invariant(products.allSatisfy { $0.isBelow(addends: addends) }, "a pair's Σ Y_A · Y_B exceeds what \(runs) runs can add up to")
        #endif
    }
}

extension DesignWorlds {
    /// The last run's weight under `bias` (the worlds' own bias: checked in debug builds).
    func lastRunWeight(_ bias: FaultBias) -> Double {
        let state = lastRunImportanceState
        #if DEBUG
        invariant(state.bias == bias, "the panel's bias")
        #endif
        return state.weight
    }
}

/// One design's weighted sums over the runs of a `WeightedPanel`.
public struct WeightedDesign: Sendable, Equatable {
    /// Σ W and Σ W² over every run (E W = 1 exactly: a diagnostic).
    public var weights = ExactSum()
    public var weightSquares = ExactSum()
    /// Per outcome (`WeightedPanel.outcomes` order): Σ Y, Σ Y², Σ Y⁴, the largest Y, and the runs with Y > 0.
    public var sums = [ExactSum](repeating: ExactSum(), count: WeightedPanel.outcomes.count)
    public var squares = [ExactSum](repeating: ExactSum(), count: WeightedPanel.outcomes.count)
    public var fourths = [ExactSum](repeating: ExactSum(), count: WeightedPanel.outcomes.count)
    public var largest = [Double](repeating: 0, count: WeightedPanel.outcomes.count)
    public var eventRuns = [Int64](repeating: 0, count: WeightedPanel.outcomes.count)
    /// The mixture's nominal runs and, per outcome, the intents that ended so in them (unweighted).
    public var nominalRuns: Int64 = 0
    public var nominalCounts = [Int64](repeating: 0, count: WeightedPanel.outcomes.count)
    /// Σ W · lost intents per cause (`Cause.rawValue`): why the weighted lost orders were lost.
    public var lostCauses = [ExactSum](repeating: ExactSum(), count: Cause.allCases.count)
    /// Σ W · firings per fault kind (`FaultKind.rawValue`).
    public var firings = [ExactSum](repeating: ExactSum(), count: FaultKind.allCases.count)
    /// The lost runs by mechanism, when the panel keeps them (`WeightedPanel.keepsMechanisms`).
    public var mechanisms = WeightedMechanisms()
    /// Pilot only: Σ elite weight · fired and · read per kind (`recordPilot`); points read per kind (unweighted);
    /// the largest nominal probability a point of each kind had.
    public var tunedFires = [ExactSum](repeating: ExactSum(), count: FaultKind.allCases.count)
    public var tunedReads = [ExactSum](repeating: ExactSum(), count: FaultKind.allCases.count)
    public var reads = [Int64](repeating: 0, count: FaultKind.allCases.count)
    public var largestNominal = [Double](repeating: 0, count: FaultKind.allCases.count)
    /// Pilot only, per `TailSlot` bin (`3·slot + bin`): Σ elite weight · draws in the bin, and draws (unweighted).
    public var tunedTailBins = [ExactSum](repeating: ExactSum(), count: 3 * TailSlot.allCases.count)
    public var tailBins = [Int64](repeating: 0, count: 3 * TailSlot.allCases.count)
    /// Pilot only: Σ of the elite runs' weights; the iOS trait's elite sums (read, below) and reads;
    /// every run's delivery score (for the next level: a quantile, so their order is irrelevant).
    public var eliteSum = ExactSum()
    public var tunedTraitReads = ExactSum()
    public var tunedTraitBelow = ExactSum()
    public var traitReads: Int64 = 0
    public var scores: [SimTime] = []
    /// Pilot on lost orders only: each elite run's draws, for the mixture pilot's mechanisms.
    public var eliteRuns = EliteRuns()

    /// Adds a run of weight `weight` that ended in `masks`, read as `state` says (its firings per
    /// kind, and whether it drew from the nominal world).
    mutating func record(_ state: ImportanceState, weight: Double, masks: OutcomeMasks) {
        let nominal = state.component == nil
        weights.add(weight)
        weightSquares.add(weight * weight)
        if nominal { nominalRuns += 1 }
        for (index, outcome) in WeightedPanel.outcomes.enumerated() {
            let count = masks[outcome].nonzeroBitCount
            guard count > 0 else { continue }
            let y = weight * Double(count)
            sums[index].add(y)
            squares[index].add(y * y)
            fourths[index].addCapped(y * y * (y * y))
            largest[index] = max(largest[index], y)
            eventRuns[index] += 1
            if nominal { nominalCounts[index] += Int64(count) }
        }
        for kind in firings.indices where state.fires(kind) > 0 { firings[kind].add(weight * Double(state.fires(kind))) }
    }

    /// Adds the run's lost intents, by cause, at the run's weight.
    mutating func recordCauses(_ verdicts: [IntentVerdict], weight: Double) {
        for verdict in verdicts where verdict.outcome == .lost { lostCauses[verdict.cause.rawValue].add(weight) }
    }

    /// The pilot's sums for one run: `elite` is the run's weight if it is elite, else 0.
    /// `run`: the run's number, to keep an elite run's draws (`eliteRuns`); nil keeps none.
    mutating func recordPilot(_ state: ImportanceState, elite: Double, score: SimTime, run: UInt64? = nil) {
        scores.append(score)
        if let run, elite > 0 { eliteRuns.append(run: run, weight: elite, state) }
        if state.traitRead {
            traitReads += 1
            if elite > 0 {
                tunedTraitReads.add(elite)
                if state.traitBelow { tunedTraitBelow.add(elite) }
            }
        }
        for index in tailBins.indices where state.tailBins(index) > 0 {
            tailBins[index] += Int64(state.tailBins(index))
            if elite > 0 { tunedTailBins[index].add(elite * Double(state.tailBins(index))) }
        }
        for kind in reads.indices where state.reads(kind) > 0 {
            reads[kind] += Int64(state.reads(kind))
            largestNominal[kind] = max(largestNominal[kind], state.largestNominal(kind))
            guard elite > 0 else { continue }
            tunedReads[kind].add(elite * Double(state.reads(kind)))
            if state.fires(kind) > 0 { tunedFires[kind].add(elite * Double(state.fires(kind))) }
        }
        if elite > 0 { eliteSum.add(elite) }
    }

    mutating func merge(_ other: WeightedDesign) {
        weights.add(other.weights)
        weightSquares.add(other.weightSquares)
        nominalRuns += other.nominalRuns
        for index in sums.indices {
            sums[index].add(other.sums[index])
            squares[index].add(other.squares[index])
            fourths[index].add(other.fourths[index])
            largest[index] = max(largest[index], other.largest[index])
            eventRuns[index] += other.eventRuns[index]
            nominalCounts[index] += other.nominalCounts[index]
        }
        for cause in lostCauses.indices { lostCauses[cause].add(other.lostCauses[cause]) }
        mechanisms.merge(other.mechanisms)
        for kind in firings.indices {
            firings[kind].add(other.firings[kind])
            tunedFires[kind].add(other.tunedFires[kind])
            tunedReads[kind].add(other.tunedReads[kind])
            reads[kind] += other.reads[kind]
            largestNominal[kind] = max(largestNominal[kind], other.largestNominal[kind])
        }
        for index in tailBins.indices {
            tunedTailBins[index].add(other.tunedTailBins[index])
            tailBins[index] += other.tailBins[index]
        }
        eliteSum.add(other.eliteSum)
        tunedTraitReads.add(other.tunedTraitReads)
        tunedTraitBelow.add(other.tunedTraitBelow)
        traitReads += other.traitReads
        scores += other.scores
        eliteRuns.merge(other.eliteRuns)
    }
}

/// The elite runs of a pilot step on lost orders, each with its elite weight (W · lost intents)
/// and its draws: reads and firings per fault kind, tail draws per bin, the iOS trait. The
/// mixture pilot (`BiasPilot+Mixture.swift`) groups them by the rare draws they share. Kept in
/// flat arrays (one allocation per array, not per run); workers append in their own order, so
/// a reader takes them sorted by run (`ordered`).
public struct EliteRuns: Sendable, Equatable {
    public private(set) var runs: [UInt64] = []
    public private(set) var weights: [Double] = []
    /// `stride` counts per run: reads (kinds), fires (kinds), tail bins (3 per slot), trait read, trait below.
    public private(set) var counts: [Int32] = []
    /// Each run's log-likelihood ratio per component of the step's bias (`ImportanceState.logRatios`,
    /// `components` per run): what the same run would weigh under other shares (`BiasPilot.optimalShares`).
    public private(set) var ratios: [Int64] = []
    public private(set) var components = 0

    static let kinds = FaultKind.allCases.count
    static let stride = 2 * kinds + 3 * TailSlot.allCases.count + 2
    static let readsOffset = 0
    static let firesOffset = kinds
    static let tailOffset = 2 * kinds
    static let traitOffset = 2 * kinds + 3 * TailSlot.allCases.count

    public var count: Int { runs.count }

    mutating func append(run: UInt64, weight: Double, _ state: ImportanceState) {
        runs.append(run)
        weights.append(weight)
        counts.append(contentsOf: state.counts)
        counts.append(state.traitRead ? 1 : 0)
        counts.append(state.traitBelow ? 1 : 0)
        let logRatios = state.logRatios
        precondition(components == 0 || components == logRatios.count, "one bias per pilot step")
        components = logRatios.count
        ratios.append(contentsOf: logRatios)
    }

    mutating func merge(_ other: EliteRuns) {
        runs += other.runs
        weights += other.weights
        counts += other.counts
        precondition(components == 0 || other.components == 0 || components == other.components, "one bias per pilot step")
        components = max(components, other.components)
        ratios += other.ratios
    }

    /// Record `index`'s log-likelihood ratio under component `c`.
    @inline(__always)
    func ratio(_ index: Int, _ c: Int) -> Int64 { ratios[index * components + c] }

    /// Record `index`'s count at `offset` (one of the offsets above plus a kind, bin or 0/1).
    @inline(__always)
    func count(_ index: Int, _ offset: Int) -> Int32 { counts[index * Self.stride + offset] }

    /// The records' indices in the order of their runs: the same on any thread count.
    var ordered: [Int] { runs.indices.sorted { runs[$0] < runs[$1] } }
}
