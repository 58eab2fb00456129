import Policies

/// `simrun optimize --importance`: the front's lost orders, and those of the scenario's designs
/// the counts could not place, estimated again by importance sampling (docs/model.md §14). The
/// plain certification is unchanged (the race is weighted on lost orders under its own bias:
/// `Settings.raceBias`, `WeightedProfile`); what changes is what the front can say about lost
/// orders, which at the certified runs' counts is "0 [0, 38] per 10^6" for the best.
/// Each design's estimate and every pair's paired difference come from one weighted panel over
/// the certified runs, under a bias with one world per design.
extension Optimizer {
    /// The weighted estimates of the front and the unplaced designs.
    public struct WeightedFront: Sendable {
        /// The designs estimated: the front (`front-1`, …) then the scenario's designs the counts
        /// did not place (`weightedCandidates`).
        public let names: [String]
        /// How many of `names` are the front's.
        public let frontCount: Int
        /// The runs weighted (the certified runs).
        public let runs: Int
        /// Each design's lost orders and every pair's paired difference, in `names` order.
        public let losses: WeightedLosses
        /// What the bias is, for the output (`ImportanceTable.biasText` is the caller's to add).
        public let biasText: String
        /// Per design, its estimate made again when the guard flagged the first and it is not the
        /// best: the same runs under the bias narrowed to the worlds tuned for the best and for it
        /// (`FaultBias.narrowed`), the best first. nil for every other design.
        public var again: [WeightedLosses?] = []

        /// Lost orders per intent, per design, in the panel of every design.
        public var rates: [WeightedRate] { losses.rates }

        /// a − b in lost orders per intent over the same runs, in the panel of every design.
        public func difference(_ a: Int, _ b: Int) -> WeightedDifference { losses.difference(a, b) }

        /// The design that loses the fewest orders by estimate in the panel of every design (the
        /// first of the lowest).
        public var best: Int { rates.indices.min { rates[$0].rate < rates[$1].rate } ?? 0 }

        /// Design `index`'s lost orders as the answers use them: made again where the first was
        /// flagged (`again`), else the panel's.
        public func answerRate(_ index: Int) -> WeightedRate { again(index)?.rates[1] ?? rates[index] }

        /// Design `index` minus the best, as the answers use it (see `answerRate`).
        public func answerDifference(_ index: Int) -> WeightedDifference {
            again(index)?.difference(1, 0) ?? difference(index, best)
        }

        /// The designs made again, in order.
        public var madeAgain: [Int] { names.indices.filter { again($0) != nil } }

        func again(_ index: Int) -> WeightedLosses? { index < again.count ? again[index] : nil }

        /// The designs whose lost orders no paired z-test at `level` tells from the best's
        /// (the best included), in order: the top of the front on lost orders.
        public func tiedWithBest(level: Double) -> [Int] {
            let logLevel = DeterministicMath.log(level), leader = best
            return names.indices.filter { $0 == leader || answerDifference($0).logP >= logLevel }
        }
    }

    /// The designs of `result` a weighted certification estimates: the front, then the scenario's
    /// designs the counts did not place: not dominated, or dominated while they lost no order in
    /// the certified runs. Counts of zero cannot rank lost orders at one in a million, so a
    /// design dominated only by another's fewer requests (faultsim-recommended by the same design
    /// retrying network errors only, both at 0 lost in 100,000 runs) is still weighed on them.
    public static func weightedCandidates(_ result: Result) -> [Design] {
        let lost = result.objectives.firstIndex(of: .lost)
        return result.front.map(\.design) + result.designs.filter { verdict in
            switch verdict.status {
            case .onFront: return false
            case .dominated: return lost.map { verdict.estimates[$0].value == 0 } ?? false
            case .notSignificantlyDominated, .notDominated: return true
            }
        }.map(\.design)
    }

    /// Estimates `designs` (from `weightedCandidates`) over `result`'s certified runs under `bias`.
    /// - Complexity: O(runs · designs · events per run).
    public static func certifyWeighted(_ result: Result, designs: [Design], scenario: Scenario, bias: FaultBias, biasText: String,
                                       jobs: Int, progress: ProgressCounter? = nil) -> WeightedFront {
        weightedFront(designs, frontCount: result.front.count, runs: result.runs, scenario: scenario, bias: bias, biasText: biasText,
                      jobs: jobs, progress: progress)
    }

    /// `designs` (the first `frontCount` the front's) weighted over runs `0..<runs` under `bias`,
    /// and each flagged design but the best made again under the bias narrowed to it and the best.
    /// - Complexity: O(runs · designs · events per run), and O(runs · 2 · events) per flagged design.
    public static func weightedFront(_ designs: [Design], frontCount: Int, runs count: Int, scenario: Scenario, bias: FaultBias,
                                     biasText: String, jobs: Int, progress: ProgressCounter? = nil) -> WeightedFront {
        let runs = 0..<UInt64(count)
        func weighed(_ designs: [Design], under bias: FaultBias, progress: ProgressCounter? = nil) -> WeightedLosses {
            WeightedLosses(panel: Runner.panel(scenario: scenario, designs: designs, pairs: .all, runs: runs, jobs: jobs, progress: progress,
                                               bias: bias))
        }
        var front = WeightedFront(names: designs.map(\.name), frontCount: frontCount, runs: count,
                                  losses: weighed(designs, under: bias, progress: progress), biasText: biasText)
        // Why again: each of eight designs' worlds draws about a ninth of the runs, and a design
        // whose losses need its own worlds may get too few of them (front-1 on `default`:
        // effective size 49 in the panel, 213 beside the best's worlds alone).
        let best = front.best
        front.again = designs.indices.map { index in
            guard index != best, front.rates[index].warning != nil else { return nil }
            let pair = [designs[best], designs[index]]
            return weighed(pair, under: bias.narrowed(to: pair.map(\.name)))
        }
        return front
    }

    /// The weighted section of the text: each design's estimate with its effective size and
    /// check, its paired difference from the best, and which designs the best is not told from.
    public static func weightedFrontText(_ weighted: WeightedFront, alpha: Double) -> String {
        let best = weighted.best
        var text = "Lost orders by importance sampling (docs/model.md §14), the front and the scenario's designs the counts did not "
            + "place, on the same \(Grouped.count(weighted.runs, "run")) weighted:\n"
        let rows = [tableHeader(weighted)] + weighted.names.indices.map { index in
            tableRow(weighted.names[index], weighted.rates[index], index == best ? nil : weighted.difference(index, best))
        }
        text += TextColumns.aligned(rows, left: [0, 5])
        text += againText(weighted)
        let tied = weighted.tiedWithBest(level: alpha)
        let flagged = weighted.names.indices.filter { weighted.answerRate($0).warning != nil }
        text += tied.count == 1
            ? "  \(weighted.names[best]) loses significantly fewer orders than every other design here (paired z, α = \(pLevel(alpha))).\n"
            : "  not told apart from \(weighted.names[best]) on lost orders (paired z, α = \(pLevel(alpha))): "
                + tied.filter { $0 != best }.map { weighted.names[$0] }.joined(separator: ", ") + "\n"
        if !flagged.isEmpty {
            text += "  the guard flags \(flagged.map { weighted.names[$0] }.joined(separator: ", ")): their estimates are not to be trusted "
                + "(raise --runs or --pilot-runs)\n"
        }
        return text
    }

    /// The designs whose first estimate the guard flagged, made again under the worlds tuned for
    /// them and the best (`WeightedFront.again`): a row each, as the table's.
    static func againText(_ weighted: WeightedFront) -> String {
        let again = weighted.madeAgain
        guard !again.isEmpty else { return "" }
        let rows = [tableHeader(weighted)] + again.map { tableRow(weighted.names[$0], weighted.answerRate($0), weighted.answerDifference($0)) }
        return "  made again on the same runs, the first estimate flagged, under only the worlds tuned for the design and for "
            + "\(weighted.names[weighted.best]) (the answers below use these):\n" + TextColumns.aligned(rows, left: [0, 5])
    }

    /// The weighted tables' header, indented as their rows.
    static func tableHeader(_ weighted: WeightedFront) -> [String] {
        ["  design", "lost /10^6 [95% CI]", "eff. size", "vs \(weighted.names[weighted.best]) [95% CI]", "paired z p", "check"]
    }

    /// A weighted table's row: the design's estimate, its effective size, its difference from the
    /// best (`d`; nil for the best) with the z-test's p, and the guard's check.
    static func tableRow(_ name: String, _ rate: WeightedRate, _ d: WeightedDifference?) -> [String] {
        let signed = FixedPoint.signedPerMillion
        return ["  " + name, "\(FixedPoint.perMillion(rate.rate)) " + FixedPoint.perMillionInterval(rate.low, rate.high),
                Grouped.format(Int(rate.effectiveSize.rounded(.down)))]
            + (d.map { ["\(signed($0.difference)) [\(signed($0.low)), \(signed($0.high))]", PValue.text(logP: $0.logP)] } ?? ["", ""])
            + [rate.warning.map { "WARNING: " + $0 } ?? "ok"]
    }
}
