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
