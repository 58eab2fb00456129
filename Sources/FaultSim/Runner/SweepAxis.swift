/// A sweep's values, as written (`0.01`, `5s`, `pre-2025`, a JSON object), and how a chart's x
/// axis places them: by value when every one is a number or a duration, else one step apart.
public struct SweepAxis: Sendable {
    /// How the values sit on the x axis of a chart.
    public enum Scale: Sendable {
        /// Numeric values, placed by value (log-spaced when `log`).
        case numeric([Double], log: Bool)
        /// Anything else, evenly spaced in the given order.
        case categorical
    }

    /// The values as `--set` takes them, in order; the CSV's `value` column.
    public let labels: [String]
    public let scale: Scale
    /// The numeric values (ms for durations), when every value is a number or a duration.
    public let numbers: [Double]?
    /// The values were spaced geometrically: the chart's x axis is logarithmic.
    public let logScale: Bool

    public init(labels: [String], scale: Scale, numbers: [Double]?, logScale: Bool = false) {
        self.labels = labels
        self.scale = scale
        self.numbers = numbers
        self.logScale = logScale
    }

    /// The axis of `labels` as written: numeric when every one is a number or a duration.
    public init(labels: [String], logScale: Bool = false) {
        let parsed = labels.map { label -> Double? in
            if let number = Double(label) { return number }
            if case .success(let ms) = DurationText.parse(label) { return Double(ms) }
            return nil
        }
        let numbers = parsed.allSatisfy { $0 != nil } ? parsed.map { $0! } : nil
        self.init(labels: labels, scale: numbers.map { .numeric($0, log: logScale) } ?? .categorical, numbers: numbers,
                  logScale: logScale)
    }

    /// `steps` numbers from `from` to `to`, both included: evenly spaced, or geometrically when
    /// `logarithmic` (then `from` must be > 0). Each is written by ``label(_:)``, `to` exactly.
    public static func evenlySpaced(from: Double, to: Double, steps: Int, logarithmic: Bool) -> SweepAxis {
        precondition(steps >= 2 && from < to && (!logarithmic || from > 0), "from < to, 2 steps or more, from > 0 on a log scale")
        let labels = (0..<steps).map { index in
            let t = Double(index) / Double(steps - 1)
            let value = logarithmic
                ? DeterministicMath.exp(DeterministicMath.log(from) + t * (DeterministicMath.log(to) - DeterministicMath.log(from)))
                : from + t * (to - from)
            return label(index == steps - 1 ? to : value)
        }
        return SweepAxis(labels: labels, logScale: logarithmic)
    }

    /// `value` as a sweep or a crossover writes it: at most six decimal places, no trailing zeros
    /// (`0.05`, `0.333333`, `2`).
    public static func label(_ value: Double) -> String {
        var text = FixedPoint.format(abs(value), places: 6)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return (value < 0 ? "-" : "") + text
    }

    /// Splits `text` at commas that are not inside braces, brackets or quotes, so a value may be
    /// a JSON object: `0.01,0.02` or `{"kind":"fixed","value":"5s"},10s`.
    public static func values(_ text: String) -> [String] {
        var items: [String] = []
        var current = ""
        var depth = 0
        var quoted = false
        var escaped = false
        for character in text {
            if quoted {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { quoted = false }
            } else if character == "\"" {
                quoted = true
            } else if character == "{" || character == "[" {
                depth += 1
            } else if character == "}" || character == "]" {
                depth -= 1
            } else if character == "," && depth == 0 {
                items.append(current)
                current = ""
                continue
            }
            current.append(character)
        }
        items.append(current)
        return items
    }
}
