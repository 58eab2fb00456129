/// One line of a run's story: a message between two actors, or a note on one actor's
/// lifeline (a state change, or a fault when `fault` is set).
public struct TraceEntry: Sendable, Equatable {
    public let time: SimTime
    public let from: Actor
    /// The receiver of a message; nil for a note on `from`'s lifeline.
    public let to: Actor?
    public let text: String
    public let fault: FaultKind?
    /// For a fault, the number of its fault point within the run (as `FaultChooser` counts
    /// them), so the run can be replayed with this one fault not fired
    /// (`FaultChooser.seeded(suppressing:)`); nil for anything else.
    public let faultPoint: Int?
}

/// How one intent ended, with its cause when it did not end delivered once.
public struct IntentVerdict: Sendable, Equatable {
    public enum Outcome: String, Sendable, CaseIterable {
        case notCharged = "not_charged", delivered, lost, misdelivered, duplicated
        case doubleCharged = "double_charged"
    }
    public let outcome: Outcome
    public let cause: Cause
}

/// Where a traced run writes its story. A reference, so that `Kernel.note` need not mutate the
/// kernel while the text it is given still reads from it.
/// `@unchecked Sendable`: a log belongs to one world, which only ever runs on one thread.
final class TraceLog: @unchecked Sendable {
    var entries: [TraceEntry] = []
}
