// swift-tools-version: 6.0
// FaultSim: a deterministic fault-injection simulator for iOS in-app purchase flows.
// No third-party packages by design: the standard library, Foundation (outside the hot loop),
// Dispatch and Swift Testing only.
import PackageDescription

let package = Package(
    name: "FaultSim",
    products: [
        .executable(name: "simrun", targets: ["simrun"]),
        .library(name: "FaultSim", targets: ["FaultSim"]),
        .library(name: "Policies", targets: ["Policies"]),
    ],
    targets: [
        // The designs: one type per decision axis, and the named presets built from them.
        .target(name: "Policies"),
        // Engine, world model, scenario loading, metrics and the parallel runner.
        .target(name: "FaultSim", dependencies: ["Policies"]),
        // The command-line tool.
        .executableTarget(name: "simrun", dependencies: ["FaultSim", "Policies"]),
        .testTarget(name: "FaultSimTests", dependencies: ["FaultSim", "Policies"]),
    ],
    swiftLanguageModes: [.v6]
)
