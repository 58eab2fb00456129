/// The options several commands take, each declared once with one help text, so an option
/// means, checks and says the same on every command. `CommandContext` reads the ones every
/// command reads alike (`--runs`, `--seed`, `--jobs`, `--set`, `--designs`) before the command
/// does anything else; the shard options, which come with their own rules, are `ShardOptions`.
enum CommonOptions {
    /// The scenario's `runs`. `sweep` runs them at every value; `crossover` and `bench` choose
    /// their own default (`defaulting(to:)`).
    static let runs = OptionSpec(name: "--runs", valueName: "n", help: "Number of runs, 1 to 10^12.",
                                 defaultValue: "the scenario's \"runs\"")
    static let seed = OptionSpec(name: "--seed", valueName: "s", help: "Master seed, 0 to 2^64-1.",
                                 defaultValue: "the scenario's \"seed\"")
    static let jobs = OptionSpec(name: "--jobs", valueName: "n|auto",
                                 help: "Worker threads; auto = one per core (default: auto). Never changes the result.")
    /// The designs to simulate, replacing the scenario's list.
    static let designs = OptionSpec(name: "--designs", valueName: "a,b", help: "Comma-separated designs, each once, in table order; '<name>+server' is that design with today's full server recovery, as --plus-server adds it.",
                                    defaultValue: "the scenario's \"designs\"")
    /// Two designs set against each other (`compare`, `crossover`).
    static let designPair = OptionSpec(name: "--designs", valueName: "a,b",
                                       help: "Two different designs, a against b, on the same runs (paired, McNemar); '<name>+server' is that design with today's full server recovery.")
    /// One design (`trace`, `find`, `check`, `crossover`).
    static let design = OptionSpec(name: "--design", valueName: "name",
                                   help: "One design, by name: a preset (simrun designs lists them) or a custom design of the scenario, either with '+server' for today's full server recovery.")
    static let set = OptionSpec(name: "--set", valueName: "key.path=value",
                                help: "Override a scenario key, as in the file (repeatable): --set platform=pre-2025, --set network.requestLossProbability=0.1.",
                                repeatable: true)
    /// Each design also with today's full server recovery (`run`, `report`).
    static let plusServer = OptionSpec(name: "--plus-server", valueName: nil,
                                       help: "After each design, also run it with today's full server recovery (notifications, both histories, and with StoreKit 2 the appTransactionId link) as '<name>+server', on the same runs: what the client's choices are worth, and what the server's add.")
    /// Outputs split by the scenario's segments (`run`, `compare`).
    static let bySegment = OptionSpec(name: "--by-segment", valueName: nil,
                                      help: "Also give each segment's figures (the scenario's \"segments\"; the users no segment claims are 'rest'): rows per segment, and a segment column in the CSVs whose rows of all the runs say 'all'. The overall figures are the segments' mixture.")
    static let quiet = OptionSpec(name: "--quiet", valueName: nil,
                                  help: "No progress line on standard error (one is drawn only when it is a terminal).")

    /// `--out <file.csv>`: the command's main output file; what it holds is the command's to say.
    static func out(_ help: String, valueName: String = "file.csv") -> OptionSpec {
        OptionSpec(name: "--out", valueName: valueName, help: help)
    }

    /// `--svg <file.svg>`: a drawing of the result; which one is the command's to say.
    static func svg(_ help: String) -> OptionSpec {
        OptionSpec(name: "--svg", valueName: "file.svg", help: help)
    }
}
