/// The one seam through which every fault enters the world. At each fault point the world
/// draws a uniform from the owning component's stream (always, so draws stay aligned across
/// designs) and asks the chooser whether the fault fires.
///
/// Seeded (the default), a fault fires when its draw falls below its probability, so raising
/// a probability only ever adds firings (monotone under common random numbers). Scripted, for
/// `simrun check`, which injects every combination of up to K faults: a fault point whose
/// probability is strictly between 0 and 1 is a *choice point* and fires exactly when listed,
/// whatever the draws; one of probability 1 (a rule, such as a patience that ran out, or a
/// setting of 1) always fires and one of probability 0 never does, as when seeded. So a
/// scripted run is the seeded run in which exactly the listed choices came out "fault".
///
/// Seeded but suppressing some points (for the report's sequence diagrams), the run is the seeded
/// run in which those fault points (or every fault of some kinds), and only they, did not fire:
/// a seeded run's counterfactual,
/// with the seeded world's own crash model and event loop (a scripted run has its own).
///
/// A value type, not a protocol: the world calls it directly, with no generic or existential
/// cost per event.
public struct FaultChooser: Sendable, Equatable {
    /// Scripted: the fault points (counted from 0 within a run) that fire, sorted. Seeded with
    /// suppression: the points that do not fire, sorted. Plain seeded: nil, so the seeded path
    /// tests one optional and nothing else.
    private var points: [Int]?
    /// Scripted mode: the fault points (counted from 0 within a run) that fire, sorted.
    public var scriptedPoints: [Int]? { isScripted ? points : nil }
    /// Seeded mode: the fault points that never fire, whatever their draws (empty when none).
    public var suppressedPoints: [Int] { isScripted ? [] : points ?? [] }
    /// Seeded mode: bit k set when no fault of `FaultKind` raw value k fires.
    private var suppressedKinds: UInt64 = 0
    /// Scripted: `simrun check` drives the faults. A stored flag, one byte to test per event,
    /// rather than the optional array's nil check.
    public let isScripted: Bool

    /// Faults fire by their seeded draws.
    public static let seeded = FaultChooser(points: nil, isScripted: false)

    /// Exactly these choice points fire, every run, with the faults of probability 1.
    public static func scripted(firing points: [Int]) -> FaultChooser {
        FaultChooser(points: points.sorted(), isScripted: true)
    }

    /// Faults fire by their seeded draws, except at these fault points (as
    /// `TraceEntry.faultPoint` numbers them), which never fire, whatever their probability:
    /// "the same run without that fault". Only the suppressed run pays for the check.
    public static func seeded(suppressing points: [Int]) -> FaultChooser {
        points.isEmpty ? .seeded : FaultChooser(points: points.sorted(), isScripted: false)
    }

    /// Faults fire by their seeded draws, except those of these kinds, which never fire: "the
    /// same run without any fault of this kind" (for a fault that recurs, such as a name lost at
    /// every launch, where taking one away leaves the next to do the same).
    public static func seeded(suppressingKinds kinds: [FaultKind]) -> FaultChooser {
        var chooser = FaultChooser(points: kinds.isEmpty ? nil : [], isScripted: false)
        for kind in kinds { chooser.suppressedKinds |= 1 << UInt64(kind.rawValue) }
        return chooser
    }

    /// Seeded with nothing suppressed: every fault fires exactly when its draw is below its
    /// probability, whatever its point's number.
    @inline(__always)
    public var isPlainSeeded: Bool { points == nil }

    /// Whether a fault point of this probability is a choice for `simrun check` to explore.
    @inline(__always)
    public static func isChoice(probability: Double) -> Bool { probability > 0 && probability < 1 }

    /// Whether `fault` fires at fault point number `point`. The plain seeded test is inlined at
    /// every fault point; suppression and scripts, out of line, keep the point's code small.
    @inline(__always)
    public func fires(_ fault: FaultKind, probability: Double, uniform: Double, point: Int) -> Bool {
        guard points != nil else { return uniform < probability }
        return firesWithPoints(fault, probability: probability, uniform: uniform, point: point)
    }

    /// `fires` for a suppressing or scripted chooser.
    @inline(never)
    func firesWithPoints(_ fault: FaultKind, probability: Double, uniform: Double, point: Int) -> Bool {
        guard let points else { return uniform < probability }
        if !isScripted {
            return uniform < probability && !FaultChooser.contains(points, point) && suppressedKinds & (1 << UInt64(fault.rawValue)) == 0
        }
        if probability >= 1 { return true }
        return probability > 0 && FaultChooser.contains(points, point)
    }

    static func contains(_ sorted: [Int], _ value: Int) -> Bool {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < sorted.count && sorted[low] == value
    }
}

/// A fault point of one run whose probability is strictly between 0 and 1: where `simrun check`
/// can choose "fault" or "no fault". Recorded only when `World.recordsChoices` is on.
public struct ChoicePoint: Sendable, Equatable {
    /// The fault point's number within its run, as `FaultChooser.scripted` counts it.
    public let point: Int
    public let kind: FaultKind
    /// The chance that the fault fires here in the seeded world.
    public let probability: Double
    public let fired: Bool
}
