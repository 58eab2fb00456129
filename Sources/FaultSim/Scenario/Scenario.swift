import Policies

/// Everything one simulation needs besides the design: the world's parameters, how many
/// runs, the seed, the horizon and which designs to compare. Defaults and their sources are
/// docs/model.md §10's (`simrun keys`); a guess there is a guess here too. The stored fields' initial
/// values are the defaults; everything else about a key (its file path, fault-free value,
/// source, plausible range, meaning) is its row in `ScenarioParameter.table`, which a new
/// field needs too.
public struct Scenario: Sendable, Equatable {
    /// Short name used in result tables: the scenario file's name without `.json`.
    public var name: String = "default"
    /// The `--set` overrides given on the command line, as typed (`KEY.PATH=VALUE`): a
    /// scenario changed there is not the file's, and every output that names it says so.
    public var overridesGiven: [String] = []
    /// What the scenario stresses, in one or two sentences.
    public var description: String = ""
    /// Independent runs (one user, one device, one world each), at most `maxRuns`.
    public var runs: Int = 100_000
    /// The most runs a scenario or a command may ask for: 10^12, weeks of work on one machine.
    /// Keeps every count in the tallies far from overflow (at most 64 intents and 200,000
    /// events per run).
    public static let maxRuns = 1_000_000_000_000
    /// Master seed: with the run index and the component it determines every draw.
    public var seed: UInt64 = 1
    /// When a run ends; whatever is not delivered by then is lost (docs/model.md §1, "A run").
    public var horizonMs: SimTime = 30 * day
    /// Design names to compare, in table order: by default every preset.
    public var designs: [String] = Design.presets.map(\.name)
    /// Designs the scenario file defines itself (a preset with axes overridden).
    public var customDesigns: [Design] = []
    /// The StoreKit 1 design users below `platform.newBuildFloor` run: the app's last build that
    /// reached them, frozen, the same for every design compared (docs/model.md §1). `bliap` by
    /// default: RevenueCat, the SDK most apps sell through, runs StoreKit 1 below iOS 15, and
    /// `bliap` is the preset nearest that path (as the `revenuecat` preset's `olderOSDesign` says).
    public var legacyBuild: String = Design.bliap.name

    /// How result tables, headers and reports name the scenario: `name`, then the `--set`
    /// words of `shownOverrides`, so two runs of one file with different overrides can be told
    /// apart: `ours --set network.weakNetworkProbability=0.2`.
    public var label: String { ([name] + Scenario.shownOverrides(overridesGiven)).joined(separator: " ") }

    /// Keys a result table has a column for and a header names anyway.
    static let keysShownApart: Set<String> = ["platform", "seed", "runs", "designs"]

    /// `--set KEY=VALUE` words for the overrides among `texts` (as typed) that change a key
    /// without a column of its own, in the order given.
    public static func shownOverrides(_ texts: [String]) -> [String] {
        texts.filter { text in !keysShownApart.contains(String(text.prefix { $0 != "=" })) }
            .map { "--set " + ShellWord.quoted($0) }
    }

    /// Every design this scenario can name: the presets and flows, then its custom designs.
    public var availableDesigns: [Design] { Design.catalog + customDesigns }

    /// The designs named by `designs`, in order (names were validated when loading).
    public var selectedDesigns: [Design] {
        designs.compactMap { name in availableDesigns.first { $0.name == name } }
    }

    /// `designs` as this scenario defines them, by name: a sweep or crossover over a custom
    /// design's own axis (`customDesigns[0].finishMoment`) changes the design at each value, so
    /// each value's scenario is asked for it; a design the scenario does not define stays as given.
    public func definitions(of designs: [Design]) -> [Design] {
        designs.map { design in availableDesigns.first { $0.name == design.name } ?? design }
    }

    /// Custom designs the file defines but its `designs` list leaves out: not run, which
    /// `simrun run`, `report` and `sweep` warn about.
    public var unlistedCustomDesigns: [String] {
        customDesigns.map(\.name).filter { !designs.contains($0) }
    }

    public var platform = PlatformParameters.today
    public var catalog = CatalogParameters()
    public var user = UserParameters()
    public var device = DeviceParameters()
    public var network = NetworkParameters()
    public var storeKit = StoreKitParameters()
    public var appServer = AppServerParameters()
    public var apple = AppleParameters()
    /// Shares of the users whose keys differ (`ScenarioSegment`); none by default, and then
    /// every run is the scenario's own.
    public var segments: [ScenarioSegment] = []

    public init() {}

    static let second: SimTime = 1000
    static let minute: SimTime = 60 * second
    static let hour: SimTime = 60 * minute
    static let day: SimTime = 24 * hour
}
