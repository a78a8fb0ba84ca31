import GameCore

/// Keys the game reacts to.
public enum Key: String, Sendable, CaseIterable {
    case escape, `return`, space, f11, left, right, up, down, tab, m
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
}
