/// `optimize` as an HTML section: the front found, with intervals and ties, and the scenario's
/// designs against it.
extension Optimizer.Result {
    public var htmlTitle: String { "The Pareto front of \(Markup.escaped(objectives.map(\.title).joined(separator: ", ")))" }

    public var html: String {
        let e = Markup.escaped
        var html = "<p class=\"answer\">\(front.count) design\(front.count == 1 ? "" : "s") on the front found "
            + (enumerated ? "by racing every legal design" : "by a Pareto local search") + " of a space of \(Grouped.format(Int(clamping: legalCount))) legal "
            + "designs, certified on \(Grouped.format(runs)) runs with paired tests at α = \(Optimizer.pLevel(alpha)): the best found, not proven optimal.</p>\n"
        let header = "<tr><th class=\"name\">design</th>" + Optimizer.header(objectives).map { "<th>\(e($0))</th>" }.joined()
        html += "<div class=\"wide\"><table>\(header)<th class=\"name\">tied with</th></tr>\n"
        for design in front {
            let tied = design.tiedWith.isEmpty ? "-" : design.tiedWith.map { front[$0].design.name }.joined(separator: ", ")
            html += "<tr><td class=\"name\"><code>\(e(design.design.name))</code></td>"
                + zip(design.estimates, objectives).map { "<td>\(e(Optimizer.estimate($0, $1)))</td>" }.joined()
                + "<td class=\"name\">\(e(tied))</td></tr>\n"
        }
        html += "</table></div>\n<div class=\"wide\"><table>\(header)<th class=\"name\">against the front</th></tr>\n"
        for verdict in designs {
            html += "<tr><td class=\"name\"><code>\(e(verdict.name))</code></td>"
                + zip(verdict.estimates, objectives).map { "<td>\(e(Optimizer.estimate($0, $1)))</td>" }.joined()
                + "<td class=\"name\">\(e(Optimizer.status(verdict.status, self)))</td></tr>\n"
        }
        return html + "</table></div>\n"
    }
}
