/// Virtual time in milliseconds since the run started. Integer, so no rounding drift. Every
/// layer speaks it (scenario durations, the world's clock, the delay histogram), so it sits at
/// the bottom of the module.
public typealias SimTime = Int64
