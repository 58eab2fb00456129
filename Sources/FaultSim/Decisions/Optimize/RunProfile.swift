/// One design's objectives run by run, over the runs [0, `runs`): each run's requests to the app
/// server, and each run in which an intent ended lost, as a lost sale, mis-delivered,
/// duplicated or double-charged, with the intents' masks. With it, two designs simulated apart
/// compare over any common prefix of runs exactly as `Runner.panel` would have compared them
/// side by side (the same discordant intents, the same sums of squared differences; a test
/// checks it), so `optimize` simulates each design once per run range, however many designs it
/// is later raced against.
///
/// About 2 bytes a run, plus 56 bytes a blemished run: a design at 100,000 runs takes 200 kB.
struct RunProfile: Sendable {
    /// Every run held, [0, runs), as one slice (its intents and objectives the totals over all).
    private(set) var held = Slice(first: 0)
    /// Totals over [0, prefix) for each prefix the profile was extended to, ascending.
    private(set) var checkpoints: [Totals] = []

    /// Runs held: [0, runs).
    var runs: Int { held.end }
    /// Requests to the app server in each run; `UInt16.max` means "look in `wideRequests`".
    var requests: [UInt16] { held.requests }
    /// The runs with `UInt16.max` requests or more, and their count, by run.
    var wideRequests: [(run: Int, count: Int64)] { held.wideRequests }
    /// The runs with a blemished intent, ascending, and their masks.
    var blemishedRuns: [Int] { held.blemishedRuns }
    var masks: [OutcomeMasks] { held.masks }

    /// Counts over a prefix of the runs.
    struct Totals: Sendable, Equatable {
        var runs = 0
        var intents: Int64 = 0
        /// Indexed like `Outcome.objectives`.
        var objectives = [Int64](repeating: 0, count: Outcome.objectives.count)

        subscript(_ objective: Outcome) -> Int64 { objectives[Outcome.objectives.firstIndex(of: objective)!] }
    }

    /// The totals over [0, prefix); `prefix` must be one the profile was extended to.
    func totals(at prefix: Int) -> Totals {
        guard let found = checkpoints.first(where: { $0.runs == prefix }) else {
            preconditionFailure("no checkpoint at \(prefix) runs (have \(checkpoints.map(\.runs)))")
        }
        return found
    }

    /// Requests in run `run`.
    @inline(__always)
    func requests(in run: Int) -> Int64 {
        let count = requests[run]
        guard count == UInt16.max else { return Int64(count) }
        return wideRequests.first { $0.run == run }!.count
    }

    /// Appends the next runs, simulated elsewhere (`ProfileRunner`), and checkpoints the totals.
    mutating func append(_ slice: Slice) {
        held.join(slice)
        checkpoints.append(Totals(runs: runs, intents: held.intents, objectives: held.objectives))
    }

    /// Consecutive runs of one design, as a worker simulated them.
    struct Slice: Sendable {
        let first: Int
        /// One past its last run.
        var end: Int { first + requests.count }
        var requests: [UInt16] = []
        var wideRequests: [(run: Int, count: Int64)] = []
        var blemishedRuns: [Int] = []
        var masks: [OutcomeMasks] = []
        var intents: Int64 = 0
        var objectives = [Int64](repeating: 0, count: Outcome.objectives.count)

        /// Adds the next run: its requests and, when an intent ended blemished, its masks.
        mutating func add(_ run: Int, mask: OutcomeMasks, requests count: Int64) {
            if count >= Int64(UInt16.max) {
                requests.append(UInt16.max)
                wideRequests.append((run, count))
            } else {
                requests.append(UInt16(count))
            }
            if mask.blemished != 0 {
                blemishedRuns.append(run)
                masks.append(mask)
            }
        }

        /// Joins the next slice of the same design (chunks of one range).
        mutating func join(_ next: Slice) {
            precondition(next.first == end, "slices join in run order")
            requests += next.requests
            wideRequests += next.wideRequests
            blemishedRuns += next.blemishedRuns
            masks += next.masks
            intents += next.intents
            for (index, count) in next.objectives.enumerated() { objectives[index] += count }
        }
    }
}

extension RunProfile {
    /// A − B on every objective of `objectives`, paired over runs [0, prefix): the same numbers
    /// `PanelResult.difference` gives for the two designs simulated together over those runs.
    /// - Complexity: O(prefix) for server requests, O(blemished runs) for the others.
    static func compare(_ a: RunProfile, _ b: RunProfile, over prefix: Int, objectives: [Outcome]) -> [PairedDifference] {
        let intents = a.totals(at: prefix).intents
        return objectives.map { objective in
            if objective == .serverRequests {
                let (sum, squares) = requestDifferences(a, b, prefix: prefix)
                return .requests(sum: sum, squares: squares, runs: Int64(prefix), intents: intents)
            }
            let (onlyA, onlyB) = discordant(objective, a, b, prefix: prefix)
            return .counted(objective, onlyA: onlyA, onlyB: onlyB, intents: intents)
        }
    }

    /// Σ(a − b) and Σ(a − b)² of the runs' request counts over [0, prefix).
    static func requestDifferences(_ a: RunProfile, _ b: RunProfile, prefix: Int) -> (sum: Int64, squares: Int64) {
        var sum: Int64 = 0, squares: Int64 = 0
        a.requests.withUnsafeBufferPointer { x in
            b.requests.withUnsafeBufferPointer { y in
                for run in 0..<prefix {
                    let d = Int64(x[run]) - Int64(y[run])
                    sum += d
                    squares += d * d
                }
            }
        }
        guard !a.wideRequests.isEmpty || !b.wideRequests.isEmpty else { return (sum, squares) }
        // Redo the few runs either design counted as wide, with their real counts.
        let wide = Set(a.wideRequests.map(\.run) + b.wideRequests.map(\.run)).filter { $0 < prefix }.sorted()
        for run in wide {
            let stored = Int64(a.requests[run]) - Int64(b.requests[run])
            let real = a.requests(in: run) - b.requests(in: run)
            sum += real - stored
            squares += real * real - stored * stored
        }
        return (sum, squares)
    }

    /// Intents that ended as `outcome` under A only, and under B only, over [0, prefix): a
    /// merge of the two designs' blemished runs.
    static func discordant(_ outcome: Outcome, _ a: RunProfile, _ b: RunProfile, prefix: Int) -> (Int64, Int64) {
        var onlyA: Int64 = 0, onlyB: Int64 = 0
        var i = 0, j = 0
        let endA = a.blemishedRuns.partitionPoint { $0 >= prefix }, endB = b.blemishedRuns.partitionPoint { $0 >= prefix }
        while i < endA || j < endB {
            let runA = i < endA ? a.blemishedRuns[i] : Int.max, runB = j < endB ? b.blemishedRuns[j] : Int.max
            let x = runA <= runB ? a.masks[i][outcome] : 0
            let y = runB <= runA ? b.masks[j][outcome] : 0
            onlyA += Int64((x & ~y).nonzeroBitCount)
            onlyB += Int64((y & ~x).nonzeroBitCount)
            if runA <= runB { i += 1 }
            if runB <= runA { j += 1 }
        }
        return (onlyA, onlyB)
    }
}

extension Array {
    /// The index of the first element for which `isAfter` holds, in an array where it holds
    /// for a suffix (binary search).
    /// - Complexity: O(log n).
    func partitionPoint(_ isAfter: (Element) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if isAfter(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
