/// xoshiro256** 1.0 (Blackman and Vigna): the generator behind every random draw.
///
/// - Complexity: O(1) per draw, no allocation.
public struct Xoshiro256: Sendable {
    var s0: UInt64
    var s1: UInt64
    var s2: UInt64
    var s3: UInt64

    /// Seeds the four state words from SplitMix64, as the authors recommend; the state is
    /// never all zero because SplitMix64 outputs are a bijection of distinct inputs.
    public init(seed: UInt64) {
        var mixer = SplitMix64(state: seed)
        s0 = mixer.next()
        s1 = mixer.next()
        s2 = mixer.next()
        s3 = mixer.next()
    }

    @inline(__always)
    public mutating func next() -> UInt64 {
        let result = rotateLeft(s1 &* 5, 7) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = rotateLeft(s3, 45)
        return result
    }

    /// A uniform double in [0, 1) with 53 random bits.
    @inline(__always)
    public mutating func nextUnit() -> Double {
        Xoshiro256.unit(next())
    }

    /// The top 53 bits of `bits` as a double in [0, 1). Converted as a signed integer (it fits
    /// in 53 bits, so the value is the same): x86-64 converts a signed integer in one
    /// instruction, an unsigned one in about ten.
    @inline(__always)
    static func unit(_ bits: UInt64) -> Double {
        Double(Int64(bitPattern: bits >> 11)) * 0x1.0p-53
    }

    /// A uniform integer in 0..<bound (bound > 0), by Lemire's multiply-shift.
    /// The tiny bias (< bound / 2^64) is irrelevant at simulation scale and keeps the
    /// draw count fixed at one, which common random numbers rely on.
    @inline(__always)
    public mutating func nextInt(below bound: Int) -> Int {
        Xoshiro256.int(next(), below: bound)
    }

    /// `bits` mapped to 0..<bound (bound > 0) by Lemire's multiply-shift.
    @inline(__always)
    static func int(_ bits: UInt64, below bound: Int) -> Int {
        precondition(bound > 0)
        return Int(truncatingIfNeeded: bits.multipliedFullWidth(by: UInt64(bound)).high)
    }

    @inline(__always)
    func rotateLeft(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 &- k)) }
}
