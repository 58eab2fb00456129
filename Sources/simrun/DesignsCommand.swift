import FaultSim
import Policies

/// `simrun designs [scenario.json] [NAME] [--json]`: the designs, or one design's value on every
/// axis in the syntax a scenario's `customDesigns` takes, so any line can be pasted.
enum DesignsCommand: Command {
    static let json = OptionSpec(name: "--json", valueName: nil,
                                 help: "Print the design as one whole customDesigns entry, to paste into a scenario and edit.")

    static let spec = CommandSpec(
        name: "designs", abstract: "List the designs, or print one design's value on every axis, as a scenario's customDesigns takes it. With a scenario file first, its custom designs are listed and resolved too.",
        positional: "[<scenario.json>] [NAME]", positionalOptional: true, options: [json],
        summary: "List the designs, or show one design's value on every axis.",
        positionalHelp: "A preset's name, or a scenario file and the name of one of its designs (default: list the presets).",
        positionalRepeats: true)

    static func execute(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        var positionals = context.positionals
        // A scenario and a name at most: a third word is refused before any file is read.
        guard positionals.count <= 2 else { throw spec.error("Unexpected argument '\(positionals[2])'.") }
        var designs = Design.catalog
        var scenarioNames: [String] = []
        // A preset's name alone is a name even if a file of that name lies in the directory.
        if let first = positionals.first, ScenarioInput.namesScenarioFile(first),
           positionals.count > 1 || Design.preset(named: first) == nil {
            let source = try ScenarioInput.source(first, overrides: [])
            designs = source.scenario.availableDesigns
            scenarioNames = source.scenario.selectedDesigns.map(\.name)
            positionals.removeFirst()
        }
        guard positionals.count <= 1 else { throw spec.error("Unexpected argument '\(positionals[1])'.") }
        guard let name = positionals.first else {
            if context.given(json) { throw spec.error("--json needs a design's NAME.") }
            list(designs, selected: scenarioNames)
            return ExitCode.success
        }
        guard let design = designs.first(where: { $0.name == name }) else {
            var message = "Unknown design '\(name)'."
            if let hint = Suggestion.nearest(to: name, in: designs.map(\.name)) { message += " Did you mean '\(hint)'?" }
            throw spec.error(message)
        }
        // A preset is pasted as a new design starting from it; a custom design as itself.
        let isPreset = Design.preset(named: design.name) != nil
        let entry = design.customDesignJSON(name: isPreset ? "my-" + design.name : design.name,
                                            from: isPreset ? design.name : "naive")
        if context.given(json) {
            printOutput(JSONWriter.write(entry))
            return ExitCode.success
        }
        printOutput("\(design.name): \(design.summary)\nsource: \(design.source)\n"
            + "(why each value: the preset's doc comment in Sources/Policies; what each axis does: docs/model.md; "
            + "values as customDesigns takes them; --json prints the whole entry)\n")
        let width = design.axisJSON.map(\.axis.count).max() ?? 0
        for (axis, value) in design.axisJSON {
            printOutput("  " + axis + String(repeating: " ", count: width - axis.count + 2) + value.oneLine)
        }
        return ExitCode.success
    }

    static func list(_ designs: [Design], selected: [String]) {
        let width = designs.map(\.name.count).max() ?? 0
        for design in designs {
            let mark = selected.isEmpty || selected.contains(design.name) ? "" : "  (not in this scenario's \"designs\": not run)"
            printOutput(design.name + String(repeating: " ", count: width - design.name.count + 2) + design.summary + mark)
            printOutput(String(repeating: " ", count: width + 2) + "source: " + design.source)
        }
        printOutput("\nEvery axis, preset and source is described in docs/model.md; `simrun designs NAME` prints one design's axes.")
    }
}
