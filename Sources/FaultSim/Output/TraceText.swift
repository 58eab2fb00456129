/// A traced run as text: one line per message, note or fault, then each intent's outcome.
public enum TraceText {
    public static func render(_ entries: [TraceEntry], verdicts: [IntentVerdict], header: String) -> String {
        var text = header + "\n\n"
        let width = Actor.allCases.map(\.title.count).max()! * 2 + 4
        for entry in entries {
            var who = entry.from.title
            if let to = entry.to { who += " -> " + to.title }
            let mark = entry.fault == nil ? "  " : "!!"
            text += clock(entry.time) + "  " + mark + " " + who + String(repeating: " ", count: max(1, width - who.count))
                + entry.text + "\n"
        }
        text += "\n"
        for (intent, verdict) in verdicts.enumerated() {
            text += "intent \(intent): \(verdict.outcome.rawValue)"
            if verdict.cause != .none { text += ": \(verdict.cause.name) (\(verdict.cause.explanation))" }
            text += "\n"
        }
        return text
    }

    /// Virtual time as days, hours, minutes, seconds and milliseconds: `2d 03:04:05.006`.
    public static func clock(_ ms: SimTime) -> String {
        func two(_ value: SimTime) -> String { value < 10 ? "0\(value)" : "\(value)" }
        func three(_ value: SimTime) -> String { value < 10 ? "00\(value)" : value < 100 ? "0\(value)" : "\(value)" }
        let days = ms / 86_400_000
        let hours = ms / 3_600_000 % 24
        let minutes = ms / 60_000 % 60
        let seconds = ms / 1_000 % 60
        return "\(days)d \(two(hours)):\(two(minutes)):\(two(seconds)).\(three(ms % 1_000))"
    }
}
