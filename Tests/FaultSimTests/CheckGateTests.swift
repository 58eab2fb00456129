import FaultSim
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import simrun

/// `simrun check` as a CI gate: exit 1 when a design FAILS, and a JUnit report of the verdicts.
@Suite("check as a CI gate")
struct CheckGateTests {
    static let scenario = packageRoot + "/scenarios/default.json"

    @Test("check exits 1 when a design FAILS and 0 when every design holds")
    func exitStatus() {
        #expect(simrun(["check", Self.scenario, "--design", "naive", "--max-faults", "1"]).status == 1)
        #expect(simrun(["check", Self.scenario, "--design", "faultsim-recommended", "--max-faults", "1"]).status == 0)
        #expect(simrun(["check", Self.scenario, "--designs", "faultsim-recommended,naive", "--max-faults", "1"]).status == 1)
    }

    @Test("--junit writes one test case per design and timings; FAILS is a failure with its replay command")
    func junitReport() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("check.xml").path
        let status = simrun(["check", Self.scenario, "--designs", "naive,faultsim-recommended", "--max-faults", "1",
                                         "--junit", path]).status
        #expect(status == 1)
        let xml = try String(contentsOfFile: path, encoding: .utf8)
        let parser = XMLParser(data: Data(xml.utf8))
        let collector = JUnitCollector()
        parser.delegate = collector
        #expect(parser.parse(), "the JUnit report is not well-formed XML")
        #expect(collector.testCases == ["naive", "faultsim-recommended"])
        #expect(collector.failures == ["naive"])
        #expect(xml.contains("tests=\"2\" failures=\"1\" skipped=\"0\""))
        #expect(xml.contains("replay: simrun trace"))
        // The same check twice writes the same bytes: no times, no dates.
        #expect(simrun(["check", Self.scenario, "--designs", "naive,faultsim-recommended", "--max-faults", "1",
                                    "--junit", path]).status == 1)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == xml)
    }
}

/// The test cases of a JUnit report, and which of them hold a `<failure>`.
final class JUnitCollector: NSObject, XMLParserDelegate {
    var testCases: [String] = []
    var failures: [String] = []

    func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        if element == "testcase", let name = attributes["name"] { testCases.append(name) }
        if element == "failure", let current = testCases.last { failures.append(current) }
    }
}
