@testable import FaultSim
import Policies
import Testing

/// The pilot's choices made for the variance rather than the mass (docs/model.md §14): a group
/// of lost runs that holds little of the estimate but much of Σ Y² gets a world of its own, the
/// shares of several designs are chosen for their paired differences, and the broad worlds keep
/// their share through the shares step.
@Suite("Pilot: chosen for the variance")
struct PilotVarianceTests {
    /// 10,000 light runs of one signature (weight 0.01: the mass), then `heavy` runs of another,
    /// each of weight 0.1: under 1% of the mass, about 9% of Σ Y².
    static func lostRuns(heavy: Int) -> (order: [Int], signatures: [DrawSignature], weights: [Double]) {
        let light = 10_000
        let signatures = [DrawSignature](repeating: 0b01, count: light) + [DrawSignature](repeating: 0b10, count: heavy)
        let weights = [Double](repeating: 0.01, count: light) + [Double](repeating: 0.1, count: heavy)
        return (Array(signatures.indices), signatures, weights)
    }

    @Test("A group below 1% of the lost mass gets a world by its share of Σ Y² once it has 10 lost runs, not with fewer")
    func groupsKeptByTheirVariance() {
        for (heavy, kept) in [(10, true), (9, false)] {
            let runs = Self.lostRuns(heavy: heavy)
            let total = runs.weights.reduce(0, +)
            let heavyMass = Double(heavy) * 0.1 / total
            #expect(heavyMass < BiasPilot.groupShare, "the heavy group holds \(heavyMass) of the mass")
            let groups = BiasPilot.groups(order: runs.order, signatures: runs.signatures, weights: runs.weights)
            #expect(groups.contains { $0.signature == 0b10 } == kept, "\(heavy) heavy runs: \(groups.map(\.signature))")
            #expect(groups.contains { $0.signature == 0b01 }, "the heaviest group by mass is always kept")
        }
    }

    @Test("A draw's or group's held share is the larger of its mass and its Σ Y², never a NaN's")
    func heldShareIsTheLarger() {
        #expect(BiasPilot.heldShare(mass: 0.01, squares: 0.2) == 0.2)
        #expect(BiasPilot.heldShare(mass: 0.3, squares: 0.1) == 0.3)
        #expect(BiasPilot.heldShare(mass: 0.3, squares: .nan) == 0.3)
    }

    @Test("Several designs' shares are chosen for each pair's difference; one design's for its own variance")
    func sharesObjectiveIsThePairs() {
        #expect(BiasPilot.objectiveTargets(1) == [[0]])
        #expect(BiasPilot.objectiveTargets(2) == [[0, 1]])
        #expect(BiasPilot.objectiveTargets(3) == [[0, 1], [0, 2], [1, 2]])
        #expect(BiasPilot.objectiveTargets(0).isEmpty)
    }

    @Test("A fixed world (a broad one) keeps its share through the shares step; the others still move")
    func fixedWorldKeepsItsShare() {
        // One design, two worlds: every lost run is 100 times likelier under the second world.
        var terms = BiasPilot.ShareTerms()
        for _ in 0..<50 {
            terms.scale.append(1)
            terms.likelihoods += [1, 100]
        }
        let old = [0.6, 0.2, 0.1]
        let free = BiasPilot.optimalShares([terms, terms].map { $0.padded(to: 3) }, old: old, nominalShare: 0.1)
        let fixed = BiasPilot.optimalShares([terms, terms].map { $0.padded(to: 3) }, old: old, nominalShare: 0.1, fixed: [false, false, true])
        #expect(free[1] > old[1] && fixed[1] > old[1], "free \(free), fixed \(fixed)")
        #expect(fixed[2] == old[2], "\(fixed)")
        #expect(abs(fixed.reduce(0, +) - 0.9) < 1e-12 && abs(free.reduce(0, +) - 0.9) < 1e-12)
    }
}

extension BiasPilot.ShareTerms {
    /// The same runs with a third world under which they are as likely as nominal.
    func padded(to worlds: Int) -> Self {
        var copy = Self()
        copy.scale = scale
        let old = likelihoods.count / max(scale.count, 1)
        for run in scale.indices {
            copy.likelihoods += likelihoods[(run * old)..<((run + 1) * old)] + [Double](repeating: 1, count: worlds - old)
        }
        return copy
    }
}
