/// What `simrun --version` prints, and what a result will carry to say what made it.
public enum FaultSimVersion {
    /// The tool's version.
    public static let tool = "0.2.0"
    /// The model's version: it changes whenever the same scenario, seed and run count can give
    /// different results (1: the model until 2026-11-21; 2: today's platform, StoreKit 2 and the
    /// corrected presets, 2026-11-22).
    public static let model = 2
}
