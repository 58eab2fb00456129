import Policies

/// Values between two ends: what a Latin-hypercube point and a crossover search set a guess to.
///
/// The rules (docs/model.md §10 states them too):
/// - a count, a probability, a duration and each number of a distribution (fixed value, uniform
///   min and max, log-normal median and p99, exponential mean) move **linearly**, or
///   **geometrically** when every number that changes is above zero at both ends and one of them
///   changes tenfold or more (0.0005 to 0.02 is geometric, 0 to 0.05 and 0.3 to 0.9 linear);
/// - the result keeps three significant digits (a count is rounded to a whole number, a duration
///   to whole milliseconds first), so it can be written exactly as `--set` takes it; the two ends
///   themselves are returned unchanged;
/// - a fixed distribution facing a uniform or log-normal one is that distribution with both its
///   numbers at the fixed value, so the two blend;
/// - a choice, or two distributions that do not blend, has no value between: the low end below
///   t = 0.5, the high end from 0.5 on (`isStepped`).
extension ScenarioParameter.Value {
    /// The value a fraction `t` (0 to 1) of the way from `self` to `end`, by the rules above.
    public func interpolated(to end: ScenarioParameter.Value, at t: Double) -> ScenarioParameter.Value {
        if t <= 0 { return self }
        if t >= 1 { return end }
        guard let (from, to) = Self.blendable(self, end) else { return t < 0.5 ? self : end }
        let geometric = Self.isGeometric(from.numbers, to.numbers)
        let numbers = zip(from.numbers, to.numbers).map { a, b -> Double in
            guard a != b else { return a }
            guard geometric else { return a + t * (b - a) }
            let logA = DeterministicMath.log(a)
            return DeterministicMath.exp(logA + t * (DeterministicMath.log(b) - logA))
        }
        return from.rebuilt(numbers)
    }

    /// Whether no value lies between `self` and `end` (a choice, text, or distributions of kinds
    /// that do not blend).
    public func isStepped(towards end: ScenarioParameter.Value) -> Bool { Self.blendable(self, end) == nil }

    /// Whether the move from `from` to `to` is geometric: every number that changes is above zero
    /// at both ends, and one changes tenfold or more.
    static func isGeometric(_ from: [Double], _ to: [Double]) -> Bool {
        var tenfold = false
        for (a, b) in zip(from, to) where a != b {
            guard a > 0, b > 0 else { return false }
            if max(a, b) >= 10 * min(a, b) { tenfold = true }
        }
        return tenfold
    }

    /// A value's numbers and how to build a value from new ones.
    struct Numbers {
        enum Kind: Equatable {
            case count, probability, duration
            case distribution(DurationDistribution.Kind)
        }

        let kind: Kind
        let numbers: [Double]

        /// The value of this kind with `numbers`, rounded to what a scenario file can write.
        func rebuilt(_ numbers: [Double]) -> ScenarioParameter.Value {
            switch kind {
            case .count: return .count(Int(numbers[0].rounded()))
            case .probability: return .probability(min(1, max(0, Significant.round(numbers[0]))))
            case .duration: return .duration(Significant.round(milliseconds: numbers[0]))
            case .distribution(let kind):
                let first = Significant.round(milliseconds: numbers[0])
                let second = numbers.count > 1 ? Significant.round(milliseconds: numbers[1]) : 0
                switch kind {
                case .fixed, .exponential: return .distribution(kind: kind, firstMs: first, secondMs: 0)
                case .uniform: return .distribution(kind: kind, firstMs: first, secondMs: max(first, second))
                case .logNormal: return .distribution(kind: kind, firstMs: max(1, first), secondMs: max(max(1, first), second))
                }
            }
        }
    }

    /// The numbers of a value that has some.
    var numbers: Numbers? {
        switch self {
        case .count(let count): Numbers(kind: .count, numbers: [Double(count)])
        case .probability(let p): Numbers(kind: .probability, numbers: [p])
        case .duration(let ms): Numbers(kind: .duration, numbers: [Double(ms)])
        case .distribution(let kind, let first, let second):
            switch kind {
            case .fixed, .exponential: Numbers(kind: .distribution(kind), numbers: [Double(first)])
            case .uniform, .logNormal: Numbers(kind: .distribution(kind), numbers: [Double(first), Double(second)])
            }
        default: nil
        }
    }

    /// Both ends as numbers of one kind, a fixed distribution lifted to its partner's kind;
    /// nil when they do not blend.
    static func blendable(_ a: ScenarioParameter.Value, _ b: ScenarioParameter.Value) -> (Numbers, Numbers)? {
        guard let x = a.numbers, let y = b.numbers else { return nil }
        if x.kind == y.kind { return (x, y) }
        func lifted(_ fixed: Numbers, to kind: Numbers.Kind) -> Numbers? {
            guard fixed.kind == .distribution(.fixed) else { return nil }
            switch kind {
            case .distribution(.uniform): return Numbers(kind: kind, numbers: [fixed.numbers[0], fixed.numbers[0]])
            case .distribution(.logNormal) where fixed.numbers[0] > 0: return Numbers(kind: kind, numbers: [fixed.numbers[0], fixed.numbers[0]])
            default: return nil
            }
        }
        if let lifted = lifted(x, to: y.kind) { return (lifted, y) }
        if let lifted = lifted(y, to: x.kind) { return (x, lifted) }
        return nil
    }

    /// The value as `--set` takes it: `0.0123`, `3`, `15s`, `answers5xx`, a plain duration for a
    /// fixed distribution, one line of JSON for the others
    /// (`{"kind":"logNormal","median":"5s","p99":"30s"}`).
    public var setText: String {
        switch self {
        case .text(let text), .choice(let text): text
        case .count(let count): String(count)
        case .seed(let seed): String(seed)
        case .probability(let p): Self.decimal(p)
        case .duration(let ms): Significant.durationText(ms)
        case .names(let names): names.joined(separator: ",")
        case .distribution(let kind, let first, let second):
            switch kind {
            case .fixed: Significant.durationText(first)
            case .uniform: "{\"kind\":\"uniform\",\"min\":\"\(Significant.durationText(first))\",\"max\":\"\(Significant.durationText(second))\"}"
            case .logNormal: "{\"kind\":\"logNormal\",\"median\":\"\(Significant.durationText(first))\",\"p99\":\"\(Significant.durationText(second))\"}"
            case .exponential: "{\"kind\":\"exponential\",\"mean\":\"\(Significant.durationText(first))\"}"
            }
        }
    }

    /// The value for people, as `text` writes it but with durations as brief as `setText`'s:
    /// `logNormal median 24.1d, p99 40d`.
    public var shownText: String {
        let d = Significant.durationText
        switch self {
        case .duration(let ms): return d(ms)
        case .distribution(let kind, let first, let second):
            switch kind {
            case .fixed: return d(first)
            case .uniform: return "uniform \(d(first)) to \(d(second))"
            case .logNormal: return "logNormal median \(d(first)), p99 \(d(second))"
            case .exponential: return "exponential mean \(d(first))"
            }
        default: return text
        }
    }

    /// The value in a few characters, for a chart's labels and the decision texts: `0.005`,
    /// `15s`, `0ms–10s`, `5s (p99 30s)`, `mean 1h`; durations in the human form, three
    /// significant digits in the largest unit they reach (`16.3m`, not `978s`).
    public var shortText: String {
        guard case .distribution(let kind, let first, let second) = self else { return shownText }
        let d = Significant.humanText
        switch kind {
        case .fixed: return d(first)
        case .uniform: return "\(d(first))–\(d(second))"
        case .logNormal: return "\(d(first)) (p99 \(d(second)))"
        case .exponential: return "mean \(d(first))"
        }
    }
}

/// Three significant digits, computed so that the result prints exactly as it was rounded.
enum Significant {
    /// `value` (≥ 0) to three significant digits, read back from its decimal text, so
    /// `String(result)` is that text (0.0123, not 0.012300000000000002).
    static func round(_ value: Double) -> Double {
        guard value > 0, value.isFinite else { return max(0, value.isFinite ? value : 0) }
        var mantissa = value
        var exponent = 0
        var bound = 0
        while mantissa >= 1_000 && bound < 400 { mantissa /= 10; exponent += 1; bound += 1 }
        while mantissa < 100 && bound < 800 { mantissa *= 10; exponent -= 1; bound += 1 }
        var digits = Int(mantissa.rounded())
        if digits == 1_000 { digits = 100; exponent += 1 }
        return Double("\(digits)e\(exponent)") ?? value
    }

    /// `ms` to three significant digits in the largest unit it reaches (ms, s, m, h, d), so it
    /// writes briefly: 2,082,240,000 ms is 24.1d, not 2080000s.
    static func round(milliseconds ms: Double) -> SimTime {
        let value = max(0, ms.rounded())
        guard let unit = DurationText.units.last(where: { Double($0.milliseconds) <= value }) else { return 0 }
        let scale = Double(unit.milliseconds)
        return SimTime((round(value / scale) * scale).rounded())
    }

    /// A duration for reading: three significant digits in the largest unit it reaches, so
    /// 978,000 ms is 16.3m and 5,760,000 ms 1.6h (a scenario file takes the text back, rounded).
    static func humanText(_ ms: SimTime) -> String {
        guard ms >= 1_000, let unit = DurationText.units.last(where: { $0.milliseconds <= ms }) else { return "\(ms)ms" }
        var text = FixedPoint.format(round(Double(ms) / Double(unit.milliseconds)), places: 2)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text + unit.suffix
    }

    /// A duration as a scenario file can write it, as briefly as it can: the shortest of the
    /// exact whole-unit form (`90s`) and a decimal in a larger unit with up to three places
    /// (`1.23m`, `24.1d`); the larger unit on a tie.
    static func durationText(_ ms: SimTime) -> String {
        var best = DurationText.format(ms)
        var bestIsWhole = true  // a decimal in a larger unit wins a tie with the whole form: 23.7m, not 1422s
        for unit in DurationText.units.reversed() where ms > unit.milliseconds && ms % unit.milliseconds != 0 {
            let whole = ms / unit.milliseconds, rest = ms % unit.milliseconds
            var scale: SimTime = 1
            for places in 1...3 {
                scale *= 10
                guard (rest * scale) % unit.milliseconds == 0 else { continue }
                let digits = String(rest * scale / unit.milliseconds)
                let candidate = "\(whole)." + String(repeating: "0", count: places - digits.count) + digits + unit.suffix
                if candidate.count < best.count || (candidate.count == best.count && bestIsWhole) {
                    best = candidate
                    bestIsWhole = false
                }
                break
            }
        }
        return best
    }
}
