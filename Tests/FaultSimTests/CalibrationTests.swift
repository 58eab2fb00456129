import FaultSim
import Foundation
import Testing
@testable import simrun

/// `simrun calibrate`: the implausibility arithmetic (counts, small counts by their exact tail,
/// observed zero, ranges, the cutoffs), the observation file's errors (message, exit 65,
/// nothing written), the same bytes on one and two threads, and a planted truth recovered.
@Suite("Calibration: implausibility arithmetic")
struct ImplausibilityArithmeticTests {
    @Test("a count far from the model's rate is implausible, a close one is not")
    func countNormalRule() {
        // 400 of 10,000 against a model rate of 3% (3,000 of 100,000): |0.04 − 0.03| over
        // √(V_obs + V_sim + V_md) with the variances at the model's rate.
        let terms = Implausibility.count(k: 400, n: 10_000, events: 3_000, units: 100_000, delta: 0)
        let rate = 3_000.5 / 100_001.0
        let expected = 0.01 / (rate * (1 - rate) / 10_000 + rate * (1 - rate) / 100_000).squareRoot()
        #expect(abs(terms.value - expected) < 1e-9)
        #expect(Implausibility.count(k: 300, n: 10_000, events: 3_000, units: 100_000, delta: 0.2).value < 0.01)
    }

    @Test("observed zero is judged at the model's rate: plausible at a mean of 1, ruled out at a mean of 20")
    func observedZero() {
        // P(0) = e^−1 = 0.37: nothing unusual.
        let mild = Implausibility.count(k: 0, n: 1_000, events: 1_000, units: 1_000_000, delta: 0)
        #expect(mild.value < 1)
        // P(0) = e^−20: far beyond any cutoff, though the observed rate itself has no variance.
        let strong = Implausibility.count(k: 0, n: 20_000, events: 1_000, units: 1_000_000, delta: 0)
        #expect(strong.value > 5)
    }

    @Test("the exact Poisson tail: observed 0 at a mean of 5.9 is about Φ⁻¹(1 − e^−5.9)")
    func poissonTail() {
        // Two-sided p = 2·e^−5.9 = 0.00548 → 2.78 standard deviations.
        let deviate = Implausibility.tailDeviate(k: 0, mean: 5.9, extraVariance: 0)
        #expect(abs(deviate - 2.78) < 0.02)
        // A negative binomial with no extra variance is the Poisson.
        #expect(abs(Implausibility.tailDeviate(k: 5, mean: 1, extraVariance: 1e-12) - Implausibility.tailDeviate(k: 5, mean: 1, extraVariance: 0)) < 1e-3)
        // Extra variance (simulation, discrepancy) makes a surprise less surprising.
        #expect(Implausibility.tailDeviate(k: 5, mean: 1, extraVariance: 1) < Implausibility.tailDeviate(k: 5, mean: 1, extraVariance: 0))
    }

    @Test("near 30 counts the exact tail and the normal rule agree")
    func tailMeetsNormal() {
        let tail = Implausibility.tailDeviate(k: 45, mean: 30, extraVariance: 0)
        let normal = 15 / 30.0.squareRoot()
        #expect(abs(tail - normal) < 0.3)
    }

    @Test("a range is 0 when the expected count lies inside, else the count at the nearer end")
    func ranges() {
        // 1% of 500 = 5 expected: inside [3, 9].
        #expect(Implausibility.range(low: 3, high: 9, n: 500, events: 10_000, units: 1_000_000, delta: 0).value == 0)
        let outside = Implausibility.range(low: 30, high: 60, n: 500, events: 10_000, units: 1_000_000, delta: 0)
        #expect(outside.value == Implausibility.count(k: 30, n: 500, events: 10_000, units: 1_000_000, delta: 0).value)
        #expect(outside.value > 3)
    }

    @Test("a ratio is 0 inside its range, else the log distance to the nearer end over the log-scale variances")
    func ratios() {
        // 2,000 of 100,000 over 1,000 of 100,000: ratio 2 (smoothed), inside [1, 15].
        #expect(Implausibility.ratio(low: 1, high: 15, n: 3_000, events: 2_000, units: 100_000, overEvents: 1_000, overUnits: 100_000,
                                     delta: 0.3).value == 0)
        // Reversed: ratio ½ against "at least 1", seen over 3,000 units of each design.
        let below = Implausibility.ratio(low: 1, high: 15, n: 3_000, events: 1_000, units: 100_000, overEvents: 2_000, overUnits: 100_000,
                                         delta: 0.3)
        let rate = 1_000.5 / 100_001.0, overRate = 2_000.5 / 100_001.0
        let variance = 1 / (3_000 * rate) + 1 / (3_000 * overRate) + 1 / 1_000.5 + 1 / 2_000.5 + log(1.3) * log(1.3)
        #expect(abs(below.value - log(overRate / rate) / variance.squareRoot()) < 1e-9)
        #expect(below.observed == 1 && below.above && below.signed > 0)
        // Seen over ten times as many units, the same gap is far less plausible.
        #expect(Implausibility.ratio(low: 1, high: 15, n: 30_000, events: 1_000, units: 100_000, overEvents: 2_000, overUnits: 100_000,
                                     delta: 0.3).value > below.value)
        // No event on the divisor's design: a large variance, not a division by zero.
        #expect(Implausibility.ratio(low: 1, high: 15, n: 100, events: 5, units: 1_000, overEvents: 0, overUnits: 1_000, delta: 0).value.isFinite)
        // The discrepancy that would let `below` score exactly the cutoff does.
        let needed = Implausibility.ratioDiscrepancyNeeded(below, cutoff: 0.5)
        let atNeeded = Implausibility.ratio(low: 1, high: 15, n: 3_000, events: 1_000, units: 100_000, overEvents: 2_000, overUnits: 100_000,
                                            delta: needed)
        #expect(abs(atNeeded.value - 0.5) < 1e-6)
    }

    @Test("cutoffs: 3 up to four figures, 3.29 for ten")
    func cutoffs() {
        #expect(Implausibility.cutoff(figures: 1) == 3)
        #expect(abs(Implausibility.cutoff(figures: 6) - 3.14) < 0.01)
        #expect(abs(Implausibility.cutoff(figures: 10) - 3.29) < 0.01)
        #expect(Implausibility.criterion([1, 5, 2]) == 5)
        #expect(Implausibility.criterion(Array(repeating: 1, count: 10) + [7]) == 1)
    }
}

@Suite("Calibration: the observation file and the command")
struct CalibrateCommandTests {
    static let guesses = "storeKit.cancelThenPurchasedProbability,user.supportContactProbability"

    /// A synthetic truth's figures: support contacts and later deliveries of two versions,
    /// simulated with seed 99 (the calibration uses seed 1: its runs are not the truth's).
    static let observed = """
        {"format": "faultsim-observations 1", "discrepancy": 0.1, "observations": [
          {"design": "seed000-v0", "figure": "support_contacts", "count": 257, "of": 16943},
          {"design": "seed000-v1.0", "figure": "support_contacts", "count": 166, "of": 16943},
          {"design": "seed000-v1.0", "figure": "lost", "count": 0, "of": 100, "holdOut": true}]}
        """

    static func write(_ text: String, in folder: TemporaryFolder, _ name: String = "obs.json") -> String {
        let path = folder.path(name).path
        try! text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("errors in the observation file name the file, the key path and the value, exit 65 and write nothing",
          arguments: [
              (#"{"format": "faultsim-observations 1", "observations": [{"design": "seed000-v9", "figure": "lost", "count": 1, "of": 10}]}"#,
               "observations[0].design"),
              (#"{"format": "faultsim-observations 1", "observations": [{"design": "seed000-v0", "figure": "lost", "count": 11, "of": 10}]}"#,
               "observations[0].count"),
              (#"{"format": "faultsim-observations 1", "observations": [{"design": "seed000-v0", "figure": "delivery_delay", "quantile": 1.5, "value": "4h", "of": 10}]}"#,
               "observations[0].quantile"),
              (#"{"format": "faultsim-observations 1", "observations": [{"design": "seed000-v0", "figure": "lost", "range": [9, 3], "of": 10}]}"#,
               "observations[0].range"),
              (#"{"format": "faultsim-observations 1", "observations": [{"design": "seed000-v0", "figure": "lost", "count": 1, "days": 3}]}"#,
               "observations[0].days"),
              (#"{"format": "faultsim-observations 1", "set": {"device.crashProbability": 0.1}, "observations": [{"design": "seed000-v0", "figure": "lost", "count": 1, "of": 10}]}"#,
               "set.device.crashProbability"),
              (#"{"format": "faultsim-observations 1", "observations": [{"design": "seed000-v0", "figure": "lost_orders", "count": 1, "of": 10}]}"#,
               "observations[0].figure"),
              (#"{"format": "faultsim-observations 1", "observations": [{"design": "seed000-v1.0", "figure": "lost", "ratio": [1, 15], "of": 10}]}"#,
               "observations[0].over"),
              (#"{"format": "faultsim-observations 1", "observations": [{"design": "seed000-v1.0", "figure": "lost", "ratio": [1, 15], "over": "seed000-v1.0", "of": 10}]}"#,
               "observations[0].over"),
              (#"{"format": "faultsim-observations 1", "observations": [{"design": "seed000-v1.0", "figure": "lost", "ratio": [0, 15], "over": "seed000-v0", "of": 10}]}"#,
               "observations[0].ratio"),
              (#"{"format": "faultsim-observations 1", "observations": [{"design": "seed000-v1.0", "figure": "lost", "count": 1, "over": "seed000-v0", "of": 10}]}"#,
               "observations[0].over"),
              (#"{"format": "faultsim-observations 1", "observations": [{"design": "seed000-v1.0", "figure": "delivery_delay", "ratio": [1, 2], "over": "seed000-v0", "of": 10}]}"#,
               "observations[0].ratio"),
          ])
    func fileErrors(text: String, keyPath: String) throws {
        let folder = try TemporaryFolder()
        let path = Self.write(text, in: folder)
        let csv = folder.path("out.csv").path
        let transcript = expectSimrun(["calibrate", "--observed", path, "--runs", "100", "--out", csv], exits: 65)
        #expect(transcript.errorOutput.contains(path))
        #expect(transcript.errorOutput.contains("key '\(keyPath)'"))
        #expect(!FileManager.default.fileExists(atPath: csv))
    }

    @Test("the same bytes on one thread and on two")
    func sameBytesOnAnyThreadCount() throws {
        let folder = try TemporaryFolder()
        let path = Self.write(Self.observed, in: folder)
        var outputs: [String] = []
        for jobs in ["1", "2"] {
            let json = folder.path("c\(jobs).json").path
            let transcript = expectSimrun(["calibrate", "--observed", path, "--params", Self.guesses, "--runs", "2000", "--candidates", "12",
                                           "--waves", "2", "--jobs", jobs, "--json", json, "--quiet"], exits: 0)
            let printed = transcript.output.split(separator: "\n").filter { !$0.hasPrefix("wrote ") }.joined(separator: "\n")
            outputs.append(printed + (try String(contentsOfFile: json, encoding: .utf8)))
        }
        #expect(outputs[0] == outputs[1])
    }

    @Test("a planted truth lies in the region, the support-contact guess shrinks, and region points are written")
    func plantedTruthRecovered() throws {
        let folder = try TemporaryFolder()
        let path = Self.write(Self.observed, in: folder)
        let truth = Self.write(#"{"storeKit": {"cancelThenPurchasedProbability": 0.01}, "user": {"supportContactProbability": 0.3}}"#,
                               in: folder, "truth.json")
        let json = folder.path("c.json").path
        let points = folder.path("points").path
        let transcript = expectSimrun(["calibrate", "--observed", path, "--params", Self.guesses, "--runs", "8000", "--candidates", "30",
                                       "--waves", "2", "--truth", truth, "--json", json, "--points-out", points, "--quiet"], exits: 0)
        #expect(transcript.output.contains("truth: inside the region"))
        #expect(transcript.output.contains("held out"))
        let result = try JSONParser.parse(String(contentsOfFile: json, encoding: .utf8))
        guard case .object(let fields) = result, case .array(let spreads)? = fields.first(where: { $0.key == "spreads" })?.value,
              case .object(let support)? = spreads.first(where: { $0.oneLine.contains("user.supportContactProbability") }),
              case .number(let spread)? = support.first(where: { $0.key == "spread" })?.value else {
            Issue.record("no spreads in \(json)")
            return
        }
        #expect(Double(spread)! < 0.7)
        #expect(FileManager.default.fileExists(atPath: points + "/point-01.json"))
        expectSimrun(["run", points + "/point-01.json", "--runs", "10", "--quiet"], exits: 0)
    }

    @Test("the report's section says what the figures constrain and compares the designs over the region")
    func reportSection() throws {
        let folder = try TemporaryFolder()
        let path = Self.write(Self.observed, in: folder)
        let page = folder.path("report.html").path
        expectSimrun(["report", "--observed", path, "--designs", "seed000-v1.0,seed000-v1.2", "--runs", "1000", "--ablate-runs", "0",
                      "--robust-runs", "0", "--out", page, "--quiet"], exits: 0)
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("What the team's figures say about the guesses"))
        #expect(html.contains("paired with the current design seed000-v1.0"))
        let first = html.components(separatedBy: "<h2>").dropFirst().first ?? ""
        #expect(first.hasPrefix("Your answer</h2>") && first.contains("answer for seed000-v1.0, your design, given your figures"),
                "the calibrated answer leads the page")
        #expect(!html.contains("<script"))
    }

    @Test("a ratio between two versions is matched on both designs' runs, and the limits say how far outside its range it rules out")
    func ratioFigure() throws {
        let folder = try TemporaryFolder()
        let path = Self.write(#"{"format": "faultsim-observations 1", "observations": [{"design": "seed000-v1.0", "figure": "support_contacts", "ratio": [1, 15], "over": "seed000-v0", "of": 5000}]}"#,
                              in: folder)
        let transcript = expectSimrun(["calibrate", "--observed", path, "--params", Self.guesses, "--runs", "2000", "--candidates", "8",
                                       "--waves", "1", "--quiet"], exits: 0)
        #expect(transcript.output.contains("1 figure matched on 2 designs"))
        #expect(transcript.output.contains("x1 to x15 in 5,000"))
        #expect(transcript.output.contains("support_contacts of seed000-v1.0 over seed000-v0 rules out only ratios below"))
    }

    @Test("when no setting reproduces a figure, the output names it and exits 0 with an empty region")
    func figureThatCannotBeMet() throws {
        let folder = try TemporaryFolder()
        // seed000-v0 loses a few percent of its orders in every plausible world: none in 100,000 cannot be met.
        let path = Self.write(#"{"format": "faultsim-observations 1", "observations": [{"design": "seed000-v0", "figure": "lost", "count": 0, "of": 100000}]}"#,
                              in: folder)
        let transcript = expectSimrun(["calibrate", "--observed", path, "--params", Self.guesses, "--runs", "1000", "--candidates", "8",
                                       "--waves", "1", "--quiet"], exits: 0)
        #expect(transcript.output.contains("region: 0 settings fit"))
        #expect(transcript.output.contains("lost of seed000-v0 cannot be met"))
    }
}
