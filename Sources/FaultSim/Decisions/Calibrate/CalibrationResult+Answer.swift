import Policies

/// The one answer a team quotes, first in calibrate's text and in the report's: what the
/// current design loses given the team's figures (over the settings of the guesses that
/// reproduce them), why, the first change and what it saves, whether StoreKit 2 with
/// notifications is worth it, and how sure the answer is. Every figure is a median over the
/// region's decision points with its 5%–95% spread, so a guess the figures leave loose stays
/// spread over its plausible range rather than fixed at one arbitrary value.
extension CalibrationResult {
    /// Compares, over the region, the current design with the recommendation, the best
    /// StoreKit 1 design and `also`, and the first steps from it toward the recommendation
    /// (`RegionDecision`): what the answer reads. Nothing without a region.
    /// - Complexity: `points` × (designs + steps) × `plan.runs` runs.
    public mutating func decide(current: Design, also: [Design] = [], points: Int = RegionDecision.defaultPoints, jobs: Int,
                                reporter: (any ProgressReporter)? = nil) {
        guard !region.isEmpty else { return }
        var designs = [current]
        for design in [Design.faultSimRecommended, Design.faultSimRecommendedSK1] + also where !designs.contains(where: { $0.name == design.name }) {
            designs.append(design)
        }
        decision = RegionDecision.run(self, designs: designs, toward: Design.faultSimRecommended, points: points, runs: plan.runs,
                                      jobs: jobs, reporter: reporter)
        assert(decision!.designs.first == current.name, "the current design is the one every other is paired with")
    }

    /// The answer, or nil without a region or a comparison over it.
    public var answerText: String? {
        guard let decision, !region.isEmpty else { return nil }
        let guesses = plan.guesses.map(\.path)
        let current = decision.summary(of: 0, guesses: guesses, region: region)
        var text = "answer for \(current.design), your design, given your figures (medians over the "
            + "\(Grouped.count(decision.points.count, "setting")) of the guesses that fit them, 5% to 95% in brackets):\n"
        text += "  it loses \(Self.perMillion(current.median)) orders per 10^6 Buy taps [\(Self.perMillion(current.low)) to "
            + "\(Self.perMillion(current.high))]\n"
        if let why = causesText(decision) { text += "  why: " + why + "\n" }
        if let step = firstStepText(decision, guesses: guesses) { text += "  first change: " + step + "\n" }
        if let storeKit = storeKit2Text(decision, guesses: guesses) { text += "  StoreKit 2 with notifications: " + storeKit + "\n" }
        text += "  how sure: " + sureText(decision) + "\n"
        return text
    }

    /// The current design's two largest causes of loss, as shares of its lost orders.
    func causesText(_ decision: RegionDecision) -> String? {
        let total = decision.currentCauses.reduce(0, +)
        guard total > 0 else { return nil }
        let ranked = Cause.allCases.filter { decision.currentCauses[$0.rawValue] > 0 }
            .sorted { (decision.currentCauses[$0.rawValue], -$0.rawValue) > (decision.currentCauses[$1.rawValue], -$1.rawValue) }
        return ranked.prefix(2).map { cause in
            let share = Double(decision.currentCauses[cause.rawValue]) / Double(total) * 100
            return "\(FixedPoint.format(share, places: 0))% \(cause.name) (\(cause.explanation))"
        }.joined(separator: "; ")
    }

    /// The step toward the recommendation that loses fewest, with what it saves.
    func firstStepText(_ decision: RegionDecision, guesses: [String]) -> String? {
        let stepIndices = decision.shown.upperBound..<decision.designs.count
        let summaries = stepIndices.map { decision.summary(of: $0, guesses: guesses, region: region) }
        guard let best = summaries.indices.min(by: { (summaries[$0].difference.median, $0) < (summaries[$1].difference.median, $1) }),
              summaries[best].difference.median < 0 else {
            return stepIndices.isEmpty ? nil : "no single step toward \(Design.faultSimRecommended.name) saves orders here"
        }
        let step = summaries[best]
        return "\(decision.steps[best]) (toward \(Design.faultSimRecommended.name)) saves \(Self.perMillion(-step.difference.median)) per 10^6 "
            + "[\(Self.perMillion(-step.difference.high)) to \(Self.perMillion(-step.difference.low))]; fewer lost at "
            + "\(step.beats) of \(step.points) settings, significantly at \(step.clearlyBeats)"
    }

    /// StoreKit 2 with notifications (the recommendation) against the best StoreKit 1 design
    /// with notifications, each paired with the current design.
    func storeKit2Text(_ decision: RegionDecision, guesses: [String]) -> String? {
        guard let sk2 = decision.designs.firstIndex(of: Design.faultSimRecommended.name), decision.shown.contains(sk2) else { return nil }
        let two = decision.summary(of: sk2, guesses: guesses, region: region)
        var text = "\(two.design) loses \(Self.perMillion(two.median)) per 10^6 [\(Self.perMillion(two.low)) to \(Self.perMillion(two.high))]"
        if sk2 != 0 { text += ", fewer than yours at \(two.beats) of \(two.points) settings (significantly at \(two.clearlyBeats))" }
        guard let sk1 = decision.designs.firstIndex(of: Design.faultSimRecommendedSK1.name), decision.shown.contains(sk1) else { return text }
        let one = decision.summary(of: sk1, guesses: guesses, region: region)
        text += "; on StoreKit 1 the best with notifications, \(one.design), loses \(Self.perMillion(one.median)) "
            + "[\(Self.perMillion(one.low)) to \(Self.perMillion(one.high))]"
        let gain = one.median - two.median
        return text + (gain > 0 ? ": StoreKit 2 saves about \(Self.perMillion(gain)) per 10^6 more" : ": StoreKit 2 saves nothing more here")
    }

    /// Which guess the current design's loss still moves with over the region, and which
    /// figure would narrow the answer.
    func sureText(_ decision: RegionDecision) -> String {
        let rates = decision.points.indices.map { p in
            decision.intents[p][0] > 0 ? Double(decision.lost[p][0]) / Double(decision.intents[p][0]) : 0
        }
        var text = ""
        if let moving = RegionDecision.strongestGuess(rates, guesses: plan.guesses.map(\.path), ts: decision.points.map { region[$0].t }) {
            text += "your loss still moves with \(moving.guess) (rank correlation "
                + "\(FixedPoint.format(moving.correlation, places: 2, sign: .alwaysUnlessZero)) over the settings that fit); "
        }
        let figures = plan.observations.matched.map(\.figure)
        if !figures.contains(Figure.lost) {
            text += "a lost figure (charges with no delivery, counted from Apple's transaction history) would pin it more "
                + "directly than tickets, which also depend on how often users complain (user.supportContactProbability)"
        } else {
            text += "more purchases behind the figures would narrow it (simrun calibrate's figures table shows which "
                + "figure's own noise is largest)"
        }
        return text + (region.count < Calibration.enoughPoints ? "; few settings fit, so the brackets are rough" : "")
    }

    /// Lost orders per 10^6 as the answer prints them: three significant digits.
    static func perMillion(_ value: Double) -> String { Calibration.short(value) }
}
