import GameCore

/// Keys the game reacts to.
public enum Key: String, Sendable, CaseIterable {
    case escape, `return`, space, f11, left, right, up, down, tab, m
    /// Pause or go on (a pad's Start; P on a keyboard).
    case pause
    /// Erase the last typed character (the gate's pad, a nickname).
    case backspace
}

/// Input after translation at the SDL boundary: one pointer (mouse or finger) in logical
/// canvas coordinates, and keys. Scenes only ever see these.
public enum InputEvent: Equatable, Sendable {
    case pointerDown(Point)
    case pointerMoved(Point)
    case pointerUp(Point)
    case key(Key, shift: Bool = false)
    /// The window lost focus or was minimized: running games pause.
    case focusLost
    /// A game-controller button (SDL GameController, any pad). The stack turns it into
    /// keys for the scenes: A = Return, B = Escape (Back), Start = pause, the d-pad = arrows.
    case pad(PadButton)
    /// A finger other than the one that drives the pointer, on a multi-touch screen: Home,
    /// alerts and popups ignore it (one tap from one finger); games that can use several
    /// at once (popping balloons, dragging vehicles) follow it by its id.
    case finger(FingerPhase, id: Int, Point)
    /// Text typed on a keyboard (SDL's text input: one or more characters as the layout
    /// gives them). A scene with a focused text field (`ownsTextKeys`) takes it; while one
    /// shows, the letter shortcuts (M for mute, P for pause) do not fire.
    case text(String)
    /// A key let go (SDL's key-up). Only the stack reads it, for one-switch scanning, where a
    /// switch held down `SwitchHold.gateSeconds` opens the adult gate; scenes never get it.
    case keyUp(Key)
    /// A game-controller button let go (read like `keyUp`).
    case padUp(PadButton)

    /// A key or pad button let go: the stack's alone (see `keyUp`).
    public var isRelease: Bool {
        switch self {
        case .keyUp, .padUp: true
        default: false
        }
    }
}

/// The buttons of a game controller the game tells apart (the others count as `other`).
public enum PadButton: String, Sendable, CaseIterable {
    case a, b, start, up, down, left, right, other
}

public enum FingerPhase: String, Sendable {
    case down, move, up
}
