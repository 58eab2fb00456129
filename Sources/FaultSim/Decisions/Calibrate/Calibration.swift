import Policies

/// What `simrun calibrate` computes: which settings of the guesses could have produced what a
/// team observed (history matching: Craig et al. 1997, Vernon et al. 2010). A setting is a
/// point t in [0, 1]^G (each guess a fraction of the way from its plausible low to its high,
/// `Guess.value(at:)`; then the daily volume, if the file has one, on a log scale). A point is
/// *not ruled out* when the implausibility criterion of the matched figures stays within the
/// cutoff at every stage of its simulation (`evaluate`): that test is the region's definition,
/// computable for any point, and waves only focus where candidates are drawn (`run`).
///
/// Candidates are simulated directly, not emulated: a point costs well under a second, the
/// simulation noise of a count is known exactly, and most candidates are ruled out after a
/// few thousand runs (docs/model.md, "Calibration"). Every point simulates the same runs
/// `[0, runs)` of the scenario's seed (common random numbers), points are taken one after
/// another, each over all threads, so nothing depends on the thread count.
public struct Calibration: Sendable {
    /// The scenario with the team's known keys written in: every point starts from it.
    public let baseline: Scenario
    public let observations: Observations
    /// The observed designs, in order of first mention (`Observations.designs`).
    public let designs: [Design]
    /// The guesses calibrated, in table order.
    public let guesses: [Guess]
    public let skipped: [SkippedGuess]
    /// Runs each point is simulated for when it survives the early stages.
    public let runs: Int
    /// Latin-hypercube candidates in the first wave (later waves may draw twice as many: `run`).
    public let candidates: Int
    public let maxWaves: Int
    /// Candidates in all waves together, at most: the search stops before a wave would pass it.
    public let budget: Int

    public static let defaultCandidates = 200
    public static let defaultWaves = 12
    public static let defaultBudget = 6_400
    /// The early stages' extra allowance on the cutoff: each stage is another chance for noise
    /// to rule out a true world (design note §3.3, pitfall 6).
    public static let earlyAllowance = 0.5

    /// The plan for `scenario` and `observations` (already checked against it): every guess of
    /// the table not set outright by the file, or only `only`'s keys, in table order.
    public init(scenario: Scenario, observations: Observations, only: [String]? = nil, runs: Int,
                candidates: Int = defaultCandidates, maxWaves: Int = defaultWaves, budget: Int = defaultBudget) {
        precondition(runs >= 1 && candidates >= 2 && maxWaves >= 1, "a calibration needs runs, candidates and a wave")
        precondition(budget >= candidates, "the budget holds the first wave")
        var base = scenario
        for known in observations.known {
            let written = ScenarioParameter.row(known.path)!.field.set(known.value, in: &base)
            precondition(written, "\(known.path) was checked when the file was read")
        }
        var (guesses, skipped) = Guess.all(in: base)
        let setOutright = observations.known.map(\.path)
        guesses = guesses.filter { !setOutright.contains($0.path) && (only?.contains($0.path) ?? true) }
        skipped = skipped.filter { only?.contains($0.path) ?? true }
        baseline = base
        self.observations = observations
        designs = observations.designs.map { name in base.availableDesigns.first { $0.name == name }! }
        self.guesses = guesses
        self.skipped = skipped
        self.runs = runs
        self.candidates = candidates
        self.maxWaves = maxWaves
        self.budget = budget
    }

    /// Guesses, then the volume when the file has one it does not know.
    public var dimensions: Int { guesses.count + (calibratesVolume ? 1 : 0) }

    /// Whether the daily volume is a dimension: the file states a range, not a number.
    public var calibratesVolume: Bool { observations.volume.map { !$0.isKnown } ?? false }

    /// The run counts at which a point is judged: a sixteenth, a quarter, then all of `runs`,
    /// each extending the same runs (the counts at a stage are a prefix of the next stage's).
    public var stages: [Int] {
        var stages: [Int] = []
        for count in [runs / 16, runs / 4, runs] where count >= 1 && count > (stages.last ?? 0) { stages.append(count) }
        return stages
    }

    /// The cutoff for the matched figures (`Implausibility.cutoff`).
    public var cutoff: Double { Implausibility.cutoff(figures: observations.matched.count) }

    /// The scenario at point `t`: the baseline with each guess at its fraction of the way.
    public func scenario(at t: [Double]) -> Scenario {
        var scenario = baseline
        for (index, guess) in guesses.enumerated() {
            let written = guess.row.field.set(guess.value(at: t[index]), in: &scenario)
            precondition(written, "\(guess.path) takes every value between its ends")
        }
        return scenario
    }

    /// The daily volume at `t`, when the file has one.
    public func volume(at t: [Double]) -> Double? {
        observations.volume.map { $0.isKnown ? $0.low : $0.value(at: t[guesses.count]) }
    }

    /// The point whose guesses take `scenario`'s values (a scenario file written from a region
    /// point, or a synthetic truth), at volume fraction `volumeT`: values outside a guess's
    /// range clamp to its end, and a value between ends is found by bisection on t.
    public func point(of scenario: Scenario, volumeT: Double = 0.5) -> [Double] {
        var t = guesses.map { guess -> Double in
            guard let value = guess.row.field.value(in: scenario) else { return 0.5 }
            return Self.fraction(of: value, in: guess)
        }
        if calibratesVolume { t.append(volumeT) }
        return t
    }

    /// The t at which `guess.value(at:)` reaches `value` (by bisection on the value's first
    /// number; a stepped guess takes the nearer end).
    static func fraction(of value: ScenarioParameter.Value, in guess: Guess) -> Double {
        if value == guess.low { return 0 }
        if value == guess.high { return 1 }
        guard !guess.isStepped, let target = value.numbers?.numbers, let low = guess.low.numbers?.numbers,
              let high = guess.high.numbers?.numbers, low.count == high.count, target.count == low.count,
              let axis = low.indices.first(where: { low[$0] != high[$0] }) else { return 0.5 }
        var (a, b) = (0.0, 1.0)
        for _ in 0..<40 {
            let middle = (a + b) / 2
            let reached = guess.value(at: middle).numbers?.numbers[axis] ?? target[axis]
            if (reached < target[axis]) == (low[axis] < high[axis]) { a = middle } else { b = middle }
        }
        return (a + b) / 2
    }
}
