/// A decision tool's result as a page of its own (`--html`): self-contained like the report (its
/// CSS, no script, no network), the tool's section, and every row of its CSV as a table below.
/// The same result always gives the same bytes.
public enum DecisionPage {
    /// The page of `report`, made by `command`.
    public static func render(_ report: some DecisionReport, command: String) -> String {
        let e = Markup.escaped, job = report.job
        let tool = type(of: report).tool
        return """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>FaultSim \(tool): \(e(job.scenario))</title>
        <style>\(HTMLReport.css)</style>
        </head>
        <body>
        <header>
        <h1>FaultSim \(tool): <code>\(e(job.scenario))</code></h1>
        <p class="facts">\(Grouped.format(job.runs)) runs, seed \(job.seed), platform <b>\(e(job.platform))</b>; every design saw the same runs.</p>
        <p class="facts">Made by <code>\(e(command))</code> (simrun \(FaultSimVersion.tool), model \(FaultSimVersion.model)) from <code>\(e(job.source))</code>.</p>
        </header>
        <section>
        <h2>\(report.htmlTitle)</h2>
        \(report.html)</section>
        <section>
        <h2>Every row</h2>
        <details><summary>The table <code>--out</code> writes, as a table</summary>
        \(table(csv: report.csv))</details>
        </section>
        <footer>FaultSim \(FaultSimVersion.tool). The same scenario, seed and runs always give this page, byte for byte.</footer>
        </body>
        </html>

        """
    }

    /// A CSV (as the tools write it: RFC 4180, a header line) as an HTML table.
    static func table(csv: String) -> String {
        let records = CSV.records(csv)
        guard let header = records.first else { return "" }
        var html = "<div class=\"wide\"><table><tr>" + header.map { "<th>\(Markup.escaped($0))</th>" }.joined() + "</tr>\n"
        for record in records.dropFirst() {
            html += "<tr>" + record.map { "<td>\(Markup.escaped($0))</td>" }.joined() + "</tr>\n"
        }
        return html + "</table></div>\n"
    }
}
