/// `simrun optimize --json`: the job, the space, the front as `customDesigns` entries (the array
/// pastes into a scenario as it is), each front design's estimates and ties, each scenario
/// design's status with the paired evidence, and what the search cost. An infinite ln p (a
/// difference in every run, with no spread) is `null`: JSON has no infinity.
extension Optimizer.Result {
    public var json: JSONValue {
        let s = statistics
        return .fields([("tool", .string(Self.tool))] + job.jsonFields.map { ($0.key, $0.value) } + [
            ("alpha", .decimal(alpha)), ("racingLevel", .decimal(racingLevel)),
            ("objectives", .array(objectives.map { .string($0.name) })),
            ("space", .fields([("from", .string(space.base.name)), ("varying", .array(space.varyingAxes.map { .string(DesignAxis.table[$0].name) })),
                               ("combinations", .integer(combinations)), ("legal", .integer(legalCount)), ("enumerated", .bool(enumerated))])),
            ("customDesigns", .array(front.map { Optimizer.customDesignEntry($0.design, name: $0.design.name) })),
            ("front", .array(front.map { design in
                .fields([("name", .string(design.design.name))] + estimatesJSON(design.estimates)
                    + [("tiedWith", .array(design.tiedWith.map { .string(front[$0].design.name) })),
                       ("identicalDesigns", .integer(design.equivalents.count))])
            })),
            ("designs", .array(designs.map { verdict in
                let (status, versus) = Optimizer.statusWords(verdict.status, self)
                return .fields([("name", .string(verdict.name)), ("status", .string(status)), ("versus", .string(versus))]
                    + estimatesJSON(verdict.estimates)
                    + (verdict.differences.isEmpty ? [] : [("differences", differencesJSON(verdict.differences))]))
            })),
            ("cost", .fields([("designsEvaluated", .integer(s.designsEvaluated)), ("dominated", .integer(s.dominated)),
                              ("parked", .integer(s.parked)), ("leftWithParkedBehind", .integer(s.leftWithLeader)),
                              ("setAside", .integer(s.setAside)), ("expansions", .integer(s.expansions)),
                              ("designRunsRaced", .integer(s.searchRuns)), ("designRunsCertified", .integer(s.certificationRuns)),
                              ("rungs", .array(s.rungs.map { .integer($0) })), ("budgetSpent", .bool(s.budgetSpent))])),
        ] + (s.raceBias.map { [("weightedRace", weightedRaceJSON(bias: $0))] } ?? [])
          + (weighted.map { [("weightedLost", weightedJSON($0))] } ?? []))
    }

    /// With `--importance`: the race's bias, the share of each rung weighted and a weighted run's
    /// charge to the budget, the weighted design-runs, and the lost-order tests the weights
    /// decided and the guard sent to the counts, with the designs that left on each.
    func weightedRaceJSON(bias: String) -> JSONValue {
        let s = statistics
        return .fields([("bias", .string(bias)), ("weightedShareOfRung", .string("1/\(s.weightedShare)")),
                        ("budgetChargePerWeightedRun", .integer(Int(s.weightedCost))), ("weightedDesignRuns", .integer(s.weightedRuns)),
                        ("testsByWeights", .integer(s.weightedTests)), ("leftOnWeights", .integer(s.weightedDrops)),
                        ("testsFlaggedToCounts", .integer(s.flaggedTests)), ("leftOnFlaggedCounts", .integer(s.flaggedDrops))])
    }

    /// `"lost": {"value": …, "low": …, "high": …}` for each objective.
    func estimatesJSON(_ estimates: [Optimizer.Estimate]) -> [(String, JSONValue)] {
        zip(objectives, estimates).map { objective, e in
            (objective.name, .fields([("value", .decimal(e.value)), ("low", .decimal(e.low)), ("high", .decimal(e.high))]))
        }
    }

    func differencesJSON(_ differences: [PairedDifference]) -> JSONValue {
        .fields(zip(objectives, differences).map { objective, d in
            (objective.name, .fields([("difference", .decimal(d.difference)), ("low", .decimal(d.low)), ("high", .decimal(d.high)),
                                      ("identical", .bool(d.isIdentical)), ("logP", .decimal(d.logP))]))
        })
    }

    /// With `--importance`: each design's weighted lost orders per 10^6 with its interval,
    /// effective size and check, and its paired difference from the best; `again`, the same made
    /// again where the first was flagged (`WeightedFront.again`).
    func weightedJSON(_ weighted: Optimizer.WeightedFront) -> JSONValue {
        let best = weighted.best
        func fields(_ rate: WeightedRate, _ d: WeightedDifference?) -> [(String, JSONValue)] {
            [("perMillion", .decimal(rate.rate * 1e6)), ("low", .decimal(rate.low * 1e6)), ("high", .decimal(rate.high * 1e6)),
             ("effectiveSize", .decimal(rate.effectiveSize)), ("check", .string(rate.warning ?? "ok"))]
                + (d.map { d in [("versusBest", .fields([("difference", .decimal(d.difference * 1e6)), ("low", .decimal(d.low * 1e6)),
                                                         ("high", .decimal(d.high * 1e6)),
                                                         ("p", d.logP.isFinite ? .string(PValue.text(logP: d.logP)) : .null)]))] } ?? [])
        }
        return .fields([("runs", .integer(weighted.runs)), ("best", .string(weighted.names[best])),
                        ("designs", .array(weighted.names.indices.map { index in
            .fields([("name", .string(weighted.names[index]))] + fields(weighted.rates[index], index == best ? nil : weighted.difference(index, best))
                + (weighted.again(index) == nil ? [] : [("again", .fields(fields(weighted.answerRate(index), weighted.answerDifference(index))))]))
        }))])
    }
}
