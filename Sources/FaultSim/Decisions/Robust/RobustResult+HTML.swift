/// The report's section on a robustness job: which guesses could change the answer, where, and
/// the tornado chart inline. `simrun report` places it; it has no ids and no script.
extension RobustResult {
    public var htmlTitle: String { "Which guesses could change the answer" }

    /// The section's content without its heading.
    public var html: String {
        let e = Markup.escaped
        let counts = counts(0), leader = baselineLeader
        var html = "<p class=\"answer\">With the scenario's values, <b>\(e(designs[leader]))</b> loses the fewest orders"
        if let (second, significant) = runnerUp {
            html += significant ? ", significantly fewer than \(e(designs[second]))" : ", but not significantly fewer than \(e(designs[second]))"
            html += " (\(e(evidenceText(counts, second, leader))))"
        }
        html += ". Each of the \(guesses.count) guesses of the parameter table was moved to its plausible low and high, one at a time, "
            + "then \(points) Latin-hypercube point\(points == 1 ? "" : "s") moved all of them at once: \(Grouped.format(runs)) runs per "
            + "setting, the same runs in every setting.</p>\n"
        if lead != nil { html += "<p>\(e(String(leadText().dropLast())))</p>\n" }

        let flips = oneAtATime(.flips)
        if flips.isEmpty {
            html += "<p>No guess flips the leader: at either end of its plausible range, none makes another design lose significantly "
                + "fewer orders than \(e(designs[leader])).</p>\n"
        } else {
            html += "<p>Guesses that flip the leader (another design loses significantly fewer orders, \(testName) p &lt; 0.05):</p>\n<ul class=\"answer\">\n"
            for index in flips {
                let path = guesses[guessMoved(by: index)!.guess].path
                html += "<li>\(settingHTML(index)): \(e(challengeText(index)))"
                if let search = crossover(of: index) {
                    if let note = search.note {
                        html += "; no crossover: \(e(note))"
                    } else if let estimate = search.estimate, let low = search.low, let high = search.high {
                        html += "; the leader changes at <code>\(e(path)) = \(e(estimate.shown))</code>, between \(e(low.shown)) and "
                            + "\(e(high.shown)) given the noise"
                    }
                }
                html += "</li>\n"
            }
            html += "</ul>\n"
        }
        let ties = oneAtATime(.notSignificant)
        if !ties.isEmpty {
            html += "<p>Under these another design loses fewer orders, but not significantly:</p>\n<ul>\n"
                + ties.map { "<li>\(settingHTML($0)): \(e(challengeText($0)))</li>\n" }.joined() + "</ul>\n"
        }
        let cube = latinHypercubeSettings
        let cubeFlips = latinHypercube(.flips).count, cubeKeeps = latinHypercube(.keeps).count
        html += "<p>With every guess moved at once (Latin hypercube), \(e(designs[leader])) leads at \(cubeKeeps) of \(cube.count) points; "
            + "the leader flips at \(cubeFlips).</p>\n"
        html += "<figure class=\"chart\">\(tornadoSVG)<figcaption>How far each guess moves \(e(designs[leader]))'s lead over the next best "
            + "design, at the guess's plausible low and high; left of the dashed line another design leads.</figcaption></figure>\n"
        if !skipped.isEmpty {
            html += "<p class=\"note\">Left alone: " + skipped.map { "<code>\(e($0.path))</code> (\(e($0.reason)))" }.joined(separator: ", ") + ".</p>\n"
        }
        return html
    }

    func settingHTML(_ index: Int) -> String {
        let e = Markup.escaped
        guard let (guess, high) = guessMoved(by: index) else { return e(settingName(index)) }
        let info = guesses[guess]
        return "<code>\(e(info.path))</code> at its \(high ? "high" : "low") (\(e(high ? info.high.shown : info.low.shown)))"
    }
}
