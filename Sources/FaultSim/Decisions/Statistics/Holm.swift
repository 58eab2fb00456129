/// Holm's step-down correction for many tests at once: with m p-values sorted ascending, the
/// k-th smallest (k from 0) is rejected when it and every smaller one are below α / (m − k).
/// It keeps the chance of any false rejection at most α, whatever the tests' dependence.
public enum Holm {
    /// For each p-value given as its natural log, whether Holm's procedure rejects it at `alpha`.
    /// - Complexity: O(m log m).
    public static func rejects(_ logPValues: [Double], alpha: Double) -> [Bool] {
        let m = logPValues.count
        let order = logPValues.indices.sorted { logPValues[$0] != logPValues[$1] ? logPValues[$0] < logPValues[$1] : $0 < $1 }
        var result = [Bool](repeating: false, count: m)
        for (k, index) in order.enumerated() {
            guard logPValues[index] < DeterministicMath.log(alpha / Double(m - k)) else { break }
            result[index] = true
        }
        return result
    }
}
