/// When the app server learns about a purchase (docs/model.md §6, "order timing").
public enum OrderTiming: String, Sendable, CaseIterable {
    /// Pay first, then send the receipt; the server creates the order at verification
    /// (seed 000 scheme A, BLIAP).
    case payFirst
    /// Ask the server for an order id before showing the payment sheet (seed 000 scheme B,
    /// seeds 003 and 004). The server can correlate attempts; a double tap makes two orders.
    case orderFirst
}
