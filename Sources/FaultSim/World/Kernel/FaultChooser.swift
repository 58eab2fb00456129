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
/// A value type, not a protocol: the world calls it directly, with no generic or existential
/// cost per event.
public struct FaultChooser: Sendable, Equatable {
    /// Scripted mode: the fault points (counted from 0 within a run) that fire, sorted.
    public private(set) var scriptedPoints: [Int]?
    /// Scripted: `simrun check` drives the faults. A stored flag, one byte to test per event,
    /// rather than the optional array's nil check.
    public let isScripted: Bool

    /// Faults fire by their seeded draws.
    public static let seeded = FaultChooser(scriptedPoints: nil, isScripted: false)

    /// Exactly these choice points fire, every run, with the faults of probability 1.
    public static func scripted(firing points: [Int]) -> FaultChooser {
        FaultChooser(scriptedPoints: points.sorted(), isScripted: true)
    }

    /// Whether a fault point of this probability is a choice for `simrun check` to explore.
    @inline(__always)
    public static func isChoice(probability: Double) -> Bool { probability > 0 && probability < 1 }

    /// Whether `fault` fires at fault point number `point`.
    @inline(__always)
    public func fires(_ fault: FaultKind, probability: Double, uniform: Double, point: Int) -> Bool {
        guard let scriptedPoints else { return uniform < probability }
        if probability >= 1 { return true }
        return probability > 0 && FaultChooser.contains(scriptedPoints, point)
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
