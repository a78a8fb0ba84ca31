import CMath
import Stage

/// Why a spoken line cannot be heard now (issue 45, item 4): the child muted the speaker,
/// a system file locked it muted, or the grown-ups turned the voice off. "Hear it again"
/// then shows the muted ear, and a tap on it says nothing but wiggles the speaker.
public enum SilentVoice: String, Equatable, Sendable {
    /// The top bar's speaker is off (the child's tap, M or `--mute`): a tap on it unmutes.
    case muted
    /// `[locked] mute = true`: the speaker is off and stays off.
    case locked
    /// `voice = false` (the corner's Voice switch): effects still play, spoken lines do not.
    case voiceOff = "voice-off"
}

extension GameContext {
    /// Why the voice is silent, nil when spoken lines are heard. A muted speaker comes first
    /// (it is the one a child can see and, unless locked, change).
    public var silentVoice: SilentVoice? {
        if muted { return muteLocked ? .locked : .muted }
        return settings.voice ? nil : .voiceOff
    }
}

/// The speaker's "this is why" wiggle: a short, gentle, decaying rock about its centre, a
/// pure value read at a time of the scene's own clock (`BaseScene.barTime`). Slower than
/// 3 Hz, so it never flickers; with "less motion" it is an outline that fades in and out
/// once instead.
public struct SpeakerWiggle: Equatable, Sendable {
    /// How long it lasts.
    public static let duration = 0.8
    /// Rocks per second (a full left-right-left swing): under the 3 Hz flashing limit.
    public static let frequency = 2.5
    /// Degrees of the first swing; it fades to nothing by the end.
    public static let amplitude = 14.0
    /// When it started, on the scene's clock.
    public let start: Double

    public init(start: Double) { self.start = start }

    /// Whether it is still moving at `time`.
    public func isActive(at time: Double) -> Bool { time - start >= 0 && time - start < Self.duration - 1e-9 }

    /// The speaker's rotation in degrees at `time` (0 before and after).
    public func angle(at time: Double) -> Double {
        guard isActive(at: time) else { return 0 }
        let age = time - start
        return Self.amplitude * sin(age * 2 * .pi * Self.frequency) * (1 - age / Self.duration)
    }

    /// "Less motion": the outline's opacity at `time`, one soft rise and fall (0...1).
    public func pulse(at time: Double) -> Double {
        guard isActive(at: time) else { return 0 }
        return sin((time - start) / Self.duration * .pi)
    }
}
