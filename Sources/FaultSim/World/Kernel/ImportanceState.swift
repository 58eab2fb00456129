/// One run's reading of importance sampling's law (`FaultBias`), kept by the kernel of a world
/// that has a bias (`Kernel.importance`): the component the run draws from, the log-likelihood
/// ratio of each component so far, and (for the pilot that tunes the bias) how often each kind
/// was read and fired and each tail bin drawn.
///
/// What a point writes lives in `Counters`, raw memory this state owns alone while it runs:
/// kept in five arrays, each write checked its array's uniqueness through a call into the
/// runtime, and a read took 168 instructions where it takes 128 (about 28 reads a design's run;
/// callgrind, `default`, the committed pair's bias).
struct ImportanceState: Sendable {
    let bias: FaultBias
    /// The component this run draws from (nil: the nominal world).
    var component: Int?
    /// The run's ratios and counts, and the cached factors (`Counters`); one reference, taken
    /// again (`start`) by a copy that runs.
    private var counters: Counters
    /// The run read the iOS trait (a StoreKit 2 design) and found it below iOS 15 (for the pilot).
    var traitRead = false
    var traitBelow = false
    /// Read at every point, run and tail draw, computed once from `bias` (`Constants`).
    let constants: Constants

    init(bias: FaultBias) {
        self.bias = bias
        counters = Counters(components: bias.components.count)
        constants = Constants(bias: bias)
    }

    /// Starts run `index`: its component from the run's trait uniform, zero ratios and counts.
    /// A state copied with its world (a worker's copy of the template) shares its counters until
    /// here: the copy that runs takes its own, as `Kernel.traceLog` does.
    mutating func start(seedKey: UInt64, run index: UInt64) {
        if !isKnownUniquelyReferenced(&counters) { counters = Counters(copying: counters) }
        component = bias.component(seedKey: seedKey, run: index)
        counters.startRun()
        traitRead = false
        traitBelow = false
    }

    /// Reads raw uniform `v` at a point of `kind` with nominal probability `p`: the uniform the
    /// point compares (biased by the run's component), each component's factor added to its ratio.
    /// Inlined into the seam's one caller (`Kernel.numberedFault`, itself out of line).
    @inline(__always)
    mutating func read(_ kind: FaultKind, nominal p: Double, raw v: Double) -> Double {
        guard p > 0 && p < 1 else { return v }
        let k = kind.rawValue
        var uniform = v
        if let component {
            let q = constants.firing(component, k, nominal: p)
            if q != p { uniform = FaultBias.biasedUniform(v, nominal: p, biased: q) }
        }
        let fired = uniform < p
        if counters.cachedNominal(k) != p { cacheLogs(k, nominal: p) }
        counters.count(k, fired: fired, nominal: p)
        return uniform
    }

    /// Each component's two log factors for kind `k` at nominal probability `p`.
    private func cacheLogs(_ k: Int, nominal p: Double) {
        counters.setCachedNominal(k, p)
        for c in 0..<constants.shares.count {
            let factors = FaultBias.logFactors(nominal: p, biased: constants.firing(c, k, nominal: p))
            counters.setFactors(k, c, fire: factors.fired, quiet: factors.quiet)
        }
    }

    /// Reads raw uniform `v` for a duration of `slot`: the uniform its quantile takes (biased by the
    /// run's component), each component's factor added to its ratio.
    mutating func readTail(_ slot: TailSlot, raw v: Double) -> Double {
        var uniform = v
        var bin = TailSlot.bin(v)
        if let component, let tail = constants.tail(component, slot) {
            bin = v < tail.masses.0 ? 0 : (v < tail.masses.0 + tail.masses.1 ? 1 : 2)
            let offset = bin == 0 ? 0 : (bin == 1 ? tail.masses.0 : tail.masses.0 + tail.masses.1)
            let scale = bin == 0 ? tail.scales.0 : (bin == 1 ? tail.scales.1 : tail.scales.2)
            let start = bin == 0 ? 0 : (bin == 1 ? 1 - TailSlot.upperTail : 1 - TailSlot.deepestTail)
            uniform = start + (v - offset) * scale
            uniform = min(max(uniform, start), bin == 0 ? (1 - TailSlot.upperTail).nextDown
                : (bin == 1 ? (1 - TailSlot.deepestTail).nextDown : 0x1.fffffffffffffp-1))
        }
        constants.tailLogs.withUnsafeBufferPointer { counters.countTail(3 * slot.rawValue + bin, factors: $0) }
        return uniform
    }

    /// The uniform that decides run `index`'s iOS (below 15 when under `p`, the trait's nominal
    /// probability): raw uniform `v` read before the run (`DesignWorlds.runInSegment`) and biased
    /// by the run's component. Above `p` it is uniform on [p, 1) again (`FaultBias.biasedUniform`).
    func iOSUniform(share p: Double, raw v: Double, seedKey: UInt64, run index: UInt64) -> Double {
        var uniform = v
        if let component = bias.component(seedKey: seedKey, run: index) {
            let q = constants.belowIOS15(component, nominal: p)
            if q != p { uniform = FaultBias.biasedUniform(v, nominal: p, biased: q) }
        }
        return uniform
    }

    /// Adds the iOS trait's factors once the run is over: each component's p/q when `below`, else
    /// (1 − p)/(1 − q), computed once per probability `p` (`Counters.traitFactors`).
    mutating func addTrait(below: Bool, share p: Double) {
        traitRead = true
        traitBelow = below
        if counters.traitShare != p {
            counters.setTraitFactors(share: p) { c in
                let factors = FaultBias.logFactors(nominal: p, biased: constants.belowIOS15(c, nominal: p))
                return (factors.fired, factors.quiet)
            }
        }
        counters.addTraitFactors(below: below)
    }

    /// A fired point's uniform as a fresh one (`Kernel.rescaled`): v/q under the run's component.
    func rescaled(_ kind: FaultKind, raw v: Double, nominal p: Double) -> Double {
        guard let component else { return Kernel.rescaled(v, p) }
        return Kernel.rescaled(v, constants.firing(component, kind.rawValue, nominal: p))
    }
}

/// What the run read, for the weight, the panel and the pilot.
extension ImportanceState {
    /// ln(p(path)/q_c(path)) of the draws read so far, per component, in units of 2^-40.
    var logRatios: [Int64] { Array(counters.ratioBuffer) }
    /// Fault points of kind `k` (`FaultKind.rawValue`) read and fired this run (points with p in (0, 1)).
    func reads(_ k: Int) -> Int32 { counters.count(at: Counters.readsOffset + k) }
    func fires(_ k: Int) -> Int32 { counters.count(at: Counters.firesOffset + k) }
    /// Tail draws this run in bin `index` (`3·slot + bin`).
    func tailBins(_ index: Int) -> Int32 { counters.count(at: Counters.tailOffset + index) }
    /// The nominal probability of the last point of kind `k` read (in this run, if it read one).
    func lastNominal(_ k: Int) -> Double { counters.cachedNominal(k) }
    /// The largest nominal probability a point of kind `k` had in any run of this world (for the pilot).
    func largestNominal(_ k: Int) -> Double { counters.largestNominal(k) }
    /// The counts in `EliteRuns`' order: reads, fires and tail bins.
    var counts: [Int32] { (0..<Counters.countsSize).map { counters.count(at: $0) } }

    /// This design's weight for the run so far (`FaultBias.weight`), from the precomputed shares.
    var weight: Double {
        FaultBias.weight(nominalShare: bias.nominalShare, shares: constants.shares, logRatios: counters.ratioBuffer)
    }
}

extension ImportanceState {
    /// What a weighted run reads of its bias at every point, run and tail draw, computed once:
    /// each component's firing probabilities, its share of the runs (`FaultBias.shares`), each
    /// biased tail's masses and bin scales, and the tail bins' log factors. Why: read from the
    /// bias, a tail draw copied its world out and built an array of its masses (about 440
    /// instructions a draw), and a weight summed the shares again per run. A class, so the kernel
    /// that holds the state inline stays small (`FaultBias` says why).
    final class Constants: Sendable {
        /// Per component and kind (`c · kinds + k`), `BiasedWorld.firing` (0: nominal).
        let firings: [Double]
        /// Per component, `BiasedWorld.belowIOS15` (0: nominal).
        let belowIOS15s: [Double]
        /// `FaultBias.shares`, in component order.
        let shares: [Double]
        /// Per component and tail slot (`c · slots + slot`), nil when the slot is nominal there, else
        /// the three bins' masses and each bin's nominal width over its mass.
        let tails: [Tail?]
        /// Each component's tail-bin log factors (nominal width over biased mass), at `(3·slot + bin)·K + c`.
        let tailLogs: [Int64]

        struct Tail: Sendable {
            let masses: (Double, Double, Double)
            let scales: (Double, Double, Double)
        }

        init(bias: FaultBias) {
            firings = bias.components.flatMap(\.firing)
            belowIOS15s = bias.components.map(\.belowIOS15)
            shares = bias.shares
            tails = bias.components.flatMap { world in
                TailSlot.allCases.map { slot -> Tail? in
                    guard world.biases(slot) else { return nil }
                    let m = world.tailMasses(slot), w = TailSlot.widths
                    return Tail(masses: (m[0], m[1], m[2]), scales: (w[0] / m[0], w[1] / m[1], w[2] / m[2]))
                }
            }
            tailLogs = TailSlot.allCases.flatMap { slot in
                (0..<3).flatMap { bin in
                    bias.components.map { world -> Int64 in
                        guard world.biases(slot) else { return 0 }
                        return FaultBias.fixedLog(TailSlot.widths[bin]) - FaultBias.fixedLog(world.tailMasses(slot)[bin])
                    }
                }
            }
        }

        /// The probability a point of kind `k` with nominal probability `p` fires with in
        /// component `c` (`BiasedWorld.firing(_:nominal:)`).
        @inline(__always)
        func firing(_ c: Int, _ k: Int, nominal p: Double) -> Double {
            BiasedWorld.biased(firings.withUnsafeBufferPointer { $0[c * FaultKind.allCases.count + k] }, nominal: p)
        }

        /// The probability of the iOS trait in component `c`, whose nominal one is `p`
        /// (`BiasedWorld.belowIOS15(nominal:)`).
        func belowIOS15(_ c: Int, nominal p: Double) -> Double {
            BiasedWorld.biased(belowIOS15s[c], nominal: p)
        }

        @inline(__always)
        func tail(_ component: Int, _ slot: TailSlot) -> Tail? {
            tails.withUnsafeBufferPointer { $0[component * TailSlot.allCases.count + slot.rawValue] }
        }
    }
}
