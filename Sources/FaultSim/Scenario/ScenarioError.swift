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

/// Nearest-name suggestions for typos, in keys, flags, commands, outcomes and design names: the
/// one function every "did you mean" calls.
public enum Suggestion {
    /// The candidate `word` most likely meant: the one at the smallest edit distance (Damerau:
    /// an insertion, deletion, substitution or swap of two neighbours is one edit; case
    /// ignored; ties to the earlier candidate) when it is a typo's, at most 2 edits away; else
    /// one `word` is the start of (`network.requestLoss` → `network.requestLossProbability`, the
    /// shortest when several); else the longest one that starts it up to a separator
    /// (`lost_rate` → `lost`); else the closest within a third of the word's length. A typo comes
    /// first, so `ours-finsh-late` means `ours-finish-late`, not `ours`.
    public static func nearest(to word: String, in candidates: [String]) -> String? {
        let lowered = word.lowercased()
        guard !lowered.isEmpty else { return nil }
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, candidate.lowercased())
            if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        if let best, best.distance <= 2 { return best.name }
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
        guard let best, best.distance <= word.count / 3 else { return nil }
        return best.name
    }

    /// The optimal-string-alignment distance: Levenshtein's, with a swap of two neighbouring
    /// characters one edit (`blaip` is one from `bliap`, not two).
    /// - Complexity: O(a · b).
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var twoBack = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                var cost = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] { cost = min(cost, twoBack[j - 2] + 1) }
                current[j] = cost
            }
            (twoBack, previous, current) = (previous, current, twoBack)
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
