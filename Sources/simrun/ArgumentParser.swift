import FaultSim

/// What the parser found on a command line, before any value is checked.
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

/// A hand-written command-line parser in swift-argument-parser's manner: `--flag value` or
/// `--flag=value`, `-h`/`--help` on every command (winning over any other error on the line),
/// `--` ending the options, and errors that name the bad flag, suggest the nearest one, and
/// point to the command's own help.
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
            guard spec.valueName != nil else {
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
                throw command.error("Missing value for '\(spec.label)'.")
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
}
