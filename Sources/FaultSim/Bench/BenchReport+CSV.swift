/// The report as `simrun bench --out` writes it: one row per workload and thread count, every
/// record through `CSV.record`.
extension BenchReport {
    public var csv: String {
        var text = CSV.record(["scenario", "workload", "build", "cores", "threads", "runs", "events", "timings", "seconds_median",
                               "seconds_fastest", "seconds_slowest", "runs_per_second", "events_per_second", "ns_per_event",
                               "all_timings"])
        for row in (floor.map { [$0] } ?? []) + designs {
            for measurement in [row.single] + (row.parallel.map { [$0] } ?? []) {
                text += CSV.record([scenario, row.name == floor?.name ? "engine-floor" : row.name, machine.buildConfiguration,
                                    String(machine.cores), String(measurement.jobs), String(measurement.runs), String(measurement.events),
                                    String(measurement.timings.count), FixedPoint.format(measurement.seconds, places: 6),
                                    FixedPoint.format(measurement.fastest, places: 6), FixedPoint.format(measurement.slowest, places: 6),
                                    FixedPoint.format(measurement.runsPerSecond, places: 0),
                                    FixedPoint.format(measurement.eventsPerSecond, places: 0),
                                    FixedPoint.format(measurement.nanosecondsPerEvent, places: 2),
                                    measurement.timings.map { FixedPoint.format($0, places: 6) }.joined(separator: " ")])
            }
        }
        return text
    }
}
