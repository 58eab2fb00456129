import FaultSim
import Foundation
import Testing

/// Mutates the committed scenario files thousands of times (drop, duplicate, retype and
/// corrupt keys and values, truncate the text): the loader must never crash, and must return
/// either a scenario or an error that names the key (or, for broken JSON, the line).
@Suite("Scenario loader fuzzing")
struct FuzzTests {
    static let files = ["default", "weak-network", "storekit-anomalies", "account-switch", "many-to-one"]
        .map { "\(packageRoot)/scenarios/\($0).json" }

    /// A mutation chosen by `generator`, applied somewhere in the tree.
    static func mutate(_ value: JSONValue, _ generator: inout Xoshiro256, depth: Int = 0) -> JSONValue {
        switch value {
        case .object(var fields) where !fields.isEmpty && (depth < 3 && generator.nextInt(below: 3) > 0):
            let index = generator.nextInt(below: fields.count)
            switch generator.nextInt(below: 6) {
            case 0: fields.remove(at: index)                                             // drop a key
            case 1: fields.append(fields[index])                                         // duplicate it
            case 2: fields[index].key += ["x", "_", "Probability", ""][generator.nextInt(below: 4)]  // misspell
            default: fields[index].value = mutate(fields[index].value, &generator, depth: depth + 1)
            }
            return .object(fields)
        case .array(var items) where !items.isEmpty && generator.nextInt(below: 2) == 0:
            items[generator.nextInt(below: items.count)] = replacement(&generator)
            return .array(items)
        default:
            return replacement(&generator)
        }
    }

    /// A value of a random type, often out of range.
    static func replacement(_ generator: inout Xoshiro256) -> JSONValue {
        let choices: [JSONValue] = [
            .number("-1"), .number("1.5"), .number("0"), .number("1e400"), .number("18446744073709551616"),
            .string(""), .string("5"), .string("-5s"), .string("10x"), .string("1.0001ms"), .string("99999999999d"),
            .string("naive"), .string("logNormal"), .bool(true), .null, .array([]), .array([.string("bliap")]),
            .object([]), .object([("kind", .string("logNormal"), 1), ("median", .string("1s"), 1), ("p99", .string("10ms"), 1)]),
            .object([("kind", .string("uniform"), 1), ("min", .string("5s"), 1), ("max", .string("1s"), 1)]),
        ]
        return choices[generator.nextInt(below: choices.count)]
    }

    static func check(_ text: String, file: String) {
        do {
            _ = try ScenarioLoader.parse(text, file: file, name: "fuzz")
        } catch {
            let namesWhere = !error.keyPath.isEmpty || error.message.contains("line") || error.message.contains("scenario file")
            #expect(namesWhere, "error names neither key nor line: \(error)")
            #expect(error.file == file)
        }
    }

    @Test("Mutated scenario files give a scenario or an error naming the key", arguments: files)
    func mutatedTrees(_ path: String) throws {
        let original = try String(contentsOfFile: path, encoding: .utf8)
        let tree = try JSONParser.parse(original)
        #expect(try JSONParser.parse(JSONWriter.write(tree)) == tree, "the writer round-trips")
        var generator = Xoshiro256(seed: UInt64(path.utf8.count))
        for _ in 0..<2_000 {
            var mutated = tree
            for _ in 0...generator.nextInt(below: 3) { mutated = Self.mutate(mutated, &generator) }
            Self.check(JSONWriter.write(mutated), file: path)
        }
    }

    @Test("Truncated and corrupted text gives an error with a line, never a crash", arguments: files)
    func corruptedText(_ path: String) throws {
        let bytes = Array(try String(contentsOfFile: path, encoding: .utf8).utf8)
        var generator = Xoshiro256(seed: 7)
        for _ in 0..<1_000 {
            var corrupted = Array(bytes.prefix(generator.nextInt(below: bytes.count + 1)))
            if !corrupted.isEmpty && generator.nextInt(below: 2) == 0 {
                let alphabet = Array("{}[]\",:\\0-e\n".utf8)
                corrupted[generator.nextInt(below: corrupted.count)] = alphabet[generator.nextInt(below: alphabet.count)]
            }
            Self.check(String(decoding: corrupted, as: UTF8.self), file: path)
        }
    }
}
