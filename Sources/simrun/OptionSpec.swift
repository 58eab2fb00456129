import FaultSim

/// One option of a command: what the parser accepts and what the help says about it. The
/// options several commands share are declared once, in `CommonOptions`.
struct OptionSpec: Equatable {
    let name: String
    /// Placeholder for the value in usage text; nil for a flag without a value.
    let valueName: String?
    /// What the option does, without its default (`defaultValue`) or "(required)".
    let help: String
    /// The option may be given several times; every value is kept, in order.
    var repeatable = false
    /// The command cannot run without it (shown without brackets in the usage).
    var required = false
    /// What the command uses when the option is left out, said in the help.
    var defaultValue: String?
    /// A whole-number option's default, from which `defaultValue` is written: the command reads
    /// it back (`CommandContext.integer(_:in:)`), so the default is stated once.
    var integerDefault: Int?

    /// The option names a file the command writes (`--out <file.csv>`, `--svg <file.svg>`,
    /// `--out <report.html>`), which `-` may replace with standard output.
    var isOutputFile: Bool { valueName.map { $0.hasPrefix("file.") || $0.hasSuffix(".html") } ?? false }

    /// `--name <value>`, or `--name` for a flag: how usage, help and errors name the option.
    var label: String { valueName.map { "\(name) <\($0)>" } ?? name }

    /// The help line's text: the help, then the default or "(required)" before its last period.
    var helpText: String {
        guard let note = defaultValue.map({ "(default: \($0))" }) ?? (required ? "(required)" : nil) else { return help }
        let body = help.hasSuffix(".") ? String(help.dropLast()) : help
        return "\(body) \(note)."
    }

    /// An option taking a whole number with a default: the help says it, the command uses it.
    /// `grouped` writes the default with thousands separators (50,000,000).
    static func integer(_ name: String, valueName: String = "n", help: String, default value: Int, grouped: Bool = false) -> OptionSpec {
        OptionSpec(name: name, valueName: valueName, help: help, defaultValue: grouped ? Grouped.format(value) : String(value),
                   integerDefault: value)
    }

    /// The same option with another default, for a command that chooses its own (`crossover`
    /// runs 20,000 runs per value unless told otherwise).
    func defaulting(to value: String) -> OptionSpec {
        var option = self
        option.defaultValue = value
        return option
    }

    /// The same option, required by this command.
    var asRequired: OptionSpec {
        var option = self
        option.required = true
        return option
    }
}
