import FaultSim
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a benchmark must say about where it ran: cores, processor, system, build.
enum MachineInfo {
    /// "release", or "debug" for a build whose timings mean nothing.
    static var buildConfiguration: String {
        #if DEBUG
        "debug"
        #else
        "release"
        #endif
    }

    /// This process's machine and build, as the bench report says them.
    static var machine: BenchMachine {
        BenchMachine(cores: cores, processor: processor, system: system, buildConfiguration: buildConfiguration)
    }

    static var isDebugBuild: Bool { buildConfiguration == "debug" }

    static var cores: Int { ProcessInfo.processInfo.activeProcessorCount }

    /// The processor's model name (Linux's /proc/cpuinfo), or "unknown processor".
    static var processor: String {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return "unknown processor" }
        for line in text.split(separator: "\n") where line.hasPrefix("model name") {
            if let colon = line.firstIndex(of: ":") {
                return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return "unknown processor"
    }

    static var system: String {
        #if os(Linux)
        "Linux"
        #elseif os(macOS)
        "macOS"
        #else
        "unknown system"
        #endif
    }

    /// The process's peak resident memory so far, in bytes (getrusage's ru_maxrss: kilobytes
    /// on Linux, bytes on macOS).
    static var peakResidentBytes: Int64 {
        var usage = rusage()
        #if os(Linux)
        guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else { return 0 }
        return Int64(usage.ru_maxrss) * 1_024
        #else
        guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
        return Int64(usage.ru_maxrss)
        #endif
    }
}
