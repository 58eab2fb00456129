import Foundation
import Testing

/// Swift cannot make a setter private to a type across its files, so the rule "each actor's
/// state is written only by its own methods" is checked here, on the source: no file outside
/// an actor's folder assigns to that actor's fields (`device.epoch = ...`,
/// `ledger.intents[i].uid = ...`). Calling the actor's methods is how others change it.
@Suite("Ownership of the world's state")
struct OwnershipTests {
    static let world = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/FaultSim/World").standardized

    /// The actors as the world names them, and the folder that owns each one's state.
    static let owners: [(variable: String, folder: String)] = [
        ("user", "User"), ("device", "Device"), ("network", "Network"), ("server", "AppServer"),
        ("apple", "Apple"), ("ledger", "Ledger"),
    ]

    @Test("No file writes another actor's fields")
    func noForeignWrites() throws {
        let files = try FileManager.default.subpathsOfDirectory(atPath: Self.world.path)
            .filter { $0.hasSuffix(".swift") }.sorted()
        #expect(files.count > 20, "found the world's sources")
        var violations: [String] = []
        for owner in Self.owners {
            // `owner.field` (with subscripts or nested fields) followed by an assignment operator.
            let write = try Regex("\\b\(owner.variable)\\.[A-Za-z_][A-Za-z0-9_]*(\\[[^\\]]*\\])?(\\.[A-Za-z_][A-Za-z0-9_]*)*\\s*(=|\\+=|-=|&=|\\|=|&\\+=)(?!=)")
            for file in files where !file.hasPrefix(owner.folder + "/") {
                let text = try String(contentsOf: Self.world.appendingPathComponent(file), encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") && line.contains(write) {
                    violations.append("\(file):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(violations.isEmpty, "writes to another actor's state:\n\(violations.joined(separator: "\n"))")
    }
}
