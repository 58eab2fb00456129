import Dispatch
import Policies

/// A set of designs to search: for each axis of `DesignAxis.table`, the values it may take (all
/// of the axis's grid, or a subset a space file gives, or one fixed value), and a base design
/// that supplies everything else (name, source, and the value of any axis held fixed). A design
/// in the space is a `DesignPoint`: one value index per axis.
public struct DesignSpace: Sendable {
    /// The design every point starts from.
    public let base: Design
    /// For each axis of `DesignAxis.table`, the indices into its `values` the space allows, in
    /// order; one index for an axis held fixed, which may be `baseValue`.
    public let allowed: [[Int]]

    /// The index that stands for `base`'s own value of an axis, for an axis held at a value the
    /// grid does not list (seed 004's 2 s between create-order tries): the space keeps it
    /// rather than moving the base onto the grid. Only as an axis's one allowed value.
    public static let baseValue = Int(UInt8.max)

    /// The space of `allowed` value indices around `base`. Every list is non-empty; a list
    /// `[baseValue]` holds the axis at `base`'s value.
    public init(base: Design, allowed: [[Int]]) {
        precondition(allowed.count == DesignAxis.table.count, "one list per axis")
        precondition(allowed.allSatisfy { !$0.isEmpty && ($0 == [Self.baseValue] || !$0.contains(Self.baseValue)) },
                     "every axis allows a value; baseValue only alone")
        self.base = base
        self.allowed = allowed
    }

    /// Every axis free over its whole grid but those `DesignAxis.heldByOptimize` holds at their
    /// first value; `base` only names the designs.
    public static func full(base: Design = .naive) -> DesignSpace {
        DesignSpace(base: base, allowed: DesignAxis.table.map { $0.isHeldByOptimize ? [0] : Array($0.values.indices) })
    }

    /// This space with every axis a team cannot choose on `platform` (`DesignAxis.isChoice(on:)`)
    /// held at its first allowed value: today, `olderOSDesign`, which no new build ships.
    public func choices(on platform: PlatformParameters) -> DesignSpace {
        DesignSpace(base: base, allowed: allowed.indices.map { axis in
            DesignAxis.table[axis].isChoice(on: platform) ? allowed[axis] : [allowed[axis][0]]
        })
    }

    /// The axes that vary (more than one allowed value), by index into `DesignAxis.table`.
    public var varyingAxes: [Int] { allowed.indices.filter { allowed[$0].count > 1 } }

    /// The number of value combinations, legal or not (saturating at `UInt64.max`).
    public var combinations: UInt64 {
        allowed.reduce(UInt64(1)) { product, values in
            let (result, overflow) = product.multipliedReportingOverflow(by: UInt64(values.count))
            return overflow ? .max : result
        }
    }

    /// The design at `point`.
    /// - Complexity: O(axes).
    public func design(at point: DesignPoint, name: String) -> Design {
        var design = axes(at: point)
        design.name = name
        design.summary = "from \(base.name): " + point.describe(against: self.point(of: base))
        design.source = "simrun optimize"
        return design
    }

    /// `base` with `point`'s axis values, named as `base`.
    func axes(at point: DesignPoint) -> Design {
        var design = base
        for (axis, index) in point.indices.enumerated() where Int(index) != Self.baseValue {
            DesignAxis.table[axis].values[Int(index)].apply(&design)
        }
        return design
    }

    /// `design`'s point, when every axis value it has is allowed here; nil otherwise.
    public func point(of design: Design) -> DesignPoint? {
        var indices: [UInt8] = []
        for (axis, entry) in DesignAxis.table.enumerated() {
            if allowed[axis] == [Self.baseValue] {
                guard entry.value(of: design) == entry.value(of: base) else { return nil }
                indices.append(UInt8(Self.baseValue))
                continue
            }
            guard let index = entry.index(of: design), allowed[axis].contains(index) else { return nil }
            indices.append(UInt8(index))
        }
        return DesignPoint(indices: indices)
    }

    /// Whether the design at `point` can ship (`Design.problems` is empty). Judged under a name
    /// no design has: the base's name (`naive`) must not make `olderOSDesign naive` "name the
    /// design itself", since the space's designs get names of their own.
    public func isLegal(_ point: DesignPoint) -> Bool {
        var design = axes(at: point)
        design.name = ""
        return design.isShippable
    }

    /// The legal designs one axis away from `point`, in axis order then value order.
    public func neighbours(of point: DesignPoint) -> [DesignPoint] {
        var result: [DesignPoint] = []
        for axis in varyingAxes {
            for index in allowed[axis] where index != Int(point.indices[axis]) {
                var next = point
                next.indices[axis] = UInt8(index)
                if isLegal(next) { result.append(next) }
            }
        }
        return result
    }

    /// A uniformly drawn point (legal or not), from `random`.
    public func randomPoint(_ random: inout Xoshiro256) -> DesignPoint {
        DesignPoint(indices: allowed.map { UInt8($0[Int(random.next() % UInt64($0.count))]) })
    }

    /// The number of legal designs in the space, exactly: the product of the unconstrained
    /// axes' value counts (no value of theirs makes a design illegal) times the number of legal
    /// combinations of the constrained axes, which are enumerated.
    /// On `jobs` threads, the combinations split by their values of the first constrained axes
    /// (at least `64 · jobs` such heads, dealt round-robin, so the threads finish together): a sum,
    /// the same on any thread count.
    /// (The full space of `simrun optimize`: 8.6 s on one thread here.)
    /// - Complexity: O(product of the constrained axes' value counts) legality checks.
    public func legalCount(jobs: Int) -> UInt64 {
        let constrained = varyingAxes.filter { DesignAxis.table[$0].constrained }
        let free = varyingAxes.filter { !DesignAxis.table[$0].constrained }
        let freeProduct = free.reduce(UInt64(1)) { $0.multipliedReportingOverflow(by: UInt64(allowed[$1].count)).partialValue }
        var split = 0, headCount = 1
        while split < constrained.count && headCount < 64 * jobs {
            headCount *= allowed[constrained[split]].count
            split += 1
        }
        let heads = points(of: Array(constrained.prefix(split)))
        let rest = Array(constrained.dropFirst(split)), workers = max(1, min(jobs, heads.count))
        let counts = WorkerResults<UInt64>(workers: workers)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var legal: UInt64 = 0
            for index in stride(from: worker, to: heads.count, by: workers) {
                forEachCombination(of: rest, from: heads[index]) { _, design in if design.isShippable { legal += 1 } }
            }
            counts.store(worker: worker, legal)
        }
        let (count, overflow) = counts.results.reduce(0, +).multipliedReportingOverflow(by: freeProduct)
        return overflow ? .max : count
    }

    /// Every combination of `axes`' allowed values, the other axes at their first, legal or not.
    private func points(of axes: [Int]) -> [DesignPoint] {
        var points: [DesignPoint] = []
        forEachCombination(of: axes) { point, _ in points.append(point) }
        return points
    }

    /// `legalCount(jobs:)` on one thread.
    public var legalCount: UInt64 { legalCount(jobs: 1) }

    /// The problems (`Design.problems`, in rule order) every combination of the space has: why
    /// a space without a legal design has none. Empty when the combinations fail for different
    /// reasons, or some can ship. Only the constrained axes can make a problem, so only their
    /// combinations are built.
    /// - Complexity: as `legalCount`, with each combination's problems written out.
    public var problemsOfEveryCombination: [String] {
        let constrained = varyingAxes.filter { DesignAxis.table[$0].constrained }
        var common: [String]?
        forEachCombination(of: constrained) { _, design in
            let problems = design.problems
            common = common.map { $0.filter(problems.contains) } ?? problems
        }
        return common ?? []
    }

    /// Calls `body` with every legal point, in odometer order (the last varying axis fastest).
    /// Only for a space small enough to enumerate; `legalCount` says how small.
    public func forEachLegalPoint(_ body: (DesignPoint) -> Void) {
        forEachCombination(of: varyingAxes) { point, design in if design.isShippable { body(point) } }
    }

    /// Calls `body` with every combination of `axes`' allowed values, the other axes at their
    /// first allowed value (or at `start`'s values), in odometer order (the last of `axes`
    /// fastest), and with the design at that point named "" (as `isLegal` judges it). The design
    /// is kept up to date one changed axis at a time rather than built from `base` at every
    /// point: a value sets its axis alone (`DesignAxis`), so the result is the same, and building
    /// all of a design's axes for each of the full space's constrained combinations took
    /// `optimize` 80 s before its search began.
    /// - Complexity: O(combinations), amortised O(1) axis changes each.
    private func forEachCombination(of axes: [Int], from start: DesignPoint? = nil, _ body: (DesignPoint, borrowing Design) -> Void) {
        var point = start ?? DesignPoint(indices: allowed.map { UInt8($0[0]) })
        for axis in axes { point.indices[axis] = UInt8(allowed[axis][0]) }
        var design = self.axes(at: point)
        design.name = ""
        var positions = [Int](repeating: 0, count: axes.count)
        while true {
            body(point, design)
            var slot = axes.count - 1
            while slot >= 0 {
                let axis = axes[slot]
                positions[slot] += 1
                let wrapped = positions[slot] == allowed[axis].count
                if wrapped { positions[slot] = 0 }
                let index = allowed[axis][positions[slot]]
                point.indices[axis] = UInt8(index)
                DesignAxis.table[axis].values[index].apply(&design)
                if !wrapped { break }
                slot -= 1
            }
            if slot < 0 { return }
        }
    }
}

/// A design of a `DesignSpace`: the index of its value on each axis of `DesignAxis.table`.
public struct DesignPoint: Sendable, Hashable, Comparable {
    public var indices: [UInt8]

    public init(indices: [UInt8]) { self.indices = indices }

    /// Lexicographic, so sets of points sort the same everywhere.
    public static func < (lhs: DesignPoint, rhs: DesignPoint) -> Bool { lhs.indices.lexicographicallyPrecedes(rhs.indices) }

    /// The axes where this point differs from `other` (every axis when `other` is nil), as
    /// `axis=value` pairs: `localStore=keychain finishMoment=afterDelivery`.
    public func describe(against other: DesignPoint?) -> String {
        indices.enumerated().compactMap { axis, index in
            if let other, other.indices[axis] == index { return nil }
            let entry = DesignAxis.table[axis]
            guard Int(index) != DesignSpace.baseValue else { return "\(entry.name)=(the base's)" }
            return "\(entry.name)=\(entry.values[Int(index)].label)"
        }.joined(separator: " ")
    }
}
