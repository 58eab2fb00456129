/// Why a scenario file was rejected: which file, which key (a dotted path such as
/// `network.latency.p99`), which value, and what was wrong. simrun exits 65 on it.
public struct ScenarioError: Error, Sendable, Equatable, CustomStringConvertible {
    public let file: String
    /// Dotted key path; empty for problems with the file as a whole.
    public let keyPath: String
    /// The offending value as written, or empty.
    public let value: String
    public let message: String
    /// The file could not be read at all (missing, a directory, no permission): sysexits'
    /// EX_NOINPUT (66) rather than bad data (65).
    public let unreadable: Bool

    public init(file: String, keyPath: String, value: String = "", message: String, unreadable: Bool = false) {
        self.file = file
        self.keyPath = keyPath
        self.value = value
        self.message = message
        self.unreadable = unreadable
    }

    public var description: String {
        var text = file
        if !keyPath.isEmpty { text += ": key '\(keyPath)'" }
        if !value.isEmpty { text += ": value \(value)" }
        return text + ": " + message
    }
}

/// Nearest-name suggestions for typos, in keys, flags and design names.
public enum Suggestion {
    /// The candidate `word` most likely meant: one it is the start of (`network.requestLoss`
    /// → `network.requestLossProbability`, the shortest when several), else the longest one
    /// that starts it up to a separator (`lost_rate` → `lost`), else the closest by edit
    /// distance when that is close enough to be a typo. Ties go to the earlier candidate.
    public static func nearest(to word: String, in candidates: [String]) -> String? {
        let lowered = word.lowercased()
        guard !lowered.isEmpty else { return nil }
        var extended: String?
        for candidate in candidates where candidate.count > word.count && candidate.lowercased().hasPrefix(lowered) {
            if candidate.count < (extended?.count ?? Int.max) { extended = candidate }
        }
        if let extended { return extended }
        var truncated: String?
        for candidate in candidates where candidate.count < word.count && lowered.hasPrefix(candidate.lowercased()) {
            let next = lowered[lowered.index(lowered.startIndex, offsetBy: candidate.count)]
            if "._-".contains(next) && candidate.count > (truncated?.count ?? 0) { truncated = candidate }
        }
        if let truncated { return truncated }
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(word.lowercased(), candidate.lowercased())
            if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        guard let best, best.distance <= max(2, word.count / 3) else { return nil }
        return best.name
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

extension JSONParser {
    /// `text` parsed, or an error naming `file` with the line and column of the syntax error:
    /// how every file simrun reads (scenarios, partial results, space files) reports bad JSON.
    public static func parse(_ text: String, file: String) throws(ScenarioError) -> JSONValue {
        do {
            return try parse(text)
        } catch {
            throw ScenarioError(file: file, keyPath: "", message: "line \(error.line), column \(error.column): \(error.message)")
        }
    }
}
