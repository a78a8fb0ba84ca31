import GameCore
import Stage
import TextCatalogs

/// Shared behaviour of all scenes: a timeline, the top bar with Back and mute, the `m` key,
/// and the dump of touchable items. Subclasses override the `on...` hooks.
///
/// What a scene wants done it `emit`s while one of its callbacks runs (its hooks, the
/// timeline's steps inside `update`, helpers they call): the callback returns those effects
/// with its commands (`Reaction`), and the stack carries them out after it has returned. A
/// scene never acts by itself; emitting outside a callback (from `init`, from `draw`) stops a
/// debug build (a release build sends it with the next callback's).
@MainActor
open class BaseScene: Scene {
    public let context: GameContext
    public let name: String
    public let timeline = Timeline()
    /// The effects emitted during the callback that runs now.
    private var outbox: [Effect] = []
    /// True while one of the callbacks runs.
    private var reactingNow = false
    private var barPress = PressTracker<TopBar.Target>()
    /// Seconds this scene has been on top (every update, pauses included): the clock of the
    /// top bar's own animations (the speaker's wiggle).
    public private(set) var barTime = 0.0
    /// The speaker's "this is why" wiggle, while it lasts (issue 45, item 4).
    public private(set) var speakerWiggle: SpeakerWiggle?
    /// Whether the speaker is wiggling now.
    public var speakerWiggling: Bool { speakerWiggle?.isActive(at: barTime) ?? false }

    public init(context: GameContext, name: String) {
        self.context = context
        self.name = name
    }

    open var isOverlay: Bool { false }
    open var mirrorsRightToLeft: Bool { true }
    open var handlesFocus: Bool { false }
    /// A focused text field shows: typed text is its own, the letter shortcuts wait.
    open var ownsTextKeys: Bool { false }
    open var gateHoldFrames: [Rect] { [] }
    open var keepsItsShape: Bool { false }
    /// True for the game host only (`GameHost`).
    open var playsAGame: Bool { false }
    /// Title in the top bar; nil shows the logo (Home).
    open var title: String? { nil }
    open var showsBack: Bool { false }
    /// Games show a pause button in the top bar.
    open var showsPause: Bool { false }
    open var pausedState: Bool { false }
    open var needsFrames: Bool { timeline.isActive || speakerWiggling }
    /// Smooth: a frame for every step. A game takes its module's `motion`.
    open var framePace: FramePace { .smooth }
    /// Screens that place their own frames for each screen shape (Home, the games, the rest
    /// screen); every other one keeps its 1024×768 frames, centred (`Placement`).
    open var placesOwnFrames: Bool { playsAGame || self is HomeScene || self is RestScene }
    /// The part of the 1024×768 design this scene draws into (a panel and its margin): it
    /// keeps its full size on every shape where it fits (`Placement.current(showing:)`).
    open var designContent: Rect { Canvas1024.standardBounds }
    /// Where this scene's 1024×768 content goes on the canvas (identity at 4:3).
    open var placement: Placement { placesOwnFrames ? .identity : .current(showing: designContent) }

    /// A portrait screen (issue 27): the screens that stand up there (the picker, the
    /// sticker book, High Scores, the nickname keyboard, "Save the report in") place their
    /// own frames for it.
    static var upright: Bool { Canvas1024.shape == .portrait }
    /// The arrows that turn a paged screen's pages (the picker, the sticker book): the
    /// bottom corners of the design, or of the canvas on a portrait screen.
    static var pageArrowFrames: (previous: Rect, next: Rect) {
        upright ? (Rect(24, Canvas1024.height - 124, 120, 100), Rect(Canvas1024.width - 144, Canvas1024.height - 124, 120, 100))
                : (Rect(40, 640, 120, 100), Rect(1024 - 160, 640, 120, 100))
    }

    // MARK: The callbacks (Scene): each returns what its hooks emitted, with their commands

    public final func enter() -> Reaction { reaction { onEnter(); return [] } }
    public final func leave() -> Reaction { reaction { onLeave(); return [] } }
    public final func resume(with result: SceneResult?) -> Reaction { reaction { onResume(with: result) } }
    public final func answer(_ reply: EffectReply, to effect: Effect) -> Reaction { reaction { onAnswer(reply, to: effect) } }
    public final func update(dt: Double) -> Reaction { reaction { stepFrame(dt: dt) } }
    public final func handle(_ event: InputEvent) -> Reaction { reaction { take(event) } }

    /// Runs `body` as one callback: what it emitted and the commands it gave. (A callback
    /// inside another, as a test may make, adds to the outer one's effects.) Also for a host
    /// that drives one of the scene's own methods (a test landing Memory's deal), which then
    /// carries the reaction out (`SceneStack.act(_:from:)`).
    public final func reaction(_ body: () -> [SceneCommand]) -> Reaction {
        if reactingNow { return Reaction([], body()) }
        reactingNow = true
        let commands = body()
        reactingNow = false
        // (An effect emitted outside a callback, which a debug build stops at, is not lost in
        // a release build: it goes out with this callback's.)
        let effects = outbox
        outbox = []
        return Reaction(effects, commands)
    }

    /// Adds an effect to what the running callback returns.
    public func emit(_ effect: Effect) {
        assert(reactingNow, "\(name): an effect emitted outside a callback (\(effect))")
        outbox.append(effect)
    }

    public func emit(_ effects: [Effect]) {
        for effect in effects { emit(effect) }
    }

    /// A game's feedback (its table's effects for a rule event), with a `log` line's points
    /// where the child saw them (`GameContext.placed`).
    public func perform(_ feedback: [Effect]) {
        emit(context.placed(feedback))
    }

    public func scene(for route: Route) -> (any Scene)? { context.scene(for: route) }

    private func stepFrame(dt: Double) -> [SceneCommand] {
        barTime += dt
        if let w = speakerWiggle, !w.isActive(at: barTime) { speakerWiggle = nil }
        advanceTimeline(dt: dt)
        return onUpdate(dt: dt)
    }

    /// Screens and overlays run their timeline on their own time. The game host runs none:
    /// what a game times is time-based state in its play (`Eased`, `RoundState.due`).
    open func advanceTimeline(dt: Double) { timeline.update(dt: dt) }

    private func take(_ event: InputEvent) -> [SceneCommand] {
        if let commands = intercept(event) { return commands }
        if case .key(.m, _) = event {
            tapSpeaker()
            return []
        }
        if !isOverlay {
            switch event {
            case .pointerDown(let p):
                if let target = TopBar.hit(p, showsBack: showsBack, showsPause: showsPause) {
                    barPress.down(target)
                    return []
                }
            case .pointerUp(let p):
                if barPress.pressed != nil {
                    let tapped = barPress.up(TopBar.hit(p, showsBack: showsBack, showsPause: showsPause))
                    switch tapped {
                    case .mute?: tapSpeaker(); return []
                    case .back?: emit(.sound(.click)); return onBack()
                    case .pause?: emit(.sound(.click)); onPause(); return []
                    case nil: return []
                    }
                }
            case .pointerMoved:
                if barPress.pressed != nil { return [] }
            case .key(.escape, _):
                return onEscape()
            default: break
            }
        } else if case .key(.escape, _) = event {
            return onEscape()
        }
        let placement = self.placement
        return onInput(placement.isIdentity ? event : placement.toDesign(event))
    }

    public func draw(on canvas: any Canvas) {
        let placement = self.placement
        drawContent(on: placement.isIdentity ? canvas : PlacedCanvas(canvas, placement))
        if !isOverlay {
            TopBar.draw(on: canvas, title: title, backLabel: context.text(Messages.back), showsBack: showsBack, showsPause: showsPause, paused: pausedState,
                        muted: context.muted, muteLocked: context.muteLocked, voiceOff: !context.settings.voice, pressed: barPress.pressed,
                        wiggle: speakerWiggle.map { context.settings.reducedMotion ? .pulse($0.pulse(at: barTime)) : .turn($0.angle(at: barTime)) })
            drawOverBar(on: canvas)
        }
    }

    open func dump() -> [(String, JSON)] {
        let bar = isOverlay ? [] : TopBar.items(showsBack: showsBack, showsPause: showsPause, paused: pausedState, muted: context.muted,
                                                muteLocked: context.muteLocked, voiceOff: !context.settings.voice, wiggling: speakerWiggling)
        let placement = self.placement
        let own = (dumpItems() + dumpOverlayItems()).map { placement.toCanvas($0) }
        return dumpFields() + [("items", .array(bar + own))]
    }

    /// The speaker (a tap or M): mutes or unmutes; locked, it only says no (the runtime's
    /// soft "no") and wiggles: it cannot change.
    private func tapSpeaker() {
        if context.muteLocked { wiggleSpeaker() }
        emit(.speakerTapped)
    }

    /// Wiggles the top bar's speaker: "this is why you hear nothing" (a tap on "hear it
    /// again" while the voice is silent, a tap on a locked speaker). A new wiggle starts over.
    public func wiggleSpeaker() {
        speakerWiggle = SpeakerWiggle(start: barTime)
    }

    // MARK: hooks

    /// Pushed on the stack (or put in the place of the top).
    open func onEnter() {}
    /// Taken off the stack.
    open func onLeave() { timeline.cancelAll() }
    /// The scene above was closed; `result` is what it handed back.
    open func onResume(with result: SceneResult?) -> [SceneCommand] { [] }
    /// The runtime's answer to an effect this scene emitted (`EffectReply`).
    open func onAnswer(_ reply: EffectReply, to effect: Effect) -> [SceneCommand] { [] }
    open func onUpdate(dt: Double) -> [SceneCommand] { [] }
    /// Sees every input first; non-nil commands mean the event goes no further (a game's
    /// show-me demo takes the tap that ends it).
    open func intercept(_ event: InputEvent) -> [SceneCommand]? { nil }
    open func onInput(_ event: InputEvent) -> [SceneCommand] { [] }
    /// Back button: by default, leave this scene.
    open func onBack() -> [SceneCommand] { [.pop] }
    open func onEscape() -> [SceneCommand] { onBack() }
    /// The pause button was tapped.
    open func onPause() {}
    open func drawContent(on canvas: any Canvas) {}
    /// Drawn after the top bar (time and score pills of games).
    open func drawOverBar(on canvas: any Canvas) {}
    open func dumpFields() -> [(String, JSON)] { [] }
    open func dumpItems() -> [JSON] { [] }
    /// Items drawn over the scene's own (the pause screen's ▶).
    open func dumpOverlayItems() -> [JSON] { [] }
}

/// Builds one dump item: `id`, `kind`, `frame`, then the item's own state fields.
public func dumpItem(_ id: String, kind: String, frame: Rect, _ fields: [(String, JSON)] = []) -> JSON {
    .object([("id", .string(id)), ("kind", .string(kind)), ("frame", frame.json)] + fields)
}
