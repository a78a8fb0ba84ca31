/// The voice's re-prompt on a screen that waits for a child (Home, the picker, the end
/// screen): after `after` seconds without a press, at most `most` times, then quiet until the
/// next press. Time counts only while the voice is silent.
public struct IdlePrompt: Sendable {
    public static let after = 10.0
    public static let most = 3
    public private(set) var quiet = 0.0
    public private(set) var said = 0
    public init() {}

    /// True while a re-prompt may still come (the scene needs its frames for the count).
    public var isWaiting: Bool { said < Self.most }

    /// A press: the count starts again, and so do the three re-prompts.
    public mutating func heard() { quiet = 0; said = 0 }

    /// One frame; true when it is time to say the re-prompt.
    public mutating func update(dt: Double, speaking: Bool) -> Bool {
        guard isWaiting, !speaking else { return false }
        quiet += dt
        guard quiet >= Self.after - 1e-9 else { return false }
        quiet = 0
        said += 1
        return true
    }
}
