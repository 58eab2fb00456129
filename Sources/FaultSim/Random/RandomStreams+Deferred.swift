/// A draw taken from a stream now and computed only if it is used: its position on the stream.
///
/// The streams are counter-based (draw n of a component is `mix(start + (n + 1) · gamma)`), so
/// taking a draw is advancing the counter, and computing it is the mix and the conversion. A
/// draw most runs never read (an offline episode's start and length, read only in the runs that
/// have one; a patience the user never needs) is taken in its place, so every later draw of the
/// stream is where it always was, and costs one add instead of about fifteen instructions. The
/// value, when read, is the very uniform `RandomStreams.unit` would have returned at that point:
/// deferring a draw changes no result.
struct DeferredUniform: Sendable {
    /// The stream's counter after the draw was taken: the value `next` mixes.
    let position: UInt64

    /// The draw, as `RandomStreams.unit` returns it.
    /// - Complexity: O(1): one mix and a conversion.
    var value: Double {
        @inline(__always) get { Xoshiro256.unit(bits) }
    }

    /// The draw's 64 random bits, of which `value` keeps the top 53.
    /// - Complexity: O(1): one mix.
    var bits: UInt64 {
        @inline(__always) get { SplitMix64.mix(position) }
    }
}

extension RandomStreams {
    /// Takes the next draw of `component` without computing it (see `DeferredUniform`).
    /// - Complexity: O(1): one add.
    @inline(__always)
    mutating func deferUnit(_ component: Component) -> DeferredUniform {
        switch component {
        case .plan: plan &+= gamma; return DeferredUniform(position: plan)
        case .user: user &+= gamma; return DeferredUniform(position: user)
        case .device: device &+= gamma; return DeferredUniform(position: device)
        case .network: network &+= gamma; return DeferredUniform(position: network)
        case .storeKit: storeKit &+= gamma; return DeferredUniform(position: storeKit)
        case .appServer: appServer &+= gamma; return DeferredUniform(position: appServer)
        case .apple: apple &+= gamma; return DeferredUniform(position: apple)
        case .serverRecovery: serverRecovery &+= gamma; return DeferredUniform(position: serverRecovery)
        }
    }

    /// Takes `count` draws of `component` that nothing reads: the counter moves past them.
    /// - Complexity: O(1).
    @inline(__always)
    mutating func skip(_ component: Component, _ count: UInt64) {
        let step = count &* gamma
        switch component {
        case .plan: plan &+= step
        case .user: user &+= step
        case .device: device &+= step
        case .network: network &+= step
        case .storeKit: storeKit &+= step
        case .appServer: appServer &+= step
        case .apple: apple &+= step
        case .serverRecovery: serverRecovery &+= step
        }
    }
}
