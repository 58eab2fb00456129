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
    mutating func numberedFault(_ kind: FaultKind, _ probability: Double, draw: Double) -> Bool {
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

    /// A fault's uniform `u`, once the fault fired (u < p), as a fresh uniform: u / p is uniform
    /// on [0, 1) and independent of everything else drawn. A scripted chooser fires faults
    /// whatever their uniforms, so the result is clamped below 1.
    @inline(__always)
    static func rescaled(_ uniform: Double, _ probability: Double) -> Double {
        probability > 0 ? min(uniform / probability, 0x1.fffffffffffffp-1) : 0
    }
}
