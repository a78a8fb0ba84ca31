import GameCore
import Stage

/// What runs on its own time around the top scene's frame, whatever scene is on top: the
/// voice's clock before it; the session's rules (the limit, its warning and the rest, the
/// gate's wait) after it. The runtime does (`GameRuntime`); no scene steps a session clock.
@MainActor
public protocol FrameStepping: AnyObject {
    func frameBegins(_ dt: Double, top: any Scene)
    /// The commands the session's rules give (the rest screen).
    func frameEnds(_ dt: Double, top: any Scene) -> [SceneCommand]
}

/// The navigation stack: Home at the bottom, games above, overlays on top. It also owns the
/// short fade a new game comes in with (the screen manager owns transitions; scenes only say
/// where to go) and the one definition of "one frame": `step()`.
@MainActor
public final class SceneStack {
    public private(set) var scenes: [any Scene] = []
    /// Where the effects the scenes return go, and the stack's own lines (`scene`,
    /// `ignored`, `focus`): the runtime.
    private let effects: (any EffectPerformer)?
    public private(set) var quitRequested = false
    /// How strongly overlays dim what is beneath them.
    public static let dimColor = Color(20, 24, 40, 130)
    /// Play's fade-in: a game appears through the Home background colour over this long.
    public static let transitionDuration = 0.25
    /// When the fade-in ends, on the stack's time.
    private var transitionEnds: Double?
    /// Seconds left of the fade-in, or nil.
    public var transitionLeft: Double? { transitionEnds.map { $0 - time } }

    /// The runtime's clocks, stepped around the top scene's frame (nil: a stack alone).
    private let frames: (any FrameStepping)?

    public init(root: any Scene, effects: (any EffectPerformer)?, frames: (any FrameStepping)? = nil) {
        self.effects = effects
        self.frames = frames
        scenes = [root]
        let commands = carryOut(root.enter(), from: root)
        logScene("push", root)
        apply(commands)
    }

    public var top: any Scene { scenes[scenes.count - 1] }
    public var names: [String] { scenes.map(\.name) }
    /// (Loops, not closures: a closure written here and handed to the standard library checks,
    /// each call, that it runs on the main thread; these run several times a frame.)
    public var needsFrames: Bool {
        if transitionEnds != nil || tapGuardRunning { return true }
        // (A held switch counts towards the gate on the stack's clock.)
        if focus.scanInterval != nil && switchHold.held != nil { return true }
        for scene in scenes where scene.needsFrames { return true }
        return false
    }

    /// How often to draw while frames are needed: the top scene's pace (an alert over a
    /// calm game is smooth; the game is calm again once it is closed and the tap guard of
    /// the press that closed it has run out), and smooth while the fade-in or the tap guard
    /// runs (a fade at 30 frames a second would step visibly).
    public var framePace: FramePace {
        if transitionEnds != nil || tapGuardRunning { return .smooth }
        return top.framePace
    }

    /// A right-to-left language: scenes are drawn mirrored, and pointer input and dumps are
    /// mirrored to match (`MirroredCanvas`).
    public var rightToLeft = false

    private func mirrors(_ scene: any Scene) -> Bool { rightToLeft && scene.mirrorsRightToLeft }

    /// The focus ring of keys, a pad and one-switch scanning, over whatever scene is on top.
    public let focus = FocusRing()
    private var focusOwner: ObjectIdentifier?
    /// A tap made for a key, a pad button or the switch: released on the next frame.
    private var pendingRelease: Point?

    /// What the ring can reach on the top scene (frames as drawn).
    public var focusItems: [Focusable] { FocusNavigation.focusables(dump(withFocus: false)) }

    private func followTopForFocus() {
        let id = ObjectIdentifier(top)
        if id != focusOwner {
            focusOwner = id
            focus.reset(at: time)
        }
    }

    /// The tap guard (TESTING.md, decision 2): a press within this long after the press that
    /// changed the scene or opened an alert or popup is ignored, with the rest of it, so a
    /// double tap on "Yes" never flips a card in the new game.
    public static let tapGuard = 0.3
    /// Seconds of frames stepped so far (the time input of the current frame sees): the
    /// stack's clock, the only one it keeps: the tap guard's, the fade-in's and scanning's,
    /// windowed and headless alike (issue #25, one clock). The stack asks for frames while
    /// the guard or the fade runs, so an idle window never sleeps through it.
    public private(set) var time = 0.0
    /// True while a press would be ignored (just after a press changed the scene).
    public var tapGuardRunning: Bool { guardUntil.map { time < $0 - 1e-9 } ?? false }
    private var lastPressAt: Double?
    private var guardUntil: Double?
    private var ignoringPress = false

    public func handle(_ event: InputEvent) {
        followTopForFocus()
        if focus.scanInterval != nil {
            handleSwitch(event)
            return
        }
        // A key or button let go matters only to the switch.
        if event.isRelease { return }
        if top.ownsTextKeys, case .key(let key, _) = event, key == .m || key == .pause {
            // Typing an M into a nickname never mutes the game (issue #26, item 6).
            return
        }
        var event = event
        if case .pad(let button) = event {
            // A pad reaches the scenes as the keys they know.
            guard let key = Self.key(for: button) else { return }
            event = .key(key)
        }
        if !top.handlesFocus {
            switch event {
            case .key(let key, let shift) where [.left, .right, .up, .down, .tab].contains(key):
                focus.move(key, shift: shift, items: focusItems, rightToLeft: rightToLeft)
                return
            case .key(.return, _), .key(.space, _):
                // A paused game goes on with these keys, as it always did. On a screen that
                // takes typing (the gate's pad, a nickname) Return is its own (OK) and Space
                // is typed: the ring does not take them.
                if !top.ownsTextKeys, focus.visible, !((top as? BaseScene)?.pausedState ?? false), focus.focused(in: focusItems) != nil {
                    activateFocused()
                    return
                }
            case .pointerDown:
                focus.visible = false
            default: break
            }
        }
        deliver(event)
    }

    /// Hands an event to the top scene, through the tap guard (also the taps the ring makes).
    private func deliver(_ event: InputEvent) {
        switch event {
        case .pointerDown:
            if tapGuardRunning {
                ignoringPress = true
                effects?.send(.log("ignored", [("what", "press"), ("why", "tap-guard")]))
                return
            }
            ignoringPress = false
            lastPressAt = time
        case .pointerMoved:
            if ignoringPress { return }
        case .pointerUp:
            if ignoringPress { ignoringPress = false; return }
        default: break
        }
        let before = ObjectIdentifier(top), depth = scenes.count
        let scene = top
        apply(carryOut(scene.handle(mirrors(scene) ? MirroredCanvas.mirror(event) : event), from: scene))
        if ObjectIdentifier(top) != before || scenes.count != depth, let pressAt = lastPressAt {
            switch event {
            case .pointerDown, .pointerUp: guardUntil = pressAt + Self.tapGuard
            default: break
            }
        }
    }

    /// What is held down under one-switch scanning (the way to the adult gate, SwitchHold).
    public private(set) var switchHold = SwitchHold()

    /// One switch (TESTING decision 17): M, F11 and Escape keep their meaning; any other key,
    /// mouse button or pad button taps what the ring shows, once per press (a held key's
    /// repeats are not presses). Held down `SwitchHold.gateSeconds` it opens the adult gate
    /// (`update`); a mouse or finger press on the logo or the grown-ups' sign where they open
    /// the gate (`gateHoldFrames`) is their hold, as without scanning (issue #46, #45).
    private func handleSwitch(_ event: InputEvent) {
        if top.ownsTextKeys, handleGrownUpEntry(event) { return }
        switch event {
        case .focusLost:
            switchHold.reset()
            deliver(event)
        case .key(.m, _), .key(.f11, _), .key(.escape, _):
            deliver(event)
        case .key(let key, _):
            switchPressed(.key(key))
        case .pad(let button):
            switchPressed(.pad(button))
        case .pointerDown(let p):
            let own = mirrors(top) ? MirroredCanvas.mirror(p) : p
            if top.gateHoldFrames.contains(where: { $0.contains(own) }) {
                _ = switchHold.press(.logo, at: time)
                deliver(event)
            } else {
                switchPressed(.pointer)
            }
        case .pointerMoved:
            if switchHold.held == .logo { deliver(event) }
        case .pointerUp:
            guard switchHold.held == .logo else { switchReleased(.pointer); return }
            let wasTap = switchHold.release(.logo, at: time)
            deliver(event)
            if wasTap { activateFocused() }
        case .keyUp(let key):
            switchReleased(.key(key))
        case .padUp(let button):
            switchReleased(.pad(button))
        case .finger, .text:
            break
        }
    }

    /// A switch press: it taps what the ring shows at once, or, where a held switch opens the
    /// gate (Home, the rest screen), when it is let go.
    private func switchPressed(_ what: SwitchHold.Held) {
        let onRelease = top.opensGateByHold
        if switchHold.press(what, at: time, tapOnRelease: onRelease) && !onRelease { activateFocused() }
    }

    private func switchReleased(_ what: SwitchHold.Held) {
        if switchHold.release(what, at: time) { activateFocused() }
    }

    /// A grown-up's entry screen under scanning (the gate's pad, a nickname): typed text and
    /// the pointer act as without scanning (digits and letters typed, taps where they land),
    /// so a grown-up can answer with a keyboard or a mouse; M and P are typed, not mute and
    /// pause; the other keys and a pad stay the switch, and the ring goes on. True when the
    /// event was taken here.
    private func handleGrownUpEntry(_ event: InputEvent) -> Bool {
        switch event {
        case .text, .pointerDown, .pointerMoved, .pointerUp, .key(.backspace, _):
            deliver(event)
            return true
        case .key(.m, _), .key(.pause, _):
            return true
        default:
            return false
        }
    }

    /// The switch held down long enough: the adult gate opens where the logo's hold opens it
    /// (Home, the rest screen); elsewhere the hold is logged and nothing happens.
    private func openGateForHeldSwitch() {
        effects?.send(.log("hold", [("what", "switch"), ("seconds", .double(SwitchHold.gateSeconds))]))
        guard top.opensGateByHold else {
            effects?.send(.log("ignored", [("what", "switch-hold"), ("why", "no-gate-here")]))
            return
        }
        apply([.show(.gate)])
    }

    /// Taps the centre of the focused item: pressed now, released on the next frame.
    private func activateFocused() {
        guard pendingRelease == nil, let item = focus.focused(in: focusItems) else { return }
        let p = item.frame.center
        pendingRelease = p
        deliver(.pointerDown(p))
    }

    /// The line that named the last scanned item, while it may still be speaking.
    private var namingKey: String?

    /// Scanning speaks: the voice names the item the ring stepped to, when a line names it.
    /// It stays out of the way of the game's own speech: said only when the channel is
    /// quiet or still naming the previous item (which it cuts short), never queued behind
    /// or in place of a game's line.
    private func nameFocused() {
        guard let context = (top as? BaseScene)?.context else { return }
        let games = context.registry
        let items = dump(withFocus: false).first { $0.0 == "items" }?.1.arrayValue ?? []
        guard let id = focus.focusedID, let item = items.first(where: { $0["id"]?.stringValue == id }),
              let line = FocusNavigation.voiceLine(for: item, games: games) else { return }
        if context.voiceIsSpeaking && context.speakingKey != namingKey { return }
        effects?.send(.speak(line, now: context.voiceIsSpeaking))
        namingKey = line.key
    }

    /// A = Return, B = Escape (Back), Start = pause, the d-pad = arrows.
    public static func key(for button: PadButton) -> Key? {
        switch button {
        case .a: .return
        case .b: .escape
        case .start: .pause
        case .up: .up
        case .down: .down
        case .left: .left
        case .right: .right
        case .other: nil
        }
    }

    /// The top scene's dump fields, with frames as drawn; each item the ring can reach says
    /// whether it is `focused`.
    public func dump() -> [(String, JSON)] { dump(withFocus: true) }

    private func dump(withFocus: Bool) -> [(String, JSON)] {
        var fields = top.dump()
        if mirrors(top) { fields = fields.map { ($0.0, MirroredCanvas.mirror($0.1, key: $0.0)) } }
        guard withFocus, !top.handlesFocus || focus.scanInterval != nil else { return fields }
        let reachable = Set(FocusNavigation.focusables(fields).map(\.id))
        let focused = focus.visible ? focus.focused(in: FocusNavigation.focusables(fields))?.id : nil
        return fields.map { key, value in
            guard key == "items", case .array(let items) = value else { return (key, value) }
            return (key, .array(items.map { item in
                guard case .object(var f) = item, case .string(let id)? = f.first(where: { $0.0 == "id" })?.1,
                      reachable.contains(id) else { return item }
                f.removeAll { $0.0 == "focused" }
                f.append(("focused", .bool(id == focused)))
                return .object(f)
            }))
        }
    }

    /// One frame of the game: 1/60 s for the top scene (the app loops, the benchmark and
    /// the tests all step through here).
    public func step() {
        update(dt: GameClock.step)
    }

    public func update(dt: Double) {
        time += dt
        if let p = pendingRelease {
            pendingRelease = nil
            deliver(.pointerUp(p))
        }
        if let left = transitionLeft, left <= 1e-9 { transitionEnds = nil }
        frames?.frameBegins(dt, top: top)
        let scene = top
        let commands = carryOut(scene.update(dt: dt), from: scene)
        apply(commands + (frames?.frameEnds(dt, top: top) ?? []))
        followTopForFocus()
        if focus.scanInterval != nil, switchHold.gateDue(at: time) { openGateForHeldSwitch() }
        if focus.scanInterval != nil, focus.update(now: time, items: focusItems, rightToLeft: rightToLeft) {
            effects?.send(.log("focus", [("item", focus.focusedID.map { .string($0) } ?? .null), ("by", "scan")]))
            nameFocused()
        }
    }

    /// Draws from the topmost opaque scene up; each overlay dims what is beneath it. What is
    /// beneath the top overlay (dim included) is drawn as one cached layer, which the canvas
    /// draws again whenever anything beneath draws differently.
    public func draw(on canvas: any Canvas) {
        var base = 0
        for (i, scene) in scenes.enumerated() where !scene.isOverlay { base = i }
        let top = scenes.count - 1
        let mirrored = rightToLeft ? MirroredCanvas(canvas) : nil
        func draw(_ index: Int) {
            scenes[index].draw(on: mirrors(scenes[index]) ? mirrored! : canvas)
        }
        func drawRange(_ range: Range<Int>) {
            for index in range {
                if index > base && scenes[index].isOverlay { canvas.fill(canvas.visibleRect, SceneStack.dimColor) }
                draw(index)
            }
        }
        if top > base {
            canvas.layer("beneath-overlay") {
                drawRange(base..<top)
                canvas.fill(canvas.visibleRect, SceneStack.dimColor)
            }
            draw(top)
        } else {
            drawRange(base..<scenes.count)
        }
        if let left = transitionLeft {
            canvas.fill(canvas.visibleRect, Theme.background.withAlpha(left / Self.transitionDuration))
        }
        if focus.visible && (!scenes[top].handlesFocus || focus.scanInterval != nil) {
            focus.draw(on: canvas, items: focusItems)
        }
    }

    public func apply(_ commands: [SceneCommand]) {
        var queue = commands[...]
        while let command = queue.popFirst() {
            switch command {
            case .show(let route):
                guard let scene = top.scene(for: route) else { continue }
                if case .game = route { transitionEnds = time + Self.transitionDuration }
                push(scene)
            case .switchTo(let route):
                guard let scene = top.scene(for: route) else { continue }
                if case .game = route { transitionEnds = time + Self.transitionDuration }
                replace(with: scene)
            case .push(let scene):
                push(scene)
            case .replace(let scene):
                replace(with: scene)
            case .pop(let result):
                guard scenes.count > 1 else { continue }
                let old = scenes.removeLast()
                let left = carryOut(old.leave(), from: old)
                // The scene beneath hears the answer as the overlay closes (its sounds and log
                // lines come first); what it decides runs next, before the rest of this batch.
                let beneath = top
                let next = left + carryOut(beneath.resume(with: result), from: beneath)
                logScene("pop", old)
                queue = next[...] + queue
            case .popToRoot:
                guard scenes.count > 1 else { continue }
                var next: [SceneCommand] = []
                while scenes.count > 1 {
                    let old = scenes.removeLast()
                    next += carryOut(old.leave(), from: old)
                    logScene("pop", old)
                }
                let root = top
                queue = (next + carryOut(root.resume(with: nil), from: root))[...] + queue
            case .quit:
                quitRequested = true
            }
        }
    }

    /// Carries out what a scene returned outside the stack's own calls (`BaseScene.reaction`):
    /// its effects, then its commands.
    public func act(_ reaction: Reaction, from scene: any Scene) {
        apply(carryOut(reaction, from: scene))
    }

    /// Runs one of a scene's own methods as a callback of it, and carries out what it emitted
    /// (a test landing Memory's deal, starting a demo).
    public func act(on scene: BaseScene, _ body: () -> Void) {
        apply(on: scene) { body(); return [] }
    }

    /// The same for a method that also says where to go (a test ending a round: `finish`).
    public func apply(on scene: BaseScene, _ body: () -> [SceneCommand]) {
        act(scene.reaction(body), from: scene)
    }

    /// Carries out what a scene's callback returned: its effects, in order, each answer the
    /// runtime gives coming back to that scene (`Scene.answer`) before the next; the commands
    /// (its own, then its answers') are returned for `apply`.
    private func carryOut(_ reaction: Reaction, from scene: any Scene) -> [SceneCommand] {
        var commands = reaction.commands
        for effect in reaction.effects {
            guard let reply = effects?.send(effect), !reply.isDone else { continue }
            commands += carryOut(scene.answer(reply, to: effect), from: scene)
        }
        return commands
    }

    /// What entering returned is carried out as the scene arrives; its commands are applied
    /// at once (a scene that leaves as it enters).
    private func push(_ scene: any Scene) {
        scenes.append(scene)
        let commands = carryOut(scene.enter(), from: scene)
        logScene("push", scene)
        apply(commands)
    }

    private func replace(with scene: any Scene) {
        let old = scenes.removeLast()
        let left = carryOut(old.leave(), from: old)
        scenes.append(scene)
        let commands = carryOut(scene.enter(), from: scene)
        logScene("replace", scene)
        apply(left + commands)
    }

    private func logScene(_ action: String, _ scene: any Scene) {
        effects?.send(.log("scene", [("action", .string(action)), ("scene", .string(scene.name)), ("stack", .strings(names))]))
    }
}
