/// What `simrun check` concluded for one design at one set of timings, kept so the command can
/// exit 1 when any design FAILS and write the same verdicts as a JUnit report (`--junit`).
public struct CheckVerdict: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// No avoidable counterexample among every schedule of at most K faults.
        case holds
        /// An avoidable counterexample: `detail` describes the smallest, `replay` replays it.
        case fails(detail: String, replay: String)
        /// `--max-schedules` stopped the search before a counterexample was found.
        case unknown
    }
    public let design: String
    public let timing: String
    public let kind: Kind

    public init(design: String, timing: String, kind: Kind) {
        self.design = design
        self.timing = timing
        self.kind = kind
    }

    public var failed: Bool { if case .fails = kind { true } else { false } }
}
