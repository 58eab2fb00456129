import FaultSim

/// One workload's figures: on one thread, and on all cores when more than one was asked for.
struct BenchRow {
    var name: String
    var single: BenchMeasurement
    var parallel: BenchMeasurement?

    /// The all-cores figure when there is one, else the single-thread one.
    var allThreads: BenchMeasurement { parallel ?? single }
    var speedup: Double? { parallel.map { single.seconds / $0.seconds } }
}

/// What `simrun bench` found, as a table for people and as CSV.
struct BenchReport {
    var scenario: String
    var jobs: Int
    var designs: [BenchRow] = []
    var floor: BenchRow?
    var peakResidentBytes: Int64 = 0
    /// Every design gave the same tally, and the floor the same checksum, on 1 and `jobs` threads.
    var deterministic = true

    /// The catalog as one workload: every design back to back (total runs over total time);
    /// nil without designs.
    var catalog: BenchRow? {
        func total(_ pick: (BenchRow) -> BenchMeasurement?) -> BenchMeasurement? {
            let parts = designs.compactMap(pick)
            guard parts.count == designs.count, let first = parts.first else { return nil }
            return BenchMeasurement(runs: parts.reduce(0) { $0 + $1.runs }, events: parts.reduce(0) { $0 + $1.events },
                                    jobs: first.jobs, timings: [parts.reduce(0) { $0 + $1.seconds }])
        }
        guard let single = total(\.single) else { return nil }
        return BenchRow(name: "catalog, back to back", single: single, parallel: total(\.parallel))
    }

    /// The mean over designs of each design's runs/s (on all cores when measured).
    var meanRunsPerSecond: Double {
        designs.reduce(0) { $0 + $1.allThreads.runsPerSecond } / Double(max(designs.count, 1))
    }

    /// Like `meanRunsPerSecond`, from each design's fastest timing.
    var meanBestRunsPerSecond: Double {
        designs.reduce(0) { $0 + $1.allThreads.bestRunsPerSecond } / Double(max(designs.count, 1))
    }

    /// The catalog's speedup from fastest timings: total fastest 1-thread time over total
    /// fastest all-threads time.
    var bestSpeedup: Double? {
        guard designs.allSatisfy({ $0.parallel != nil }) else { return nil }
        return designs.reduce(0) { $0 + $1.single.fastest } / designs.reduce(0) { $0 + $1.parallel!.fastest }
    }

    var slowest: BenchRow? { designs.min { $0.allThreads.runsPerSecond < $1.allThreads.runsPerSecond } }

    /// Single-thread cost per event of `row` over the floor's.
    func floorRatio(_ row: BenchRow) -> Double? {
        floor.map { row.single.nanosecondsPerEvent / $0.single.nanosecondsPerEvent }
    }

    var text: String {
        let threads = jobs > 1 ? "1 and \(jobs) threads" : "1 thread"
        var lines = ["machine: \(MachineInfo.cores) cores, \(MachineInfo.processor), \(MachineInfo.system); "
            + "build: \(MachineInfo.isDebugBuild ? "DEBUG (not a measurement)" : MachineInfo.buildConfiguration); \(threads)", ""]
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

    var csv: String {
        var text = "scenario,workload,build,cores,threads,runs,events,timings,seconds_median,seconds_fastest,seconds_slowest,"
            + "runs_per_second,events_per_second,ns_per_event,all_timings\n"
        for row in (floor.map { [$0] } ?? []) + designs {
            for measurement in [row.single] + (row.parallel.map { [$0] } ?? []) {
                text += CSV.record([scenario, row.name == floor?.name ? "engine-floor" : row.name, MachineInfo.buildConfiguration,
                         String(MachineInfo.cores), String(measurement.jobs), String(measurement.runs), String(measurement.events),
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

/// Whole numbers with thousands separators ("1,234,567"), for rates people read.

/// Columns padded to their widest cell.
enum TextTable {
    static func render(_ rows: [[String]], rightAligned: PartialRangeFrom<Int>) -> [String] {
        let columns = rows.map(\.count).max() ?? 0
        let widths = (0..<columns).map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
        return rows.map { cells in
            cells.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return rightAligned.contains(column) ? padding + cell : cell + padding
            }.joined(separator: "  ")
        }
    }
}
