import FaultSim

/// A hand-written command-line parser in swift-argument-parser's manner: `--flag value` or
/// `--flag=value`, `-h`/`--help` on every command (winning over any other error on the line),
/// `--` ending the options, and errors that name the bad flag, suggest the nearest one, and
/// point to the command's own help.
struct OptionSpec {
    let name: String
    /// Placeholder for the value in usage text; nil for a flag without a value.
    let valueName: String?
    let help: String
    /// The option may be given several times; every value is kept, in order.
    var repeatable = false
    /// The command cannot run without it (shown without brackets in the usage).
    var required = false
}

/// One command: its name, what it is for, its scenario argument and its options. Usage and
/// help are derived from it, so they cannot drift from what the parser accepts.
struct CommandSpec {
    let name: String
    let abstract: String
    /// `<scenario.json>`, `[NAME]`, or nil for no positional argument.
    var positional: String?
    /// Whether the positional argument may be left out.
    var positionalOptional = false
    let options: [OptionSpec]
    /// Said after the options in the usage line, for what brackets cannot say.
    var usageNote: String?

    var usage: String {
        var text = "simrun \(name)"
        if let positional { text += positionalOptional ? " [\(positional)]" : " \(positional)" }
        for option in options {
            let body = option.valueName.map { "\(option.name) <\($0)>" } ?? option.name
            text += option.required ? " \(body)" : option.repeatable ? " [\(body)]..." : " [\(body)]"
        }
        return usageNote.map { text + "  (\($0))" } ?? text
    }

    var help: String { ArgumentParser.help(abstract: abstract, usage: usage, options: options) }

    /// A usage error of this command.
    func error(_ message: String) -> CommandFailure { .usage(UsageError(message: message, usage: usage, command: name)) }

    func invalid(_ value: String, for option: OptionSpec, because reason: String) -> CommandFailure {
        error("The value '\(value)' is invalid for '\(option.name)\(option.valueName.map { " <\($0)>" } ?? "")': \(reason)")
    }
}

/// Why a command stopped before success.
enum CommandFailure: Error {
    /// A bad command line: simrun prints it with the usage and exits 64.
    case usage(UsageError)
    /// A failure already reported on standard error; exit with this code (sysexits).
    case exit(Int32)
}

/// What went wrong on the command line: simrun prints it, then the usage and where to find the
/// command's help, and exits 64.
struct UsageError: Error {
    let message: String
    let usage: String
    /// The command whose help to point to, or nil for `simrun --help`.
    var command: String?
}

struct ParsedArguments {
    var positionals: [String] = []
    var values: [String: String] = [:]
    /// Every value of a repeatable option, in command-line order.
    var repeated: [String: [String]] = [:]
    var flags: Set<String> = []
    var wantsHelp = false

    func value(_ name: String) -> String? { values[name] }
    func values(_ name: String) -> [String] { repeated[name] ?? [] }
}

enum ArgumentParser {
    static func parse(_ arguments: [String], for command: CommandSpec) throws(CommandFailure) -> ParsedArguments {
        var parsed = ParsedArguments()
        // Help wins over every other problem on the line (before `--`).
        if arguments.prefix(while: { $0 != "--" }).contains(where: { $0 == "-h" || $0 == "--help" }) {
            parsed.wantsHelp = true
            return parsed
        }
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                parsed.positionals += arguments[index...]
                break
            }
            guard argument.hasPrefix("-") && argument.count > 1 else {
                parsed.positionals.append(argument)
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let spec = command.options.first(where: { $0.name == name }) else {
                var message = "Unknown option '\(name)'."
                if let hint = Suggestion.nearest(to: name, in: command.options.map(\.name) + ["--help"]) {
                    message += " Did you mean '\(hint)'?"
                }
                throw command.error(message)
            }
            guard let valueName = spec.valueName else {
                if inlineValue != nil { throw command.error("Option '\(name)' takes no value.") }
                parsed.flags.insert(name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.count, !arguments[index].hasPrefix("--") {
                value = arguments[index]
                index += 1
            } else {
                throw command.error("Missing value for '\(name) <\(valueName)>'.")
            }
            if spec.repeatable {
                parsed.repeated[name, default: []].append(value)
            } else if parsed.values[name] != nil {
                throw command.error("Option '\(name)' was given twice; give it once.")
            } else {
                parsed.values[name] = value
            }
        }
        return parsed
    }

    /// Help text: usage line, then one line per option.
    static func help(abstract: String, usage: String, options: [OptionSpec]) -> String {
        var text = "OVERVIEW: \(abstract)\n\nUSAGE: \(usage)\n\nOPTIONS:\n"
        let labels = options.map { spec in spec.valueName.map { "\(spec.name) <\($0)>" } ?? spec.name } + ["-h, --help"]
        let helps = options.map(\.help) + ["Show help information."]
        let width = labels.map(\.count).max() ?? 0
        for (label, help) in zip(labels, helps) {
            text += "  " + label + String(repeating: " ", count: width - label.count + 2) + help + "\n"
        }
        return text
    }
}
