import Policies

/// What `simrun robust` simulates: the scenario as given (the baseline), then each guess at its
/// plausible low and at its high with every other key at the scenario's value, then `points`
/// Latin-hypercube points of all guesses at once. Every setting runs the same designs over the
/// same run indices (common random numbers), so a design's runs in two settings differ only by
/// what the setting changed. The settings are independent, which is what lets a job be sharded
/// by setting (`indices(of:)`).
public struct Robustness: Sendable {
    /// What one setting moves.
    public enum Kind: Sendable, Equatable {
        /// The scenario as given.
        case baseline
        /// Guess `guess` at its plausible low, the others at the scenario's values.
        case low(guess: Int)
        /// Guess `guess` at its plausible high.
        case high(guess: Int)
        /// Latin-hypercube point `point` (from 0): every guess at once.
        case latinHypercube(point: Int)
    }

    /// One guess at one value.
    public struct Assignment: Sendable, Equatable {
        /// Index into `guesses`.
        public let guess: Int
        public let value: ScenarioParameter.Value
    }

    public struct Setting: Sendable, Equatable {
        public let kind: Kind
        /// What the setting sets: nothing for the baseline, one guess at an end, every guess at a
        /// Latin-hypercube point.
        public let assignments: [Assignment]
        /// Every value it sets is the scenario's own: its result is the baseline's, not simulated again.
        public let sameAsBaseline: Bool
    }

    /// The scenario as given, with its seed.
    public let baseline: Scenario
    public let designs: [Design]
    public let guesses: [Guess]
    public let skipped: [SkippedGuess]
    public let settings: [Setting]
    /// Runs `0..<runs` in every setting and at every crossover point.
    public let runs: Int
    /// Latin-hypercube points.
    public let points: Int
    /// Halvings of a crossover search after its two ends.
    public let crossoverSteps: Int
    /// Importance sampling's biased worlds (`--importance`), one bias for every setting; nil for
    /// plain Monte Carlo. `biasText` is its file's text, which the digest covers.
    public var bias: FaultBias? = nil
    public var biasText = ""
    /// Runs on which the baseline's leader and runner-up are compared again (`--lead-runs`),
    /// after the settings' runs; 0, none. The lead is where the decision lives, and a setting's
    /// runs are too few to resolve it at one in a million: these narrow that one interval.
    public var leadRuns = 0
    /// Plain runs on which a weighted setting is counted again when its verdict rests on an
    /// estimate importance sampling's guard flags (`--fallback-runs`): runs `0..<fallbackRuns`, as
    /// a plain job of that many runs counts the setting, and judged on those counts (exact
    /// McNemar); 0, the flag only. The weights' answer is not to be trusted there, and a pilot
    /// per flagged setting would cost more than counting it.
    public var fallbackRuns = 0

    /// Latin-hypercube points, and halvings of a crossover search, unless the job says otherwise
    /// (`simrun robust --lhs`, `--steps`; the report's robustness section uses these).
    public static let defaultPoints = 20
    public static let defaultCrossoverSteps = 5

    /// The name of the random stream the Latin hypercube's strata are permuted with, derived
    /// with the scenario's seed: fixed, so the same scenario and seed give the same points on
    /// any machine and thread count.
    public static let latinHypercubeStream = "simrun robust: latin hypercube"

    /// The plan for `scenario` and `designs`: every guess of the parameter table, or only the
    /// keys `only` names (each a guess; the caller checks), in table order.
    public init(scenario: Scenario, designs: [Design], only: [String]? = nil, points: Int, runs: Int, crossoverSteps: Int) {
        precondition(points >= 1 && runs >= 1 && designs.count >= 2 && crossoverSteps >= 0, "a plan needs points, runs and two designs")
        var (guesses, skipped) = Guess.all(in: scenario)
        if let only {
            guesses = guesses.filter { only.contains($0.path) }
            skipped = skipped.filter { only.contains($0.path) }
        }
        baseline = scenario
        self.designs = designs
        self.guesses = guesses
        self.skipped = skipped
        self.runs = runs
        self.points = points
        self.crossoverSteps = crossoverSteps

        var settings = [Setting(kind: .baseline, assignments: [], sameAsBaseline: true)]
        for (index, guess) in guesses.enumerated() {
            settings.append(Setting(kind: .low(guess: index), assignments: [Assignment(guess: index, value: guess.low)],
                                    sameAsBaseline: guess.low == guess.current))
            settings.append(Setting(kind: .high(guess: index), assignments: [Assignment(guess: index, value: guess.high)],
                                    sameAsBaseline: guess.high == guess.current))
        }
        let cube = Self.latinHypercube(points: points, dimensions: guesses.count, seed: scenario.seed)
        for (point, fractions) in cube.enumerated() {
            let assignments = guesses.indices.map { Assignment(guess: $0, value: guesses[$0].value(at: fractions[$0])) }
            settings.append(Setting(kind: .latinHypercube(point: point), assignments: assignments,
                                    sameAsBaseline: assignments.allSatisfy { $0.value == guesses[$0.guess].current }))
        }
        self.settings = settings
    }

    /// The scenario of `setting`: the baseline with the setting's values written in. Built when
    /// needed rather than stored: a log-normal distribution tabulates its quantile function.
    public func scenario(of setting: Setting) -> Scenario {
        var scenario = baseline
        for assignment in setting.assignments {
            // Always true: `Guess.all` kept only keys whose ends can be set, and values between
            // ends of one kind are of that kind.
            let written = guesses[assignment.guess].row.field.set(assignment.value, in: &scenario)
            precondition(written, "\(guesses[assignment.guess].path) takes \(assignment.value.text)")
        }
        return scenario
    }

    /// The settings shard `shard` computes: the baseline (every shard needs its leader), then
    /// every `shard.count`-th other setting from the shard's own, so neighbouring settings of
    /// unequal cost (a guess at its low and at its high) fall to different shards.
    public func indices(of shard: Shard) -> [Int] {
        [0] + settings.indices.dropFirst().filter { ($0 - 1) % shard.count == shard.index }
    }

    /// `points` points in [0, 1)^`dimensions`: each dimension's `points` strata, one point in
    /// each, in an order permuted by Fisher–Yates, at a uniform place within its stratum. Every
    /// number comes from one xoshiro256** generator seeded from `seed` and the stream's name, in
    /// a fixed order (dimension by dimension), so no thread count or machine changes it. `calibrate`
    /// draws each wave's candidates from its own stream.
    /// - Complexity: O(points · dimensions).
    public static func latinHypercube(points: Int, dimensions: Int, seed: UInt64, stream: String = latinHypercubeStream) -> [[Double]] {
        var random = Xoshiro256(seed: SplitMix64.mix(seed ^ streamKey(stream)))
        var cube = [[Double]](repeating: [Double](repeating: 0, count: dimensions), count: points)
        for dimension in 0..<dimensions {
            var strata = Array(0..<points)
            for index in stride(from: points - 1, to: 0, by: -1) {
                strata.swapAt(index, random.nextInt(below: index + 1))
            }
            for point in 0..<points {
                cube[point][dimension] = (Double(strata[point]) + random.nextUnit()) / Double(points)
            }
        }
        return cube
    }

    /// A 64-bit key for a stream name: FNV-1a over its UTF-8 bytes.
    static func streamKey(_ name: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }

    /// The designs users below iOS 15 run (the legacy build, or a StoreKit 2 design's
    /// `olderOSDesign`) that the job does not list: they run some of its runs, so the digest
    /// covers them too.
    var olderOSDesigns: [Design] {
        designs.compactMap { baseline.belowIOS15Design(of: $0) }.filter { older in !designs.contains { $0.name == older.name } }
    }

    /// What the job computes, as a digest: the baseline scenario, each design's axes, the
    /// guesses and every setting's values, the runs and the search's steps. Shards of one job
    /// share it; `RobustResult.merge` refuses parts that do not.
    public var contentHash: String {
        var text = "robust runs \(runs) points \(points) steps \(crossoverSteps)\n" + JSONWriter.write(baseline.jsonValue) + "\n"
        for design in designs {
            text += "design \(design.name):\n" + design.fingerprintLines
        }
        for design in olderOSDesigns {
            text += "older-OS design \(design.name):\n" + design.fingerprintLines
        }
        for setting in settings {
            text += "setting \(setting.kind):" + setting.assignments.map { " \(guesses[$0.guess].path)=\($0.value.setText)" }.joined() + "\n"
        }
        // Only a weighted job, or one that measures its lead again, adds a line, so any other
        // job's digest is what it always was.
        if bias != nil { text += "importance sampling, bias:\n" + biasText }
        if leadRuns > 0 { text += "lead runs \(leadRuns)\n" }
        if fallbackRuns > 0 { text += "fallback runs \(fallbackRuns)\n" }
        return SHA256.hex(text)
    }
}
