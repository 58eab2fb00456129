/// `simrun robust --json`: the job, every guess, and each setting with what it set, its
/// leader, verdict and lead and every design's lost orders; then the crossover searches.
extension RobustResult {
    public var json: JSONValue {
        .fields([("tool", .string(Self.tool))] + job.jsonFields.map { ($0.key, $0.value) } + [
            ("designs", .array(designs.map(JSONValue.string))), ("points", .integer(points)), ("crossoverSteps", .integer(crossoverSteps)),
            ("leader", .string(designs[baselineLeader])),
            ("guesses", .array(guesses.map { guess in
                .fields([("path", .string(guess.path)), ("unit", .string(guess.unit)), ("current", .string(guess.current.set)),
                         ("low", .string(guess.low.set)), ("high", .string(guess.high.set))])
            })),
            ("skipped", .array(skipped.map { .fields([("path", .string($0.path)), ("reason", .string($0.reason))]) })),
        ] + (isWeighted ? [("estimator", .string("importance sampling: weighted estimates, paired z-test (docs/model.md §14)"))] : [])
          + (fallbackRuns > 0 ? [("fallbackRuns", .integer(fallbackRuns))] : []) + [
            ("settings", .array(settings.indices.map(settingJSON))),
            ("crossovers", .array(crossovers.map(crossoverJSON))),
        ] + (lead.map { [("lead", leadJSON($0))] } ?? []))
    }

    /// The lead measured again (`--lead-runs`): the two designs, the runs, and the lead per 10^6
    /// (the runner-up's lost orders minus the leader's) with its 95% interval.
    func leadJSON(_ lead: Lead) -> JSONValue {
        let point = lead.point, d = lead.perMillion
        return .fields([
            ("leader", .string(designs[lead.leader])), ("runnerUp", .string(designs[lead.runnerUp])), ("firstRun", .integer(lead.firstRun)),
            ("runs", .integer(lead.runs)), ("leaderLost", .integer(point.leaderLost)), ("runnerUpLost", .integer(point.challengerLost)),
            ("intents", .integer(point.intents)), ("leadPerMillion", .decimal(d.lead)), ("ciLowPerMillion", .decimal(d.low)),
            ("ciHighPerMillion", .decimal(d.high)), ("p", .string(PValue.text(logP: point.logP))),
        ])
    }

    func settingJSON(_ index: Int) -> JSONValue {
        let counts = counts(index), order = ranking(index), leader = baselineLeader
        let (kind, _, _) = settingColumns(index)
        let set = settings[index].assignments.map { ("\(guesses[$0.guess].path)", JSONValue.string($0.value.set)) }
        return .fields([
            ("setting", .integer(index)), ("kind", .string(kind)), ("set", .fields(set)), ("leader", .string(designs[order[0]])),
            ("verdict", .string(verdict(index).rawValue)), ("leadPerMillion", .decimal(lead(index))),
        ] + (countedSettings.contains(index) ? [("counted", JSONValue.string(countedCheck))] : []) + [
            ("designs", .array(designs.indices.map { design in
                .fields([("name", .string(designs[design])), ("lost", .integer(counts.lost[design])),
                         ("intents", .integer(counts.intents[design])), ("lostPerMillion", .decimal(Self.perMillion(counts, design))),
                         ("rank", .integer(order.firstIndex(of: design)! + 1)),
                         ("pVersusLeader", design == leader ? .null : .string(PValue.text(logP: Self.logP(counts, design, leader))))]
                        + (counts.weighted.map { weighted in
                            let rate = weighted.rates[design]
                            return [("ciLowPerMillion", JSONValue.decimal(rate.low * 1e6)), ("ciHighPerMillion", .decimal(rate.high * 1e6)),
                                    ("effectiveSize", .decimal(rate.effectiveSize)), ("check", .string(rate.warning ?? "ok"))]
                        } ?? []))
            })),
        ])
    }

    func crossoverJSON(_ search: CrossoverSearch) -> JSONValue {
        .fields([
            ("setting", .integer(search.setting)), ("leader", .string(designs[search.leader])),
            ("challenger", .string(designs[search.challenger])), ("estimate", search.estimate.map { .string($0.set) } ?? .null),
            ("low", search.low.map { .string($0.set) } ?? .null), ("high", search.high.map { .string($0.set) } ?? .null),
            ("note", search.note.map(JSONValue.string) ?? .null),
            ("points", .array(search.points.map { point in
                .fields([("t", .decimal(point.t)), ("value", .string(point.value.set)), ("leaderLost", .integer(point.leaderLost)),
                         ("challengerLost", .integer(point.challengerLost)), ("onlyLeader", .integer(point.onlyLeader)),
                         ("onlyChallenger", .integer(point.onlyChallenger)), ("intents", .integer(point.intents))])
            })),
        ])
    }
}
