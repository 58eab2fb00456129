import Policies

extension Optimizer {
    /// The preset with the fewest axes different from `design` (the first such, in catalog
    /// order), and those axes with `design`'s values.
    public static func nearestPreset(to design: Design) -> (preset: Design, changes: [(axis: String, value: JSONValue)]) {
        let mine = design.axisJSON
        var best: (preset: Design, changes: [(axis: String, value: JSONValue)])?
        for preset in Design.presets {
            let changes = zip(mine, preset.axisJSON).filter { $0.0.value != $0.1.value }.map { (axis: $0.0.axis, value: $0.0.value) }
            if changes.count < best?.changes.count ?? Int.max { best = (preset, changes) }
        }
        return best!
    }

    /// `design` as a `customDesigns` entry named `name`: `from` its nearest preset with only the
    /// axes that differ, when reading that back gives exactly `design` (the reader brings some
    /// axes along with others, e.g. the receipt with the StoreKit API); else every axis.
    public static func customDesignEntry(_ design: Design, name: String) -> JSONValue {
        let (preset, changes) = nearestPreset(to: design)
        let short = JSONValue.object([(key: "name", value: .string(name), line: 0), (key: "from", value: .string(preset.name), line: 0)]
            + changes.map { (key: $0.axis, value: $0.value, line: 0) })
        if let read = try? DesignReader.read(.array([short]), file: "optimize"), read.count == 1,
           read[0].axisJSON.map(\.value) == design.axisJSON.map(\.value) {
            return short
        }
        return design.customDesignJSON(name: name, from: preset.name)
    }
}
