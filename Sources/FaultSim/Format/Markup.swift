/// Text inside SVG and HTML: the five characters markup gives a meaning to, escaped; and the
/// few HTML shapes every page section is made of, so a decision tool can write its section
/// without knowing the page around it.
public enum Markup {
    public static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }

    /// `<section><h2>title</h2>body</section>`, the title escaped, the body as it is.
    public static func section(_ title: String, _ body: String) -> String {
        "<section>\n<h2>\(escaped(title))</h2>\n\(body)\n</section>\n"
    }

    /// `<code>name</code>`, escaped.
    public static func code(_ text: String) -> String { "<code>\(escaped(text))</code>" }

    /// A coordinate or length in SVG: one decimal, "-" whenever below zero.
    public static func number(_ value: Double) -> String { FixedPoint.format(value, places: 1, sign: .minusIfNegative) }
}
