/// The report as `simrun bench` prints it: the machine, a table of workloads, and the figures
/// people quote (means, slowest, model cost, memory, determinism).
extension BenchReport {
    /// The heading (the scenario file as the user named it, runs, seed and timings per figure),
    /// then `text`.
    public func text(shownPath: String, runs: Int, seed: UInt64, repeats: Int) -> String {
        "simrun bench: \(shownPath) (\(scenario)), \(Grouped.count(runs, "run")) per design and thread count, seed \(seed), "
            + (repeats > 1 ? "median of \(repeats) timings" : "1 timing each") + "\n" + text
    }

    public var text: String {
        let threads = jobs > 1 ? "1 and \(jobs) threads" : "1 thread"
        var lines = ["machine: \(machine.cores) cores, \(machine.processor), \(machine.system); "
            + "build: \(machine.isDebugBuild ? "DEBUG (not a measurement)" : machine.buildConfiguration); \(threads)", ""]
        var header = ["workload", "events/run", "runs/s 1 thread", "ns/event 1 thread", "x floor"]
        if jobs > 1 { header += ["runs/s \(jobs) threads", "events/s \(jobs) threads", "speedup"] }
        var table = [header]
        let rows = (floor.map { [$0] } ?? []) + designs + (designs.count > 1 ? catalog.map { [$0] } ?? [] : [])
        for row in rows {
            var cells = [row.name, FixedPoint.format(row.single.eventsPerRun, places: 1),
                         Grouped.format(row.single.runsPerSecond), FixedPoint.format(row.single.nanosecondsPerEvent, places: 1),
                         floorRatio(row).map { FixedPoint.format($0, places: 2) } ?? "-"]
            if let parallel = row.parallel {
                cells += [Grouped.format(parallel.runsPerSecond), Grouped.format(parallel.eventsPerSecond),
                          FixedPoint.format(row.speedup!, places: 2) + "x"]
            }
            table.append(cells)
        }
        lines += TextTable.render(table, rightAligned: 1...)
        lines.append("")
        let on = jobs > 1 ? "on \(jobs) threads" : "on 1 thread"
        lines.append("mean over \(Grouped.count(designs.count, "design")): \(Grouped.format(meanRunsPerSecond)) runs/s \(on)"
            + (catalog.map { " (back to back: \(Grouped.format($0.allThreads.runsPerSecond)))" } ?? ""))
        if let first = designs.first, first.single.timings.count > 1 {
            lines.append("fastest of \(first.single.timings.count) timings: mean \(Grouped.format(meanBestRunsPerSecond)) runs/s \(on)"
                + (bestSpeedup.map { ", catalog speedup \(FixedPoint.format($0, places: 2))x" } ?? ""))
        }
        if let slowest {
            lines.append("slowest: \(slowest.name), \(Grouped.format(slowest.allThreads.runsPerSecond)) runs/s \(on)")
        }
        if let catalog, let ratio = floorRatio(catalog) {
            lines.append("model cost: \(FixedPoint.format(ratio, places: 2))x the bare engine per event (catalog, 1 thread)")
        }
        lines.append("peak memory: \(FixedPoint.format(Double(peakResidentBytes) / 1_048_576, places: 1)) MiB resident (whole process)")
        lines.append("heap allocations: not countable in-process; scripts/measure-allocations counts them under valgrind")
        lines.append(jobs == 1 ? "determinism: not compared (1 thread only)"
            : deterministic ? "determinism: 1 and \(jobs) threads gave identical tallies and floor checksums"
            : "DETERMINISM FAILURE: 1 and \(jobs) threads gave different results")
        return lines.joined(separator: "\n") + "\n"
    }
}
