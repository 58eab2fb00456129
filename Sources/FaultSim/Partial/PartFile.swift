/// A part file as `simrun merge` reads it: its bytes read (with a scenario's limits and
/// errors), parsed once, and the format its `format` key declares, which says what kind of job
/// wrote it (`PartialResult.format` for a run or sweep, `RobustResult.partialFormat` for a
/// robust job). Nothing is guessed from the text: a part written compactly (as `jq -c` does)
/// reads like one written by simrun.
public struct PartFile: Sendable {
    public let path: String
    /// The parsed file.
    let root: JSONValue
    /// The value of the root's `format` key.
    public let format: String

    /// Reads and parses `path`; an error names the file (exit 66 when it cannot be read, 65 when
    /// it is not a JSON object with a string `format`).
    public static func read(_ path: String) throws(ScenarioError) -> PartFile {
        let text = try ScenarioLoader.readText(path, limit: PartialResult.maxFileBytes,
                                               tooLarge: "a partial result is raw counts, far smaller")
        return try parse(text, path: path)
    }

    /// A part file's text, as `read` parses it.
    public static func parse(_ text: String, path: String) throws(ScenarioError) -> PartFile {
        let root = try JSONParser.parse(text, file: path)
        let format = try PartialReader(file: path, value: root, path: "").string("format")
        return PartFile(path: path, root: root, format: format)
    }

    /// The root, after checking that the file declares `format` (else "not a `kind`") in version
    /// `version` (else "written in `versionName` N").
    func reader(format expected: String, version: Int, kind: String, versionName: String) throws(ScenarioError) -> PartialReader {
        let root = PartialReader(file: path, value: root, path: "")
        guard format == expected else { throw ScenarioError(file: path, keyPath: "format", message: "not a \(kind)") }
        let written = try root.integer("formatVersion")
        guard written == Int64(version) else {
            throw ScenarioError(file: path, keyPath: "formatVersion", value: String(written),
                                message: "written in \(versionName) \(written); this simrun reads format \(version)")
        }
        return root
    }
}
