import Policies

/// The designs a part's digest covers, written axis by axis under `designAxes`, so `simrun
/// merge` can compute the digest again from the part alone: a custom design's axes are in no
/// scenario JSON, and a part edited by hand must not pass on the digest it was written with.
enum PartDesigns {
    /// `[{"name": NAME, every axis: its value}, ...]`, in the order given.
    static func json(_ designs: [Design]) -> JSONValue {
        .array(designs.map { design in
            .object([(key: "name", value: .string(design.name), line: 0)] + design.axisJSON.map { (key: $0.axis, value: $0.value, line: 0) })
        })
    }

    /// The designs `json` wrote. Every axis must be there: nothing is taken from a preset,
    /// whose axes another version may define otherwise.
    static func read(_ reader: ObjectReader) throws(ScenarioError) -> [Design] {
        try reader.arrayValue().map { item throws(ScenarioError) in
            var object = try ObjectReader(file: item.file, path: item.path, value: item.value)
            var design = Design.naive
            try object.string("name", &design.name)
            if let missing = DesignAxis.table.first(where: { axis in !object.fields.contains { $0.key == axis.name } }) {
                throw item.error("missing the axis '\(missing.name)'; a part writes every axis of every design")
            }
            try DesignReader.readAxes(&object, into: &design)
            try object.finish()
            return design
        }
    }

    /// Why a part's content differs from what its digest describes; `what` names the part of
    /// the content found to differ.
    static func edited(_ file: String, _ what: String) -> ScenarioError {
        ScenarioError(file: file, keyPath: "", message: "contentHash does not match the part's \(what); was it edited?")
    }
}
