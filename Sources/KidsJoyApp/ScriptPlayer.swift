import GameCore
import Scenes
import CSDL2
import Stage

/// Feeds a parsed script into SDL's event queue at the right frames, as real mouse, finger
/// and key events, so scripted input passes the same translation as a child's.
@MainActor
final class ScriptPlayer {
    private let commands: [ScriptCommand]
    private var next = 0
    /// Input to push at later frames, in the order it was scheduled: single events (tap
    /// releases) and drags, whose moves are made one frame at a time as they fall due, so a
    /// long drag costs the same per frame as a short one.
    private enum Pending {
        case event(frame: Int, SDL_Event)
        case drag(start: Int, steps: Int, done: Int, from: Point, to: Point)
    }
    private var scheduled: [Pending] = []
    /// Maps a logical point to the window's coordinates (identity when headless).
    var toWindow: (Point) -> Point = { $0 }
    var toWindowNormalized: (Point) -> Point = { Point($0.x / Canvas1024.width, $0.y / Canvas1024.height) }
    var windowID: UInt32 = 0

    init(commands: [ScriptCommand]) { self.commands = commands }

    var isFinished: Bool { next >= commands.count && scheduled.isEmpty }
    var nextTime: Double? { next < commands.count ? commands[next].time : nil }

    /// Pushes the events scheduled for `frame`.
    func pushScheduled(frame: Int) {
        guard !scheduled.isEmpty else { return }
        var kept: [Pending] = []
        kept.reserveCapacity(scheduled.count)
        for item in scheduled {
            switch item {
            case .event(let due, let event):
                if due <= frame { push(event) } else { kept.append(item) }
            case .drag(let start, let steps, var done, let from, let to):
                while done < steps && start + done + 1 <= frame {
                    done += 1
                    push(mouseMotion(Point.lerp(from, to, Double(done) / Double(steps))))
                }
                if done == steps { push(mouseButton(SDL_MOUSEBUTTONUP, to)) }
                else { kept.append(.drag(start: start, steps: steps, done: done, from: from, to: to)) }
            }
        }
        scheduled = kept
    }

    /// The commands due at time `t`, in file order. Input verbs are pushed as events here;
    /// the others are handed back to the app.
    func due(at t: Double, frame: Int) -> [ScriptCommand] {
        var out: [ScriptCommand] = []
        while next < commands.count, commands[next].time <= t + 1e-9 {
            let command = commands[next]
            next += 1
            switch command.action {
            case .tap(let p):
                push(mouseButton(SDL_MOUSEBUTTONDOWN, p))
                scheduled.append(.event(frame: frame + 1, mouseButton(SDL_MOUSEBUTTONUP, p)))
            case .down(let p): push(mouseButton(SDL_MOUSEBUTTONDOWN, p))
            case .move(let p): push(mouseMotion(p))
            case .up(let p): push(mouseButton(SDL_MOUSEBUTTONUP, p))
            case .drag(let from, let to, let seconds):
                push(mouseButton(SDL_MOUSEBUTTONDOWN, from))
                let steps = max(1, Int((seconds * 60).rounded()))
                scheduled.append(.drag(start: frame, steps: steps, done: 0, from: from, to: to))
            case .touchTap(let p):
                push(finger(SDL_FINGERDOWN, p))
                push(mouseButton(SDL_MOUSEBUTTONDOWN, p, synthesizedFromTouch: true))
                scheduled.append(.event(frame: frame + 1, finger(SDL_FINGERUP, p)))
                scheduled.append(.event(frame: frame + 1, mouseButton(SDL_MOUSEBUTTONUP, p, synthesizedFromTouch: true)))
            case .key(let key):
                push(keyEvent(key))
            case .pad(let button):
                push(padEvent(SDL_CONTROLLERBUTTONDOWN, button))
                scheduled.append(.event(frame: frame + 1, padEvent(SDL_CONTROLLERBUTTONUP, button)))
            case .finger(let phase, let id, let p):
                let type = phase == .down ? SDL_FINGERDOWN : phase == .move ? SDL_FINGERMOTION : SDL_FINGERUP
                push(finger(type, p, id: SDL_FingerID(Self.scriptFingerBase + id)))
            case .screenshot, .screenshotNative, .dump, .quit:
                out.append(command)
            }
        }
        return out
    }

    /// A window coordinate as SDL's Int32, clamped (never a trap, whatever the mapping gives).
    private static func pixel(_ v: Double) -> Int32 {
        guard v.isFinite else { return 0 }
        return Int32(max(-1_000_000_000, min(1_000_000_000, v.rounded(.down))))
    }

    private func push(_ event: SDL_Event) {
        var e = event
        SDL_PushEvent(&e)
    }

    private func mouseButton(_ type: SDL_EventType, _ p: Point, synthesizedFromTouch: Bool = false) -> SDL_Event {
        var e = SDL_Event()
        let w = toWindow(p)
        e.button.type = type.rawValue
        e.button.windowID = windowID
        e.button.which = synthesizedFromTouch ? kjc_touch_mouse_id() : 0
        e.button.button = UInt8(SDL_BUTTON_LEFT)
        e.button.state = UInt8(type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED)
        e.button.clicks = 1
        e.button.x = Self.pixel(w.x)
        e.button.y = Self.pixel(w.y)
        return e
    }

    private func mouseMotion(_ p: Point) -> SDL_Event {
        var e = SDL_Event()
        let w = toWindow(p)
        e.motion.type = SDL_MOUSEMOTION.rawValue
        e.motion.windowID = windowID
        e.motion.which = 0
        e.motion.x = Self.pixel(w.x)
        e.motion.y = Self.pixel(w.y)
        return e
    }

    /// Script fingers get SDL ids from here (touch-tap's finger is 1).
    static let scriptFingerBase = 100

    private func padEvent(_ type: SDL_EventType, _ button: PadButton) -> SDL_Event {
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
        return e
    }

    private func finger(_ type: SDL_EventType, _ p: Point, id: SDL_FingerID = 1) -> SDL_Event {
        var e = SDL_Event()
        let n = toWindowNormalized(p)
        e.tfinger.type = type.rawValue
        e.tfinger.touchId = 1
        e.tfinger.fingerId = id
        e.tfinger.x = Float(n.x)
        e.tfinger.y = Float(n.y)
        e.tfinger.pressure = 1
        e.tfinger.windowID = windowID
        return e
    }

    private func keyEvent(_ key: Key) -> SDL_Event {
        var e = SDL_Event()
        e.key.type = SDL_KEYDOWN.rawValue
        e.key.windowID = windowID
        e.key.state = UInt8(SDL_PRESSED)
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
        }
        e.key.keysym.sym = Int32(sym.rawValue)
        return e
    }
}
