import Policies

/// The box in [0, 1]^dimensions a wave draws its candidates from.
public struct SamplingBox: Sendable, Equatable {
    public var low: [Double]
    public var high: [Double]

    /// The whole prior box.
    public init(dimensions: Int) {
        low = Array(repeating: 0, count: dimensions)
        high = Array(repeating: 1, count: dimensions)
    }

    /// Its share of the prior box.
    public var volume: Double { zip(low, high).reduce(1) { $0 * ($1.1 - $1.0) } }

    /// A point of the unit cube mapped into the box.
    func scaled(_ u: [Double]) -> [Double] { u.indices.map { low[$0] + u[$0] * (high[$0] - low[$0]) } }

    /// The next wave's box: along each axis, the range of the points kept, widened by four
    /// times the mean gap between them (at least a twentieth of the box), but only where the
    /// points are significantly concentrated: the chance that k uniform points of the box span
    /// so little of it, k r^(k−1) − (k−1) r^k, is below 1%. Elsewhere the axis keeps its width.
    /// In many dimensions a plain bounding box of a few points cuts every axis a little and the
    /// product cuts most of the region away (MUCM toolkit's refocusing, made cautious).
    func refocused(on points: [[Double]]) -> SamplingBox {
        var box = self
        let k = points.count
        guard k >= 2 else { return box }
        for axis in low.indices {
            let width = high[axis] - low[axis]
            let values = points.map { $0[axis] }
            let (a, b) = (values.min()!, values.max()!)
            let r = width > 0 ? (b - a) / width : 1
            var power = 1.0
            for _ in 0..<(k - 1) { power *= r }
            let chance = Double(k) * power - Double(k - 1) * power * r
            guard chance < 0.01 else { continue }
            let margin = max(4 * (b - a) / Double(k - 1), width / 20)
            box.low[axis] = max(low[axis], a - margin)
            box.high[axis] = min(high[axis], b + margin)
        }
        return box
    }
}

/// One wave: the box it drew from, its candidates and how many were not ruled out.
public struct CalibrationWave: Sendable, Equatable {
    public let wave: Int
    public let box: SamplingBox
    public let candidates: Int
    public let kept: Int
    /// Runs simulated in the wave (early rule-out makes most candidates cheap).
    public let runs: Int
    /// The smallest criterion of the wave's candidates: how near the search came.
    public let closest: Double
}

/// Why the search stopped (`Calibration.run`).
public enum SearchStop: String, Sendable, Equatable {
    /// The stated rule held: enough region points, the box no longer shrinking, and the
    /// observed designs' lost orders over the region no longer moving.
    case settled
    /// The next wave would have passed the candidate budget.
    case budget
    /// The last wave allowed ran.
    case waves
}

extension Calibration {
    /// Region points below which the search goes on, each next wave drawing twice as many
    /// candidates: spreads and medians from fewer points are too rough to read.
    public static let enoughPoints = 30
    /// "No longer moving": each observed design's median lost per 10^6 over the region moved by
    /// less than this share of itself (or less than `settledFloorPerMillion`) in the last wave.
    public static let settledShare = 0.1
    public static let settledFloorPerMillion = 1.0

    /// The name of the synthetic truths' stream (`syntheticTruths`).
    public static let truthStream = "simrun calibrate: synthetic truths"

    /// `count` Latin-hypercube points of the prior box as scenarios, drawn from their own
    /// stream (never a wave's): the synthetic truths of the simulation-based check
    /// (scripts/calibration-check), each a world the calibration should not rule out.
    public func syntheticTruths(_ count: Int) -> [Scenario] {
        Robustness.latinHypercube(points: count, dimensions: max(guesses.count, 1), seed: baseline.seed, stream: Self.truthStream)
            .map { scenario(at: Array($0.prefix(guesses.count))) }
    }

    /// The name of wave `wave`'s random stream: each wave's Latin hypercube is its own.
    static func stream(wave: Int) -> String { "simrun calibrate: wave \(wave)" }

    /// History matching in waves, searching until the answer stops moving. The rule, as the
    /// output states it: wave 1 judges `candidates` Latin-hypercube points of the prior box
    /// (`evaluate`); while the region (the points not ruled out) has fewer than `enoughPoints`,
    /// the next wave draws twice as many, from the whole box while nothing is kept (a region of
    /// 1% of the box leaves 100 candidates empty-handed a third of the time) and from the box
    /// refocused on the region after (`SamplingBox.refocused`). The search has *settled* when
    /// the region has `enoughPoints`, the box no longer shrinks (the next is at least 0.9 of
    /// it), and each observed design's median lost per 10^6 over the region moved by less than
    /// `settledShare` in the last wave. Otherwise it stops before a wave would pass `budget`
    /// candidates, or after `maxWaves`. The test is the same in every wave, so the region is
    /// one set, and every kept point is a uniform draw from it while the boxes enclose it.
    /// `truth`, when given, is judged by the same test.
    public func run(source: String? = nil, jobs: Int, reporter: (any ProgressReporter)? = nil,
                    truth: [Double]? = nil) -> CalibrationResult {
        var search = Search(plan: self)
        var size = candidates, stop = SearchStop.waves
        for wave in 1...maxWaves {  // bounded by maxWaves, and by the budget
            guard search.used + size <= budget else { stop = .budget; break }
            let before = search.medians()
            search.wave(wave, size: size, jobs: jobs, reporter: reporter)
            guard !search.region.isEmpty else { size *= 2; continue }
            let next = search.box.refocused(on: search.region.map(\.t))
            let enough = search.region.count >= Self.enoughPoints
            if enough && next.volume >= 0.9 * search.box.volume && Self.settled(before, search.medians()) { stop = .settled; break }
            if !enough { size *= 2 }
            search.box = next
        }
        assert(search.waves.count <= maxWaves && search.used <= budget, "the search kept to its bounds")
        let judgedTruth = truth.map { evaluate($0, wave: 0, jobs: jobs, progress: reporter?.begin("the given truth", totalRuns: runs)) }
        return CalibrationResult(plan: self, source: source, waves: search.waves, stop: stop, region: search.region,
                                 best: search.best.map { $0! }, closest: search.closest!, truth: judgedTruth)
    }

    /// Whether every design's median moved by less than `settledShare` of itself (or the
    /// floor); never before there was a region to compare with.
    static func settled(_ before: [Double]?, _ after: [Double]?) -> Bool {
        guard let before, let after else { return false }
        return zip(before, after).allSatisfy { abs($1 - $0) < max(settledShare * max($0, $1), settledFloorPerMillion) }
    }

    /// The search's state across waves.
    struct Search {
        let plan: Calibration
        var box: SamplingBox
        var region: [CalibrationPoint] = []
        var best: [CalibrationPoint?]
        var closest: CalibrationPoint?
        var waves: [CalibrationWave] = []
        var used = 0

        init(plan: Calibration) {
            self.plan = plan
            box = SamplingBox(dimensions: plan.dimensions)
            best = Array(repeating: nil, count: plan.observations.figures.count)
        }

        /// Each observed design's median lost per 10^6 over the region; nil without a region.
        func medians() -> [Double]? {
            guard !region.isEmpty else { return nil }
            return plan.designs.indices.map { d in CalibrationResult.quantile(region.map { $0.lostPerMillion[d] }.sorted(), 0.5) }
        }

        /// Judges wave `wave`'s `size` candidates drawn from the box.
        mutating func wave(_ wave: Int, size: Int, jobs: Int, reporter: (any ProgressReporter)?) {
            let dimensions = plan.dimensions
            let cube = Robustness.latinHypercube(points: size, dimensions: max(dimensions, 1), seed: plan.baseline.seed,
                                                 stream: Calibration.stream(wave: wave))
            let progress = reporter?.begin("wave \(wave), \(size) candidates", totalRuns: size * plan.runs)
            var kept = 0, simulated = 0, nearest = Double.infinity
            for u in cube {
                let point = plan.evaluate(box.scaled(Array(u.prefix(dimensions))), wave: wave, jobs: jobs, progress: progress)
                simulated += point.runs
                nearest = min(nearest, point.criterion)
                if point.criterion < (closest?.criterion ?? .infinity) { closest = point }
                for index in best.indices where point.terms[index].value < (best[index]?.terms[index].value ?? .infinity) {
                    best[index] = point
                }
                if point.passed {
                    region.append(point)
                    kept += 1
                }
            }
            used += size
            waves.append(CalibrationWave(wave: wave, box: box, candidates: size, kept: kept, runs: simulated, closest: nearest))
            assert(closest != nil && best.allSatisfy { $0 != nil }, "a wave judges at least one candidate")
        }
    }
}
