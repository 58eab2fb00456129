/// One run's reading of importance sampling's law (`FaultBias`), kept by the kernel of a world
/// that has a bias (`Kernel.importance`): the component the run draws from, the log-likelihood
/// ratio of each component so far, and (for the pilot that tunes the bias) how often each kind
/// was read and fired and each tail bin drawn.
struct ImportanceState: Sendable {
    let bias: FaultBias
    /// The component this run draws from (nil: the nominal world).
    var component: Int?
    /// ln(p(path)/q_c(path)) of the draws read so far, per component, in units of 2^-40.
    var logRatios: [Int64]
    /// Fault points read and fired this run, by `FaultKind.rawValue` (points with p in (0, 1)).
    var reads: [Int32]
    var fires: [Int32]
    /// The last nominal probability seen per kind and each component's two log factors (p/q and
    /// (1 − p)/(1 − q)) at `kind·K + c`, so a point pays logarithms only when its kind's
    /// probability changes.
    var cachedNominal: [Double]
    var cachedFireLog: [Int64]
    var cachedQuietLog: [Int64]
    /// The largest nominal probability a point of each kind had in any run (for the pilot).
    var largestNominal: [Double]
    /// The run read the iOS trait (a StoreKit 2 design) and found it below iOS 15 (for the pilot).
    var traitRead = false
    var traitBelow = false
    /// Tail draws this run in each bin (`3·slot + bin`).
    var tailBins: [Int32]
    /// Each component's tail-bin log factors (nominal width over biased mass), at `(3·slot + bin)·K + c`.
    let tailLogs: [Int64]

    init(bias: FaultBias) {
        self.bias = bias
        let kinds = FaultKind.allCases.count, count = bias.components.count
        logRatios = [Int64](repeating: 0, count: count)
        reads = [Int32](repeating: 0, count: kinds)
        fires = reads
        cachedNominal = [Double](repeating: -1, count: kinds)
        cachedFireLog = [Int64](repeating: 0, count: kinds * count)
        cachedQuietLog = cachedFireLog
        largestNominal = [Double](repeating: 0, count: kinds)
        tailBins = [Int32](repeating: 0, count: 3 * TailSlot.allCases.count)
        tailLogs = TailSlot.allCases.flatMap { slot in
            (0..<3).flatMap { bin in
                bias.components.map { world -> Int64 in
                    guard world.biases(slot) else { return 0 }
                    return FaultBias.fixedLog(TailSlot.widths[bin]) - FaultBias.fixedLog(world.tailMasses(slot)[bin])
                }
            }
        }
    }

    /// Starts run `index`: its component from the run's trait uniform, zero ratios.
    mutating func start(seedKey: UInt64, run index: UInt64) {
        component = bias.component(seedKey: seedKey, run: index)
        for c in logRatios.indices { logRatios[c] = 0 }
        for kind in reads.indices { reads[kind] = 0; fires[kind] = 0 }
        for index in tailBins.indices { tailBins[index] = 0 }
        traitRead = false
        traitBelow = false
    }

    /// Reads raw uniform `v` at a point of `kind` with nominal probability `p`: the uniform the
    /// point compares (biased by the run's component), each component's factor added to its ratio.
    /// Inlined into the seam's one caller (`Kernel.numberedFault`, itself out of line).
    @inline(__always)
    mutating func read(_ kind: FaultKind, nominal p: Double, raw v: Double) -> Double {
        guard p > 0 && p < 1 else { return v }
        var uniform = v
        if let component {
            // Through a buffer pointer: indexed, the world was copied out (its arrays retained
            // and released) at every read.
            let q = bias.components.withUnsafeBufferPointer { $0[component].firing(kind, nominal: p) }
            if q != p { uniform = FaultBias.biasedUniform(v, nominal: p, biased: q) }
        }
        let fired = uniform < p
        let k = kind.rawValue
        reads[k] &+= 1
        if fired { fires[k] &+= 1 }
        if p > largestNominal[k] { largestNominal[k] = p }
        if cachedNominal[k] != p { cacheLogs(kind, nominal: p) }
        if fired { addFactors(cachedFireLog, row: k) } else { addFactors(cachedQuietLog, row: k) }
        return uniform
    }

    /// Adds row `row` of `table` (one log factor per component, rows of `logRatios.count`) to
    /// the ratios. Through buffer pointers: one access check per array and a loop the compiler
    /// vectorises; indexed, each component cost a bounds check and a uniqueness check (a read
    /// took about 250 instructions with ten components, a third of a weighted run).
    /// - Complexity: O(components).
    @inline(__always)
    private mutating func addFactors(_ table: [Int64], row: Int) {
        let count = logRatios.count
        precondition((row + 1) * count <= table.count, "a factor row past the table")
        table.withUnsafeBufferPointer { factors in
            logRatios.withUnsafeMutableBufferPointer { ratios in
                let start = factors.baseAddress! + row * count
                for c in 0..<count { ratios[c] &+= start[c] }
            }
        }
    }

    /// Each component's two log factors for `kind` at nominal probability `p`.
    private mutating func cacheLogs(_ kind: FaultKind, nominal p: Double) {
        let k = kind.rawValue, count = logRatios.count
        cachedNominal[k] = p
        for (c, world) in bias.components.enumerated() {
            let q = world.firing(kind, nominal: p)
            cachedFireLog[k * count + c] = q == p ? 0 : FaultBias.fixedLog(p) - FaultBias.fixedLog(q)
            cachedQuietLog[k * count + c] = q == p ? 0 : FaultBias.fixedLog(1 - p) - FaultBias.fixedLog(1 - q)
        }
    }

    /// Reads raw uniform `v` for a duration of `slot`: the uniform its quantile takes (biased by the
    /// run's component), each component's factor added to its ratio.
    mutating func readTail(_ slot: TailSlot, raw v: Double) -> Double {
        var uniform = v
        var bin = TailSlot.bin(v)
        if let component, bias.components[component].biases(slot) {
            let masses = bias.components[component].tailMasses(slot)
            bin = v < masses[0] ? 0 : (v < masses[0] + masses[1] ? 1 : 2)
            let offset = bin == 0 ? 0 : (bin == 1 ? masses[0] : masses[0] + masses[1])
            uniform = TailSlot.starts[bin] + (v - offset) * (TailSlot.widths[bin] / masses[bin])
            uniform = min(max(uniform, TailSlot.starts[bin]), bin == 2 ? 0x1.fffffffffffffp-1 : TailSlot.starts[bin + 1].nextDown)
        }
        tailBins[3 * slot.rawValue + bin] &+= 1
        addFactors(tailLogs, row: 3 * slot.rawValue + bin)
        return uniform
    }

    /// Adds the iOS trait's factors, read before the run (`DesignWorlds.runInSegment`).
    mutating func addTrait(_ read: TraitRead) {
        traitRead = true
        traitBelow = read.below
        for c in logRatios.indices { logRatios[c] &+= read.logs[c] }
    }

    /// A fired point's uniform as a fresh one (`Kernel.rescaled`): v/q under the run's component.
    func rescaled(_ kind: FaultKind, raw v: Double, nominal p: Double) -> Double {
        guard let component else { return Kernel.rescaled(v, p) }
        return Kernel.rescaled(v, bias.components[component].firing(kind, nominal: p))
    }
}

/// The iOS trait of a run read under a bias (`DesignWorlds.runInSegment`): whether the user is
/// below iOS 15, and each component's log factor for that (p/q below, (1 − p)/(1 − q) above).
struct TraitRead: Sendable {
    let below: Bool
    let logs: [Int64]

    init(bias: FaultBias, share p: Double, raw v: Double, seedKey: UInt64, run index: UInt64) {
        var uniform = v
        if let component = bias.component(seedKey: seedKey, run: index) {
            let q = bias.components[component].belowIOS15(nominal: p)
            if q != p { uniform = FaultBias.biasedUniform(v, nominal: p, biased: q) }
        }
        let below = uniform < p
        self.below = below
        logs = bias.components.map { world in
            let q = world.belowIOS15(nominal: p)
            guard q != p else { return 0 }
            return below ? FaultBias.fixedLog(p) - FaultBias.fixedLog(q) : FaultBias.fixedLog(1 - p) - FaultBias.fixedLog(1 - q)
        }
    }
}
