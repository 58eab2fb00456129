// swift-tools-version: 6.0
// FaultSim: a deterministic fault-injection simulator for iOS in-app purchase flows.
// No third-party packages by design: the standard library, Foundation (outside the hot loop),
// Dispatch and Swift Testing only.
import PackageDescription

import Foundation

// README's test command runs the suite against the release build, so that one build serves both
// of a newcomer's first commands: `swift run -c release simrun`, then
// `swift test -c release --disable-testable-imports -q`, which compiles nothing of the simulator
// again, only the tests (35-45 s of CPU). For that, `FaultSim` and `simrun` are compiled
// `-enable-testing` in release here, so the tests may `@testable import` them (instructions per
// run move 0.1%, the weighted run's 0.8%: scripts/check-instructions), and
// `--disable-testable-imports` keeps SwiftPM from adding a second `-enable-testing` of its own:
// the compile commands of `swift build -c release` and of the test build are then identical, and
// neither rebuilds what the other built (.ci/run checks it). Plain `swift test -c release` works
// too, after compiling the simulator again. The tests themselves compile `-Onone`: they are not
// the hot code, and `-O` doubled their compile.
//
// A release build has no `DEBUG`, so the full invariant checks (`_checkInvariants()`, the
// `invariant`s under `#if DEBUG`, `RunArray`'s bounds) do not run under README's command: plain
// `swift test`, the debug build below, runs them, and `.ci/run` runs both.
//
// In debug, the simulator's modules are optimised too, whole-module: the tests simulate millions of
// events, which unoptimised generic code runs ~50x slower, and which code
// optimised file by file runs 5x slower than whole-module (`RunArray` and the world's handlers
// live in different files, so file by file they call each other unspecialised and copy the
// world). `-num-threads` makes the whole-module build write one object per file, as the index
// store SwiftPM passes in debug builds requires; `-disable-batch-mode` answers SwiftPM's
// `-enable-batch-mode`, which whole-module ignores with a warning. The driver still remarks, once
// per module, that a whole-module build is not incremental. `DEBUG` stays defined, so the full
// invariant checks run under `swift test`; `assert` does not (`-O` compiles it out).
//
// A whole-module build recompiles the module on every change (about 2.5 minutes here):
// `FAULTSIM_FILE_BY_FILE=1 swift build` builds the two modules file by file and incrementally
// instead, for an edit-and-test loop whose tests then run slower.
let fileByFile = ProcessInfo.processInfo.environment["FAULTSIM_FILE_BY_FILE"] == "1"
let optimisedEvenInDebug: [SwiftSetting] = [
    .unsafeFlags(fileByFile ? ["-O"] : ["-O", "-wmo", "-num-threads", "2", "-disable-batch-mode"], .when(configuration: .debug)),
]
let testableInRelease: [SwiftSetting] = [.unsafeFlags(["-enable-testing"], .when(configuration: .release))]

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
        .target(name: "FaultSim", dependencies: ["Policies"], swiftSettings: optimisedEvenInDebug + testableInRelease),
        // The command-line tool.
        .executableTarget(name: "simrun", dependencies: ["FaultSim", "Policies"], swiftSettings: testableInRelease),
        // Goldens/ holds the expected help and error transcripts, read beside the test file.
        .testTarget(name: "FaultSimTests", dependencies: ["FaultSim", "Policies", "simrun"], exclude: ["Goldens"],
                    swiftSettings: [.unsafeFlags(["-Onone"], .when(configuration: .release))]),
    ],
    swiftLanguageModes: [.v6]
)
