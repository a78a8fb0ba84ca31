/// SplitMix64: a small, fast, seedable generator. One instance, owned by the app and seeded
/// by `--seed`, feeds every random choice so a run can be replayed exactly.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The app's one random source, shared by reference with the scenes it creates.
@MainActor
public final class RandomSource {
    public var generator: SeededGenerator
    public init(seed: UInt64) { generator = SeededGenerator(seed: seed) }
}
