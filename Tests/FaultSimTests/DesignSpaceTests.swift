@testable import FaultSim
import Policies
import Testing

/// Design spaces: the legal count that `optimize` rests on (computed by multiplying
/// over the axes no rule constrains, so that must be safe, and checked against brute force), and
/// what a space file holds.
@Suite("Design spaces and their legal counts")
struct DesignSpaceTests {
    /// An axis not marked constrained never changes whether a design can ship: `legalCount`
    /// multiplies by those axes' value counts instead of enumerating them, so this must hold.
    /// Checked on every preset and on random points of the full space.
    @Test("An axis not marked constrained never changes whether a design can ship, so the legal count may multiply by it")
    func unconstrainedAxesNeverChangeLegality() {
        let space = DesignSpace.full()
        var random = Xoshiro256(seed: 24)
        let starts = Design.presets + (0..<TestScale.pick(quick: 100, full: 2_000)).map { _ in space.design(at: space.randomPoint(&random), name: "r") }
        for design in starts {
            let legal = design.problems.isEmpty
            for axis in DesignAxis.table where !axis.constrained {
                for index in axis.values.indices {
                    #expect(axis.setting(index, on: design).problems.isEmpty == legal, "\(design.name): \(axis.name) = \(axis.values[index].label)")
                }
            }
        }
    }

    /// `legalCount` of a small space equals counting `problems.isEmpty` over every combination.
    @Test("A small space's legal count equals counting, combination by combination, the designs that can ship")
    func legalCountMatchesBruteForce() {
        var allowed = DesignAxis.table.map { axis in [axis.index(of: .faultSimRecommended)!] }
        for name in ["storeKitAPI", "receiptKind", "itemMapping", "orderTiming", "guardsDoubleTap"] {
            let index = DesignAxis.table.firstIndex { $0.name == name }!
            allowed[index] = Array(DesignAxis.table[index].values.indices)
        }
        let space = DesignSpace(base: .faultSimRecommended, allowed: allowed)
        var brute: UInt64 = 0
        var odometer = [Int](repeating: 0, count: allowed.count)
        outer: while true {
            let point = DesignPoint(indices: odometer.enumerated().map { UInt8(allowed[$0][$1]) })
            if space.design(at: point, name: "x").problems.isEmpty { brute += 1 }
            var axis = allowed.count - 1
            while axis >= 0 {
                odometer[axis] += 1
                if odometer[axis] < allowed[axis].count { continue outer }
                odometer[axis] = 0
                axis -= 1
            }
            break
        }
        #expect(space.combinations == 2 * 3 * 4 * 2 * 2)
        #expect(space.legalCount == brute)
        #expect([2, 3, 7].allSatisfy { space.legalCount(jobs: $0) == brute }, "the same count on any number of threads")
        var enumerated: UInt64 = 0
        space.forEachLegalPoint { _ in enumerated += 1 }
        #expect(enumerated == brute)
    }

    /// A space file's legal count is the count of its combinations `Design.problems` accepts;
    /// the base's name never makes `olderOSDesign` name "the design itself" (naive is both the
    /// full space's base and an olderOSDesign value); an axis left out keeps the base's value
    /// even off the grid, and presets off the grid move to the nearest grid value.
    @Test("A space file's legal count equals brute force's; an axis left out keeps the base's value; a preset off the grid moves to the nearest value")
    func spacesCountAndHoldTheirValues() throws {
        let space = try DesignSpace.read("""
            {"axes": {"storeKitAPI": "all", "receiptKind": "all", "olderOSDesign": "all", "userMapping": "all"}}
            """, file: "count.json")
        #expect(space.base.name == "naive")
        var brute: UInt64 = 0
        var odometer = [Int](repeating: 0, count: space.allowed.count)
        outer: while true {
            let point = DesignPoint(indices: odometer.enumerated().map { UInt8(space.allowed[$0][$1]) })
            if space.design(at: point, name: "x").problems.isEmpty { brute += 1 }
            for axis in odometer.indices.reversed() {
                odometer[axis] += 1
                if odometer[axis] < space.allowed[axis].count { continue outer }
                odometer[axis] = 0
            }
            break
        }
        #expect(space.legalCount == brute)
        var sk2OnNaive = Design.faultSimRecommended
        sk2OnNaive.olderOSDesign = "naive"
        #expect(DesignSpace.full().point(of: sk2OnNaive).map(DesignSpace.full().isLegal) == true)

        let held = try DesignSpace.read(#"{"from": "seed004", "axes": {"finishMoment": "all"}}"#, file: "held.json")
        let spacing = DesignAxis.table.firstIndex { $0.name == "orderCreationSpacing" }!
        #expect(held.allowed[spacing] == [DesignSpace.baseValue])
        #expect(held.point(of: .seed004) != nil)
        #expect(held.design(at: held.point(of: .seed004)!, name: "s").orderCreationSpacingMs == 2_000)
        let moved = try #require(DesignSpace.full().projection(of: .seed004))
        #expect(moved.moves.map(\.axis) == ["orderCreationSpacing"])
        #expect(moved.moves.first?.to == .string("1s"))
    }
}
