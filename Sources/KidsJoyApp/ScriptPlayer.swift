import GameCore
import Platform
import Stage

/// Feeds a parsed script into SDL's event queue at the right frames, as real mouse, finger
/// and key events (Platform's ScriptedEvent), so scripted input passes the same translation
/// as a child's.
@MainActor
final class ScriptPlayer {
    private let commands: [ScriptCommand]
    private var next = 0
    /// Input to push at later frames, in the order it was scheduled: single events (tap
    /// releases) and drags, whose moves are made one frame at a time as they fall due, so a
    /// long drag costs the same per frame as a short one.
    private enum Pending {
        case event(frame: Int, ScriptedEvent)
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
                if due <= frame { event.push() } else { kept.append(item) }
            case .drag(let start, let steps, var done, let from, let to):
                while done < steps && start + done + 1 <= frame {
                    done += 1
                    mouseMotion(Point.lerp(from, to, Double(done) / Double(steps))).push()
                }
                if done == steps { mouseButton(down: false, to).push() }
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
                tap(p, frame: frame)
            case .down(let p): mouseButton(down: true, p).push()
            case .move(let p): mouseMotion(p).push()
            case .up(let p): mouseButton(down: false, p).push()
            case .drag(let from, let to, let seconds):
                drag(from: from, to: to, seconds: seconds, frame: frame)
            case .touchTap(let p):
                finger(.down, p).push()
                mouseButton(down: true, p, synthesizedFromTouch: true).push()
                scheduled.append(.event(frame: frame + 1, finger(.up, p)))
                scheduled.append(.event(frame: frame + 1, mouseButton(down: false, p, synthesizedFromTouch: true)))
            case .key(let key):
                // Pressed and let go on the next frame, as a keyboard does (one-switch scanning
                // reads the release: a switch held down opens the adult gate).
                ScriptedEvent.key(key, windowID: windowID).push()
                scheduled.append(.event(frame: frame + 1, .key(key, down: false, windowID: windowID)))
            case .keyDown(let key):
                ScriptedEvent.key(key, windowID: windowID).push()
            case .keyUp(let key):
                ScriptedEvent.key(key, down: false, windowID: windowID).push()
            case .pad(let button):
                ScriptedEvent.pad(button, down: true).push()
                scheduled.append(.event(frame: frame + 1, .pad(button, down: false)))
            case .finger(let phase, let id, let p):
                finger(phase, p, id: Self.scriptFingerBase + id).push()
            case .screenshot, .screenshotNative, .dump, .quit, .tapItem, .dragItem, .resize:
                // (An item's place is the app's to find, in the current dump: it then calls
                // `tap` or `drag`.)
                out.append(command)
            }
        }
        return out
    }

    /// A press at logical `p` now, released on the next frame (`tap`, `tap-item`).
    func tap(_ p: Point, frame: Int) {
        mouseButton(down: true, p).push()
        scheduled.append(.event(frame: frame + 1, mouseButton(down: false, p)))
    }

    /// A press at `from` now, moves one a frame to `to` over `seconds`, then the release.
    func drag(from: Point, to: Point, seconds: Double, frame: Int) {
        mouseButton(down: true, from).push()
        let steps = max(1, Int((seconds * 60).rounded()))
        scheduled.append(.drag(start: frame, steps: steps, done: 0, from: from, to: to))
    }

    /// A press or release at logical `p`, in window points.
    private func mouseButton(down: Bool, _ p: Point, synthesizedFromTouch: Bool = false) -> ScriptedEvent {
        .mouseButton(down: down, at: toWindow(p), windowID: windowID, synthesizedFromTouch: synthesizedFromTouch)
    }

    private func mouseMotion(_ p: Point) -> ScriptedEvent { .mouseMotion(to: toWindow(p), windowID: windowID) }

    /// Script fingers get SDL ids from here (touch-tap's finger is 1).
    static let scriptFingerBase = 100

    private func finger(_ phase: FingerPhase, _ p: Point, id: Int = 1) -> ScriptedEvent {
        .finger(phase, at: toWindowNormalized(p), id: Int64(id), windowID: windowID)
    }
}
