import Foundation

/// Writes files whole or not at all: the text goes to a temporary file beside the target,
/// which is then renamed over it (rename is atomic within one file system).
public enum AtomicFile {
    public struct WriteError: Error, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "cannot write \(path): \(reason)" }
    }

    public static func write(_ text: String, to path: String) throws(WriteError) {
        let target = URL(fileURLWithPath: path)
        let temporary = target.deletingLastPathComponent()
            .appendingPathComponent(".\(target.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        do {
            try Data(text.utf8).write(to: temporary)
        } catch {
            throw WriteError(path: path, reason: "\(error.localizedDescription)")
        }
        guard rename(temporary.path, target.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw WriteError(path: path, reason: reason)
        }
    }
}
