/// The default scenario, built into the binary so that `simrun` with no scenario works from any
/// directory: `simrun` reads `scenarios/default.json` when the current directory has one, and
/// this copy otherwise. A test keeps the two byte-identical.
extension Scenario {
    /// The text of `scenarios/default.json`.
    public static let defaultFileText = """
{
  "description": "Every parameter at its default (docs/model.md): today's Apple platform, one consumable purchase per user on a mobile network, 30-day horizon, every preset.",
  "runs": 100000,
  "seed": 1,
  "horizon": "30d"
}

"""

    /// The path `simrun` reads when no scenario is given, relative to the current directory.
    public static let defaultFilePath = "scenarios/default.json"
}
