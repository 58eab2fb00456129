/// The fault seam: every fault of every actor enters the world through these three methods.
extension Kernel {
    /// Draws this fault point's uniform from `component`'s stream and asks the chooser.
    @inline(__always)
    mutating func fault(_ kind: FaultKind, _ probability: Double, _ component: Component) -> Bool {
        fault(kind, probability, draw: streams.unit(component))
    }

    /// The seam for a uniform drawn earlier (the user's plan, a request's luck).
    /// Plain runs (`plainFaults`: seeded, nothing suppressed, untraced, every bulk run) compare
    /// the draw and count a firing; the point's number is needed by nothing in them, so it is
    /// not counted, and the chooser and the choice record are not asked.
    @inline(__always)
    mutating func fault(_ kind: FaultKind, _ probability: Double, draw: Double) -> Bool {
        guard plainFaults else { return numberedFault(kind, probability, draw: draw) }
        let fires = draw < probability
        if fires { countFiring(kind) }
        return fires
    }

    /// The seam for a run whose fault points are numbered (scripted, suppressing or traced): the
    /// chooser decides at point `faultPoint`, a script records its choice, and the point is
    /// counted. Out of line: no bulk run takes it.
    @inline(never)
    mutating func numberedFault(_ kind: FaultKind, _ probability: Double, draw raw: Double) -> Bool {
        var draw = raw
        if importance != nil && !faults.isScripted { draw = importance!.read(kind, nominal: probability, raw: raw) }
        let fires = faults.fires(kind, probability: probability, uniform: draw, point: faultPoint)
        if faults.isScripted { recordChoice(kind, probability, fires: fires) }
        faultPoint &+= 1  // at most one per scheduled event and a few per run: far below 2^63
        if fires { countFiring(kind) }
        return fires
    }

    /// Counts a firing and notes it in a trace. Out of line on purpose: a fault fires about
    /// once a run, and inlined, its array update and trace text made every fault point's code
    /// several times larger (so large that the handlers around it were no longer inlined).
    @inline(never)
    mutating func countFiring(_ kind: FaultKind) {
        tally.faultCounts[kind.rawValue] += 1
        // The row (names and texts) is built only for a trace: building it is a switch
        // of string literals, a cost per firing otherwise.
        if traceLog != nil {
            let row = kind.row
            note(row.actor, nil, "FAULT \(row.name): \(row.firing)", fault: kind, faultPoint: faultPoint - 1)
        }
    }

    /// The seam for a draw taken earlier and not yet computed (`DeferredUniform`): computed
    /// only when the fault can fire. A probability of 0 never fires, seeded, suppressed or
    /// scripted, whatever the draw, so the draw's mix is skipped and the result is the same.
    @inline(__always)
    mutating func fault(_ kind: FaultKind, _ probability: Double, deferred draw: DeferredUniform) -> Bool {
        fault(kind, probability, draw: probability > 0 ? draw.value : 0)
    }

    /// A fault decided by a deterministic rule (a patience that ran out, a re-buy of an
    /// unfinished product): still passes the seam, so it is counted and can be scripted.
    @inline(__always)
    mutating func ruleFault(_ kind: FaultKind) -> Bool {
        fault(kind, 1, draw: 0)
    }

    /// Notes a choice point of a scripted run. Out of line on purpose: inlined into the seam's
    /// call sites, the append cost the seeded loop 1.4% more instructions per run.
    @inline(never)
    mutating func recordChoice(_ kind: FaultKind, _ probability: Double, fires: Bool) {
        guard recordsChoices && FaultChooser.isChoice(probability: probability) else { return }
        lastRunChoices.append(ChoicePoint(point: faultPoint, kind: kind, probability: probability, fired: fires))
    }

    /// The raw uniform `uniform` of a point of `kind` that fired, as a fresh uniform: u / p, or
    /// in a biased run of importance sampling v / q (`FaultBias`), which is the same u / p.
    /// Every call site that reuses a fired point's draw goes through here.
    @inline(__always)
    func rescaled(_ kind: FaultKind, _ uniform: Double, _ probability: Double) -> Double {
        guard let importance else { return Kernel.rescaled(uniform, probability) }
        return importance.rescaled(kind, raw: uniform, nominal: probability)
    }

    /// A duration of `slot` from `distribution`, drawn from `component`'s stream: the nominal
    /// quantile, or in importance sampling the quantile of the tail-biased uniform (`TailSlot`).
    /// Without a bias the draw is read as `sample(_:_:)` reads it (`quantile(deferred:)`).
    @inline(__always)
    mutating func sample(_ distribution: DurationDistribution, _ component: Component, tail slot: TailSlot) -> SimTime {
        quantile(distribution, deferred: streams.deferUnit(component), tail: slot)
    }

    /// The duration of `slot` that deferred draw `draw` gives: `distribution`'s quantile, of the
    /// tail-biased uniform in importance sampling, else read as `quantile(deferred:)` reads it.
    @inline(__always)
    mutating func quantile(_ distribution: DurationDistribution, deferred draw: DeferredUniform, tail slot: TailSlot) -> SimTime {
        guard importance == nil else { return distribution.quantile(biasedTailUniform(slot, draw.value)) }
        return distribution.quantile(deferred: draw)
    }

    /// The uniform a duration of `slot` takes from raw uniform `uniform` (itself, without a bias).
    @inline(__always)
    mutating func tailUniform(_ slot: TailSlot, _ uniform: Double) -> Double {
        importance == nil ? uniform : biasedTailUniform(slot, uniform)
    }

    @inline(never)
    mutating func biasedTailUniform(_ slot: TailSlot, _ uniform: Double) -> Double {
        importance!.readTail(slot, raw: uniform)
    }

    /// Starts run `index` of a world with a bias: its mixture component and a zero ratio.
    @inline(never)
    mutating func startImportanceRun(_ index: UInt64) {
        importance!.start(seedKey: streams.seedKey, run: index)
    }

    /// A fault's uniform `u`, once the fault fired (u < p), as a fresh uniform: u / p is uniform
    /// on [0, 1) and independent of everything else drawn. A scripted chooser fires faults
    /// whatever their uniforms, so the result is clamped below 1.
    @inline(__always)
    static func rescaled(_ uniform: Double, _ probability: Double) -> Double {
        probability > 0 ? min(uniform / probability, 0x1.fffffffffffffp-1) : 0
    }
}
