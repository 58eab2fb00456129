/// The bare engine with no model in it: the benchmark's floor.
///
/// Each run does what every simulated run must do and nothing else: reseed the run's seven
/// streams, start a few independent event chains (like a run's user, app and servers), and
/// pop events until `eventsPerRun` have fired; each event draws two uniforms (a delay and a
/// coin, like a latency and a fault point) and schedules its chain's next event. The events
/// are world events (each chain's is an `intentStart` carrying the chain's number), so the
/// queue moves the same payloads as in a simulated run; nothing handles them. What a
/// design costs per event above this is the price of the purchase model itself.
public struct EngineFloor: Sendable {
    /// Independent chains of events pending at once.
    public static var chains: Int { 4 }

    public let seed: UInt64
    public let eventsPerRun: Int
    var queue = EventQueue()
    var streams = RandomStreams()
    /// Events popped over every run so far.
    public private(set) var events: Int64 = 0
    /// Everything popped and drawn, folded, so none of the work can be optimised away; equal
    /// for the same runs however they are split among threads (it is a sum).
    public private(set) var checksum: UInt64 = 0

    public init(seed: UInt64, eventsPerRun: Int) {
        precondition(eventsPerRun >= 1)
        self.seed = seed
        self.eventsPerRun = eventsPerRun
    }

    /// Run `index`: exactly `eventsPerRun` events.
    /// - Complexity: O(eventsPerRun · chains); no allocation once warmed up.
    public mutating func run(_ index: UInt64) {
        queue.reset()
        streams.reseed(seed: seed, run: index)
        var scheduled = 0
        for chain in 0..<min(EngineFloor.chains, eventsPerRun) {
            queue.schedule(.intentStart(intent: Int32(chain)), at: SimTime(streams.int(.plan, below: 1_000)))
            scheduled += 1
        }
        var processed = 0
        var folded: UInt64 = 0
        while let event = queue.pop() {
            processed &+= 1  // at most eventsPerRun
            let delay = SimTime(streams.unit(.network) * 60_000)
            let coin = streams.unit(.apple)
            folded = folded &+ (event.key ^ coin.bitPattern)
            if scheduled < eventsPerRun {
                // `now &+ delay`, as the kernel schedules: now is below 2^42 and the delay below a minute.
                queue.schedule(event.payload, at: queue.now &+ delay)
                scheduled += 1
            }
        }
        invariant(processed == eventsPerRun, "the floor fires exactly eventsPerRun events")
        events += Int64(processed)
        checksum = checksum &+ SplitMix64.mix(folded)
    }
}
