import FaultSim
import Foundation
import Policies
import Testing
@testable import simrun

/// `simrun report`: one self-contained page.
@Suite("The report")
struct ReportTests {
    static let scenario = packageRoot + "/scenarios/default.json"

    @Test("report writes one self-contained page with every section, the same bytes on any thread count")
    func reportPage() throws {
        let folder = try TemporaryFolder(), other = try TemporaryFolder()
        func report(_ name: String, jobs: String) -> SimrunTranscript {
            expectSimrun(["report", Self.scenario, "--out", (jobs == "1" ? folder : other).path(name).path, "--runs", "3000", "--jobs", jobs,
                          "--designs", "naive,seed000-v0,seed000-v1.2,faultsim-recommended", "--quiet",
                          "--param", "network.requestLossProbability", "--values", "0,0.2", "--sweep-runs", "500",
                          "--metrics", "lost,server_requests_per_intent", "--robust-runs", "300"], exits: 0)
        }
        let printed = report("one.html", jobs: "1")
        #expect(printed.output.hasPrefix("simrun report: ") && printed.output.contains("wrote \(folder.path("one.html").path)"),
                "\(printed.output)")
        let page = try String(contentsOfFile: folder.path("one.html").path, encoding: .utf8)
        let made = try #require(page.range(of: "Made by <code>").map { page[$0.upperBound...].prefix { $0 != "<" } })
        #expect(!made.contains("--jobs") && !made.contains("--quiet"), "the page names the command without options that never change it")
        let again = report("one.html", jobs: "2")
        #expect(printed.output.replacingOccurrences(of: folder.path("one.html").path, with: "OUT")
            == again.output.replacingOccurrences(of: other.path("one.html").path, with: "OUT"))
        // Only the output's folder differs between the two pages.
        let otherPage = try String(contentsOfFile: other.path("one.html").path, encoding: .utf8)
        #expect(page.replacingOccurrences(of: folder.path("one.html").path, with: "OUT")
            == otherPage.replacingOccurrences(of: other.path("one.html").path, with: "OUT"))
        for heading in ["Which design to build", "Parameters that differ from the defaults", "Results", "Outcomes per design", "Why orders were lost",
                        "How often each fault fired", "Which design loses fewer orders than which", "Sweeps",
                        "How each losing design loses an order"] {
            #expect(page.contains("<h2>\(heading)</h2>"), "missing section \(heading)")
        }
        #expect(!page.contains("<script"), "no script")
        #expect(!page.contains("src=") && !page.contains("<link"), "no external resource")
        #expect(!page.contains("<?xml"), "inline SVG carries no XML declaration")
        let charts = svgFragmentsParse(page)
        #expect(charts.allParse)
        // 5 outcome charts less those drawn as a line of text (no design had that outcome), the
        // cause chart, 2 sweep charts, a diagram per losing design, and the robustness tornado.
        let emptyPanels = page.components(separatedBy: "<p class=\"none\">").count - 1
        #expect(charts.count == 5 - emptyPanels + 1 + 2 + 3 + 1)
        #expect(page.contains("<h3>What each choice of "), "the answer names the axes that matter")
        #expect(page.contains("<h3>Which guesses could change the answer</h3>"), "the answer names the guesses that could change it")
        for design in ["naive", "seed000-v0", "seed000-v1.2"] {
            #expect(page.contains("<h3>\(design): <code>"), "a diagram for \(design)")
        }
        #expect(page.contains("simrun trace scenarios/default.json --design naive --run ") || page.contains("--design naive --run "))
        let ids = page.components(separatedBy: " id=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(Set(ids).count == ids.count, "every element id is unique")
    }

    @Test("A scenario where no design loses says so instead of drawing empty charts")
    func reportWithoutLosses() throws {
        let folder = try TemporaryFolder()
        let out = folder.path("calm.html").path
        expectSimrun(["report", Self.scenario, "--out", out, "--runs", "200", "--designs", "faultsim-recommended,bliap",
                      "--quiet", "--robust-runs", "0", "--ablate-runs", "0"], exits: 0)
        let page = try String(contentsOfFile: out, encoding: .utf8)
        #expect(page.contains("No design lost an order."))
        #expect(!page.contains("<h2>Sweeps</h2>"))
        #expect(!page.contains("What each choice of") && !page.contains("Which guesses could"), "0 runs leave both out")
    }

    @Test("report --ours centres on the team's design: its losses and causes, its ablation, the walk to the leader")
    func reportAroundOurDesign() throws {
        let folder = try TemporaryFolder()
        let out = folder.path("ours.html").path
        expectSimrun(["report", Self.scenario, "--out", out, "--runs", "400", "--designs", "naive,bliap", "--ours", "seed002-after",
                      "--quiet", "--robust-runs", "0", "--ablate-runs", "100"], exits: 0)
        let page = try String(contentsOfFile: out, encoding: .utf8)
        #expect(page.contains("<b>Your design, <code>seed002-after</code></b>, lost"), "added to the designs and answered for")
        #expect(page.contains("What each choice of <code>seed002-after</code> is worth") || page.contains("What each choice of seed002-after is worth"))
        #expect(!page.contains("What each choice of bliap") && !page.contains("What each choice of <code>bliap</code>"))
        #expect(page.contains("From seed002-after to bliap") || page.contains("From <code>seed002-after</code> to <code>bliap</code>"))
        expectSimrun(["report", Self.scenario, "--out", folder.path("x.html").path, "--runs", "10", "--ours", "nobody", "--quiet"], exits: 64)
    }

    @Test("report refuses sweep options without --param, and an output that would replace its scenario", arguments: [
        (["--values", "0,0.1"], Int32(64)),
        (["--log-y"], 64),
        (["--param", "network.requestLossProbability"], 64),
        (["--param", "network.requestLossProbability", "--values", "0,0.1", "--metrics", "lost,lost"], 64),
    ] as [([String], Int32)])
    func reportErrors(_ extra: [String], _ status: Int32) throws {
        let folder = try TemporaryFolder()
        expectSimrun(["report", Self.scenario, "--out", folder.path("r.html").path, "--runs", "10", "--quiet"] + extra, exits: status)
        #expect(!FileManager.default.fileExists(atPath: folder.path("r.html").path))
    }

    @Test("report never writes over its scenario")
    func reportKeepsItsInput() throws {
        let folder = try TemporaryFolder()
        let scenario = folder.path("s.json").path
        try Data(#"{"runs": 10}"#.utf8).write(to: URL(fileURLWithPath: scenario))
        let refused = simrun(["report", scenario, "--out", scenario, "--quiet"])
        #expect(refused.status != 0, "\(refused.described(["report", scenario, "--out", scenario, "--quiet"]))")
        #expect(try String(contentsOfFile: scenario, encoding: .utf8) == #"{"runs": 10}"#)
    }
}
