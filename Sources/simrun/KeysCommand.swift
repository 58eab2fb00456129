import FaultSim

/// `simrun keys [--faults | --axes] [--markdown]`: the parameter table (every scenario key, its unit,
/// default, fault-free value, meaning and source), the fault table or the design-axis table, from the library's
/// `KeyTables`, so users need not read docs/model.md to find a key.
enum KeysCommand: Command {
    static let faults = OptionSpec(name: "--faults", valueName: nil,
                                   help: "Print the fault table instead: each fault, its actor, the key that controls it and what one firing means.")
    static let axes = OptionSpec(name: "--axes", valueName: nil,
                                 help: "Print the design-axis table instead: each axis a customDesigns entry sets, its values, the grid ablate and optimize try, what it does and its source.")
    static let markdown = OptionSpec(name: "--markdown", valueName: nil,
                                     help: "Print the markdown table docs/model.md embeds (§10 for keys, §9 for --faults, §6 for --axes) instead of aligned text.")
    static let spec = CommandSpec(name: "keys", abstract: "List every scenario key with its unit, default, fault-free value, meaning and source.",
                                  positional: nil, options: [faults, axes, markdown],
                                  summary: "List every scenario key (or fault) with its default and source.")

    static func execute(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        let markdown = context.given(markdown)
        if context.given(faults) && context.given(axes) { throw context.error("Give '--faults' or '--axes', not both.") }
        let table = context.given(faults) ? KeyTables.faults(markdown: markdown)
            : context.given(axes) ? KeyTables.axes(markdown: markdown) : KeyTables.parameters(markdown: markdown)
        printOutput(table, terminator: "")
        return ExitCode.success
    }
}
