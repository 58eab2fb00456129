/// A run's draws as bits (`DrawBits.of`): 128 of them, since 47 fault kinds, 9 tail slots and
/// the trait passed 64 (issue 53's promoted purchase and refund request). The pilot groups its
/// elite runs by them (`BiasPilot.signature`), and a weighted panel its lost runs
/// (`WeightedMechanisms`).
public typealias DrawSignature = UInt128

/// The signature bits of a run's draws: fault kind k at bit k, tail slot s's upper and deepest
/// bins at bits `tailBit + 2s` and `+ 1`, the iOS trait (below 15) at `traitBit`.
public enum DrawBits {
    static let tailBit = FaultKind.allCases.count
    /// 47 kinds, 9 tail slots and the trait take 66 of the 128 bits (`BiasPilot.relevantDraws` checks it).
    static let traitBit = tailBit + 2 * TailSlot.allCases.count

    /// The bit of tail slot `slot`'s bin `bin` (1: upper, 2: deepest).
    static func tailBinBit(_ slot: TailSlot, _ bin: Int) -> DrawSignature { 1 << DrawSignature(tailBit + 2 * slot.rawValue + bin - 1) }

    /// The signature bits of a run's draws: kind k's when `fired(k)`, each tail bin's (`3·slot +
    /// bin`, bins 1 and 2) when `drewTail` of it, the trait's when `below`. Shared by the pilot's
    /// signatures (`BiasPilot.signature`) and the mechanisms of a weighted job (`WeightedMechanisms.key`).
    @inline(__always)
    static func of(fired: (Int) -> Bool, drewTail: (Int) -> Bool, below: Bool) -> DrawSignature {
        var bits: DrawSignature = 0
        for kind in FaultKind.allCases where fired(kind.rawValue) { bits |= 1 << DrawSignature(kind.rawValue) }
        for slot in TailSlot.allCases {
            for bin in 1...2 where drewTail(3 * slot.rawValue + bin) { bits |= tailBinBit(slot, bin) }
        }
        if below { bits |= 1 << DrawSignature(traitBit) }
        return bits
    }
}
