import FaultSim
import Foundation
import Testing
@testable import simrun

/// Docs that run: every `simrun` command line in README.md, docs/cli.md, docs/model.md and
/// results/README.md is executed, and where the docs show its output (`$ simrun …` followed by
/// lines), the output is compared line by line. `...` in shown output stands for any number of
/// lines. The one substitution: a command whose output is not shown runs at most 2,000 runs
/// (`--runs` above that is lowered, or given to a simulating command without it, bare `simrun`
/// included), so that a doc may show the command of a million-run job.
/// Output files go to a temporary folder (`-` stays standard output), paths under `scenarios/`
/// and `results/` are read from the package, and a block after `<!-- not run: reason -->` is
/// skipped: the reason is in the doc.
@Suite("Docs that run")
struct DocsRunTests {
    static let documents = ["README.md", "docs/cli.md", "docs/model.md", "results/README.md"]
    static let substitutedRuns = 2_000

    /// One command line found in a doc, with the output shown after it, if any.
    struct Example: CustomTestStringConvertible, Sendable {
        let document: String
        let line: Int
        let words: [String]
        let shown: [String]?
        var testDescription: String { "\(document):\(line): " + words.joined(separator: " ") }
    }

    static let examples: [Example] = documents.flatMap { document -> [Example] in
        guard let text = try? String(contentsOfFile: packageRoot + "/" + document, encoding: .utf8) else { return [] }
        return DocExamples.extract(from: text, document: document)
    }

    @Test("The docs hold runnable simrun commands")
    func docsHaveExamples() {
        #expect(Self.examples.count >= 8, "found \(Self.examples.count)")
        #expect(Self.examples.contains { $0.document == "README.md" && $0.shown != nil })
    }

    @Test("Every simrun command line in the docs runs, and prints what the docs show", arguments: examples)
    func exampleRuns(_ example: Example) throws {
        let folder = try TemporaryFolder()
        var arguments: [String] = []
        var words = example.words.dropFirst()  // "simrun"
        // The command's own output options (`OptionSpec.isOutputFile`), so a new one is redirected too.
        let options = SimrunCommand.commands.first { $0.spec.name == words.first }?.spec.options ?? []
        while let word = words.popFirst() {
            if options.contains(where: { $0.name == word && $0.isOutputFile }), let path = words.popFirst() {
                arguments += [word, path == "-" ? "-" : folder.path((path as NSString).lastPathComponent).path]
            } else if word == "--runs", example.shown == nil, let count = words.popFirst() {
                let runs = Int(count.replacingOccurrences(of: ",", with: "")) ?? Self.substitutedRuns
                arguments += [word, String(min(runs, Self.substitutedRuns))]
            } else if word.hasPrefix("scenarios/") || word.hasPrefix("results/") {
                arguments.append(packageRoot + "/" + word)
            } else {
                arguments.append(word)
            }
        }
        // A bare `simrun` (README's main job) is `simrun run`: lowered too (it ran README's 100,000 runs of every preset: 7 s of the suite).
        let runsMany = arguments.first.map { ["run", "compare", "sweep", "find", "report", "crossover"].contains($0) || $0.hasPrefix("-") } ?? true
        if !arguments.contains("--runs"), example.shown == nil, runsMany {
            arguments += ["--runs", String(Self.substitutedRuns)]
        }
        let transcript = simrun(arguments)
        let status = transcript.status, standard = transcript.output, errors = transcript.errorOutput
        let allowed: Set<Int32> = arguments.first == "check" ? [0, 1] : [0]
        #expect(allowed.contains(status), "\(example.testDescription) exited \(status): \(errors.prefix(2_000))")
        guard let shown = example.shown else { return }
        // The test reads scenarios by absolute path; the docs show them relative to the package.
        let actual = standard.replacingOccurrences(of: packageRoot + "/", with: "")
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let trimmed = actual.last == "" ? Array(actual.dropLast()) : actual
        #expect(DocExamples.matches(shown: shown, actual: trimmed),
                "\(example.testDescription): the doc shows\n\(shown.joined(separator: "\n"))\n--- simrun printed\n\(trimmed.joined(separator: "\n"))")
    }
}

/// Finding command lines and shown output in markdown, and matching output with `...`.
enum DocExamples {
    static func extract(from text: String, document: String) -> [DocsRunTests.Example] {
        let lines = text.components(separatedBy: "\n")
        var examples: [DocsRunTests.Example] = []
        var index = 0
        var skipNext = false
        while index < lines.count {
            let line = lines[index]
            if line.hasPrefix("<!-- not run:") { skipNext = true }
            guard line.hasPrefix("```") else { index += 1; continue }
            let language = line.dropFirst(3).trimmingCharacters(in: .whitespaces)
            var block: [(Int, String)] = []
            index += 1
            while index < lines.count && !lines[index].hasPrefix("```") { block.append((index + 1, lines[index])); index += 1 }
            index += 1
            if skipNext { skipNext = false; continue }
            guard language.isEmpty || language == "sh" || language == "console" else { continue }
            var position = 0
            while position < block.count {
                var (number, text) = block[position]
                position += 1
                let prompted = text.hasPrefix("$ simrun ")
                if prompted { text.removeFirst(2) }
                if language == "sh" && text.hasPrefix("swift run -c release simrun ") { text.removeFirst("swift run -c release ".count) }
                guard prompted || (language == "sh" && text.hasPrefix("simrun ")) else { continue }
                while text.hasSuffix("\\") && position < block.count {
                    text = String(text.dropLast()) + " " + block[position].1.trimmingCharacters(in: .whitespaces)
                    position += 1
                }
                if let comment = text.range(of: "  #") { text = String(text[..<comment.lowerBound]) }
                guard let words = shellWords(text), !words.contains(where: { $0.contains("<") || $0 == "|" || $0 == "..." }) else { continue }
                var shown: [String]? = nil
                if prompted {
                    var output: [String] = []
                    while position < block.count && !block[position].1.hasPrefix("$ ") { output.append(block[position].1); position += 1 }
                    if !output.isEmpty { shown = output }
                }
                examples.append(DocsRunTests.Example(document: document, line: number, words: words, shown: shown))
            }
        }
        return examples
    }

    /// Splits a shell command line into words: spaces separate, '…' and "…" quote, \\ escapes.
    /// Nil for what this does not handle (pipes, redirections, variables).
    static func shellWords(_ text: String) -> [String]? {
        var words: [String] = [], current = "", quote: Character? = nil, inWord = false
        var characters = Array(text)[...]
        while let character = characters.popFirst() {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
                continue
            }
            switch character {
            case "'", "\"": quote = character; inWord = true
            case "\\": if let next = characters.popFirst() { current.append(next); inWord = true }
            case " ", "\t": if inWord { words.append(current); current = ""; inWord = false }
            case ">", "<", "|", "$", "`", ";", "&": return nil
            default: current.append(character); inWord = true
            }
        }
        if quote != nil { return nil }
        if inWord { words.append(current) }
        return words
    }

    /// Whether `actual` is `shown`, where a shown line `...` stands for any number of lines.
    static func matches(shown: [String], actual: [String]) -> Bool {
        func match(_ s: ArraySlice<String>, _ a: ArraySlice<String>) -> Bool {
            guard let first = s.first else { return a.isEmpty }
            if first == "..." {
                let rest = s.dropFirst()
                if rest.isEmpty { return true }
                var tail = a
                while true {
                    if match(rest, tail) { return true }
                    guard !tail.isEmpty else { return false }
                    tail = tail.dropFirst()
                }
            }
            guard let line = a.first, line == first else { return false }
            return match(s.dropFirst(), a.dropFirst())
        }
        return match(shown[...], actual[...])
    }
}
