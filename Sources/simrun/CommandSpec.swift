/// One command: its name, what it is for, its positional argument and its options. Usage,
/// help and the top-level command list are derived from it, so they cannot drift from what the
/// parser accepts.
struct CommandSpec {
    let name: String
    /// One or two sentences: the first line of the command's help.
    let abstract: String
    /// `<scenario.json>`, `NAME`, or nil for no positional argument; one that starts with `[`
    /// brackets itself (`[<scenario.json>] [NAME]`).
    var positional: String?
    /// Whether the positional argument may be left out.
    var positionalOptional = false
    let options: [OptionSpec]
    /// Said after the options in the usage line, for what brackets cannot say.
    var usageNote: String?
    /// One line for `simrun --help`'s command list (the abstract when nil).
    var summary: String?
    /// What the positional argument is, for the help's ARGUMENTS and a missing-argument error.
    var positionalHelp: String?
    /// The positional argument may be given several times (`merge`'s parts).
    var positionalRepeats = false
    /// Said after the options, for what a command's help needs beyond them (`optimize`'s grids).
    var epilogue: String?

    var usage: String {
        var text = "simrun \(name)"
        if let positional { text += positionalOptional && !positional.hasPrefix("[") ? " [\(positional)]" : " \(positional)" }
        for option in options {
            text += option.required ? " \(option.label)" : option.repeatable ? " [\(option.label)]..." : " [\(option.label)]"
        }
        return usageNote.map { text + "  (\($0))" } ?? text
    }

    /// The short form for the top-level command list: the positional, the required options,
    /// and `[options]` for the rest.
    var synopsis: String {
        var text = name
        if let positional { text += positionalOptional && !positional.hasPrefix("[") ? " [\(positional)]" : " \(positional)" }
        for option in options where option.required { text += " \(option.label)" }
        return options.contains(where: { !$0.required }) ? text + " [options]" : text
    }

    var help: String {
        var text = "OVERVIEW: \(abstract)\n\nUSAGE: \(usage)\n\n"
        if let positional, let positionalHelp {
            text += "ARGUMENTS:\n" + Self.columns([(positional, positionalHelp)]) + "\n"
        }
        let rows = options.map { ($0.label, $0.helpText) } + [("-h, --help", "Show help information.")]
        return text + "OPTIONS:\n" + Self.columns(rows) + (epilogue.map { "\n" + $0 } ?? "")
    }

    /// `label  text` lines, the texts aligned, each line indented by two spaces.
    static func columns(_ rows: [(label: String, text: String)]) -> String {
        let width = rows.map(\.label.count).max() ?? 0
        return rows.map { "  " + $0.label + String(repeating: " ", count: width - $0.label.count + 2) + $0.text + "\n" }.joined()
    }

    /// What every command's spec keeps, so its usage and help say what the parser accepts:
    /// option names start with `--` and are given once, an option names a value or is a flag
    /// (never required and repeatable at once), and a default is not said of a required option.
    func _checkInvariants() {
        var seen: [String] = []
        for option in options {
            precondition(option.name.hasPrefix("--") && !seen.contains(option.name), "\(name): option \(option.name) twice or malformed")
            precondition(!(option.required && option.repeatable), "\(name): \(option.name) is required and repeatable")
            precondition(!(option.required && option.defaultValue != nil), "\(name): \(option.name) is required and has a default")
            precondition(option.integerDefault == nil || option.valueName != nil, "\(name): flag \(option.name) with a number default")
            seen.append(option.name)
        }
    }

    /// A usage error of this command.
    func error(_ message: String) -> CommandFailure { .usage(UsageError(message: message, usage: usage, command: name)) }

    func invalid(_ value: String, for option: OptionSpec, because reason: String) -> CommandFailure {
        error("The value '\(value)' is invalid for '\(option.label)': \(reason)")
    }
}

extension CommandSpec {
    /// A command that reads a scenario file, or the default scenario when none is given.
    static func readingScenario(name: String, abstract: String, summary: String, options: [OptionSpec],
                                usageNote: String? = nil) -> CommandSpec {
        CommandSpec(name: name, abstract: abstract, positional: "<scenario.json>", positionalOptional: true, options: options,
                    usageNote: usageNote, summary: summary,
                    positionalHelp: "The scenario file (default: scenarios/default.json, or its built-in copy).")
    }
}
