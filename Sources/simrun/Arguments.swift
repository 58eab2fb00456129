import FaultSim

/// A hand-written command-line parser in swift-argument-parser's manner: `--flag value` or
/// `--flag=value`, `-h`/`--help` on every command, and errors that name the bad flag and
/// suggest the nearest one.
struct OptionSpec {
    let name: String
    /// Placeholder for the value in usage text; nil for a flag without a value.
    let valueName: String?
    let help: String
    /// The option may be given several times; every value is kept, in order.
    var repeatable = false
}

/// What went wrong on the command line: simrun prints it, then the usage, and exits 64.
struct UsageError: Error {
    let message: String
    let usage: String
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
    static func parse(_ arguments: [String], options: [OptionSpec], usage: String) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "-h" || argument == "--help" {
                parsed.wantsHelp = true
                continue
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
            guard let spec = options.first(where: { $0.name == name }) else {
                var message = "Unknown option '\(name)'."
                if let hint = Suggestion.nearest(to: name, in: options.map(\.name) + ["--help"]) {
                    message += " Did you mean '\(hint)'?"
                }
                throw UsageError(message: message, usage: usage)
            }
            guard let valueName = spec.valueName else {
                if inlineValue != nil { throw UsageError(message: "Option '\(name)' takes no value.", usage: usage) }
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
                throw UsageError(message: "Missing value for '\(name) <\(valueName)>'.", usage: usage)
            }
            if spec.repeatable { parsed.repeated[name, default: []].append(value) } else { parsed.values[name] = value }
        }
        return parsed
    }

    static func invalid(_ value: String, for option: OptionSpec, usage: String, because reason: String) -> UsageError {
        UsageError(message: "The value '\(value)' is invalid for '\(option.name) <\(option.valueName ?? "")>': \(reason)",
                   usage: usage)
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
