import CSDL2
import GameCore
import Stage

/// An input event made up for SDL's queue (a script's tap, drag, key or pad press), in
/// window coordinates, so scripted input passes the same translation as a child's.
public struct ScriptedEvent {
    var event: SDL_Event

    /// Puts it at the end of SDL's queue.
    @MainActor
    public func push() {
        var e = event
        SDL_PushEvent(&e)
    }

    /// A window coordinate as SDL's Int32, clamped (never a trap, whatever the mapping gives).
    private static func pixel(_ v: Double) -> Int32 {
        guard v.isFinite else { return 0 }
        return Int32(max(-1_000_000_000, min(1_000_000_000, v.rounded(.down))))
    }

    /// The left mouse button pressed or released at `p` (window points); `synthesizedFromTouch`
    /// marks it as SDL marks the mouse events it makes from a finger.
    public static func mouseButton(down: Bool, at p: Point, windowID: UInt32, synthesizedFromTouch: Bool = false) -> ScriptedEvent {
        let type = down ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP
        var e = SDL_Event()
        e.button.type = type.rawValue
        e.button.windowID = windowID
        e.button.which = synthesizedFromTouch ? kjc_touch_mouse_id() : 0
        e.button.button = UInt8(SDL_BUTTON_LEFT)
        e.button.state = UInt8(type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED)
        e.button.clicks = 1
        e.button.x = pixel(p.x)
        e.button.y = pixel(p.y)
        return ScriptedEvent(event: e)
    }

    /// The mouse moved to `p` (window points).
    public static func mouseMotion(to p: Point, windowID: UInt32) -> ScriptedEvent {
        var e = SDL_Event()
        e.motion.type = SDL_MOUSEMOTION.rawValue
        e.motion.windowID = windowID
        e.motion.which = 0
        e.motion.x = pixel(p.x)
        e.motion.y = pixel(p.y)
        return ScriptedEvent(event: e)
    }

    /// A game controller's button pressed or released.
    public static func pad(_ button: PadButton, down: Bool) -> ScriptedEvent {
        let type = down ? SDL_CONTROLLERBUTTONDOWN : SDL_CONTROLLERBUTTONUP
        var e = SDL_Event()
        e.cbutton.type = type.rawValue
        e.cbutton.which = 0
        e.cbutton.state = UInt8(type == SDL_CONTROLLERBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED)
        let b: SDL_GameControllerButton
        switch button {
        case .a: b = SDL_CONTROLLER_BUTTON_A
        case .b: b = SDL_CONTROLLER_BUTTON_B
        case .start: b = SDL_CONTROLLER_BUTTON_START
        case .up: b = SDL_CONTROLLER_BUTTON_DPAD_UP
        case .down: b = SDL_CONTROLLER_BUTTON_DPAD_DOWN
        case .left: b = SDL_CONTROLLER_BUTTON_DPAD_LEFT
        case .right: b = SDL_CONTROLLER_BUTTON_DPAD_RIGHT
        case .other: b = SDL_CONTROLLER_BUTTON_X
        }
        e.cbutton.button = UInt8(b.rawValue)
        return ScriptedEvent(event: e)
    }

    /// A finger down, moved or up at `n` (normalized to the window, 0...1), with SDL's id `id`.
    public static func finger(_ phase: FingerPhase, at n: Point, id: Int64 = 1, windowID: UInt32) -> ScriptedEvent {
        let type = phase == .down ? SDL_FINGERDOWN : phase == .move ? SDL_FINGERMOTION : SDL_FINGERUP
        var e = SDL_Event()
        e.tfinger.type = type.rawValue
        e.tfinger.touchId = 1
        e.tfinger.fingerId = SDL_FingerID(id)
        e.tfinger.x = Float(n.x)
        e.tfinger.y = Float(n.y)
        e.tfinger.pressure = 1
        e.tfinger.windowID = windowID
        return ScriptedEvent(event: e)
    }

    /// A key pressed (or let go: `down` false).
    public static func key(_ key: Key, down: Bool = true, windowID: UInt32) -> ScriptedEvent {
        var e = SDL_Event()
        e.key.type = (down ? SDL_KEYDOWN : SDL_KEYUP).rawValue
        e.key.windowID = windowID
        e.key.state = UInt8(down ? SDL_PRESSED : SDL_RELEASED)
        let sym: SDL_KeyCode
        switch key {
        case .escape: sym = SDLK_ESCAPE
        case .return: sym = SDLK_RETURN
        case .space: sym = SDLK_SPACE
        case .f11: sym = SDLK_F11
        case .left: sym = SDLK_LEFT
        case .right: sym = SDLK_RIGHT
        case .up: sym = SDLK_UP
        case .down: sym = SDLK_DOWN
        case .tab: sym = SDLK_TAB
        case .m: sym = SDLK_m
        case .pause: sym = SDLK_p
        case .backspace: sym = SDLK_BACKSPACE
        }
        e.key.keysym.sym = Int32(sym.rawValue)
        return ScriptedEvent(event: e)
    }
}
