/// Command lines the tool prints for a user to run again (a replay, the command that made a
/// page, `--set key=value`): each argument as one shell word.
public enum ShellWord {
    /// `text` as one POSIX shell word: as it is when every character is plain, else in single
    /// quotes, with a quote inside written as '\''.
    public static func quoted(_ text: String) -> String {
        let plain = text.allSatisfy { $0.isLetter || $0.isNumber || "-_.=/:,+[]".contains($0) }
        guard !plain || text.isEmpty else { return text }
        var quoted = "'"
        for character in text {
            if character == "'" { quoted += "'\\''" } else { quoted.append(character) }
        }
        return quoted + "'"
    }

    /// A command line: the words quoted and joined by spaces.
    public static func line(_ words: [String]) -> String { words.map(quoted).joined(separator: " ") }
}
