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
}

extension String {
    /// The text without the spaces at its end (aligned columns leave them).
    var trailingSpacesTrimmed: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
