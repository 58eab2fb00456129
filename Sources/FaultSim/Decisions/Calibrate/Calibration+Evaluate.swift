import Policies

/// One candidate judged: where it is, how far its simulation went, and every figure's terms at
/// the last stage reached.
public struct CalibrationPoint: Sendable, Equatable {
    /// The point in [0, 1]^dimensions.
    public let t: [Double]
    /// The wave that drew it (0: a point given from outside, such as a synthetic truth).
    public let wave: Int
    /// Not ruled out: within the cutoff at every stage.
    public let passed: Bool
    /// Runs simulated before the verdict.
    public let runs: Int
    /// The criterion (largest matched implausibility, or second-largest above ten figures).
    public let criterion: Double
    /// Every figure's terms, in the file's order (held-out figures included).
    public let terms: [Implausibility.Terms]
    /// Each observed design's lost orders per 10^6 intents at the last stage reached, in
    /// `Calibration.designs` order: what the search watches settle (`Calibration.run`).
    public let lostPerMillion: [Double]
}

extension Calibration {
    /// Judges point `t`: simulates the observed designs over runs `[0, s)` for each stage s,
    /// extending the same runs, and rules the point out at the first stage whose criterion
    /// exceeds the cutoff (plus `earlyAllowance` before the last stage). A point ruled out at
    /// an early stage had its own, larger simulation variance in every denominator, so the
    /// verdict is legitimate; only survivors pay for precision.
    /// - Complexity: up to `runs` runs of every observed design.
    public func evaluate(_ t: [Double], wave: Int, jobs: Int, progress: ProgressCounter? = nil) -> CalibrationPoint {
        let scenario = scenario(at: t)
        let volume = volume(at: t)
        let matched = observations.figures.indices.filter { !observations.figures[$0].holdOut }
        let stages = self.stages
        var segments: [[DesignTally]] = []
        var terms: [Implausibility.Terms] = []
        var criterion = 0.0, passed = true
        let done = Runner.inStages(stages) { runs, index in
            let part = Runner.simulate(scenario: scenario, designs: designs, runs: UInt64(runs.lowerBound)..<UInt64(runs.upperBound),
                                       jobs: jobs, progress: progress) { TalliesOnly() }.segments
            if segments.isEmpty {
                segments = part
            } else {
                for design in segments.indices {
                    for segment in segments[design].indices { segments[design][segment].merge(part[design][segment]) }
                }
            }
            terms = observations.figures.map { self.terms(of: $0, segments: segments, segmentNames: scenario.segmentNames, volume: volume) }
            criterion = Implausibility.criterion(matched.map { terms[$0].value })
            let last = index == stages.count - 1
            passed = !(criterion > cutoff + (last ? 0 : Self.earlyAllowance))
            return passed
        }
        invariant(!passed || done == (stages.last ?? 0), "a point passes only after the last stage")
        return CalibrationPoint(t: t, wave: wave, passed: passed, runs: done, criterion: criterion, terms: terms,
                                lostPerMillion: Self.lostPerMillion(segments))
    }

    /// Each design's lost orders per 10^6 intents over all its segments.
    static func lostPerMillion(_ segments: [[DesignTally]]) -> [Double] {
        segments.map { parts in
            let lost = parts.reduce(Int64(0)) { $0 + $1.lost }, intents = parts.reduce(Int64(0)) { $0 + $1.intents }
            return intents > 0 ? Double(lost) / Double(intents) * 1e6 : 0
        }
    }

    /// One figure's terms from the designs' tallies by segment (`segments[d][s]`).
    func terms(of observation: Observation, segments: [[DesignTally]], segmentNames: [String], volume: Double?) -> Implausibility.Terms {
        let tally = designTally(observation.design, segment: observation.segment, segments: segments, segmentNames: segmentNames)
        let (events, units) = observation.figure.counts(in: tally, cause: observation.cause)
        let delta = observation.discrepancy
        switch observation.data {
        case .count(let k, let size):
            return Implausibility.count(k: k, n: size.units(volume: volume), events: events, units: units, delta: delta)
        case .range(let low, let high, let size):
            return Implausibility.range(low: low, high: high, n: size.units(volume: volume), events: events, units: units, delta: delta)
        case .sum(let total, let size):
            return Implausibility.sum(total: total, n: size.units(volume: volume), modelTotal: events, units: units, delta: delta)
        case .ratio(let low, let high, let over, let size):
            let denominator = designTally(over, segment: observation.segment, segments: segments, segmentNames: segmentNames)
            let (overEvents, overUnits) = observation.figure.counts(in: denominator, cause: observation.cause)
            return Implausibility.ratio(low: low, high: high, n: size.units(volume: volume), events: events, units: units,
                                        overEvents: overEvents, overUnits: overUnits, delta: delta)
        case .quantile(let p, let valueMs, let size):
            let t = Double(valueMs), histogram = tally.deliveryDelay
            // The histogram's buckets are 1/64 wide: half a bucket of time-scale blur joins the discrepancy.
            let widened = (1 + delta) * (1 + 1.0 / 128)
            return Implausibility.quantile(p: p, n: size.units(volume: volume), cdf: histogram.fraction(atOrBelow: t),
                                           cdfWider: histogram.fraction(atOrBelow: t * widened),
                                           cdfNarrower: histogram.fraction(atOrBelow: t / widened), deliveries: units)
        }
    }

    /// Design `name`'s tally in `segment`, or over all segments when nil.
    func designTally(_ name: String, segment: String?, segments: [[DesignTally]], segmentNames: [String]) -> DesignTally {
        let design = designs.firstIndex { $0.name == name }!
        if let segment, let index = segmentNames.firstIndex(of: segment) { return segments[design][index] }
        var tally = segments[design][0]
        for part in segments[design].dropFirst() { tally.merge(part) }
        return tally
    }
}
