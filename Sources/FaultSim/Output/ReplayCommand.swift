/// The command lines simrun prints for a user to run again: each replays exactly what was shown.
public enum ReplayCommand {
    /// The exact command that replays run `run` of `design` (no path: the default scenario).
    public static func trace(path: String?, design: String, run: UInt64, seed: UInt64, overrides: [ScenarioOverride] = []) -> String {
        "simrun trace" + (path.map { " " + ShellWord.quoted($0) } ?? "") + " --design \(design) --run \(run) --seed \(seed)"
            + overrides.map { " --set " + ShellWord.quoted($0.text) }.joined()
    }
}
