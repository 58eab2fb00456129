/// What every actor of a world shares and none owns: the clock and the event queue, the random
/// streams, the fault seam, the tally of counts, and the trace. Actors reach one another only
/// through events scheduled here (or the explicit ports `World.handle` passes them), and every
/// fault enters through `fault(_:_:draw:)`.
struct Kernel: Sendable {
    var queue = EventQueue()
    var streams = RandomStreams()
    /// Seeded or scripted faults (see `FaultChooser`).
    var faults: FaultChooser
    /// Fault points passed so far in this run: the number of the next one. Counted only when
    /// something reads the numbers (a script, suppressed points, a trace): see `plainFaults`.
    var faultPoint = 0
    /// This run's faults fire by their seeded draws alone and nothing numbers them: the chooser
    /// is plain seeded (no script, no suppression) and the run is untraced. Every bulk run. Set
    /// at each `reset`, so a fault point tests this one byte, and the chooser, the choice record
    /// and the point count are left to the out-of-line path (`Kernel.numberedFault`).
    var plainFaults = false
    /// Counts accumulated over every run of this world.
    var tally = DesignTally()
    /// Events scheduled past this instant are dropped, which is what ends every run.
    let horizonMs: SimTime
    /// Where a traced run writes its story; nil when tracing is off.
    var traceLog: TraceLog?
    /// With a scripted chooser, record `lastRunChoices` and `lastRunEventKinds`.
    var recordsChoices = false
    /// The last run's choice points, in order, when `recordsChoices` is on.
    var lastRunChoices: [ChoicePoint] = []
    /// Importance sampling's biased world and this run's reading of it (`FaultBias`); nil for
    /// every plain run. A world with one numbers its fault points, so the bias is applied on
    /// the out-of-line path (`Kernel.numberedFault`) and the plain seam is untouched.
    var importance: ImportanceState?
    /// Bit k is set when the last run handled an event of kind k (when `recordsChoices` is on).
    var lastRunEventKinds: UInt64 = 0

    init(faults: FaultChooser, horizonMs: SimTime) {
        // `schedule` relies on it: an event at or before the horizon is within the queue's times.
        precondition(horizonMs >= 0 && horizonMs <= Event.maxTime, "the horizon must lie between 0 and 2^42 ms")
        self.faults = faults
        self.horizonMs = horizonMs
    }

    var now: SimTime { queue.now }

    /// Rewinds the clock and reseeds the streams for run `index`. Returns whether the queue's
    /// storage was shared with another copy of the world (see `RunArray`).
    @inline(__always)
    mutating func reset(seed: UInt64, run index: UInt64) -> Bool {
        reset(seed: seed, run: index, runKey: nil)
    }

    /// The same, with the run's key when the caller computed it (`RandomStreams.reseed(seed:runKey:)`).
    @inline(__always)
    mutating func reset(seed: UInt64, run index: UInt64, runKey: UInt64?) -> Bool {
        if traceLog != nil {
            // A copy of the world shares the log object: the copy that runs takes its own.
            if !isKnownUniquelyReferenced(&traceLog) { traceLog = TraceLog() }
            traceLog?.entries.removeAll(keepingCapacity: true)
        }
        let shared = queue.reset()
        if let runKey { streams.reseed(seed: seed, runKey: runKey) } else { streams.reseed(seed: seed, run: index) }
        faultPoint = 0
        plainFaults = faults.isPlainSeeded && traceLog == nil && importance == nil
        if importance != nil { startImportanceRun(index) }
        if recordsChoices {
            lastRunChoices.removeAll(keepingCapacity: true)
            lastRunEventKinds = 0
        }
        return shared
    }

    /// Schedules `event` `delay` ms from now; events past the horizon are dropped.
    @inline(__always)
    mutating func schedule(_ event: WorldEvent, after delay: SimTime) {
        // Cannot overflow: `now` is below 2^42 and a delay at most `DurationDistribution.capMs`.
        let time = now &+ delay
        guard time <= horizonMs else { return }
        // The queue's bounds on time, now ≤ time ≤ 2^42 ms, follow from a delay ≥ 0 and the
        // horizon's bound (`init`): one sign test instead of the queue's two-sided compare.
        invariant(delay >= 0, "an event is scheduled before now")
        queue.insert(event, at: time)
    }

    /// A uniform on [0, 1) from `component`'s stream.
    @inline(__always)
    mutating func unit(_ component: Component) -> Double { streams.unit(component) }

    /// A duration from `distribution`, drawn from `component`'s stream. The draw is taken in every
    /// case and computed only when the distribution reads it (`quantile(deferred:)`): a fixed
    /// duration (StoreKit's callback delay, the server's processing time) needs no mix.
    @inline(__always)
    mutating func sample(_ distribution: DurationDistribution, _ component: Component) -> SimTime {
        distribution.quantile(deferred: streams.deferUnit(component))
    }

    /// Adds a line to the trace; free when tracing is off (the text is never built).
    @inline(__always)
    func note(_ from: Actor, _ to: Actor? = nil, _ text: @autoclosure () -> String, fault: FaultKind? = nil, faultPoint: Int? = nil) {
        guard let traceLog else { return }
        traceLog.entries.append(TraceEntry(time: now, from: from, to: to, text: text(), fault: fault, faultPoint: faultPoint))
    }
}
