import Policies

/// What a calibration found, from which every output is rendered (`DecisionReport`): the waves,
/// the region's points, each guess's spread in the region against its prior spread, the
/// region's share of the prior box, held-out figures checked against the region, the limits,
/// and, with `--designs`, each design's lost orders over the region (`RegionDecision`).
public struct CalibrationResult: DecisionReport {
    public static let tool = "calibrate"
    public let job: DecisionJob
    public let plan: Calibration
    public let waves: [CalibrationWave]
    /// Why the search stopped.
    public let stop: SearchStop
    /// Every point not ruled out, in the order judged (wave by wave, candidate index order).
    public let region: [CalibrationPoint]
    /// For each figure, the point that came closest to it.
    public let best: [CalibrationPoint]
    /// The point with the smallest criterion of all judged.
    public let closest: CalibrationPoint
    /// A point given from outside (a synthetic truth), judged by the same test.
    public let truth: CalibrationPoint?
    /// Designs over the region, when the job compares designs.
    public var decision: RegionDecision?

    /// At most this many region points are written as scenario files.
    public static let writtenPoints = 10

    init(plan: Calibration, source: String?, waves: [CalibrationWave], stop: SearchStop, region: [CalibrationPoint],
         best: [CalibrationPoint], closest: CalibrationPoint, truth: CalibrationPoint?) {
        self.stop = stop
        self.closest = closest
        job = DecisionJob(plan.baseline, source: source, runs: plan.runs)
        self.plan = plan
        self.waves = waves
        self.region = region
        self.best = best
        self.truth = truth
    }

    /// One coordinate's spread: a guess, or the volume.
    public struct Spread: Sendable, Equatable {
        public let name: String
        public let low: String
        public let high: String
        /// sd of t in the region over the prior's 1/√12; nil without two region points.
        public let shrinkage: Double?
        /// The 5% and 95% points of the region's values, as values.
        public let regionLow: String
        public let regionHigh: String

        /// "constrained" up to 0.7, "weakly constrained" to 0.9, else "not constrained".
        public var verdict: String {
            guard let shrinkage else { return "unknown" }
            return shrinkage <= 0.7 ? "constrained" : shrinkage <= 0.9 ? "weakly constrained" : "not constrained"
        }
    }

    /// Every coordinate's spread, guesses in table order then the volume.
    public var spreads: [Spread] {
        (0..<plan.dimensions).map { axis in
            let ts = region.map { $0.t[axis] }.sorted()
            let shrinkage = ts.count >= 2 ? Self.standardDeviation(ts) * 12.0.squareRoot() : nil
            let (q5, q95) = ts.isEmpty ? (0.0, 1.0) : (Self.quantile(ts, 0.05), Self.quantile(ts, 0.95))
            if axis < plan.guesses.count {
                let guess = plan.guesses[axis]
                return Spread(name: guess.path, low: guess.low.shortText, high: guess.high.shortText, shrinkage: shrinkage,
                              regionLow: guess.value(at: q5).shortText, regionHigh: guess.value(at: q95).shortText)
            }
            let volume = plan.observations.volume!
            return Spread(name: volume.name, low: Calibration.short(volume.low), high: Calibration.short(volume.high), shrinkage: shrinkage,
                          regionLow: Calibration.short(volume.value(at: q5)), regionHigh: Calibration.short(volume.value(at: q95)))
        }
    }

    /// The region's share of the prior box: the last box's volume times the share of candidates
    /// kept by the waves that drew from that box (the last, and those just before it with the
    /// same box: waves that found nothing, or too few to refocus on), with a Wilson 95% interval
    /// on that share. Valid while the box encloses the region, which its margin makes likely but
    /// cannot prove.
    public var share: (estimate: Double, low: Double, high: Double) {
        guard let last = waves.last else { return (0, 0, 0) }
        let sameBox = waves.reversed().prefix { $0.box == last.box }
        let kept = sameBox.reduce(0) { $0 + $1.kept }, candidates = sameBox.reduce(0) { $0 + $1.candidates }
        let interval = Wilson.interval(successes: Int64(kept), trials: Int64(candidates))
        let volume = last.box.volume
        return (volume * Double(kept) / Double(candidates), volume * interval.low, volume * interval.high)
    }

    /// Up to `writtenPoints` region points: the best-fitting (smallest criterion), then each
    /// next the farthest (in t) from those chosen, ties to the earlier point.
    public var chosenPoints: [Int] {
        guard !region.isEmpty else { return [] }
        var chosen = [region.indices.min { region[$0].criterion < region[$1].criterion }!]
        while chosen.count < min(Self.writtenPoints, region.count) {
            var farthest = (index: -1, distance: -1.0)
            for index in region.indices where !chosen.contains(index) {
                let distance = chosen.map { Self.distance(region[$0].t, region[index].t) }.min()!
                if distance > farthest.distance { farthest = (index, distance) }
            }
            chosen.append(farthest.index)
        }
        return chosen
    }

    /// A held-out figure against the region: the share of region points where it is within a
    /// single figure's cutoff (3), and its median implausibility there.
    public func heldOut(_ figure: Int) -> (consistent: Int, points: Int, median: Double) {
        let values = region.map { $0.terms[figure].value }.sorted()
        let consistent = values.filter { $0 <= Implausibility.cutoff(figures: 1) }.count
        return (consistent, values.count, values.isEmpty ? 0 : Self.quantile(values, 0.5))
    }

    /// For a figure no point met: the relative discrepancy δ* that would let its best point
    /// pass, √((z − μ)²/c² − V_obs − V_sim)/μ (design note, pitfall 3); nil when μ is 0.
    public func neededDiscrepancy(_ figure: Int) -> Double? {
        let terms = best[figure].terms[figure]
        if plan.observations.figures[figure].over != nil { return Implausibility.ratioDiscrepancyNeeded(terms, cutoff: plan.cutoff) }
        guard terms.model > 0 else { return nil }
        let gap = terms.observed - terms.model
        let c = plan.cutoff
        return max(gap * gap / (c * c) - terms.observation - terms.simulation, 0).squareRoot() / terms.model
    }

    static func standardDeviation(_ values: [Double]) -> Double {
        let mean = values.reduce(0, +) / Double(values.count)
        return (values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count - 1)).squareRoot()
    }

    /// The q-quantile of sorted values, by linear interpolation between order statistics.
    static func quantile(_ sorted: [Double], _ q: Double) -> Double {
        let position = q * Double(sorted.count - 1)
        let below = Int(position)
        let above = min(below + 1, sorted.count - 1)
        return sorted[below] + (position - Double(below)) * (sorted[above] - sorted[below])
    }

    static func distance(_ a: [Double], _ b: [Double]) -> Double {
        zip(a, b).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
    }
}

extension Calibration {
    /// A number as the outputs print it: three significant digits, no exponent below 10^15.
    public static func short(_ value: Double) -> String {
        guard value.isFinite else { return "-" }
        let rounded = Significant.round(value)
        if rounded == rounded.rounded() && abs(rounded) < 1e15 { return Grouped.format(Int(rounded)) }
        return Scientific.format(rounded) == "0" ? "0" : (rounded >= 0.001 ? trimmedDecimal(rounded) : Scientific.format(rounded))
    }

    static func trimmedDecimal(_ value: Double) -> String {
        var text = FixedPoint.format(value, places: 6)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}

extension CalibrationResult {
    /// Pairs of calibrated inputs the figures constrain together: their rank correlation over
    /// the region is at least 0.5 and beyond what chance gives among this many pairs (a
    /// Bonferroni bound, Φ⁻¹(1 − 0.025/pairs)/√(n − 1)), strongest first, at most five. A
    /// ridge (volume × contact probability × anomaly rate) shows here while each factor alone
    /// looks loose.
    public var combinations: [(first: String, second: String, correlation: Double)] {
        let n = region.count, names = spreads.map(\.name)
        let pairs = names.count * (names.count - 1) / 2
        guard n >= 10, pairs > 0 else { return [] }
        let threshold = max(0.5, -NormalQuantile.of(0.025 / Double(pairs)) / Double(n - 1).squareRoot())
        let ranks = names.indices.map { axis in RegionDecision.ranks(region.map { $0.t[axis] }) }
        var found: [(first: String, second: String, correlation: Double)] = []
        for a in names.indices {
            for b in (a + 1)..<names.count {
                let correlation = RegionDecision.pearson(ranks[a], ranks[b])
                if abs(correlation) >= threshold { found.append((names[a], names[b], correlation)) }
            }
        }
        return Array(found.enumerated().sorted { (abs($0.element.correlation), -$0.offset) > (abs($1.element.correlation), -$1.offset) }
            .map(\.element).prefix(5))
    }
}
