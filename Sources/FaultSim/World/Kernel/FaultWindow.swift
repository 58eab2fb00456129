/// A stretch of a run that one fault covers (an offline episode, an Apple outage): one choice
/// point, not a coin flip per request. Its three uniforms are taken from the plan stream in every
/// run, so every design sees the same world, and become a window only in the runs where the
/// fault fires; they are computed only then (`DeferredUniform`), and whether it happens only
/// when its probability is above 0.
struct FaultWindow: Sendable {
    /// When the window opens and closes (ms from the run's start); −1 when the run has none.
    private(set) var from: SimTime = -1
    private(set) var until: SimTime = -1

    /// The window's uniforms: whether it happens, when it starts, how long it lasts. The three
    /// are consecutive draws of the plan stream, so the first's position and the stream's step
    /// name all three: planning keeps one position per window, not three (five windows a run).
    struct Draws {
        let occurs: DeferredUniform
        let gamma: UInt64

        var start: DeferredUniform {
            @inline(__always) get { DeferredUniform(position: occurs.position &+ gamma) }
        }
        var length: DeferredUniform {
            @inline(__always) get { DeferredUniform(position: occurs.position &+ 2 &* gamma) }
        }
    }

    /// Takes the window's three uniforms from the plan stream.
    @inline(__always)
    static func draw(_ kernel: inout Kernel) -> Draws {
        let occurs = kernel.streams.deferUnit(.plan)
        kernel.streams.skip(.plan, 2)
        return Draws(occurs: occurs, gamma: kernel.streams.gamma)
    }

    /// Opens the window, once its fault fired (through the seam, with `draws.occurs`): it starts
    /// at `start` and lasts `length`. The caller asks the seam first, so the distributions are
    /// read only in the runs that have a window. Out of line: a window opens in about one run in
    /// seventy, and the two quantiles inlined made every run's planning too large to inline.
    @inline(never)
    mutating func open(start: DurationDistribution, length: DurationDistribution, _ draws: Draws) {
        from = start.quantile(deferred: draws.start)
        until = from + length.quantile(deferred: draws.length)
    }

    /// Opens the window as `open(start:length:_:)` does, its length's long tail biased as
    /// `slot` under importance sampling (`Kernel.quantile(_:deferred:tail:)`); without a bias the
    /// same draw is read the same way, so plain runs are unchanged.
    @inline(never)
    mutating func open(start: DurationDistribution, length: DurationDistribution, _ draws: Draws, tail slot: TailSlot,
                       _ kernel: inout Kernel) {
        from = start.quantile(deferred: draws.start)
        until = from + kernel.quantile(length, deferred: draws.length, tail: slot)
    }

    /// Whether `time` falls inside the window.
    @inline(__always)
    func contains(_ time: SimTime) -> Bool { from >= 0 && time >= from && time < until }

    @inline(__always)
    mutating func close() {
        from = -1
        until = -1
    }
}
