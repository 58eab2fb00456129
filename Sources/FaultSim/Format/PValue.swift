/// A p-value for people, from its natural logarithm (the statistics keep p in log space, so it
/// never underflows): "0.041", "3.2e-07", "< 1e-300". The same on every platform: the digits
/// come from the project's own `log` and `exp`.
public enum PValue {
    /// "0.041" from 0.001 up, "3.2e-07" below, "< 1e-300" below that.
    public static func text(logP: Double) -> String {
        let log10p = logP / DeterministicMath.log(10)
        if log10p < -300 { return "< 1e-300" }
        if log10p >= -3 { return FixedPoint.format(DeterministicMath.exp(logP), places: 3) }
        var exponent = Int((-log10p).rounded(.up))
        var mantissa = DeterministicMath.exp((log10p + Double(exponent)) * DeterministicMath.log(10))
        if mantissa >= 9.95 {
            mantissa /= 10
            exponent -= 1
        }
        return FixedPoint.format(mantissa, places: 1) + "e-" + (exponent < 10 ? "0" : "") + String(exponent)
    }

    /// For a sentence: "= 0.041", "= 3.2e-07", "< 1e-300".
    public static func phrase(logP: Double) -> String {
        let p = text(logP: logP)
        return p.hasPrefix("<") ? p : "= " + p
    }
}
