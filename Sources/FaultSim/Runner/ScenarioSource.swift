import Foundation

/// Where a scenario comes from, kept so it can be loaded again with one key changed: a file or
/// JSON text, the `--set` overrides on it, and the seed set after loading. A sweep or a
/// crossover loads it once per parameter value with one more override, so each value is checked
/// exactly as the file's own would be (a probability of 2 is an error, not a silent clamp).
public struct ScenarioSource: Sendable {
    public enum Text: Sendable {
        /// A scenario file, read at every load.
        case file(path: String)
        /// Scenario JSON in memory; `file` names it in error messages, `name` is the scenario's name.
        case json(String, file: String, name: String)
    }

    public var text: Text
    /// Applied to the JSON in order, before it is checked.
    public var overrides: [ScenarioOverride]
    /// Replaces the scenario's seed after loading, when not nil.
    public var seed: UInt64?

    public init(_ text: Text, overrides: [ScenarioOverride] = [], seed: UInt64? = nil) {
        self.text = text
        self.overrides = overrides
        self.seed = seed
    }

    /// The scenario with `extra` applied after the other overrides.
    public func load(adding extra: [ScenarioOverride] = []) throws(ScenarioError) -> Scenario {
        var scenario: Scenario
        switch text {
        case .file(let path): scenario = try ScenarioLoader.load(path: path, overrides: overrides + extra)
        case .json(let json, let file, let name): scenario = try ScenarioLoader.parse(json, file: file, name: name, overrides: overrides + extra)
        }
        if let seed { scenario.seed = seed }
        scenario.overridesGiven = overrides.map(\.text)
        return scenario
    }

    /// The scenario with `key` set to `value` (written as `--set` takes it) after the other
    /// overrides.
    public func load(setting key: String, to value: String) throws(ParameterError) -> Scenario {
        guard case .success(let override) = ScenarioOverride.parse("\(key)=\(value)") else { throw .notAKeyPath(key) }
        do {
            return try load(adding: [override])
        } catch {
            throw .scenario(error)
        }
    }
}

/// Why a scenario could not be made with a parameter at a value.
public enum ParameterError: Error, Sendable, Equatable {
    /// The parameter is not a key path (keys separated by '.', array items as [n]).
    case notAKeyPath(String)
    /// The scenario with that value is wrong, or its file cannot be read.
    case scenario(ScenarioError)
}
