/// A traced run as a standalone SVG sequence diagram: one lifeline per actor, an arrow per
/// message, notes beside lifelines, faults marked in red, the outcome in the title.
///
/// Given the run's judged faults (`DecisiveFaults`), only the decisive ones are marked in red,
/// those decisive only with the others of their kind in orange, and a fault that changed
/// nothing is drawn grey and labelled so, so a reader looks for the cause where it is.
public enum SequenceDiagram {
    static let columnWidth = 190
    static let rowHeight = 22
    static let top = 90

    /// - Parameters:
    ///   - idPrefix: Prefixed to every element id, so several diagrams can sit in one HTML page
    ///     without two elements sharing an id.
    ///   - standalone: Begin with the XML declaration a standalone `.svg` file carries (and an
    ///     inline `<svg>` in HTML must not).
    ///   - judged: Which faults changed how the run ended; nil marks every fault in red (when
    ///     nobody asked, as `simrun trace --svg`).
    public static func render(_ entries: [TraceEntry], verdicts: [IntentVerdict], title: String,
                              idPrefix: String = "", standalone: Bool = true, judged: DecisiveFaults? = nil) -> String {
        let actors = Actor.allCases
        let width = columnWidth * actors.count + 40
        let height = top + rowHeight * (entries.count + 1) + 30 + 18 * verdicts.count
        func x(_ actor: Actor) -> Int { 20 + columnWidth * actor.rawValue + columnWidth / 2 }
        var svg = standalone ? "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" : ""
        svg += """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" \
        font-family="Helvetica, Arial, sans-serif" font-size="11">
        <defs><marker id="\(idPrefix)arrow" markerWidth="8" markerHeight="8" refX="7" refY="3" orient="auto">\
        <path d="M0,0 L7,3 L0,6 z" fill="#333"/></marker></defs>
        <rect width="100%" height="100%" fill="white"/>
        <text x="20" y="24" font-size="15" font-weight="bold">\(Markup.escaped(title))</text>

        """
        let lifelineEnd = top + rowHeight * (entries.count + 1)
        for actor in actors {
            svg += "<g class=\"lifeline\" id=\"\(idPrefix)lifeline-\(actor.rawValue)\">"
            svg += "<rect x=\(quote(x(actor) - 70)) y=\"40\" width=\"140\" height=\"26\" rx=\"4\" fill=\"#eef3fb\" stroke=\"#446\"/>"
            svg += "<text x=\(quote(x(actor))) y=\"57\" text-anchor=\"middle\" font-weight=\"bold\">\(Markup.escaped(actor.title))</text>"
            svg += "<line x1=\(quote(x(actor))) y1=\"66\" x2=\(quote(x(actor))) y2=\(quote(lifelineEnd)) stroke=\"#99a\" stroke-dasharray=\"4 3\"/>"
            svg += "</g>\n"
        }
        for (row, entry) in entries.enumerated() {
            let y = top + rowHeight * row
            svg += "<text x=\"4\" y=\(quote(y - 4)) font-size=\"9\" fill=\"#888\">\(Markup.escaped(TraceText.clock(entry.time)))</text>"
            if let to = entry.to, to != entry.from {
                let from = x(entry.from), end = x(to)
                svg += "<line x1=\(quote(from)) y1=\(quote(y)) x2=\(quote(end + (end > from ? -6 : 6))) y2=\(quote(y)) "
                    + "stroke=\"#333\" marker-end=\"url(#\(idPrefix)arrow)\"/>"
                svg += "<text x=\(quote((from + end) / 2)) y=\(quote(y - 4)) text-anchor=\"middle\">\(Markup.escaped(entry.text))</text>\n"
            } else if let fault = entry.fault {
                let cx = x(entry.from)
                let mark = FaultMark(entry, judged)
                svg += "<g class=\"\(mark.className)\">" + mark.tooltip(fault)
                svg += "<path d=\"M\(cx - 5),\(y - 5) L\(cx + 5),\(y + 5) M\(cx + 5),\(y - 5) L\(cx - 5),\(y + 5)\" "
                    + "stroke=\"\(mark.colour)\" stroke-width=\"\(mark == .inert ? 1 : 2)\"/>"
                let colour = mark.colour, label = fault.name + mark.suffix
                // Judged faults on the last lifeline put their label on its left, so it stays on
                // the canvas (a plain trace's diagram keeps its committed layout).
                let left = judged != nil && entry.from == actors.last
                svg += "<text x=\(quote(cx + (left ? -9 : 9))) y=\(quote(y + 4)) fill=\"\(colour)\"" + (left ? " text-anchor=\"end\">" : ">")
                    + "\(Markup.escaped(label))</text></g>\n"
            } else {
                // Notes sit right of their lifeline, except on the last one, where they would
                // run off the canvas.
                let last = entry.from == actors.last
                svg += "<text x=\(quote(x(entry.from) + (last ? -6 : 6))) y=\(quote(y + 4)) fill=\"#225\" font-style=\"italic\""
                    + (last ? " text-anchor=\"end\">" : ">") + "\(Markup.escaped(entry.text))</text>\n"
            }
        }
        var y = lifelineEnd + 24
        for (intent, verdict) in verdicts.enumerated() {
            let good = verdict.outcome == .delivered || verdict.outcome == .notCharged
            var text = "intent \(intent): \(verdict.outcome.rawValue)"
            if verdict.cause != .none { text += " - \(verdict.cause.name): \(verdict.cause.explanation)" }
            svg += "<text x=\"20\" y=\(quote(y)) font-weight=\"bold\" fill=\"\(good ? "#262" : "#c00")\">\(Markup.escaped(text))</text>\n"
            y += 18
        }
        return svg + "</svg>\n"
    }

    static func quote(_ value: Int) -> String { "\"\(value)\"" }

    /// How a fault is drawn: decisive (red, as every fault when nobody judged them), decisive
    /// only with the others of its kind (orange), or inert (grey).
    enum FaultMark: Equatable {
        case decisive, jointly, inert

        init(_ entry: TraceEntry, _ judged: DecisiveFaults?) {
            guard let judged, let point = entry.faultPoint else {
                self = .decisive
                return
            }
            self = judged.decisive.contains(point) ? .decisive : judged.jointly.contains(point) ? .jointly : .inert
        }

        var colour: String {
            switch self {
            case .decisive: "#c00"
            case .jointly: "#d55e00"
            case .inert: "#999"
            }
        }

        var className: String {
            switch self {
            case .decisive: "fault"
            case .jointly: "fault jointly"
            case .inert: "fault inert"
            }
        }

        var suffix: String {
            switch self {
            case .decisive: ""
            case .jointly: " (with the others like it)"
            case .inert: " (no effect)"
            }
        }

        func tooltip(_ fault: FaultKind) -> String {
            switch self {
            case .decisive: return ""
            case .jointly:
                return "<title>\(Markup.escaped(fault.name)): replayed without this one, the run ends the same; "
                    + "without every \(Markup.escaped(fault.name)), it ends differently</title>"
            case .inert: return "<title>\(Markup.escaped(fault.name)): replayed without it, every intent ends the same way</title>"
            }
        }
    }
}
