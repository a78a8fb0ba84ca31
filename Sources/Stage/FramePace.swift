import GameCore

/// How often a scene needs a new picture while it moves (issue 31). The rules always step
/// 60 times a second (`GameClock.step`), whatever the pace; the pace only says how many of
/// those steps one drawn frame may cover.
public enum FramePace: String, Sendable, CaseIterable {
    /// A frame for every step: what follows a finger (a dragged card or vehicle), the
    /// fade-in, the tap guard, every screen that is not a calm game.
    case smooth
    /// A frame for every second step, 30 a second: things that drift on their own
    /// (balloons rising) and are only tapped, never dragged. Half the frames, so about half
    /// the CPU on a slow machine, and the motion is still even (each frame moves twice as
    /// far). Input is not read during the sleep between two frames: a tap waits at most
    /// 1/30 s (one that is already waiting when the loop looks is drawn at once).
    case calm

    /// Steps one frame covers.
    public var stepsPerFrame: Int {
        switch self {
        case .smooth: 1
        case .calm: 2
        }
    }

    /// Seconds between frames.
    public var interval: Double { Double(stepsPerFrame) * GameClock.step }
}

/// The windowed loop's pacing decision, pure so it can be stepped in tests.
public enum FramePacer {
    /// A wait shorter than this is rounding: two steps are due. (Any longer wait is slept,
    /// however short: a frame drawn a little early would take one step, not two, and the
    /// next one would follow a step later.)
    public static let slack = 0.000_001

    /// Seconds to sleep before the next frame, or nil to step and draw now.
    /// - `due`: seconds of steps owed (the loop's accumulator);
    /// - `answer`: input that must be answered now arrived (a press, a key, a window change).
    public static func hold(pace: FramePace, due: Double, answer: Bool) -> Double? {
        guard pace == .calm, !answer else { return nil }
        let wait = pace.interval - due
        return wait > slack ? wait : nil
    }
}

extension InputEvent {
    /// A pointer or finger moving with nothing pressed or while dragging: drawn at the next
    /// frame of the pace, never a reason to draw one early.
    public var isMotion: Bool {
        switch self {
        case .pointerMoved: true
        case .finger(.move, _, _): true
        default: false
        }
    }
}
