/// Several designs' weighted lost orders over the same runs (docs/model.md §14): each design's
/// rate with its diagnostics, and every ordered pair's paired difference. What `robust` keeps
/// per setting and crossover point, and `optimize` for its weighted front.
public struct WeightedLosses: Sendable, Equatable {
    /// Per design, lost orders per intent.
    public let rates: [WeightedRate]
    /// `differences[a · designs + b]`: a − b per intent (a zero difference with p = 1 on the diagonal).
    public let differences: [WeightedDifference]

    public init(rates: [WeightedRate], differences: [WeightedDifference]) {
        precondition(differences.count == rates.count * rates.count, "one difference per ordered pair")
        self.rates = rates
        self.differences = differences
    }

    /// The lost-order estimates of a weighted panel, as its one API gives them.
    /// - Complexity: O(designs²).
    public init(panel: PanelResult) {
        precondition(panel.isWeighted, "the estimates of a weighted panel")
        let count = panel.designs
        rates = (0..<count).map { panel.estimate(.lost, of: $0).weighted! }
        differences = (0..<(count * count)).map { index in panel.difference(.lost, index / count, index % count).weighted! }
    }

    public func difference(_ a: Int, _ b: Int) -> WeightedDifference { differences[a * rates.count + b] }

    /// Why design `d`'s estimate, or either design of a comparison, is not to be trusted; nil when it is.
    public func warning(_ designs: Int...) -> String? { designs.lazy.compactMap { rates[$0].warning }.first }

    /// The estimates narrowed to two designs: `a` first, then `b`.
    public func pair(_ a: Int, _ b: Int) -> WeightedLosses {
        WeightedLosses(rates: [rates[a], rates[b]], differences: [difference(a, a), difference(a, b), difference(b, a), difference(b, b)])
    }
}
