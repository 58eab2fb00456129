extension Scenario {
    /// A world with every fault of docs/model.md §9 switched off: no losses, errors, outages,
    /// crashes, kills, cancels or StoreKit oddities; latencies fixed and well inside every
    /// timeout; a user who waits forever and always comes back. In it every design must
    /// deliver every charged intent exactly once. Tests switch single faults back on from here.
    /// The values are the parameter table's fault-free column.
    public static func faultFree() -> Scenario {
        var scenario = Scenario()
        scenario.name = "fault-free"
        scenario.description = "Every fault off."
        for row in ScenarioParameter.table {
            guard let value = row.faultFree else { continue }
            let stored = row.field.set(value, in: &scenario)
            precondition(stored, "the fault-free value of \(row.path) does not fit its kind")
        }
        return scenario
    }
}
