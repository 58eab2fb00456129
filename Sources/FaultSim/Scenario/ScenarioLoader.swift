import Foundation
import Policies
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads scenario files. Validation is strict: an unknown key, a probability outside [0, 1],
/// a negative or unit-less duration, an unknown distribution or design is an error naming
/// the file, the key path and the value. A key left out keeps its default (docs/model.md §10, `simrun keys`).
public enum ScenarioLoader {
    /// Loads `path`, with `overrides` applied to its keys; the scenario's name is the file name
    /// without `.json`.
    public static func load(
        path: String, overrides: [ScenarioOverride] = [], knownDesigns: [String] = Design.catalog.map(\.name)
    ) throws(ScenarioError) -> Scenario {
        let text = try readText(path)
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        return try parse(text, file: path, name: name, overrides: overrides, knownDesigns: knownDesigns)
    }

    /// The largest scenario file read: far above any real one, small enough that a wrong path
    /// (a disk image, /dev/zero) fails at once instead of filling memory.
    public static let maxFileBytes = 16 << 20

    /// The text of a JSON file (a scenario, a space file, a part): its bytes as UTF-8, without
    /// the byte-order mark some Windows editors put first (RFC 8259 lets a parser ignore it),
    /// so line and column numbers count from the file's first character. Every JSON file simrun
    /// reads comes through here.
    static func readText(_ path: String, limit: Int = maxFileBytes,
                         tooLarge: String = "a scenario is a small JSON file") throws(ScenarioError) -> String {
        var bytes = try readFile(path, limit: limit, tooLarge: tooLarge)[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ScenarioError(file: path, keyPath: "", message: "the file is not UTF-8 text")
        }
        return text
    }

    /// The file's bytes, or an error carrying the operating system's reason; `limit` bytes at
    /// most (`tooLarge` says why a larger file is refused).
    private static func readFile(_ path: String, limit: Int = maxFileBytes,
                         tooLarge: String = "a scenario is a small JSON file") throws(ScenarioError) -> [UInt8] {
        func unreadable(_ reason: String) -> ScenarioError {
            ScenarioError(file: path, keyPath: "", message: "cannot read the file: \(reason)", unreadable: true)
        }
        guard !path.isEmpty else { throw unreadable("the path is empty") }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw unreadable(osReason()) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw unreadable(osReason()) }
        guard status.st_mode & S_IFMT != S_IFDIR else { throw unreadable("it is a directory") }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw unreadable(osReason())
            }
            if count == 0 { return bytes }
            bytes += buffer[..<count]
            if bytes.count > limit {
                throw ScenarioError(file: path, keyPath: "", message: "the file is larger than \(limit >> 20) MiB; \(tooLarge)")
            }
        }
    }

    /// Parses scenario JSON text, with `overrides` applied; `file` is only used in error messages.
    public static func parse(
        _ text: String, file: String, name: String, overrides: [ScenarioOverride] = [],
        knownDesigns: [String] = Design.catalog.map(\.name)
    ) throws(ScenarioError) -> Scenario {
        var json = try JSONParser.parse(text, file: file)
        if case .object = json {
            for override in overrides { json = try override.apply(to: json, file: file) }
        }
        return try readScenario(json, file: file, name: name, knownDesigns: knownDesigns)
    }

    /// A scenario from JSON already parsed, as `parse` reads a file's: a part file holds the
    /// scenarios of its job as values. An error's key path starts with `keyPath` (where the
    /// scenario sits in the file), so it names the key as the file has it.
    static func scenario(from json: JSONValue, file: String, keyPath: String, name: String,
                         knownDesigns: [String]) throws(ScenarioError) -> Scenario {
        do {
            return try readScenario(json, file: file, name: name, knownDesigns: knownDesigns)
        } catch {
            throw ScenarioError(file: error.file, keyPath: error.keyPath.isEmpty ? keyPath : keyPath + "." + error.keyPath,
                                value: error.value, message: error.message)
        }
    }

    private static func readScenario(_ json: JSONValue, file: String, name: String, knownDesigns: [String]) throws(ScenarioError) -> Scenario {
        var scenario = Scenario()
        scenario.name = name
        guard case .object = json else {
            throw ScenarioError(file: file, keyPath: "", value: json.rendered, message: "a scenario file holds one JSON object")
        }
        var top = try ObjectReader(file: file, path: "", value: json)
        let segments = top.value("segments")
        for section in ScenarioParameter.sections {
            if section.name.isEmpty {
                for row in section.rows { try row.read(from: &top, into: &scenario, knownDesigns: knownDesigns) }
            } else if section.name == "platform" {
                guard let value = top.value("platform") else { continue }
                try readPlatform(value, in: top, rows: section.rows, into: &scenario)
            } else if var reader = try top.object(section.name) {
                for row in section.rows { try row.read(from: &reader, into: &scenario, knownDesigns: knownDesigns) }
                try reader.finish()
            }
        }
        try top.finish()
        // A file that defines designs and lists none runs them all: every preset and its own.
        // One that lists some runs those; `unlistedCustomDesigns` names what it leaves out.
        if top.value("designs") == nil { scenario.designs += scenario.customDesigns.map(\.name) }
        // Read last, over the file's keys: a segment's value is checked as the file's own would be.
        if let segments { scenario.segments = try readSegments(segments, file: file, scenario: scenario) }
        return scenario
    }

    /// `"platform": "today"` or `"pre-2025"`, or an object: `{"from": "pre-2025",
    /// "transactionHistory": "v2"}`, each key left out keeping the `from` platform's value
    /// (today's by default).
    static func readPlatform(_ value: JSONValue, in top: ObjectReader, rows: ArraySlice<ScenarioParameter>,
                             into scenario: inout Scenario) throws(ScenarioError) {
        let names = PlatformParameters.named.map(\.name)
        func named(_ text: String, key: String, _ reader: ObjectReader, _ value: JSONValue) throws(ScenarioError) -> PlatformParameters {
            guard let platform = PlatformParameters.named.first(where: { $0.name == text })?.platform else {
                var message = "expected one of: \(names.joined(separator: ", "))"
                if let hint = Suggestion.nearest(to: text, in: names) { message += "; did you mean '\(hint)'?" }
                throw reader.fail(key, value, message)
            }
            return platform
        }
        if case .string(let text) = value {
            scenario.platform = try named(text, key: "platform", top, value)
            return
        }
        var reader = try ObjectReader(file: top.file, path: top.keyPath("platform"), value: value)
        scenario.platform = .today
        if let from = reader.value("from") {
            guard case .string(let text) = from else { throw reader.fail("from", from, "expected one of: \(names.joined(separator: ", "))") }
            scenario.platform = try named(text, key: "from", reader, from)
        }
        for row in rows { try row.read(from: &reader, into: &scenario, knownDesigns: []) }
        try reader.finish()
    }
}
