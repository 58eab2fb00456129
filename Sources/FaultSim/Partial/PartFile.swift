/// A part file as `simrun merge` reads it, the one entry for every kind of part: its bytes read
/// (with a scenario's limits and errors), parsed once, its `format` looked up (`PartKind`), its
/// `formatVersion` checked, and its `partHash` checked against its content, all before any
/// kind's payload is read. Nothing is guessed from the text: a part written compactly (as `jq
/// -c` does) reads like one written by simrun.
public struct PartFile: Sendable {
    public let path: String
    /// The parsed file.
    let root: JSONValue
    /// The value of the root's `format` key.
    public let format: String
    /// The kind its `format` names.
    public let kind: PartKind
    /// Its `formatVersion`, one its kind reads.
    public let version: Int

    /// The largest part file read: a sweep of 1,000 values over 17 designs stays far below it.
    public static let maxFileBytes = 512 << 20

    /// Reads and parses `path`; an error names the file (exit 66 when it cannot be read, 65 when
    /// it is not a part this simrun reads, or its content does not match its `partHash`).
    public static func read(_ path: String) throws(ScenarioError) -> PartFile {
        let text = try ScenarioLoader.readText(path, limit: maxFileBytes, tooLarge: "a partial result is raw counts, far smaller")
        return try parse(text, path: path)
    }

    /// A part file's text, as `read` parses it.
    public static func parse(_ text: String, path: String) throws(ScenarioError) -> PartFile {
        let json = try JSONParser.parse(text, file: path)
        let root = ObjectReader(file: path, path: "", any: json)
        let format = try root.string("format")
        guard let kind = PartKind(format: format) else {
            throw ScenarioError(file: path, keyPath: "format", value: format, message: "not a simrun part: expected "
                + PartKind.allCases.map { "\"\($0.format)\"" }.joined(separator: ", "))
        }
        let written = try root.integer("formatVersion")
        guard kind.readable.contains(Int(clamping: written)) else { throw versionError(kind, written, path) }
        let part = PartFile(path: path, root: json, format: format, kind: kind, version: Int(written))
        try part.checkSeal()
        return part
    }

    /// Why a part's version is not read: for a weighted part of format 2, why and what to do.
    private static func versionError(_ kind: PartKind, _ written: Int64, _ path: String) -> ScenarioError {
        if kind == .weighted && written == 2 {
            return ScenarioError(file: path, keyPath: "formatVersion", value: "2",
                                 message: "a weighted part written before parts carried \(sealKey), their integrity check; "
                                    + "this simrun reads format \(kind.version) only: run its shard again with this simrun")
        }
        let versions = kind.readable.count == 1 ? "format \(kind.version)" : "formats \(kind.readable.lowerBound) to \(kind.readable.upperBound)"
        return ScenarioError(file: path, keyPath: "formatVersion", value: String(written),
                             message: "written in \(kind.versionName) \(written); this simrun reads \(versions)")
    }

    /// The root, after checking that the file is a part of `expected` kind (else "not a ...":
    /// the first part's kind decides a merge, and every other part must be of it).
    func reader(_ expected: PartKind) throws(ScenarioError) -> ObjectReader {
        guard kind == expected else { throw ScenarioError(file: path, keyPath: "format", message: "not a \(expected.described)") }
        return ObjectReader(file: path, path: "", any: root)
    }
}
