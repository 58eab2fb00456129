import Testing
@testable import FaultSim

@Suite("Tabulated quantile functions")
struct QuantileTableTests {
    /// Log-normals from σ ≈ 0.3 to σ = 3 (p99 / median up to e^7), and exponentials.
    static let distributions: [DurationDistribution] = [
        .logNormal(medianMs: 300, p99Ms: 600),
        .logNormal(medianMs: 300, p99Ms: 5_000),
        .logNormal(medianMs: 8_000, p99Ms: 60_000),
        .logNormal(medianMs: 86_400_000, p99Ms: 7 * 86_400_000),
        .logNormal(medianMs: 1_000, p99Ms: 1_000 * 1_075),  // σ = 3.0
        .exponential(meanMs: 1_000),
        .exponential(meanMs: 3_600_000),
    ]

    @Test("Between knots the table is within 1e-7 of the closed form; at knots it is exact")
    func accurate() throws {
        var generator = Xoshiro256(seed: 15)
        for distribution in QuantileTableTests.distributions {
            let table = try #require(distribution.table, "\(distribution)")
            var worst = 0.0
            for _ in 0..<100_000 {
                let u = QuantileTable.edge + generator.nextUnit() * (1 - 2 * QuantileTable.edge)
                guard QuantileTable.covers(u) else { continue }
                let exact = distribution.closedForm(u)
                worst = max(worst, abs(table.value(at: u) / exact - 1))
            }
            #expect(worst < 1e-7, "\(distribution): worst relative error \(worst)")
            for k in [32, 100, 512, 900, 991] {
                let u = Double(k) / Double(QuantileTable.intervals)
                #expect(table.value(at: u) == distribution.closedForm(u), "\(distribution) knot \(k)")
            }
        }
    }

    @Test("A deferred draw's duration, read from its bits, is the duration of its uniform")
    func deferredBitsAgree() {
        var generator = Xoshiro256(seed: 31)
        let kinds = QuantileTableTests.distributions + [.fixed(200), .uniform(minMs: 5_000, maxMs: 60_000)]
        for distribution in kinds {
            // Random positions, and the ones whose uniforms fall on the table's edges and knots.
            var positions = (0..<20_000).map { _ in generator.next() }
            for bits: UInt64 in [0, 1 << 59 - 1, 1 << 59, 31 << 59 - 1, 31 << 59, 100 << 54, UInt64.max] {
                positions.append(SplitMix64.unmix(bits))
            }
            for position in positions {
                let draw = DeferredUniform(position: position)
                #expect(distribution.quantile(deferred: draw) == distribution.quantile(draw.value),
                        "\(distribution) at position \(position)")
            }
        }
    }

    @Test("A larger uniform never gives a shorter duration, across the table's edges too")
    func monotone() {
        for distribution in QuantileTableTests.distributions {
            var previous = distribution.quantile(0)
            for step in 1..<200_000 {
                let current = distribution.quantile(Double(step) / 200_000)
                #expect(current >= previous, "\(distribution) at step \(step)")
                if current < previous { break }
                previous = current
            }
        }
    }

    @Test("Degenerate distributions have no table and sample their formula")
    func degenerate() {
        #expect(DurationDistribution.logNormal(medianMs: 500, p99Ms: 500).table == nil)
        #expect(DurationDistribution.exponential(meanMs: 0).table == nil)
        #expect(DurationDistribution.logNormal(medianMs: 500, p99Ms: 500).quantile(0.7) == 500)
        #expect(DurationDistribution.uniform(minMs: 1, maxMs: 9).table == nil)
    }
}

extension SplitMix64 {
    /// The position whose mix is `bits` (`mix` is a bijection): each step undone in reverse.
    fileprivate static func unmix(_ bits: UInt64) -> UInt64 {
        var z = undoShiftXor(bits, 31)
        z = z &* inverse(0x94D0_49BB_1331_11EB)
        z = undoShiftXor(z, 27)
        z = z &* inverse(0xBF58_476D_1CE4_E5B9)
        return undoShiftXor(z, 30)
    }

    /// x for y = x ^ (x >> shift).
    private static func undoShiftXor(_ y: UInt64, _ shift: UInt64) -> UInt64 {
        var x = y, next = y >> shift
        while next != 0 {
            x ^= next
            next >>= shift
        }
        return x
    }

    /// The inverse of the odd `a` modulo 2^64, by Newton's iteration (each step doubles the bits).
    private static func inverse(_ a: UInt64) -> UInt64 {
        var x = a
        for _ in 0..<6 { x = x &* (2 &- a &* x) }
        return x
    }
}
