import Policies

/// The designs over the calibrated region: at each of the region's first `points` points (a
/// uniform sample of it, as every kept point is), every design is simulated with the team's
/// current design over the same runs (common random numbers) and paired with it. The shares
/// are shares of the region's volume under a uniform spread over it, not probabilities.
public struct RegionDecision: Sendable, Equatable {
    /// The team's current design, first; then the others; then the steps (`steps`).
    public let designs: [String]
    /// The first steps from the current design toward `faultsim-recommended`, each one axis
    /// moved to the recommendation's value ("finishMoment → afterDelivery"), simulated after
    /// the designs: the last `steps.count` entries of `designs` and of every table.
    public let steps: [String]
    /// The current design's lost orders by cause (`Cause.rawValue`), summed over the points.
    public let currentCauses: [Int64]
    public let runs: Int
    /// The region points used (indices into `CalibrationResult.region`).
    public let points: [Int]
    /// `lost[p][d]`, `intents[p][d]`: design d at point p.
    public let lost: [[Int64]]
    public let intents: [[Int64]]
    /// `onlyDesign[p][d]` / `onlyCurrent[p][d]`: intents design d lost and the current design
    /// did not, and the reverse, at point p.
    public let onlyDesign: [[Int64]]
    public let onlyCurrent: [[Int64]]

    public static let defaultPoints = 20

    /// Simulates `designs` (the current design first), then the first steps from it toward
    /// `toward` when given (`firstSteps`), at `points` of `result`'s region.
    /// - Complexity: `points` × (designs + steps) × `runs` runs.
    public static func run(_ result: CalibrationResult, designs: [Design], toward: Design? = nil, points: Int, runs: Int, jobs: Int,
                           reporter: (any ProgressReporter)? = nil) -> RegionDecision {
        let steps = toward.map { firstSteps(from: designs[0], toward: $0, on: result.plan.baseline.platform) } ?? []
        let simulated = designs + steps.map(\.design)
        let used = Array(result.region.indices.prefix(points))
        let progress = reporter?.begin("\(used.count) region points x \(simulated.count) designs", totalRuns: used.count * runs)
        var lost: [[Int64]] = [], intents: [[Int64]] = [], onlyDesign: [[Int64]] = [], onlyCurrent: [[Int64]] = []
        var causes = [Int64](repeating: 0, count: Cause.allCases.count)
        for index in used {
            let scenario = result.plan.scenario(at: result.region[index].t)
            let compared = Runner.compare(scenario: scenario, designs: simulated, runs: 0..<UInt64(runs), jobs: jobs, progress: progress)
            lost.append(compared.tallies.map(\.lost))
            intents.append(compared.tallies.map(\.intents))
            onlyDesign.append(simulated.indices.map { compared.pairs.lostOnlyBy($0, notBy: 0) })
            onlyCurrent.append(simulated.indices.map { compared.pairs.lostOnlyBy(0, notBy: $0) })
            for cause in Cause.allCases { causes[cause.rawValue] += compared.tallies[0].count(of: .lost, cause: cause) }
        }
        assert(causes.reduce(0, +) == lost.reduce(0) { $0 + $1[0] }, "every lost order has one cause")
        return RegionDecision(designs: simulated.map(\.name), steps: steps.map(\.label), currentCauses: causes, runs: runs, points: used,
                              lost: lost, intents: intents, onlyDesign: onlyDesign, onlyCurrent: onlyCurrent)
    }

    /// Every legal design one axis from `current` toward `target`: the axis set to the
    /// target's value, labelled "axis → value" (as `ablate --from --to` takes its first step).
    static func firstSteps(from current: Design, toward target: Design, on platform: PlatformParameters) -> [(label: String, design: Design)] {
        Ablation.differingAxes(current, target, on: platform).compactMap { axis in
            guard Ablation.legal(current, moving: [axis], to: target) else { return nil }
            var design = Ablation.moving(current, [axis], to: target)
            let row = DesignAxis.table[axis]
            design.name = "\(current.name)/\(row.name)"
            return ("\(row.name) → \(row.value(of: target).label)", design)
        }
    }

    /// The designs shown in the table: all but the steps.
    public var shown: Range<Int> { 0..<(designs.count - steps.count) }

    /// Design d's summary over the points.
    public struct Summary: Sendable {
        public let design: String
        /// Lost per 10^6 intents: median, 5% and 95% of the points' estimates.
        public let median: Double
        public let low: Double
        public let high: Double
        /// Its paired difference from the current design, lost per 10^6 intents (negative:
        /// fewer): median, 5% and 95% of the points' differences.
        public let difference: (median: Double, low: Double, high: Double)
        /// Points where it lost fewer than the current design, and where clearly so (exact McNemar p < 0.05).
        public let beats: Int
        public let clearlyBeats: Int
        public let points: Int
        /// The guess whose rank correlation with (d − current) is strongest, with that
        /// correlation, and whether the median difference changes sign between the lower and
        /// upper third of its values in the region ("could flip").
        public let guess: String?
        public let correlation: Double
        public let couldFlip: Bool
    }

    /// Every shown design's summary, in `designs` order (the current design first; no steps).
    public func summaries(guesses: [String], region: [CalibrationPoint]) -> [Summary] {
        shown.map { summary(of: $0, guesses: guesses, region: region) }
    }

    /// Design d's summary (an index into `designs`, steps included).
    public func summary(of d: Int, guesses: [String], region: [CalibrationPoint]) -> Summary {
        let perMillion = points.indices.map { p in intents[p][d] > 0 ? Double(lost[p][d]) / Double(intents[p][d]) * 1e6 : 0 }.sorted()
        let differences = points.indices.map { p in Double(onlyDesign[p][d] - onlyCurrent[p][d]) }
        let perMillionDifferences = points.indices.map { p in intents[p][d] > 0 ? differences[p] / Double(intents[p][d]) * 1e6 : 0 }.sorted()
        let beats = differences.filter { $0 < 0 }.count
        let clearly = points.indices.filter { p in
            onlyDesign[p][d] < onlyCurrent[p][d]
                && ExactMcNemar.logPValue(onlyA: onlyDesign[p][d], onlyB: onlyCurrent[p][d]) < Significance.logLevel
        }.count
        let flip = d == 0 ? nil : Self.strongestGuess(differences, guesses: guesses, ts: points.map { region[$0].t })
        return Summary(design: designs[d], median: Self.at(perMillion, 0.5), low: Self.at(perMillion, 0.05),
                       high: Self.at(perMillion, 0.95),
                       difference: (Self.at(perMillionDifferences, 0.5), Self.at(perMillionDifferences, 0.05), Self.at(perMillionDifferences, 0.95)),
                       beats: beats, clearlyBeats: clearly, points: points.count,
                       guess: flip?.guess, correlation: flip?.correlation ?? 0, couldFlip: flip?.couldFlip ?? false)
    }

    static func at(_ sorted: [Double], _ q: Double) -> Double { sorted.isEmpty ? 0 : CalibrationResult.quantile(sorted, q) }

    /// The guess (not the volume) with the largest |Spearman correlation| with `differences`
    /// over the points (ties to the earlier guess), and whether the median difference has
    /// opposite signs in the lower and upper third of its values.
    static func strongestGuess(_ differences: [Double], guesses: [String], ts: [[Double]]) -> (guess: String, correlation: Double, couldFlip: Bool)? {
        guard differences.count >= 3, !guesses.isEmpty else { return nil }
        let rankedDifferences = ranks(differences)
        var best: (index: Int, correlation: Double)?
        for axis in guesses.indices {
            let correlation = pearson(rankedDifferences, ranks(ts.map { $0[axis] }))
            if best == nil || abs(correlation) > abs(best!.correlation) { best = (axis, correlation) }
        }
        guard let best else { return nil }
        let order = ts.indices.sorted { ts[$0][best.index] != ts[$1][best.index] ? ts[$0][best.index] < ts[$1][best.index] : $0 < $1 }
        let third = max(order.count / 3, 1)
        let lower = order.prefix(third).map { differences[$0] }.sorted(), upper = order.suffix(third).map { differences[$0] }.sorted()
        let flips = (at(lower, 0.5) < 0 && at(upper, 0.5) > 0) || (at(lower, 0.5) > 0 && at(upper, 0.5) < 0)
        return (guesses[best.index], best.correlation, flips)
    }

    /// Ranks from 1, ties sharing their mean rank.
    static func ranks(_ values: [Double]) -> [Double] {
        let order = values.indices.sorted { values[$0] != values[$1] ? values[$0] < values[$1] : $0 < $1 }
        var ranks = [Double](repeating: 0, count: values.count)
        var start = 0
        while start < order.count {
            var end = start
            while end + 1 < order.count && values[order[end + 1]] == values[order[start]] { end += 1 }
            for position in start...end { ranks[order[position]] = Double(start + end) / 2 + 1 }
            start = end + 1
        }
        return ranks
    }

    static func pearson(_ a: [Double], _ b: [Double]) -> Double {
        let n = Double(a.count)
        let (ma, mb) = (a.reduce(0, +) / n, b.reduce(0, +) / n)
        var (sab, saa, sbb) = (0.0, 0.0, 0.0)
        for (x, y) in zip(a, b) {
            sab += (x - ma) * (y - mb)
            saa += (x - ma) * (x - ma)
            sbb += (y - mb) * (y - mb)
        }
        return saa > 0 && sbb > 0 ? sab / (saa * sbb).squareRoot() : 0
    }
}
