/// SplitMix64 (Steele, Lea, Flood 2014): used only to turn a seed and a key into
/// well-spread generator states, never as the simulation's stream itself.
public struct SplitMix64: Sendable {
    public private(set) var state: UInt64

    public init(state: UInt64) { self.state = state }

    /// The next 64-bit output.
    @inline(__always)
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return SplitMix64.mix(state)
    }

    /// SplitMix64's finaliser: a bijective mix of 64 bits.
    @inline(__always)
    public static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
