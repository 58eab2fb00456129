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
}

extension Calibration {
    /// Region points below which a wave that did not shrink the box is followed by another:
    /// spreads from fewer points are too rough to read.
    public static let enoughPoints = 30

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

    /// History matching in waves: each wave judges `candidates` Latin-hypercube points of its
    /// box (`evaluate`); the next box narrows the axes along which the points kept so far are
    /// concentrated (`SamplingBox.refocused`). The test is the same in
    /// every wave, so the region is one set and every kept point, whichever box drew it, is a
    /// uniform draw from it while the boxes enclose it. Stops when a box is no longer smaller
    /// than 0.9 of the one before (the region stopped shrinking the search) and the region has
    /// `enoughPoints` to measure spreads on (else the next wave draws more from the same box),
    /// or after `maxWaves`. While nothing is kept, each wave draws new candidates from the whole
    /// box: a region of 1% of the box leaves 100 candidates empty-handed a third of the time
    /// (the synthetic check's truth 18 was inside a region no wave had found). `truth`, when
    /// given, is judged by the same test.
    public func run(source: String? = nil, jobs: Int, reporter: (any ProgressReporter)? = nil,
                    truth: [Double]? = nil) -> CalibrationResult {
        var box = SamplingBox(dimensions: dimensions)
        var region: [CalibrationPoint] = []
        var best: [CalibrationPoint?] = Array(repeating: nil, count: observations.figures.count)
        var closest: CalibrationPoint?
        var waves: [CalibrationWave] = []
        for wave in 1...maxWaves {
            let cube = Robustness.latinHypercube(points: candidates, dimensions: max(dimensions, 1), seed: baseline.seed,
                                                 stream: Self.stream(wave: wave))
            let progress = reporter?.begin("wave \(wave)/\(maxWaves), \(candidates) candidates", totalRuns: candidates * runs)
            var kept = 0, simulated = 0
            for u in cube {
                let point = evaluate(box.scaled(Array(u.prefix(dimensions))), wave: wave, jobs: jobs, progress: progress)
                simulated += point.runs
                if point.criterion < (closest?.criterion ?? .infinity) { closest = point }
                for index in best.indices where point.terms[index].value < (best[index]?.terms[index].value ?? .infinity) {
                    best[index] = point
                }
                if point.passed {
                    region.append(point)
                    kept += 1
                }
            }
            waves.append(CalibrationWave(wave: wave, box: box, candidates: candidates, kept: kept, runs: simulated))
            guard !region.isEmpty else { continue }
            let next = box.refocused(on: region.map(\.t))
            if next.volume >= 0.9 * box.volume && region.count >= Self.enoughPoints { break }
            box = next
        }
        let judgedTruth = truth.map { evaluate($0, wave: 0, jobs: jobs, progress: reporter?.begin("the given truth", totalRuns: runs)) }
        return CalibrationResult(plan: self, source: source, waves: waves, region: region, best: best.map { $0! }, closest: closest!,
                                 truth: judgedTruth)
    }
}
