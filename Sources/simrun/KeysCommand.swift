import FaultSim

/// `simrun keys [--faults] [--markdown]`: the parameter table (every scenario key, its unit,
/// default, fault-free value, meaning and source) or the fault table, from the library's
/// `KeyTables`, so users need not read docs/model.md to find a key.
enum KeysCommand: Command {
    static let faults = OptionSpec(name: "--faults", valueName: nil,
                                   help: "Print the fault table instead: each fault, its actor, the key that controls it and what one firing means.")
    static let markdown = OptionSpec(name: "--markdown", valueName: nil,
                                     help: "Print the markdown table docs/model.md embeds (§10 for keys, §9 for --faults) instead of aligned text.")
    static let spec = CommandSpec(name: "keys", abstract: "List every scenario key with its unit, default, fault-free value, meaning and source.",
                                  positional: nil, options: [faults, markdown],
                                  summary: "List every scenario key (or fault) with its default and source.")

    static func execute(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        let markdown = context.given(markdown)
        printOutput(context.given(faults) ? KeyTables.faults(markdown: markdown) : KeyTables.parameters(markdown: markdown),
                    terminator: "")
        return ExitCode.success
    }
}
