extension Runner {
    /// Simulates runs in stages: for each end e of `ends` above the runs already done, hands
    /// `slice` the next runs `[done, e)` and its stage's index in `ends`, until `slice` answers
    /// false (the caller merged the slice into what it holds and decided it has enough). The one
    /// form of every "next slice of runs" loop (a calibration point's stages, a race's rungs, a
    /// pilot's steps), so no caller keeps the runs done by hand: the slices tile
    /// `[start, reached)` with no gap and no overlap, and the same runs are never simulated twice.
    /// An end at or below the runs done is passed over: a profile already on a higher rung, or
    /// two rungs whose weighted runs round to the same count, adds nothing there.
    /// - Returns: where the slices reached: `start` when none ran, else the last slice's end.
    /// - Complexity: one call of `slice` per stage; what each call simulates is the caller's.
    @discardableResult
    static func inStages(_ ends: some Sequence<Int>, from start: Int = 0,
                         _ slice: (_ runs: Range<Int>, _ stage: Int) throws -> Bool) rethrows -> Int {
        invariant(start >= 0, "runs are numbered from 0, not \(start)")
        var done = start, covered = 0, previous = Int.min
        for (stage, end) in ends.enumerated() {
            invariant(end >= previous, "stage ends go up: \(end) after \(previous)")
            previous = end
            guard end > done else { continue }
            let runs = done..<end
            done = end
            covered += runs.count
            let goOn = try slice(runs, stage)
            // The slices tile [start, done): each began where the last one ended.
            invariant(covered == done - start, "the slices tile [\(start), \(done)) with no gap or overlap")
            if !goOn { break }
        }
        return done
    }
}
