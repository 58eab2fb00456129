/// How `trace` and `find` say which segment a run's user is in.
extension Scenario {
    /// "flaky (20.0% of the users: network.weakNetworkProbability=0.5)", or for the base
    /// segment "rest (77.0% of the users: the scenario's own keys)".
    public func segmentText(_ index: Int) -> String {
        let share = FixedPoint.format(segmentShares[index] * 100, places: 1) + "% of the users"
        guard index < segments.count else { return "\(Scenario.baseSegmentName) (\(share): the scenario's own keys)" }
        let settings = segments[index].settings.map { "\($0.path)=\($0.value.jsonValue.label)" }
        return "\(segments[index].name) (\(share)\(settings.isEmpty ? "" : ": " + settings.joined(separator: ", ")))"
    }
}
