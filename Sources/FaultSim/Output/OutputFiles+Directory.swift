import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A directory a command writes several files into (`calibrate --points-out`), checked before
/// any work like a single output, and its files written in the same all-or-nothing write as the
/// command's other outputs: a path that names a regular file, or a file in the directory that
/// cannot be replaced, fails before the simulation, not after the other outputs were replaced.
extension OutputFiles {
    /// Checks `directory` before any work. It must be a writable directory (links followed),
    /// or not exist yet below a writable directory (then `directoryTargets` makes it, parents
    /// and all). When it exists, the files `names` it will receive are checked now as well,
    /// together with the command's other `outputs`, so a name there that is a directory, an
    /// input or another output is refused before the work too.
    public static func checkDirectory(_ directory: String, files names: [String], outputs: [String], inputs: [String]) throws(Failure) {
        if let status = try followedStatus(directory) {
            guard status.st_mode & S_IFMT == S_IFDIR else {
                throw Failure(path: directory, reason: "\(kindOrFile(status.st_mode)), not a directory to write the files into")
            }
            guard access(directory, W_OK) == 0 else { throw Failure(path: directory, reason: "the directory is not writable: \(osReason())") }
            _ = try check(outputs + names.map { join(directory, $0) }, inputs: inputs)
            return
        }
        guard errno == ENOENT else { throw Failure(path: directory, reason: "the path cannot be reached: \(osReason())") }
        // It will be made: the nearest existing ancestor must be a directory we may write in.
        var status = stat()
        var ancestor = URL(fileURLWithPath: directory).deletingLastPathComponent()
        while lstat(ancestor.path, &status) != 0 && errno == ENOENT && ancestor.path != "/" { ancestor.deleteLastPathComponent() }
        guard stat(ancestor.path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            throw Failure(path: directory, reason: "it cannot be made: \(ancestor.path) is not a directory")
        }
        guard access(ancestor.path, W_OK) == 0 else {
            throw Failure(path: directory, reason: "it cannot be made: \(ancestor.path) is not writable: \(osReason())")
        }
    }

    /// Makes `directory` (with any missing parents) and checks the files `names` in it as
    /// outputs: the targets to pass to `write` with the command's other files, after the work.
    public static func directoryTargets(_ directory: String, files names: [String], inputs: [String]) throws(Failure) -> [Target] {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw Failure(path: directory, reason: "the directory cannot be made: \((error as NSError).localizedDescription)")
        }
        return try check(names.map { join(directory, $0) }, inputs: inputs)
    }

    static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// `kind`, with "a regular file" for one (which `kind` never meets).
    static func kindOrFile(_ mode: mode_t) -> String { mode & S_IFMT == S_IFREG ? "a regular file" : kind(mode) }
}
