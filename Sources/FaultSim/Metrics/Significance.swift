/// The level every verdict of the tool uses unless told otherwise: 5%, two-sided. p-values are
/// kept as natural logarithms (they reach 1e-300 and below), so the level is compared as one too.
public enum Significance {
    public static let level = 0.05
    /// ln 0.05, with the project's own logarithm.
    public static let logLevel = DeterministicMath.log(level)
}
