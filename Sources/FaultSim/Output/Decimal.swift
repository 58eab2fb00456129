/// Fixed-point rendering of non-negative numbers, the same on every platform (no locale,
/// no `String(format:)`): rounds half to even at `places` decimals.
public enum FixedPoint {
    public static func format(_ value: Double, places: Int) -> String {
        precondition(places >= 0 && places <= 12)
        guard value.isFinite else { return value.isNaN ? "nan" : "inf" }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let negative = value < 0
        let scaled = (abs(value) * scale).rounded(.toNearestOrEven)
        guard scaled < 9.0e18 else { return String(value) }
        let units = UInt64(scaled)
        var digits = String(units)
        if places > 0 {
            if digits.count <= places { digits = String(repeating: "0", count: places - digits.count + 1) + digits }
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -places))
        }
        return negative && units != 0 ? "-" + digits : digits
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
