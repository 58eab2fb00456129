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

    /// The bounding box of `points`, widened by a tenth of its width on each side (at least
    /// 0.05) and clipped to [0, 1]: the MUCM toolkit's refocusing, with a margin because the
    /// region's edges are only as well known as the points that found them.
    static func enclosing(_ points: [[Double]], dimensions: Int) -> SamplingBox {
        var box = SamplingBox(dimensions: dimensions)
        for axis in 0..<dimensions {
            let values = points.map { $0[axis] }
            let (a, b) = (values.min() ?? 0, values.max() ?? 1)
            let margin = max((b - a) / 10, 0.05)
            box.low[axis] = max(0, a - margin)
            box.high[axis] = min(1, b + margin)
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
    /// The name of wave `wave`'s random stream: each wave's Latin hypercube is its own.
    static func stream(wave: Int) -> String { "simrun calibrate: wave \(wave)" }

    /// History matching in waves: each wave judges `candidates` Latin-hypercube points of its
    /// box (`evaluate`); the next box encloses every point kept so far. The test is the same in
    /// every wave, so the region is one set and every kept point, whichever box drew it, is a
    /// uniform draw from it while the boxes enclose it. Stops when a box is no longer smaller
    /// than 0.9 of the one before (the region stopped shrinking the search), when nothing was
    /// kept at all, or after `maxWaves`. `truth`, when given, is judged by the same test.
    public func run(source: String? = nil, jobs: Int, reporter: (any ProgressReporter)? = nil,
                    truth: [Double]? = nil) -> CalibrationResult {
        var box = SamplingBox(dimensions: dimensions)
        var region: [CalibrationPoint] = []
        var best: [CalibrationPoint?] = Array(repeating: nil, count: observations.figures.count)
        var waves: [CalibrationWave] = []
        for wave in 1...maxWaves {
            let cube = Robustness.latinHypercube(points: candidates, dimensions: max(dimensions, 1), seed: baseline.seed,
                                                 stream: Self.stream(wave: wave))
            let progress = reporter?.begin("wave \(wave)/\(maxWaves), \(candidates) candidates", totalRuns: candidates * runs)
            var kept = 0, simulated = 0
            for u in cube {
                let point = evaluate(box.scaled(Array(u.prefix(dimensions))), wave: wave, jobs: jobs, progress: progress)
                simulated += point.runs
                for index in best.indices where point.terms[index].value < (best[index]?.terms[index].value ?? .infinity) {
                    best[index] = point
                }
                if point.passed {
                    region.append(point)
                    kept += 1
                }
            }
            waves.append(CalibrationWave(wave: wave, box: box, candidates: candidates, kept: kept, runs: simulated))
            guard !region.isEmpty else { break }
            let next = SamplingBox.enclosing(region.map(\.t), dimensions: dimensions)
            if next.volume >= 0.9 * box.volume { break }
            box = next
        }
        let judgedTruth = truth.map { evaluate($0, wave: 0, jobs: jobs, progress: reporter?.begin("the given truth", totalRuns: runs)) }
        return CalibrationResult(plan: self, source: source, waves: waves, region: region, best: best.map { $0! }, truth: judgedTruth)
    }
}
