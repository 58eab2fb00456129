// swift-tools-version: 6.0
// FaultSim: a deterministic fault-injection simulator for iOS in-app purchase flows.
// No third-party packages by design: the standard library, Foundation (outside the hot loop),
// Dispatch and Swift Testing only.
import PackageDescription

// The simulator's modules are optimised even in debug builds: `swift test` simulates millions
// of events, which unoptimised generic code runs ~50x slower. `DEBUG` stays defined, so the
// full invariant checks (`_checkInvariants()`) and `assert`s still run under `swift test`.
let optimisedEvenInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "FaultSim",
    products: [
        .executable(name: "simrun", targets: ["simrun"]),
        .library(name: "FaultSim", targets: ["FaultSim"]),
        .library(name: "Policies", targets: ["Policies"]),
    ],
    targets: [
        // The designs: one type per decision axis, and the named presets built from them.
        .target(name: "Policies", swiftSettings: optimisedEvenInDebug),
        // Engine, world model, scenario loading, metrics and the parallel runner.
        .target(name: "FaultSim", dependencies: ["Policies"], swiftSettings: optimisedEvenInDebug),
        // The command-line tool.
        .executableTarget(name: "simrun", dependencies: ["FaultSim", "Policies"]),
        // Goldens/ holds the expected help and error transcripts, read beside the test file.
        .testTarget(name: "FaultSimTests", dependencies: ["FaultSim", "Policies", "simrun"], exclude: ["Goldens"]),
    ],
    swiftLanguageModes: [.v6]
)
