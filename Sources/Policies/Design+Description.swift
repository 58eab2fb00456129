extension RetrySchedule: CustomStringConvertible {
    public var description: String {
        switch self {
        case .none: "none"
        case .fixedInterval(let intervalMs): "fixedInterval(every \(intervalMs) ms, forever)"
        case .linearBackoff(let stepMs, let capMs): "linearBackoff(failures x \(stepMs) ms, at most \(capMs) ms, forever)"
        case .tries(let count, let spacingMs): "tries(\(count), \(spacingMs) ms apart)"
        }
    }
}

extension RetryTriggers: CustomStringConvertible {
    public var description: String {
        let names = RetryTriggers.named.filter { contains($0.1) }.map(\.0)
        return names.isEmpty ? "none" : names.joined(separator: ", ")
    }
}

extension ServerRecovery: CustomStringConvertible {
    public var description: String {
        let names = ServerRecovery.named.filter { contains($0.1) }.map(\.0)
        return names.isEmpty ? "none (the client only)" : names.joined(separator: ", ")
    }
}
