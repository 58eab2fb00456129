import Foundation
import Testing

/// The library's folders depend on one another in one direction only, and docs/architecture.md
/// draws the graph as it is: this test reads Sources/FaultSim, finds which folder declares each
/// type, and which folders each folder's code names, and so derives the graph it checks.
@Suite("Architecture")
struct ArchitectureTests {
    static let marker = "the architecture test"

    @Test("The folders of Sources/FaultSim depend on each other without a cycle, as docs/architecture.md draws them")
    func folderGraphIsAcyclicAndDocumented() throws {
        let graph = try FolderGraph.read(packageRoot + "/Sources/FaultSim")
        let order = graph.layers()
        #expect(order != nil, "a cycle among \(graph.cycleMembers().joined(separator: ", "))")
        let generated = graph.markdown(layers: order ?? [])
        let docPath = packageRoot + "/docs/architecture.md"
        if ProcessInfo.processInfo.environment["FAULTSIM_UPDATE_GOLDENS"] == "1" {
            let doc = try String(contentsOfFile: docPath, encoding: .utf8)
            try doc.replacingGenerated(Self.marker, with: generated).write(toFile: docPath, atomically: true, encoding: .utf8)
            return
        }
        #expect(try ParameterTableTests.generatedSection(Self.marker, in: "docs/architecture.md") == generated,
                "docs/architecture.md is out of date: FAULTSIM_UPDATE_GOLDENS=1 swift test --filter ArchitectureTests")
    }
}

/// Which folder of a module declares each type, and which types each folder's code names.
struct FolderGraph {
    /// `edges[folder]`: the folders whose types it names, with how many names.
    var edges: [String: [String: Int]] = [:]
    var folders: [String] = []

    /// The folder a file sits in below `root` ("" for the module's root files).
    static func folder(of path: String, root: String) -> String {
        let relative = path.dropFirst(root.count + 1)
        return relative.split(separator: "/").dropLast().first.map(String.init) ?? "(root)"
    }

    static func read(_ root: String) throws -> FolderGraph {
        let files = try FileManager.default.subpathsOfDirectory(atPath: root).filter { $0.hasSuffix(".swift") }.sorted()
            .map { root + "/" + $0 }
        var texts: [(folder: String, code: String)] = []
        var owner: [String: String] = [:]
        let declaration = try Regex(#"(?m)^(?:public |internal |private |fileprivate |final |@\w+ )*(?:struct|enum|class|protocol|typealias|actor)\s+(\w+)"#)
        for file in files {
            let code = Self.code(try String(contentsOfFile: file, encoding: .utf8))
            let folder = folder(of: file, root: root)
            for match in code.matches(of: declaration) {
                if let name = match.output[1].substring, owner[String(name)] == nil { owner[String(name)] = folder }
            }
            texts.append((folder, code))
        }
        var graph = FolderGraph()
        graph.folders = Array(Set(texts.map(\.folder))).sorted()
        // Simple word boundaries: with Unicode ones, `DeterministicMath.log` would be one word.
        let word = try Regex(#"\b[A-Z]\w+\b"#).wordBoundaryKind(.simple)
        for (folder, code) in texts {
            for match in code.matches(of: word) {
                guard let target = owner[String(code[match.range])], target != folder else { continue }
                graph.edges[folder, default: [:]][target, default: 0] += 1
            }
        }
        return graph
    }

    /// The code without comments and string literals, which name types only in words.
    static func code(_ text: String) -> String {
        var result = text.replacing(#/"""[\s\S]*?"""/#, with: "\"\"")
        result = result.replacing(#/"(?:[^"\\\n]|\\.)*"/#, with: "\"\"")
        return result.replacing(#/\/\/[^\n]*/#, with: "")
    }

    /// The folders in layers, each depending only on earlier layers (names sorted within one);
    /// nil when there is a cycle.
    /// - Complexity: O(folders²).
    func layers() -> [[String]]? {
        var placed: [String] = []
        var layers: [[String]] = []
        while placed.count < folders.count {  // bounded: each pass places a folder or returns
            let next = folders.filter { folder in
                !placed.contains(folder) && (edges[folder] ?? [:]).keys.allSatisfy { placed.contains($0) }
            }
            guard !next.isEmpty else { return nil }
            layers.append(next)
            placed += next
        }
        return layers
    }

    /// The folders a cycle passes through (those no layering can place).
    func cycleMembers() -> [String] {
        var placed: [String] = []
        for layer in layers() ?? [] { placed += layer }
        return folders.filter { !placed.contains($0) }
    }

    /// The graph as docs/architecture.md shows it: the layers, bottom first, each folder with
    /// the folders it uses; then the same as a Mermaid diagram.
    func markdown(layers: [[String]]) -> String {
        var text = "| layer | folder | uses |\n|---|---|---|\n"
        for (index, layer) in layers.enumerated() {
            for folder in layer {
                let uses = (edges[folder] ?? [:]).keys.sorted().map { "`\($0)`" }.joined(separator: ", ")
                text += "| \(index) | `\(folder)` | \(uses.isEmpty ? "nothing" : uses) |\n"
            }
        }
        text += "\n```mermaid\ngraph BT\n"
        for folder in layers.flatMap({ $0 }) {
            for target in (edges[folder] ?? [:]).keys.sorted() { text += "  \(Self.node(folder)) --> \(Self.node(target))\n" }
        }
        return text + "```\n"
    }

    static func node(_ folder: String) -> String { folder == "(root)" ? "root[\"(root)\"]" : folder }
}

extension String {
    /// The text with the lines between `marker`'s generated begin and end comments replaced.
    func replacingGenerated(_ marker: String, with generated: String) -> String {
        let begin = "<!-- generated by \(marker): begin -->\n", end = "<!-- generated by \(marker): end -->"
        guard let start = range(of: begin), let stop = range(of: end, range: start.upperBound..<endIndex) else { return self }
        return String(self[..<start.upperBound]) + generated + String(self[stop.lowerBound...])
    }
}
