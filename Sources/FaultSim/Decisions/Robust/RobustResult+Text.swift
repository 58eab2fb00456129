import Policies

/// `simrun robust`'s report for people, answer first: the ranking with the scenario's values and
/// its paired evidence, the guesses that flip the leader (with where), the ones that move its
/// lead without flipping it, the Latin-hypercube summary, and the guesses left alone.
extension RobustResult: DecisionReport {
    public static var tool: String { "robust" }

    /// How many guesses the "moves the lead" list shows; the CSV and the chart have the rest.
    public static let movedListLength = 10

    /// The report; its first line names the scenario as the command did.
    public var text: String {
        var text = "simrun robust: \(job.source) (\(platform) platform), \(designs.count) designs, \(Grouped.count(runs, "run")) per setting "
            + "(the same runs in every setting), seed \(seed)\n"
        text += guesses.count == 1
            ? "1 guess at its plausible low and high, then \(Grouped.count(points, "Latin-hypercube point")) of it: \(settings.count) settings\n\n"
            : "\(guesses.count) guesses at their plausible low and high one at a time, then \(Grouped.count(points, "Latin-hypercube point")) "
                + "of all of them at once: \(settings.count) settings\n\n"
        text += baselineText() + leadText() + "\n"
        text += flipsText() + "\n"
        text += notSignificantText()
        text += movedText() + "\n"
        text += latinHypercubeText() + "\n"
        text += guardText()
        text += skipped.isEmpty ? "Skipped guesses: none.\n"
            : "Skipped guesses:\n" + skipped.map { "  \($0.path): \($0.reason)\n" }.joined()
        return text
    }

    /// The ranking with the scenario's values, each design against the leader, and whether the
    /// leader's lead over the runner-up is significant.
    func baselineText() -> String {
        if counts(0).weighted != nil { return weightedBaselineText() }
        let counts = counts(0), order = ranking(0), leader = order[0]
        var rows = [["rank", "design", "lost", "per 10^6 intents [95% CI]", "vs leader, per 10^6 [95% CI]", "exact McNemar p"]]
        for (rank, design) in order.enumerated() {
            let interval = Wilson.interval(successes: counts.lost[design], trials: counts.intents[design])
            var row = [String(rank + 1), designs[design], Grouped.format(Int(counts.lost[design])),
                       "\(Self.amount(Self.perMillion(counts, design))) [\(Self.amount(interval.low * 1e6)), \(Self.amount(interval.high * 1e6))]"]
            if design == leader {
                row += ["", ""]
            } else {
                let paired = PairedOutcomes.Counts(onlyA: counts.only(design, notBy: leader), onlyB: counts.only(leader, notBy: design))
                let d = paired.difference(intents: counts.intents[design])
                row += ["\(Self.signedAmount(d.points * 1e4)) [\(Self.signedAmount(d.low * 1e4)), \(Self.signedAmount(d.high * 1e4))]",
                        PValue.text(logP: Self.logP(counts, design, leader))]
            }
            rows.append(row)
        }
        return "With the scenario's values:\n" + TextColumns.aligned(rows, left: [1]) + leadSentence()
    }

    /// The weighted job's ranking: each design's estimate with its effective size and the
    /// guard's verdict, its paired difference from the leader and the z-test's p.
    func weightedBaselineText() -> String {
        let counts = counts(0), order = ranking(0), leader = order[0], weighted = counts.weighted!
        var rows = [["rank", "design", "per 10^6 intents [95% CI]", "eff. size", "vs leader, per 10^6 [95% CI]", "paired z p", "check"]]
        for (rank, design) in order.enumerated() {
            let rate = weighted.rates[design]
            var row = [String(rank + 1), designs[design], "\(Self.figure(rate.rate)) [\(Self.figure(rate.low)), \(Self.figure(rate.high))]",
                       Grouped.format(Int(rate.effectiveSize.rounded(.down)))]
            if design == leader {
                row += ["", ""]
            } else {
                let d = weighted.difference(design, leader)
                row += ["\(Self.signedFigure(d.difference)) [\(Self.signedFigure(d.low)), \(Self.signedFigure(d.high))]",
                        PValue.text(logP: d.logP)]
            }
            rows.append(row + [rate.warning.map { "WARNING: " + $0 } ?? "ok"])
        }
        return "With the scenario's values (weighted estimates; docs/model.md §14):\n" + TextColumns.aligned(rows, left: [1, 6])
            + leadSentence()
    }

    /// Whether the leader leads its runner-up significantly, with the evidence.
    func leadSentence() -> String {
        guard let (second, significant) = runnerUp else { return "" }
        let counts = counts(0), leader = baselineLeader
        let evidence = evidenceText(counts, second, leader)
        if significant {
            return "\(designs[leader]) leads: it loses significantly fewer orders than \(designs[second]), the runner-up (\(evidence)).\n"
        }
        let against = counts.weighted == nil ? "\(counts.lost[second]) to its \(counts.lost[leader])"
            : "\(Self.figure(counts.weighted!.rates[second].rate)) per 10^6 to its \(Self.figure(counts.weighted!.rates[leader].rate))"
        return "\(designs[leader]) leads, but not significantly: \(designs[second]), the runner-up, loses \(against) (\(evidence)); "
            + "every verdict below is against a leader the noise does not single out.\n"
    }

    /// The lead measured again on its own runs (`--lead-runs`): both designs' figures, then the
    /// lead (the runner-up's lost orders minus the leader's) with its interval and width.
    func leadText() -> String {
        guard let lead else { return "" }
        let point = lead.point, leader = designs[lead.leader], second = designs[lead.runnerUp]
        let range = "runs \(Grouped.format(lead.firstRun)) to \(Grouped.format(lead.firstRun + lead.runs - 1))"
        let d = lead.perMillion
        if let weighted = point.weighted {
            let rates = weighted.rates
            func figures(_ rate: WeightedRate) -> String {
                "\(Self.figure(rate.rate)) per 10^6 [\(Self.figure(rate.low)), \(Self.figure(rate.high))] (eff. size "
                    + "\(Grouped.format(Int(rate.effectiveSize.rounded(.down)))))"
            }
            let warning = weighted.warning(0, 1).map { "; WARNING: \($0)" } ?? weighted.difference(0, 1).caution.map { "; \($0)" } ?? ""
            let places = Self.placesToShow(width: d.high - d.low)
            func signed(_ value: Double) -> String { FixedPoint.format(value, places: places, sign: .always) }
            return "The lead on \(Grouped.count(lead.runs, "more run")) (\(range); weighted under the worlds of the bias tuned for "
                + "the two designs): \(leader) \(figures(rates[0])), \(second) \(figures(rates[1])); the lead is "
                + "\(signed(d.lead)) per 10^6 [\(signed(d.low)), \(signed(d.high))], "
                + "\(Self.figure((d.high - d.low) / 1e6)) wide (paired z-test p \(PValue.phrase(logP: point.logP)))\(warning).\n"
        }
        return "The lead on \(Grouped.count(lead.runs, "more run")) (\(range)): \(leader) lost \(Grouped.format(Int(point.leaderLost))) "
            + "of \(Grouped.format(Int(point.intents))) intents, \(second) \(Grouped.format(Int(point.challengerLost))); the lead is "
            + "\(Self.signedAmount(d.lead)) per 10^6 [\(Self.signedAmount(d.low)), \(Self.signedAmount(d.high))], "
            + "\(Self.amount(d.high - d.low)) wide (\(point.onlyLeader) against \(point.onlyChallenger) discordant intents, "
            + "exact McNemar p \(PValue.phrase(logP: point.logP))).\n"
    }

    /// Decimal places that show an interval `width` wide (per 10^6) to two significant digits
    /// of its width, from none to six: the lead's interval is what the lead's runs are for.
    static func placesToShow(width: Double) -> Int {
        var places = 0, scaled = width
        while scaled < 10 && places < 6 {
            scaled *= 10
            places += 1
        }
        return places
    }

    /// The paired evidence between `a` (the leader in sentences) and `b`, leader first:
    /// "0 against 120 discordant intents, exact McNemar p = 1.5e-36", or in a weighted job
    /// "difference -236 per 10^6 [-241, -231], paired z p < 1e-300".
    func evidenceText(_ counts: Counts, _ other: Int, _ first: Int) -> String {
        if let weighted = counts.weighted {
            let d = weighted.difference(first, other)
            return "paired difference \(Self.signedFigure(d.difference)) per 10^6 [\(Self.signedFigure(d.low)), "
                + "\(Self.signedFigure(d.high))], z-test p \(PValue.phrase(logP: d.logP)) on the weighted runs"
        }
        return "\(counts.only(first, notBy: other)) against \(counts.only(other, notBy: first)) discordant intents, "
            + "exact McNemar p \(PValue.phrase(logP: Self.logP(counts, first, other)))"
    }

    /// The one-at-a-time settings that flip the leader, each with its crossover.
    func flipsText() -> String {
        let flips = oneAtATime(.flips)
        guard !flips.isEmpty else {
            return "Guesses that can flip the leader: none; no guess at either end makes another design lose significantly fewer orders "
                + "than \(designs[baselineLeader]).\n"
        }
        var text = "Guesses that can flip the leader (another design loses significantly fewer orders, \(testName) p < 0.05):\n"
        for index in flips {
            text += "  " + settingName(index) + ":\n    " + challengeText(index) + "\n"
            guard let search = crossover(of: index) else { continue }
            let path = guesses[guessMoved(by: index)!.guess].path
            if let note = search.note {
                text += "    no crossover: \(note)\n"
            } else if let estimate = search.estimate, let low = search.low, let high = search.high {
                text += "    the leader changes at \(path) = \(estimate.shown), between \(low.shown) and \(high.shown) given the noise "
                    + "(\(Self.setArgument(path, estimate.set)))\n"
            }
        }
        let judged = judgedOneAtATime
        return text + "  (Each of the \(judged) one-at-a-time settings is judged on its own at 5%: where two designs are nearly even, "
            + "a flip with p near 0.05 can be chance; rerun it with more --runs.)\n"
    }

    /// The settings where another design loses fewer orders, within the noise.
    func notSignificantText() -> String {
        let ties = oneAtATime(.notSignificant)
        guard !ties.isEmpty else { return "" }
        return "Guesses under which another design loses fewer orders, but not significantly:\n"
            + ties.map { "  " + settingName($0) + ": " + challengeText($0) + "\n" }.joined() + "\n"
    }

    /// The guesses whose ends do not flip the leader, by how far they move its lead.
    func movedText() -> String {
        let leader = designs[baselineLeader]
        let moved = tornadoRows().filter { !$0.flips }
        let shown = moved.filter { $0.span > 0 }.prefix(Self.movedListLength)
        var text = "Guesses that move \(leader)'s lead but do not flip it (the best other design's lost orders minus \(leader)'s, "
            + "per 10^6 intents; \(Self.signedAmount(lead(0))) with the scenario's values)"
        if moved.isEmpty { return text + ": none; every guess flips it.\n" }
        if shown.isEmpty { return text + ": none; \(moved.count == 1 ? "the one guess that does not flip it leaves it" : "the \(moved.count) that do not flip it leave it") where it is.\n" }
        text += (shown.count < moved.count ? ", the \(shown.count) that move it most" : "") + ":\n"
        var rows = [["guess", "at its low", "lead", "at its high", "lead"]]
        for row in shown {
            let guess = guesses[row.guess]
            rows.append([guess.path, guess.low.shown, Self.signedAmount(row.low), guess.high.shown, Self.signedAmount(row.high)])
        }
        text += TextColumns.aligned(rows, left: [0, 1, 3], indent: "  ")
        let still = moved.filter { $0.span == 0 }.count
        if moved.count > shown.count {
            text += "  (\(moved.count - shown.count) more in the CSV\(still > 0 ? ", \(still) of which move it not at all" : ""))\n"
        }
        return text
    }

    /// How many Latin-hypercube points keep the leader, and which change it.
    func latinHypercubeText() -> String {
        let indices = latinHypercubeSettings
        let leader = designs[baselineLeader]
        let keeps = latinHypercube(.keeps), ties = latinHypercube(.notSignificant), flips = latinHypercube(.flips)
        let moved = guesses.count == 1 ? "the one guess moved" : guesses.count == 2 ? "both guesses moved at once"
            : "all \(guesses.count) guesses moved at once"
        var text = "Latin hypercube, \(points) point\(points == 1 ? "" : "s") with \(moved): \(leader) leads at \(keeps.count) of \(indices.count)"
        if flips.isEmpty && ties.isEmpty { return text + "; the leader flips at none.\n" }
        let parts = (flips.isEmpty ? [] : ["significantly at \(flips.count)"]) + (ties.isEmpty ? [] : ["within the noise at \(ties.count)"])
        text += "; another design loses fewer orders at \(flips.count + ties.count): \(parts.joined(separator: ", ")).\n"
        for (group, title) in [(flips, "flips"), (ties, "within the noise")] {
            for index in group {
                guard case .latinHypercube(let point) = settings[index].kind else { continue }
                text += "  \(title) at point \(point + 1) (setting \(index) in the CSV): " + challengeText(index) + "\n"
            }
        }
        return text
    }

    /// In a weighted job: the settings whose leader, runner-up or baseline leader has an
    /// estimate the guard does not trust (`WeightedRate.warning`), whose verdicts rest on it; or,
    /// with `fallbackRuns`, those counted on plain runs instead (`countedSettings`).
    func guardText() -> String {
        guard isWeighted else { return "" }
        let flagged = flaggedSettings, counted = countedSettings
        let measured = ownSettings.count
        func names(_ settings: [Int]) -> String {
            settings.prefix(5).map { settingName($0) }.joined(separator: "; ") + (settings.count > 5 ? "; …" : "")
        }
        if !counted.isEmpty {
            return "Importance sampling's guard flagged an estimate a verdict rests on in \(counted.count) of \(measured) settings "
                + "measured (\(names(counted))): each was counted again on \(Grouped.count(fallbackRuns, "plain run")) "
                + "(--fallback-runs), and its verdict rests on the counts (exact McNemar); the CSV's check column says which. "
                + "Every other estimate a verdict rests on is trusted.\n\n"
        }
        guard !flagged.isEmpty else {
            return "Importance sampling's guard: every estimate a verdict rests on is trusted (effective size ≥ "
                + "\(Int(ImportanceGuard.minimumEffectiveSize)), no run above \(Int(ImportanceGuard.largestShare * 100))% of a sum), "
                + "in all \(measured) settings measured.\n\n"
        }
        return "Importance sampling's guard flags an estimate a verdict rests on in \(flagged.count) of \(measured) settings measured "
            + "(\(names(flagged))): those verdicts are not to be trusted; the CSV's check column names "
            + "each estimate's problem (raise --runs, tune the bias again with --pilot-runs, or count them with --fallback-runs).\n\n"
    }

    /// "user.patience at its high (logNormal median 1m, p99 10m)", or "Latin-hypercube point 3".
    public func settingName(_ index: Int) -> String {
        switch settings[index].kind {
        case .baseline: "the scenario as given"
        case .low(let guess): "\(guesses[guess].path) at its low (\(guesses[guess].low.shown))"
        case .high(let guess): "\(guesses[guess].path) at its high (\(guesses[guess].high.shown))"
        case .latinHypercube(let point): "Latin-hypercube point \(point + 1)"
        }
    }

    /// "bliap leads: 3 lost against faultsim-recommended's 17 (2 against 16 discordant intents, p = 4.2e-04)";
    /// in a weighted job, rates per 10^6 and the weighted difference, with the guard's warning.
    func challengeText(_ index: Int) -> String {
        let counts = counts(index), leader = baselineLeader, challenger = self.leader(index)
        guard let weighted = counts.weighted else {
            return "\(designs[challenger]) leads: \(counts.lost[challenger]) lost against \(designs[leader])'s \(counts.lost[leader]) "
                + "(\(evidenceText(counts, leader, challenger)))"
        }
        let warning = weighted.warning(challenger, leader).map { "; WARNING: \($0)" } ?? ""
        return "\(designs[challenger]) leads: \(Self.figure(weighted.rates[challenger].rate)) lost per 10^6 against \(designs[leader])'s "
            + "\(Self.figure(weighted.rates[leader].rate)) (\(evidenceText(counts, leader, challenger))\(warning))"
    }

    /// The test the verdicts use, as the outputs name it.
    var testName: String {
        !isWeighted ? "exact McNemar" : countedSettings.isEmpty ? "weighted paired z" : "weighted paired z, or exact McNemar where counted"
    }

    /// `--set key=value`, the argument quoted for a shell when it needs to be.
    static func setArgument(_ path: String, _ value: String) -> String {
        let argument = "\(path)=\(value)"
        let plain = argument.allSatisfy { $0.isLetter || $0.isNumber || "._-=/:,".contains($0) }
        return "--set " + (plain ? argument : "'\(argument)'")
    }

    static func fixed(_ value: Double) -> String {
        let text = FixedPoint.format(abs(value), places: 1)
        return (value < 0 && text != "0.0" ? "-" : "") + text
    }

    /// A rate per 10^6 intents for people: one decimal below 100, whole and grouped above.
    static func amount(_ value: Double) -> String {
        abs(value) < 100 ? fixed(value) : (value < 0 ? "-" : "") + Grouped.format(abs(value))
    }

    /// A weighted estimate per intent as a figure per 10^6 with three significant digits
    /// (`FixedPoint.perMillion`): a rare rate needs more than one decimal.
    static func figure(_ perIntent: Double) -> String { FixedPoint.perMillion(perIntent) }

    /// The same, signed.
    static func signedFigure(_ perIntent: Double) -> String { FixedPoint.signedPerMillion(perIntent) }

    /// The same, signed (0 as "0").
    static func signedAmount(_ value: Double) -> String {
        let text = amount(abs(value))
        return text == "0.0" ? "0" : (value < 0 ? "-" : "+") + text
    }
}
