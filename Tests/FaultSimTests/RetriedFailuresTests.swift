import FaultSim
import Policies
import Testing

/// `retriedFailures` (issue 54): a flow that retries network errors and not 5xx answers. The
/// world tells an error answer from no answer, so the axis changes nothing where the server
/// never answers an error, and costs orders where it does.
@Suite("Retried failures: network errors only, or every failure")
struct RetriedFailuresTests {
    static func pair() -> [Design] {
        var every = Design.naive
        every.name = "test-tries-every-failure"
        every.retrySchedule = .tries(count: 4, spacingMs: 2_000)
        var networkOnly = every
        networkOnly.name = "test-tries-network-only"
        networkOnly.retriedFailures = .networkErrorsOnly
        return [every, networkOnly]
    }

    @Test("with network faults and no 5xx answer, the two lose the same orders")
    func sameWithoutServerErrors() {
        var scenario = Scenario.faultFree()
        scenario.network.requestLossProbability = 0.3
        scenario.network.responseLossProbability = 0.3
        let tallies = simulate(scenario, designs: Self.pair(), runs: 3_000)
        #expect(tallies[0].lost > 0, "the network faults cost orders")
        #expect(tallies[0].lost == tallies[1].lost && tallies[0].delivered == tallies[1].delivered,
                "lost \(tallies[0].lost) and \(tallies[1].lost)")
    }

    @Test("with 5xx answers, ending the round at one loses more orders to finished_before_delivery")
    func serverErrorsEndTheRound() {
        var scenario = Scenario()
        scenario.appServer.errorProbability = 0.3
        let tallies = simulate(scenario, designs: Self.pair(), runs: 3_000)
        #expect(tallies[1].lost > tallies[0].lost, "network only \(tallies[1].lost), every failure \(tallies[0].lost)")
        #expect(tallies[1].causes(of: .lost).first?.cause == .finishedBeforeDelivery)
    }
}
