import Policies

/// A design outside a space moved onto it, for `optimize` to start a local search from: a
/// preset whose retry schedule or create-order spacing the grid does not list (seed 004's 2 s
/// between create-order tries) starts from the nearest value the space allows. The preset itself
/// is still compared as it is; only the search's starting point moves.
extension DesignSpace {
    /// One axis a projection moved.
    public struct Move: Sendable {
        public let axis: String
        public let from: JSONValue
        public let to: JSONValue
    }

    /// `design`'s point when it is in the space (no moves), else the nearest point: each axis
    /// value the space does not allow becomes the allowed value nearest to it (durations, counts
    /// and retry schedules of the same kind by ratio; any other value becomes the base's, or the
    /// axis's first allowed value), with the moves made. Nil when the result cannot ship.
    public func projection(of design: Design) -> (point: DesignPoint, moves: [Move])? {
        var indices: [UInt8] = []
        var moves: [Move] = []
        let basePoint = DesignPoint(indices: allowed.map { UInt8($0[0]) })
        for (axis, entry) in DesignAxis.table.enumerated() {
            let value = entry.value(of: design)
            if allowed[axis] == [Self.baseValue] {
                indices.append(UInt8(Self.baseValue))
                if value != entry.value(of: base) { moves.append(Move(axis: entry.name, from: value, to: entry.value(of: base))) }
                continue
            }
            if let index = entry.index(of: design), allowed[axis].contains(index) {
                indices.append(UInt8(index))
                continue
            }
            let baseIndex = entry.index(of: base).flatMap { allowed[axis].contains($0) ? $0 : nil } ?? Int(basePoint.indices[axis])
            var best = (index: baseIndex, distance: Double.infinity)
            for index in allowed[axis] {
                let distance = Self.distance(value, entry.values[index].json)
                if distance < best.distance { best = (index, distance) }
            }
            indices.append(UInt8(best.index))
            moves.append(Move(axis: entry.name, from: value, to: entry.values[best.index].json))
        }
        let point = DesignPoint(indices: indices)
        return isLegal(point) ? (point, moves) : nil
    }

    /// How far apart two values of one axis are: the sum of |ln| ratios of their durations and
    /// counts (each plus one second or one, so 0 is near 1 s), when they are the same kind of
    /// value with the same fields; infinite otherwise.
    static func distance(_ a: JSONValue, _ b: JSONValue) -> Double {
        switch (a, b) {
        case let (.string(x), .string(y)):
            guard case .success(let p) = DurationText.parse(x), case .success(let q) = DurationText.parse(y) else { return .infinity }
            return abs(DeterministicMath.log(1 + Double(p) / 1_000) - DeterministicMath.log(1 + Double(q) / 1_000))
        case let (.number(x), .number(y)):
            guard let p = Double(x), let q = Double(y) else { return .infinity }
            return abs(DeterministicMath.log(1 + p) - DeterministicMath.log(1 + q))
        case let (.object(x), .object(y)):
            guard x.map(\.key) == y.map(\.key) else { return .infinity }
            var total = 0.0
            for (p, q) in zip(x, y) {
                if p.key == "kind" {
                    guard p.value == q.value else { return .infinity }
                    continue
                }
                total += distance(p.value, q.value)
            }
            return total
        default:
            return .infinity
        }
    }
}
