// swift-tools-version: 6.0
// FaultSim: a deterministic fault-injection simulator for iOS in-app purchase flows.
// No third-party packages by design: the standard library, Foundation (outside the hot loop),
// Dispatch and Swift Testing only.
import PackageDescription

import Foundation

// The simulator's modules are optimised even in debug builds, whole-module: `swift test`
// simulates millions of events, which unoptimised generic code runs ~50x slower, and which code
// optimised file by file runs 5x slower than whole-module (`RunArray` and the world's handlers
// live in different files, so file by file they call each other unspecialised and copy the
// world). `-num-threads` makes the whole-module build write one object per file, as the index
// store SwiftPM passes in debug builds requires; `-disable-batch-mode` answers SwiftPM's
// `-enable-batch-mode`, which whole-module ignores with a warning. The driver still remarks, once
// per module, that a whole-module build is not incremental. `DEBUG` stays defined, so the full invariant
// checks (`_checkInvariants()`, `invariant`, `RunArray`'s bounds) run under `swift test`;
// `assert` does not (`-O` compiles it out).
//
// A whole-module build recompiles the module on every change (about 2.5 minutes here):
// `FAULTSIM_FILE_BY_FILE=1 swift build` builds the two modules file by file and incrementally
// instead, for an edit-and-test loop whose tests then run slower.
let fileByFile = ProcessInfo.processInfo.environment["FAULTSIM_FILE_BY_FILE"] == "1"
let optimisedEvenInDebug: [SwiftSetting] = [
    .unsafeFlags(fileByFile ? ["-O"] : ["-O", "-wmo", "-num-threads", "2", "-disable-batch-mode"], .when(configuration: .debug)),
]

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
