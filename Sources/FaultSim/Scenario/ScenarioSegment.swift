/// A share of a scenario's users whose world differs from the rest: "20% of our users are on
/// flaky networks". A segment names the keys it changes (`set`, the same keys and values as
/// `--set`); every other key is the scenario's own. The users no segment claims, 1 − Σ shares,
/// are the base segment (`Scenario.baseSegmentName`), which is the scenario itself.
///
/// What is stored is the change, not the changed scenario: a sweep or `--set` that moves a key
/// of the scenario moves it in every segment that does not set that key itself
/// (`Scenario.segmentScenarios`).
public struct ScenarioSegment: Sendable, Equatable {
    /// How outputs name the segment: unique, not empty, not the base segment's name.
    public var name: String
    /// The segment's part of the users (of the runs), in (0, 1].
    public var share: Double
    /// The keys the segment changes, in the order the file gives them.
    public var settings: [Setting]

    public init(name: String, share: Double, settings: [Setting] = []) {
        self.name = name
        self.share = share
        self.settings = settings
    }

    /// One key of the parameter table (`ScenarioParameter.path`) and the segment's value of it.
    public struct Setting: Sendable, Equatable {
        public let path: String
        public let value: ScenarioParameter.Value

        public init(path: String, value: ScenarioParameter.Value) {
            self.path = path
            self.value = value
        }
    }

    /// Keys of the experiment rather than of the users: every segment shares the scenario's
    /// runs, seed and designs (segments split one set of runs), and describing a segment is its
    /// name's job.
    public static let sharedKeys = ["description", "runs", "seed", "customDesigns", "designs"]

    /// The keys a segment may set, in table order.
    public static var settableKeys: [String] {
        ScenarioParameter.table.map(\.path).filter { !sharedKeys.contains($0) }
    }
}

extension Scenario {
    /// The name of the users no segment claims.
    public static let baseSegmentName = "rest"

    /// The name `--by-segment` outputs give the row of every user (`ResultRow.allSegments`),
    /// which no segment may take either. Defined here, where segments are read, because
    /// Scenario/ may not name Metrics/ (docs/architecture.md).
    public static let allSegmentsName = "all"

    /// Shares that add up to 1 within this count as 1 (decimal shares are not exact in binary):
    /// the base segment is then empty.
    static let shareTolerance = 1e-9

    /// The scenario as segment `index` of `segmentNames` sees it: its own keys, with the
    /// segment's settings over them; the last index is the base segment, the scenario itself.
    /// Segments of a segment's scenario are none.
    public func segmentScenario(_ index: Int) -> Scenario {
        var copy = self
        copy.segments = []
        guard index < segments.count else { return copy }
        for setting in segments[index].settings {
            guard let row = ScenarioParameter.row(setting.path), row.field.set(setting.value, in: &copy) else {
                preconditionFailure("segment \(segments[index].name): \(setting.path) was checked when the scenario was read")
            }
        }
        return copy
    }

    /// Every segment's scenario, in `segmentNames` order.
    public var segmentScenarios: [Scenario] { (0...segments.count).map(segmentScenario) }

    /// The segments' names, the declared ones in file order, then the base segment.
    public var segmentNames: [String] { segments.map(\.name) + [Scenario.baseSegmentName] }

    /// The segments' shares of the users, in `segmentNames` order; the base segment gets what is
    /// left, 0 when the declared shares add up to 1.
    public var segmentShares: [Double] {
        let declared = segments.map(\.share)
        let rest = 1 - declared.reduce(0, +)
        return declared + [rest <= Scenario.shareTolerance ? 0 : rest]
    }

    /// Which segment each run's user is in (`SegmentPlan`).
    public var segmentPlan: SegmentPlan { SegmentPlan(shares: segments.map(\.share), seed: seed) }
}
