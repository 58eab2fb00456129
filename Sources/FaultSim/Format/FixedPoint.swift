/// Fixed-point rendering of numbers, the same on every platform (no locale, no
/// `String(format:)`): rounds half to even at `places` decimals. Every layer formats its
/// numbers here, so a figure reads the same in a table, a CSV, a chart and a sentence.
public enum FixedPoint {
    /// How the sign is written.
    public enum Sign: Sendable {
        /// "-" only when the rounded value is not zero: -0.0001 at 2 places is "0.00".
        case minusIfNonzero
        /// "-" whenever the value is below zero, even when it rounds to zero ("-0.00"), and
        /// infinities as "inf" and "-inf": CSV cells and SVG coordinates, where the sign of a
        /// tiny difference is information.
        case minusIfNegative
        /// "+" or "-" always, by the value's sign: "+0.650", "-0.000".
        case always
        /// "+" or "-" unless the rounded value is zero, which is bare: "+812.0", "0.0".
        case alwaysUnlessZero
    }

    /// `value` with `places` decimals, its sign written as `sign` says.
    /// - Complexity: O(digits).
    public static func format(_ value: Double, places: Int, sign: Sign = .minusIfNonzero) -> String {
        precondition(places >= 0 && places <= 12)
        let negative = value < 0
        guard value.isFinite else {
            if value.isNaN { return "nan" }
            return negative && sign != .minusIfNonzero ? "-inf" : "inf"
        }
        let digits = magnitude(abs(value), places: places)
        let isZero = digits.allSatisfy { $0 == "0" || $0 == "." }
        switch sign {
        case .minusIfNonzero: return negative && !isZero ? "-" + digits : digits
        case .minusIfNegative: return negative ? "-" + digits : digits
        case .always: return (negative ? "-" : "+") + digits
        case .alwaysUnlessZero: return isZero ? digits : (negative ? "-" : "+") + digits
        }
    }

    /// The digits of a non-negative finite value.
    static func magnitude(_ value: Double, places: Int) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (value * scale).rounded(.toNearestOrEven)
        guard scaled < 9.0e18 else { return String(value) }
        var digits = String(UInt64(scaled))
        if places > 0 {
            if digits.count <= places { digits = String(repeating: "0", count: places - digits.count + 1) + digits }
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -places))
        }
        return digits
    }
}

/// Small probabilities for people: "0.041" from 0.001 up, "3.2e-07" below, "0" for 0. The same
/// on every platform (digits found by multiplying by ten, no `String(format:)`).
public enum Scientific {
    public static func format(_ value: Double) -> String {
        guard value.isFinite, value > 0 else { return value == 0 ? "0" : FixedPoint.format(value, places: 3) }
        if value >= 0.001 { return FixedPoint.format(value, places: 3) }
        var mantissa = value
        var exponent = 0
        while mantissa < 1 && exponent < 400 {
            mantissa *= 10
            exponent += 1
        }
        if mantissa >= 9.95 {
            mantissa /= 10
            exponent -= 1
        }
        return FixedPoint.format(mantissa, places: 1) + "e-" + (exponent < 10 ? "0" : "") + String(exponent)
    }
}

/// Whole numbers with thousands separators, the same on every platform: 1234567 → "1,234,567".
public enum Grouped {
    public static func format(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var text = ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(character)
        }
        return value < 0 ? "-" + text : text
    }

    /// Rounded to a whole number first; "-" for infinity or NaN.
    public static func format(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 9e18 else { return "-" }
        return format(Int(value.rounded()))
    }

    /// `count` and the noun, singular for 1: "1 design", "3 designs", "1,000 runs".
    public static func count(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
        format(count) + " " + (count == 1 ? singular : plural ?? singular + "s")
    }

    /// What `parse` made of a whole number as a person typed it.
    public enum Parsed: Sendable, Equatable {
        case whole(Int)
        /// A number, but not a whole one (`1.5`, `1e-3`).
        case notWhole
        /// A whole number beyond `Int.max`.
        case tooLarge
        /// Not a number in any form `parse` reads.
        case notANumber
    }

    /// A whole number in any form this tool writes or people copy: `1000000`, `1,000,000` or
    /// `1_000_000` (groups of three digits after the first, one kind of separator), and
    /// scientific notation whose value is whole (`1e6`, `2.5e5`, `1.0`). Exact: the digits are
    /// shifted, never rounded through a Double, so `1e-3` is refused rather than read as 0.
    public static func parse(_ text: String) -> Parsed {
        var rest = Substring(text.lowercased())
        let negative = rest.first == "-"
        if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
        let parts = rest.split(separator: "e", omittingEmptySubsequences: false)
        guard parts.count <= 2, let (integer, fraction) = mantissa(parts[0]) else { return .notANumber }
        var exponent = 0
        if parts.count == 2 {
            guard let written = exponentValue(parts[1]) else { return .notANumber }
            exponent = written
        }
        // The digits without leading zeros, and the power of ten that scales them.
        var digits = Array((integer + fraction).drop(while: { $0 == "0" }))
        exponent -= fraction.count
        while exponent < 0, digits.last == "0" {
            digits.removeLast()
            exponent += 1
        }
        guard exponent >= 0 || digits.isEmpty else { return .notWhole }
        guard digits.isEmpty || digits.count + exponent <= 19 else { return .tooLarge }
        var value = 0
        for digit in digits + Array(repeating: "0", count: digits.isEmpty ? 0 : exponent) {
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times.addingReportingOverflow(Int(digit.asciiValue! - 48))
            guard !overflow, !carry else { return .tooLarge }
            value = sum
        }
        return .whole(negative ? -value : value)
    }

    /// A mantissa's digits before and after its point: `1,000` and `2.5`; the integer part may
    /// be grouped by `,` or `_`, the fraction not. Nil for anything else (`1,00`, `.5`, `1.`).
    private static func mantissa(_ text: Substring) -> (integer: Substring, fraction: Substring)? {
        let halves = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let fraction = halves.count == 2 ? halves[1] : ""
        guard halves.count == 1 || !fraction.isEmpty, fraction.allSatisfy(\.isASCIIDigit) else { return nil }
        let separators = Set(halves[0].filter { $0 == "," || $0 == "_" })
        guard separators.count <= 1 else { return nil }
        let groups = halves[0].split(separator: separators.first ?? ",", omittingEmptySubsequences: false)
        guard let first = groups.first, (1...(groups.count == 1 ? Int.max : 3)).contains(first.count),
              groups.dropFirst().allSatisfy({ $0.count == 3 }), groups.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }) else { return nil }
        return (Substring(groups.joined()), fraction)
    }

    /// An exponent's value: digits with an optional sign; past four digits it is taken as
    /// 9,999, as far as any count needs to be refused.
    private static func exponentValue(_ text: Substring) -> Int? {
        let digits = text.first == "-" || text.first == "+" ? text.dropFirst() : text
        guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit) else { return nil }
        let value = digits.count > 4 ? 9_999 : Int(digits)!
        return text.first == "-" ? -value : value
    }
}

extension Character {
    /// `0` to `9`, and nothing else (not the other scripts' digits `isNumber` takes).
    var isASCIIDigit: Bool { asciiValue.map { (48...57).contains($0) } ?? false }
}

extension String {
    /// The text without the spaces at its end (aligned columns leave them).
    var trailingSpacesTrimmed: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}

extension FixedPoint {
    /// A rate per intent as a figure per 10^6 intents with three significant digits ("0.0123",
    /// "4.56", "1,234"): the rare rates importance sampling resolves need more than one decimal.
    public static func perMillion(_ rate: Double) -> String {
        let value = rate * 1e6
        guard value.isFinite, value != 0 else { return value == 0 ? "0" : "-" }
        let magnitude = abs(value)
        if magnitude >= 100 { return Grouped.format(value) }
        var places = 2
        var scaled = magnitude
        while scaled < 1 && places < 12 {
            scaled *= 10
            places += 1
        }
        return format(value, places: places)
    }

    /// An interval of rates per intent as figures per 10^6, "[low, high]": each end as
    /// `perMillion` writes it, and when that would print two different ends as the same figure,
    /// both with as many more decimals as it takes to tell them apart (at most 12):
    /// "[0.9999, 1.0001]", not "[1.000, 1.00]"; "[1.001, 1.004]", not "[1.00, 1.00]".
    public static func perMillionInterval(_ low: Double, _ high: Double) -> String {
        var lowText = perMillion(low), highText = perMillion(high)
        // Alike as numbers, not as text: "1.000" and "1.00" are one figure.
        func alike() -> Bool { Double(lowText.filter { $0 != "," }) == Double(highText.filter { $0 != "," }) }
        if low != high && low.isFinite && high.isFinite && alike() {
            let start = max(perMillionPlaces(low * 1e6), perMillionPlaces(high * 1e6))
            for places in (start + 1)...max(start + 1, 12) where alike() {
                lowText = groupedFixed(low * 1e6, places: places)
                highText = groupedFixed(high * 1e6, places: places)
            }
        }
        return "[\(lowText), \(highText)]"
    }

    /// The decimals `perMillion` gives a figure per 10^6: none from 100 up, else three
    /// significant digits.
    static func perMillionPlaces(_ value: Double) -> Int {
        var magnitude = abs(value)
        if magnitude >= 100 || magnitude == 0 { return 0 }
        var places = 2
        while magnitude < 1 && places < 12 {
            magnitude *= 10
            places += 1
        }
        return places
    }

    /// `value` with `places` decimals and its whole part grouped by thousands: "1,234.56".
    static func groupedFixed(_ value: Double, places: Int) -> String {
        let text = format(value, places: places)
        let negative = text.hasPrefix("-")
        let parts = (negative ? text.dropFirst() : Substring(text)).split(separator: ".", maxSplits: 1)
        let whole = Int(parts[0]).map(Grouped.format) ?? String(parts[0])
        return (negative ? "-" : "") + whole + (parts.count == 2 ? "." + parts[1] : "")
    }

    /// The same, signed: "+" before a positive figure.
    public static func signedPerMillion(_ rate: Double) -> String { (rate > 0 ? "+" : "") + perMillion(rate) }
}
