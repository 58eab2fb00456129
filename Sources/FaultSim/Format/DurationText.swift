/// Durations as scenario files write them: a non-negative decimal and a unit, `"300ms"`,
/// `"15s"`, `"10m"`, `"1.5h"`, `"30d"`, resolving to whole milliseconds.
public enum DurationText {
    /// The longest duration a scenario may write: 100 years. Longer is a typo, and the event
    /// queue's 42-bit time (about 139 years) must hold any sum of durations a run makes.
    public static let maxMs: SimTime = 100 * 365 * 86_400_000

    static let units: [(suffix: String, milliseconds: SimTime)] = [
        ("ms", 1), ("s", 1_000), ("m", 60_000), ("h", 3_600_000), ("d", 86_400_000),
    ]

    /// Milliseconds, or a message saying what is wrong.
    public static func parse(_ text: String) -> Result<SimTime, DurationTextError> {
        guard let unit = units.first(where: { text.hasSuffix($0.suffix) && !text.dropLast($0.suffix.count).isEmpty
                                              && text.dropLast($0.suffix.count).last?.isNumber == true }) else {
            return .failure(DurationTextError(message: "a duration is a number and a unit: ms, s, m, h or d (\"300ms\", \"1.5h\")"))
        }
        let number = text.dropLast(unit.suffix.count)
        if number.hasPrefix("-") { return .failure(DurationTextError(message: "a duration cannot be negative")) }
        let parts = number.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = SimTime(parts[0]), parts[0].allSatisfy(\.isNumber) else {
            return .failure(DurationTextError(message: "a duration is a number and a unit: ms, s, m, h or d (\"300ms\", \"1.5h\")"))
        }
        let limit = maxMs / unit.milliseconds
        guard whole <= limit else { return .failure(DurationTextError(message: "a duration may not exceed 100 years")) }
        var total = whole * unit.milliseconds
        if parts.count == 2 {
            let fraction = parts[1]
            guard !fraction.isEmpty, fraction.count <= 9, fraction.allSatisfy(\.isNumber), let digits = SimTime(fraction) else {
                return .failure(DurationTextError(message: "bad fraction in a duration"))
            }
            var scale: SimTime = 1
            for _ in 0..<fraction.count { scale *= 10 }
            let scaled = digits * unit.milliseconds
            guard scaled % scale == 0 else {
                return .failure(DurationTextError(message: "a duration must come to whole milliseconds"))
            }
            total += scaled / scale
        }
        return .success(total)
    }

    /// The shortest exact rendering: 90000 → "90s", 5400000 → "90m".
    public static func format(_ ms: SimTime) -> String {
        for unit in units.reversed() where ms != 0 && ms % unit.milliseconds == 0 {
            return "\(ms / unit.milliseconds)\(unit.suffix)"
        }
        return "\(ms)ms"
    }
}

extension DurationText {
    /// A duration for people, one decimal in the largest unit it reaches: 850 → "850ms",
    /// 1500 → "1.5s", 5400000 → "1.5h", 2 days → "2.0d".
    public static func human(_ ms: SimTime) -> String {
        if ms < 1_000 { return "\(ms)ms" }
        if ms < 60_000 { return FixedPoint.format(Double(ms) / 1_000, places: 1) + "s" }
        if ms < 3_600_000 { return FixedPoint.format(Double(ms) / 60_000, places: 1) + "m" }
        if ms < 86_400_000 { return FixedPoint.format(Double(ms) / 3_600_000, places: 1) + "h" }
        return FixedPoint.format(Double(ms) / 86_400_000, places: 1) + "d"
    }

    /// Seconds as a person says them, for how long a job will take: 90 → "90 seconds",
    /// 200000 → "2.3 days".
    public static func spoken(seconds: Double) -> String {
        if seconds < 120 { return Int(seconds.rounded()) == 1 ? "1 second" : "\(Int(seconds.rounded())) seconds" }
        if seconds < 7_200 { return "\(Int((seconds / 60).rounded())) minutes" }
        if seconds < 172_800 { return FixedPoint.format(seconds / 3_600, places: 1) + " hours" }
        if seconds < 3.2e7 { return FixedPoint.format(seconds / 86_400, places: 1) + " days" }
        return FixedPoint.format(seconds / 3.15e7, places: 1) + " years"
    }
}

public struct DurationTextError: Error, Sendable {
    public let message: String
}
