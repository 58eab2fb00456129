/// Where a chart puts its ticks: steps of 1, 2 or 5 times a power of ten, found by multiplying
/// and dividing by ten (no platform `log10`), so every chart draws the same on every platform.
public enum AxisTicks {
    public static func floorLog10(_ value: Double) -> Int {
        var exponent = 0
        var v = value
        while v >= 10 && exponent < 300 { v /= 10; exponent += 1 }
        while v < 1 && exponent > -300 { v *= 10; exponent -= 1 }
        return exponent
    }

    public static func power(_ exponent: Int) -> Double {
        var value = 1.0
        if exponent >= 0 { for _ in 0..<exponent { value *= 10 } } else { for _ in 0..<(-exponent) { value /= 10 } }
        return value
    }

    /// 1, 2 or 5 times a power of ten, at least `rough`.
    public static func niceStep(_ rough: Double) -> Double {
        let base = power(floorLog10(rough))
        for factor in [1.0, 2.0, 5.0, 10.0] where base * factor >= rough { return base * factor }
        return base * 10
    }
}
