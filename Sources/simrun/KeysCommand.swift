import FaultSim

/// `simrun keys [KEY] [--faults | --axes] [--markdown]`: the parameter table (every scenario key, its unit,
/// default, fault-free value, meaning and source), the fault table or the design-axis table, from the library's
/// `KeyTables`, so users need not read docs/model.md to find a key. A KEY narrows the table to that row, or
/// to the rows it starts (`network.`), so one key is one short command away.
enum KeysCommand: Command {
    static let faults = OptionSpec(name: "--faults", valueName: nil,
                                   help: "Print the fault table instead: each fault, its actor, the key that controls it and what one firing means.")
    static let axes = OptionSpec(name: "--axes", valueName: nil,
                                 help: "Print the design-axis table instead: each axis a customDesigns entry sets, its values, the grid ablate and optimize try, what it does and its source.")
    static let markdown = OptionSpec(name: "--markdown", valueName: nil,
                                     help: "Print the markdown table docs/model.md embeds (§10 for keys, §9 for --faults, §6 for --axes) instead of aligned text.")
    static let spec = CommandSpec(name: "keys", abstract: "List every scenario key with its unit, default, fault-free value, meaning and source.",
                                  positional: "<key>", positionalOptional: true, options: [faults, axes, markdown],
                                  summary: "List every scenario key (or fault) with its default and source.",
                                  positionalHelp: "Only this key's row (network.latency), or the keys it starts (network.); with --faults a fault's name, with --axes an axis's (default: every row).")

    static func execute(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        if context.given(faults) && context.given(axes) { throw context.error("Give '--faults' or '--axes', not both.") }
        let table: KeyTables.Table = context.given(faults) ? .faults : context.given(axes) ? .axes : .parameters
        let filter = context.positionals.first
        if let filter, KeyTables.selection(filter, in: table).isEmpty {
            var message = "No \(table.noun) is or starts with '\(filter)'."
            if let hint = KeyTables.suggestion(for: filter, in: table) { message += " Did you mean '\(hint)'?" }
            throw context.error(message)
        }
        printOutput(KeyTables.render(table, markdown: context.given(markdown), filter: filter), terminator: "")
        return ExitCode.success
    }
}
