/// The Wilson score interval for a binomial proportion (Wilson 1927): honest near 0 and 1,
/// where lost-order rates live, unlike the normal approximation.
public enum Wilson {
    /// z for a two-sided 95% interval.
    public static let z95 = 1.959963984540054
    /// z for a two-sided 99.9% interval.
    public static let z999 = 3.2905267314919255

    /// The interval for `successes` out of `trials` (trials > 0).
    public static func interval(successes: Int64, trials: Int64, z: Double = z95) -> (low: Double, high: Double) {
        guard trials > 0 else { return (0, 1) }
        let n = Double(trials)
        let p = Double(successes) / n
        let z2 = z * z
        let denominator = 1 + z2 / n
        let centre = (p + z2 / (2 * n)) / denominator
        let halfWidth = z * ((p * (1 - p) / n + z2 / (4 * n * n)).squareRoot()) / denominator
        // At 0 or n successes one bound is exactly 0 or 1; rounding would leave a hair's breadth.
        let low = successes == 0 ? 0 : max(0, centre - halfWidth)
        let high = successes == trials ? 1 : min(1, centre + halfWidth)
        return (low, high)
    }
}
