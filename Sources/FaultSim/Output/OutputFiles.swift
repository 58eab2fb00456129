import Foundation
#if canImport(Glibc)
import Glibc
/// POSIX `write`, which `OutputFiles.write` would otherwise shadow.
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemWrite = Darwin.write
#endif

/// A command's output files, checked before any work and written all or nothing.
///
/// `check` runs before the simulation, so a bad path costs nothing. Each output must be a
/// regular file or not exist yet, in an existing, writable directory. It must not be one of the
/// command's inputs, nor another output (by resolved path, and by device and inode when it
/// exists). A symbolic link is followed, and its target is written, so the link stays.
///
/// `write` writes every temporary file first, beside its target. Only when all are written does
/// it rename them into place, keeping each old target aside until every rename succeeded. So
/// any failure leaves every old output as it was.
public enum OutputFiles {
    /// Why an output cannot be written: the path as given, and the reason (the operating
    /// system's, where it gave one).
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "cannot write \(path): \(reason)" }
    }

    /// An output path that passed `check`: where it will really be written.
    public struct Target: Sendable, Equatable {
        /// The path as the user gave it, for messages.
        public let path: String
        /// The absolute path, symbolic links resolved, that `write` replaces; `-` for standard
        /// output.
        public let resolved: String

        /// `-`: the text goes to standard output, after every file was written.
        public var isStandardOutput: Bool { resolved == OutputFiles.stdoutPath }
    }

    /// The path that names standard output, as in most Unix tools. One output of a command may
    /// be it; it is written after the files, so a failure still leaves it empty.
    public static let stdoutPath = "-"

    /// Checks every output before any work; throws for the first that cannot be written.
    /// - Parameters:
    ///   - outputs: the paths, in command-line order (empty paths are a usage error, caught
    ///     before this).
    ///   - inputs: files the command reads, which no output may replace.
    public static func check(_ outputs: [String], inputs: [String]) throws(Failure) -> [Target] {
        let inputFiles = inputs.compactMap { FileIdentity.of($0) }
        var targets: [Target] = []
        for path in outputs {
            if path == stdoutPath {
                guard !targets.contains(where: \.isStandardOutput) else {
                    throw Failure(path: path, reason: "another output already goes to standard output; only one may")
                }
                targets.append(Target(path: path, resolved: stdoutPath))
                continue
            }
            let target = try resolve(path)
            if let identity = FileIdentity.of(target.resolved), inputFiles.contains(identity) {
                throw Failure(path: path, reason: "it is an input of this command; refusing to replace it")
            }
            if let earlier = targets.first(where: { $0.resolved == target.resolved }) {
                throw Failure(path: path, reason: "the same file as the output '\(earlier.path)'; give each output its own path")
            }
            targets.append(target)
        }
        return targets
    }

    /// Writes `texts[i]` to `targets[i]`, all or nothing; the one for `-`, if any, goes to
    /// `stdoutText` once every file is in place.
    public static func write(_ allFiles: [(target: Target, text: String)],
                             stdoutText: (String) -> Void = { Swift.print($0, terminator: "") }) throws(Failure) {
        let files = allFiles.filter { !$0.target.isStandardOutput }
        try writeFiles(files)
        for file in allFiles where file.target.isStandardOutput { stdoutText(file.text) }
    }

    static func writeFiles(_ files: [(target: Target, text: String)]) throws(Failure) {
        var temporaries: [String] = []
        func removeTemporaries() { for path in temporaries { unlink(path) } }
        for file in files {
            do {
                temporaries.append(try writeTemporary(file.text, beside: file.target))
            } catch {
                removeTemporaries()
                throw error
            }
        }
        // Rename into place, old targets kept aside (hard links) until every rename succeeded.
        var backups: [(target: String, backup: String?)] = []
        for (index, file) in files.enumerated() {
            let target = file.target.resolved
            var backup: String?
            if FileIdentity.of(target) != nil {
                let aside = temporaryName(beside: target, suffix: "old")
                if link(target, aside) == 0 { backup = aside }
            }
            guard rename(temporaries[index], target) == 0 else {
                let reason = osReason()
                if let backup { unlink(backup) }
                for done in backups.reversed() {
                    if let aside = done.backup { rename(aside, done.target) } else { unlink(done.target) }
                }
                for pending in temporaries[index...] { unlink(pending) }
                throw Failure(path: file.target.path, reason: reason)
            }
            backups.append((target, backup))
        }
        for done in backups { if let aside = done.backup { unlink(aside) } }
    }

    /// Checks and writes one file (a trace's SVG, a test's scenario).
    public static func write(_ text: String, to path: String, inputs: [String] = []) throws(Failure) {
        let targets = try check([path], inputs: inputs)
        try write([(targets[0], text)])
    }

    // MARK: Helpers

    /// What `path` names with links followed, or nil when nothing is there (`errno` then says
    /// why); a link that cannot be followed is refused, naming the path.
    static func followedStatus(_ path: String) throws(Failure) -> stat? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        guard stat(path, &status) == 0 else {
            throw Failure(path: path, reason: "a symbolic link that cannot be followed: \(osReason())")
        }
        return status
    }

    static func resolve(_ path: String) throws(Failure) -> Target {
        if let status = try followedStatus(path) {
            // It exists: follow links to what will really be replaced, which must be a file.
            guard status.st_mode & S_IFMT == S_IFREG else {
                throw Failure(path: path, reason: "\(kind(status.st_mode)), not a regular file; outputs are written whole by replacing a file")
            }
            guard let resolved = realPath(path) else { throw Failure(path: path, reason: osReason()) }
            try checkWritableDirectory(of: resolved, for: path)
            return Target(path: path, resolved: resolved)
        }
        let reason = osReason()
        guard errno == ENOENT else { throw Failure(path: path, reason: "the path cannot be reached: \(reason)") }
        let url = URL(fileURLWithPath: path)
        let name = url.lastPathComponent
        let directory = url.deletingLastPathComponent().path
        guard let resolvedDirectory = realPath(directory) else {
            throw Failure(path: path, reason: "its directory \(directory) does not exist or cannot be reached: \(osReason())")
        }
        try checkWritableDirectory(of: resolvedDirectory + "/" + name, for: path)
        return Target(path: path, resolved: resolvedDirectory + "/" + name)
    }

    static func checkWritableDirectory(of resolved: String, for path: String) throws(Failure) {
        let directory = URL(fileURLWithPath: resolved).deletingLastPathComponent().path
        var status = stat()
        guard stat(directory, &status) == 0 else { throw Failure(path: path, reason: "its directory \(directory): \(osReason())") }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw Failure(path: path, reason: "\(directory) is not a directory") }
        guard access(directory, W_OK) == 0 else {
            throw Failure(path: path, reason: "its directory \(directory) is not writable: \(osReason())")
        }
    }

    static func writeTemporary(_ text: String, beside target: Target) throws(Failure) -> String {
        var template = Array(temporaryName(beside: target.resolved, suffix: "XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw Failure(path: target.path, reason: "cannot create a temporary file: \(osReason())") }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                let reason = osReason()
                close(descriptor)
                unlink(temporary)
                throw Failure(path: target.path, reason: reason)
            }
            bytes = bytes.dropFirst(written)
        }
        // The new file gets the usual permissions (mkstemp makes it private).
        let mask = umask(0)
        umask(mask)
        fchmod(descriptor, 0o666 & ~mask)
        guard close(descriptor) == 0 else {
            let reason = osReason()
            unlink(temporary)
            throw Failure(path: target.path, reason: reason)
        }
        return temporary
    }

    static func temporaryName(beside target: String, suffix: String) -> String {
        let url = URL(fileURLWithPath: target)
        return url.deletingLastPathComponent().path + "/." + url.lastPathComponent + ".simrun-\(getpid())." + suffix
    }

    static func realPath(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a directory"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFIFO: "a pipe"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
    }
}

/// The operating system's reason for the last failed call, as `strerror` words it.
func osReason() -> String { String(cString: strerror(errno)) }

/// A file's device and inode: two paths name the same file exactly when these agree.
struct FileIdentity: Equatable {
    let device: UInt64
    let inode: UInt64

    static func of(_ path: String) -> FileIdentity? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }
}
