import Policies

/// `ablate --from A --to B`: from design A to design B one axis at a time, each step the one
/// that loses the fewest orders among the steps left (point estimate over the same runs; ties
/// by lost sales, then requests, then axis order), so the first steps are the ones worth most.
extension Ablation {
    /// One step of the walk: the axes changed (one, or more when no single change was legal)
    /// and what the step bought, paired against the design before it.
    public struct Step: Sendable {
        /// `axis`, `from` → `to` for each axis the step changed.
        public let changes: [(axis: String, from: JSONValue, to: JSONValue)]
        /// After the step minus before it, in `Outcome.objectives` order.
        public internal(set) var differences: [PairedDifference]
        /// The design's rates after the step, in `Outcome.objectives` order and units.
        public internal(set) var rates: [Double]
        /// The other steps that were possible here (legal single changes).
        public let alternatives: Int
        /// With `--importance`: the weighted comparison its lost difference and rate come from,
        /// unless the guard flags it (then the counts stay, as in a change's row).
        public var weighted: WeightedLost? = nil

        /// Whether the lost difference and rate are weighted.
        public var isWeightedLost: Bool { weighted?.isTrusted == true }

        public func difference(_ objective: Outcome) -> PairedDifference {
            differences[Outcome.objectives.firstIndex(of: objective)!]
        }

        /// The design's rate of `objective` after the step, in its unit.
        public func rate(_ objective: Outcome) -> Double { rates[Outcome.objectives.firstIndex(of: objective)!] }
    }

    /// A walk from `from` to `to`.
    public struct Walk: Sendable {
        public let job: DecisionJob
        public let from: Design
        public let to: Design
        /// `from`'s rates, in `Outcome.objectives` order and units.
        public let startRates: [Double]
        public let steps: [Step]
        /// Design-runs simulated.
        public let designRuns: Int64
        /// With `--importance`: the runs each step's weighted comparison used (0 without).
        public var weightedRuns = 0
    }

    /// The axes a team can choose on `platform` on which `a` and `b` differ, by index into
    /// `DesignAxis.table`.
    public static func differingAxes(_ a: Design, _ b: Design, on platform: PlatformParameters) -> [Int] {
        DesignAxis.choices(on: platform).filter { DesignAxis.table[$0].value(of: a) != DesignAxis.table[$0].value(of: b) }
    }

    /// Walks from `from` to `to`. Each step simulates the current design and every legal next
    /// step over `runs`. When no single axis can change legally, the smallest legal group of two
    /// axes moves together; failing that, every axis left at once.
    /// `progress` counts runs: `runs.count` per step (and `2 · weighing.runs.count` weighted
    /// design-runs), at most one step per differing axis.
    /// With `weighing` (`--importance`), each step's lost orders are then compared again by
    /// importance sampling, as a change's row is (`Ablation.weighLosses`): the step chosen by
    /// the counts, its comparison weighted (a pilot per design the walk reaches, each tuned
    /// once); choosing among every candidate by weights would cost a pilot per candidate.
    /// - Complexity: O(axes²) panels of at most `axes + 1` designs over `runs`; at most one
    ///   step per differing axis; with `weighing`, a pilot and `weighing.runs` runs of two
    ///   designs per step.
    public static func walk(scenario: Scenario, from: Design, to: Design, runs: Range<UInt64>, jobs: Int, source: String? = nil,
                            progress: ProgressCounter? = nil, weighing: Weighing? = nil) -> Walk {
        var currentBias = weighing?.bias(for: from, at: scenario)
        var current = from
        var left = differingAxes(from, to, on: scenario.platform)
        var steps: [Step] = []
        var startRates: [Double] = []
        var designRuns: Int64 = 0
        while !left.isEmpty {  // bounded: every step removes at least one axis from `left`
            var groups = left.map { [$0] }.filter { legal(current, moving: $0, to: to) }
            if groups.isEmpty {
                groups = left.indices.flatMap { i in left.indices.filter { $0 > i }.map { [left[i], left[$0]] } }
                    .filter { legal(current, moving: $0, to: to) }
            }
            if groups.isEmpty { groups = [left] }
            let candidates = groups.enumerated().map { offset, axes in
                var design = moving(current, axes, to: to)
                design.name = "\(from.name)-step\(steps.count + 1)-\(offset)"
                return design
            }
            let panel = Runner.panel(scenario: scenario, designs: [current] + candidates, pairs: .against(0), runs: runs, jobs: jobs,
                                     progress: progress)
            designRuns += Int64(candidates.count + 1) * Int64(runs.count)
            if steps.isEmpty { startRates = Outcome.objectives.map { panel.rate($0, of: 0) } }
            let keys: [Outcome] = [.lost, .lostSales, .serverRequests]
            let best = candidates.indices.min { x, y in
                for objective in keys {
                    let a = panel.rate(objective, of: x + 1), b = panel.rate(objective, of: y + 1)
                    if a != b { return a < b }
                }
                return x < y
            }!
            let axes = groups[best]
            var step = Step(changes: axes.map { (DesignAxis.table[$0].name, DesignAxis.table[$0].value(of: current),
                                                 DesignAxis.table[$0].value(of: to)) },
                            differences: Outcome.objectives.map { panel.difference($0, best + 1, 0) },
                            rates: Outcome.objectives.map { panel.rate($0, of: best + 1) }, alternatives: candidates.count - 1)
            if let weighing, let bias = currentBias {
                let chosenBias = weighing.bias(for: candidates[best], at: scenario)
                let weighted = weighing.compare(candidates[best], with: current, biases: (bias, chosenBias), at: scenario,
                                                progress: progress)
                (step.differences, step.rates) = weighted.replacingLost(step.differences, step.rates)
                step.weighted = weighted
                currentBias = chosenBias
            }
            steps.append(step)
            current = moving(current, axes, to: to)
            left.removeAll { axes.contains($0) }
        }
        var walk = Walk(job: DecisionJob(scenario, source: source, runs: runs.count), from: from, to: to, startRates: startRates,
                        steps: steps, designRuns: designRuns)
        walk.weightedRuns = weighing?.runs.count ?? 0
        return walk
    }

    static func moving(_ design: Design, _ axes: [Int], to target: Design) -> Design {
        axes.reduce(design) { DesignAxis.table[$1].copying(from: target, onto: $0) }
    }

    static func legal(_ design: Design, moving axes: [Int], to target: Design) -> Bool {
        moving(design, axes, to: target).isShippable
    }
}
