import CSDL2
import GameCore
import Stage

/// Turns SDL events into `InputEvent`s in logical coordinates, at one place: mouse and the
/// first finger become one pointer; mouse events SDL synthesizes from touch are dropped so
/// a tap counts once; presses outside the play area (the logical 1024×768, centred on the
/// real screen) are ignored.
public struct InputTranslator {
    private var activeFinger: SDL_FingerID?
    /// The other fingers down now, by SDL id → the small id scenes see.
    private var otherFingers: [SDL_FingerID: Int] = [:]
    private var mouseDown = false
    /// Where the logical canvas lies in the window's real pixels.
    public var viewport = Viewport.logical
    /// Real pixels per window point (SDL's mouse coordinates), 2 on a high-DPI screen.
    public var pixelsPerPoint: (x: Double, y: Double) = (1, 1)
    public init() {}

    /// A mouse position (window points) in logical units.
    func logical(_ x: Int32, _ y: Int32) -> Point {
        viewport.toLogical(Point(Double(x) * pixelsPerPoint.x, Double(y) * pixelsPerPoint.y))
    }

    static func inCanvas(_ p: Point) -> Bool { Canvas1024.bounds.contains(p) }
    static func clampToCanvas(_ p: Point) -> Point { Point(p.x.clamped(0, Canvas1024.width), p.y.clamped(0, Canvas1024.height)) }

    public mutating func translate(_ event: SDL_Event) -> InputEvent? {
        switch SDL_EventType(rawValue: event.type) {
        case SDL_MOUSEBUTTONDOWN:
            guard event.button.which != kjc_touch_mouse_id(), Int32(event.button.button) == SDL_BUTTON_LEFT else { return nil }
            let p = logical(event.button.x, event.button.y)
            guard Self.inCanvas(p), activeFinger == nil else { return nil }
            mouseDown = true
            return .pointerDown(p)
        case SDL_MOUSEBUTTONUP:
            guard event.button.which != kjc_touch_mouse_id(), Int32(event.button.button) == SDL_BUTTON_LEFT, mouseDown else { return nil }
            mouseDown = false
            return .pointerUp(Self.clampToCanvas(logical(event.button.x, event.button.y)))
        case SDL_MOUSEMOTION:
            guard event.motion.which != kjc_touch_mouse_id(), activeFinger == nil else { return nil }
            return .pointerMoved(Self.clampToCanvas(logical(event.motion.x, event.motion.y)))
        case SDL_FINGERDOWN:
            let id = event.tfinger.fingerId
            guard activeFinger == nil, !mouseDown else {
                // A second finger (or a finger while the mouse is held): its own events.
                guard activeFinger != id, otherFingers[id] == nil else { return nil }
                let small = (1...).first { n in !otherFingers.values.contains(n) }!
                otherFingers[id] = small
                return .finger(.down, id: small, fingerPoint(event))
            }
            activeFinger = id
            return .pointerDown(fingerPoint(event))
        case SDL_FINGERMOTION:
            if let small = otherFingers[event.tfinger.fingerId] { return .finger(.move, id: small, fingerPoint(event)) }
            guard activeFinger == event.tfinger.fingerId else { return nil }
            return .pointerMoved(fingerPoint(event))
        case SDL_FINGERUP:
            if let small = otherFingers.removeValue(forKey: event.tfinger.fingerId) { return .finger(.up, id: small, fingerPoint(event)) }
            guard activeFinger == event.tfinger.fingerId else { return nil }
            activeFinger = nil
            return .pointerUp(fingerPoint(event))
        case SDL_CONTROLLERDEVICEADDED:
            // Hot-plug: a pad plugged in (or there at start) is opened and kept open.
            _ = SDL_GameControllerOpen(event.cdevice.which)
            return nil
        case SDL_CONTROLLERBUTTONDOWN:
            return .pad(Self.padButton(SDL_GameControllerButton(Int32(event.cbutton.button))))
        case SDL_CONTROLLERBUTTONUP:
            return .padUp(Self.padButton(SDL_GameControllerButton(Int32(event.cbutton.button))))
        case SDL_KEYDOWN:
            let shift = (UInt32(event.key.keysym.mod) & UInt32(KMOD_SHIFT.rawValue)) != 0
            guard let key = Self.key(event.key.keysym.sym) else { return nil }
            // Held keys repeat only for moving the focus.
            if event.key.repeat != 0 && ![.left, .right, .up, .down, .tab].contains(key) { return nil }
            return .key(key, shift: shift)
        case SDL_KEYUP:
            // Only one-switch scanning reads it (a switch held down opens the adult gate).
            return Self.key(event.key.keysym.sym).map { .keyUp($0) }
        case SDL_TEXTINPUT:
            let text = withUnsafeBytes(of: event.text.text) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            return text.isEmpty ? nil : .text(text)
        case SDL_WINDOWEVENT:
            let id = SDL_WindowEventID(rawValue: UInt32(event.window.event))
            if id == SDL_WINDOWEVENT_FOCUS_LOST || id == SDL_WINDOWEVENT_MINIMIZED { return .focusLost }
            return nil
        default:
            return nil
        }
    }

    /// The game's key for an SDL key symbol, if it is one the game reacts to.
    static func key(_ sym: SDL_Keycode) -> Key? {
        switch sym {
        case Int32(SDLK_ESCAPE.rawValue): .escape
        case Int32(SDLK_RETURN.rawValue), Int32(SDLK_KP_ENTER.rawValue): .return
        case Int32(SDLK_SPACE.rawValue): .space
        case Int32(SDLK_F11.rawValue): .f11
        case Int32(SDLK_LEFT.rawValue): .left
        case Int32(SDLK_RIGHT.rawValue): .right
        case Int32(SDLK_UP.rawValue): .up
        case Int32(SDLK_DOWN.rawValue): .down
        case Int32(SDLK_TAB.rawValue): .tab
        case Int32(SDLK_m.rawValue): .m
        case Int32(SDLK_p.rawValue), Int32(SDLK_PAUSE.rawValue): .pause
        case Int32(SDLK_BACKSPACE.rawValue): .backspace
        default: nil
        }
    }

    static func padButton(_ button: SDL_GameControllerButton) -> PadButton {
        switch button {
        case SDL_CONTROLLER_BUTTON_A: .a
        case SDL_CONTROLLER_BUTTON_B: .b
        case SDL_CONTROLLER_BUTTON_START: .start
        case SDL_CONTROLLER_BUTTON_DPAD_UP: .up
        case SDL_CONTROLLER_BUTTON_DPAD_DOWN: .down
        case SDL_CONTROLLER_BUTTON_DPAD_LEFT: .left
        case SDL_CONTROLLER_BUTTON_DPAD_RIGHT: .right
        default: .other
        }
    }

    /// Finger positions arrive normalized to the window: to real pixels, then logical.
    private func fingerPoint(_ event: SDL_Event) -> Point {
        Self.clampToCanvas(viewport.toLogical(Point(Double(event.tfinger.x) * Double(viewport.width), Double(event.tfinger.y) * Double(viewport.height))))
    }
}
