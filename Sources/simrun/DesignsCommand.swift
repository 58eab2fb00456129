import FaultSim
import Policies

/// `simrun designs [NAME]`.
enum DesignsCommand: Command {
    static let spec = CommandSpec(name: "designs", abstract: "List the designs, or print one design's value on every axis.",
                                  positional: "NAME", positionalOptional: true, options: [],
                                  summary: "List the designs, or show one design's value on every axis.",
                                  positionalHelp: "A preset's name: print its value on every axis (default: list the presets).")

    static func execute(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        if let name = context.positionals.first {
            guard let design = Design.preset(named: name) else {
                var message = "Unknown design '\(name)'."
                if let hint = Suggestion.nearest(to: name, in: Design.presets.map(\.name)) { message += " Did you mean '\(hint)'?" }
                throw spec.error(message)
            }
            printOutput("\(design.name): \(design.summary)\nsource: \(design.source)\n"
                + "(why each value: the preset's doc comment in Sources/Policies; what each axis does: docs/model.md)\n")
            let width = design.axisValues.map(\.axis.count).max() ?? 0
            for (axis, value) in design.axisValues {
                printOutput("  " + axis + String(repeating: " ", count: width - axis.count + 2) + value)
            }
            return ExitCode.success
        }
        let width = Design.presets.map(\.name.count).max() ?? 0
        for design in Design.presets {
            printOutput(design.name + String(repeating: " ", count: width - design.name.count + 2) + design.summary)
            printOutput(String(repeating: " ", count: width + 2) + "source: " + design.source)
        }
        printOutput("\nEvery axis, preset and source is described in docs/model.md; `simrun designs NAME` prints one design's axes.")
        return ExitCode.success
    }
}
