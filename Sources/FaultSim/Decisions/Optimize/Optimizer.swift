import Policies

/// `simrun optimize`: the Pareto front of a design space on several objectives (lower is
/// better), found by racing designs on common random numbers.
///
/// - A space of at most `enumerateUpTo` legal designs is enumerated: every legal design
///   enters the race. A larger one is searched: a Pareto local search from the scenario's
///   designs (moved onto the space when off it, `DesignSpace.projection`) and from
///   `randomStarts` random legal designs. The search keeps a pool of designs nothing has
///   dominated and expands them one at a time (the ends of the point-estimate front first,
///   then where it is sparsest), racing every legal design one axis away into the pool except
///   those identical to it on the first rung; when every pool design is expanded it restarts
///   from new random designs; it stops at the budget of design-runs.
/// - Racing: runs come in rungs, `firstRuns`, twice that, … up to `runs`. A design enters on the
///   first rung and climbs to the pool's rung; whenever the pool outgrows `poolLimit`, the pool
///   climbs one rung. At every rung a design leaves when another design dominates it
///   (`Dominance`, each paired test at level α / rungs, so a pair tested at every rung stays
///   below α). "Identical in every run" is a tie only on a rung with runs enough for the
///   stated `resolution` (or the last); there, a design identical to a staying one on every
///   objective parks behind it: it is not raced or expanded, and leaves when that one leaves.
///   Each design is simulated once per run range (`RunProfile`); its comparisons are computed
///   from that.
/// - With a race bias (`Settings.raceBias`, `optimize --importance`), each design also runs the
///   first `rung / weightedShare` runs of each rung under that one bias (`WeightedProfile`), and
///   lost orders are compared by the weighted paired z-test wherever the guard trusts both
///   designs' estimates, else by counts; parking also needs identity in the weighted runs.
/// - Certification: the survivors climb to `runs`; their point-estimate Pareto front is the
///   front found (with the designs parked behind it). It is simulated again with the
///   scenario's designs in one `Runner.panel` over the same runs and tested pair by pair at
///   level α: which front designs are ties, and which scenario designs are on the front,
///   dominated (and by which front design), or neither.
///
/// Every decision is a function of integer counts taken in a fixed order, so the result is the
/// same on any number of threads; the budget counts design-runs, never time.
public enum Optimizer {
    public struct Settings: Sendable {
        public var objectives: [Outcome] = [.lost, .lostSales, .serverRequests]
        /// Runs a design is raced on at most, and the front is certified on.
        public var runs = 100_000
        /// The first rung.
        public var firstRuns = 1_000
        /// The certification's level; racing tests at `alpha / rungs`.
        public var alpha = 0.05
        /// Design-runs the search may simulate, the climb of its survivors to `runs` included
        /// (the certification's panel is not).
        public var budget: Int64 = 150_000_000
        /// Random legal designs the search also starts from.
        public var randomStarts = 16
        /// Spaces with at most this many legal designs are enumerated instead of searched.
        public var enumerateUpTo: UInt64 = 2_000
        /// The race's resolution, as a share of intents (or runs, for server requests): an
        /// objective on which two designs were identical in every run compared counts as a tie,
        /// and two designs identical on every objective as one design, only once the runs
        /// compared would show, at 95%, a difference on more than this share (−ln 0.05 / share
        /// runs, 29,958 for 10^-4), or on the last rung, where nothing is left to show. Below
        /// that, identical-so-far is no evidence: two designs identical in 1,000 runs can differ
        /// by 2% of their requests over 20,000.
        public var resolution = 1e-4
        /// Pool size above which the pool climbs a rung (while it can).
        public var poolLimit = 200
        public var jobs = 1
        /// `optimize --importance`: the one bias the race weighs lost orders under (docs/model.md
        /// §14); nil races on counts alone. With it, each raced design also runs the first
        /// `rung / weightedShare` runs of each rung under the bias, and lost-order dominance is
        /// decided by the weighted paired z-test wherever the guard trusts both designs' estimates.
        public var raceBias: FaultBias? = nil
        /// A rung's weighted runs are its first `rung / weightedShare` (at least 1): a weighted run
        /// costs about 4 plain ones, so weighting every run would make the race about 5 times as
        /// long; an eighth keeps it at 1.5 times, and the budget's charge (`weightedCost`) brings
        /// it back to the plain race's time.
        public var weightedShare = 8
        /// Design-runs of the budget a weighted run is charged: its cost in plain runs (measured on
        /// the default scenario's designs: 3.5 to 5), so a weighted race spends about the time a
        /// plain one does with the same `budget`.
        public var weightedCost: Int64 = 4
        /// Which bias raced, for the text ("tuned for faultsim-recommended ...", "read from FILE").
        public var raceBiasText = ""

        public init() {}

        /// The weighted runs compared on `rungs[rung]`: the first `rungs[rung] / weightedShare`.
        public func weightedRuns(_ runs: Int) -> Int { max(1, runs / max(1, weightedShare)) }

        /// The rungs: `firstRuns`, doubling, capped at and ending with `runs`.
        public var rungs: [Int] {
            var rungs = [min(firstRuns, runs)]
            while rungs.last! < runs { rungs.append(min(runs, rungs.last! * 2)) }
            return rungs
        }

        /// Each racing test's level: α over the rungs a pair can be tested at.
        public var racingLevel: Double { alpha / Double(rungs.count) }

        /// The first rung whose runs make identity trustworthy at `resolution`, or the last.
        public var trustedRung: Int {
            let needed = -Significance.logLevel / resolution
            return rungs.firstIndex { Double($0) >= needed } ?? rungs.count - 1
        }
    }

    /// Where a design the race saw came from.
    public enum Origin: Sendable, Equatable {
        case preset(String)
        case random
        case neighbour(of: Int)
        case enumerated
    }

    /// What the race and search did.
    public struct Statistics: Sendable {
        /// Legal designs simulated (on the first rung at least).
        public var designsEvaluated = 0
        /// Design-runs simulated by the race and search.
        public var searchRuns: Int64 = 0
        /// Design-runs of the certification's panel.
        public var certificationRuns: Int64 = 0
        /// Pool designs whose neighbours were raced.
        public var expansions = 0
        /// Times every pool design was expanded and random designs entered again.
        public var restarts = 0
        /// Designs that left the race dominated.
        public var dominated = 0
        /// Designs parked at the end behind an identical design (identical in every run of the
        /// rung they reached).
        public var parked = 0
        /// Parked designs that left with the design they were parked behind.
        public var leftWithLeader = 0
        /// Neighbours identical to their parent on the first rung, not raced (a search).
        public var setAside = 0
        /// The rungs, in runs.
        public var rungs: [Int] = []
        /// The search stopped with designs left to expand: the budget ran out.
        public var budgetSpent = false
        /// Pool designs left unexpanded when it stopped.
        public var unexpanded = 0
        /// With a race bias (`Settings.raceBias`): weighted design-runs simulated (each charged
        /// `weightedCost` design-runs of the budget; not in `searchRuns`).
        public var weightedRuns: Int64 = 0
        /// With a race bias: which (`Settings.raceBiasText`), and the share of each rung weighted.
        public var raceBias: String? = nil
        public var weightedShare = 0
        public var weightedCost: Int64 = 0
        /// Lost-order tests of the race decided by the weighted paired z-test.
        public var weightedTests = 0
        /// Lost-order tests taken on counts because the guard flagged either design's weighted
        /// estimate (`WeightedRate.warning`).
        public var flaggedTests = 0
        /// Designs that left dominated on a weighted lost-order test.
        public var weightedDrops = 0
        /// Designs that left dominated on a count test the guard forced.
        public var flaggedDrops = 0
    }
}
