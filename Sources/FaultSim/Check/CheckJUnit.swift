/// The JUnit XML that CI systems (GitHub Actions' test reporters, GitLab, Jenkins) read: one
/// test suite per set of timings, one test case per design; a FAILS is a `<failure>` carrying
/// the smallest counterexample and the command that replays it; a search stopped short is
/// `<skipped>`, since it proves nothing either way. No times: the file is byte-identical for
/// the same scenario, seed and options, like every other output of simrun.
public enum CheckJUnit {
    public static func render(_ verdicts: [CheckVerdict], scenario: String, platform: String, maxFaults: Int) -> String {
        var timings: [String] = []
        for verdict in verdicts where !timings.contains(verdict.timing) { timings.append(verdict.timing) }
        func counts(_ subset: [CheckVerdict]) -> String {
            let failures = subset.filter(\.failed).count
            let skipped = subset.filter { $0.kind == .unknown }.count
            return "tests=\"\(subset.count)\" failures=\"\(failures)\" skipped=\"\(skipped)\""
        }
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
                     "<testsuites name=\"simrun check\" \(counts(verdicts))>"]
        for timing in timings {
            let subset = verdicts.filter { $0.timing == timing }
            let suite = "\(scenario) (\(platform) platform), at most \(maxFaults) fault\(maxFaults == 1 ? "" : "s"), timings \(timing)"
            lines.append("  <testsuite name=\"\(Markup.escaped(suite))\" \(counts(subset))>")
            for verdict in subset {
                let open = "    <testcase classname=\"simrun.check.\(Markup.escaped(scenario))\" name=\"\(Markup.escaped(verdict.design))\""
                switch verdict.kind {
                case .holds:
                    lines.append(open + "/>")
                case .fails(let detail, let replay):
                    lines.append(open + ">")
                    lines.append("      <failure message=\"\(Markup.escaped(detail))\">\(Markup.escaped("replay: " + replay))</failure>")
                    lines.append("    </testcase>")
                case .unknown:
                    lines.append(open + ">")
                    lines.append("      <skipped message=\"stopped at --max-schedules before every schedule was run: not exhaustive\"/>")
                    lines.append("    </testcase>")
                }
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }
}
