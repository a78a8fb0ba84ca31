import GameCore
import CMath
import Stage
import TextCatalogs

/// What every game shares: the top bar with Back, title, time and score pills; game time;
/// the countdown label with its last-ten-seconds pulse and tick; "+N" floating texts with
/// the coin sound; and the game-over flow (record, sounds, "Play again?").
/// Subclasses keep their rules in a pure value and translate input and rule events.
///
/// Two clocks (DESIGN.md): rule time (`clock`) is the time of the current frame; every rule
/// and every input of the frame sees it, and it stops while paused and once the game is
/// over. The scene timeline carries what happens around the rules (the win celebration,
/// the skull's boom, alert delays, shakes and glides): it stops while paused only. Both
/// move on at the end of each step, so an input and the update of one frame see one time.
///
/// Everything else that moves reads one of the other clocks of `time` (`GameTime`: frame,
/// awake, scene and played time, as `frameTime`, `awakeTime`, `sceneClock` and `playedTime`),
/// each stopping where it always did; the host steps them once a frame, and nothing here or
/// in a game sums its own `dt`.
@MainActor
open class GameScene: BaseScene {
    public let kind: GameKind
    public let level: Level
    /// The host's clocks (`GameTime`), stepped once a frame in `onUpdate`.
    public private(set) var time = GameTime()
    /// Rule time: seconds of play in this game at the current frame.
    public var clock: GameClock { time.rule }
    /// Scene time: seconds since the game appeared, not counting pauses.
    public var sceneClock: GameClock { time.scene }
    public internal(set) var isOver = false
    /// The round that ended, while the store records it.
    var ended: EndingUnderWay?
    /// Paused (window lost focus or the pause button): the clocks and the game stand still.
    public private(set) var isPaused = false
    /// The pills, the "+N" texts and the ripples as shown.
    var pills = PillsShown()
    /// The score shown in the pill (Balloons updates it when a flying number lands).
    public var shownScore: Int { pills.score }
    /// Seconds this game has been on top of the stack, pauses and the demo included.
    public var frameTime: Double { time.frame }
    /// Seconds on top and not paused, the demo included (decoration moves on through it).
    public var awakeTime: Double { time.awake }
    /// Seconds of the frames the rules ran in, this one included: rule time at the end of
    /// the frame, which also counts the frame in which the game ended.
    public var playedTime: Double { time.played }
    /// The area below the top bar where the game is played.
    public static var playArea: Rect { Canvas1024.playArea }
    public static let lastSeconds = 10

    /// Relaxed mode (TESTING decision 12), fixed when the game starts: no countdown shown.
    public let relaxed: Bool

    // Speaking (issue 14): the intro, a re-prompt after a quiet while, "hear it again" and
    // the show-me demo.
    /// Seconds without a press, during play, before the intro's short re-prompt.
    public static let repromptAfter = 8.0
    /// Two taps on "hear it again" this close together start the demo.
    public static let hearAgainDoubleTap = 1.5
    /// The intro, the re-prompt, "hear it again", the demo and the hurry-up line.
    var coaching = Coaching()
    /// Scene-time seconds since the last press (or the start): the re-prompt's wait.
    public var quietFor: Double { sceneClock.now - coaching.quietSince }
    /// The show-me demo while it runs (its age on awake time): the game's time stands still.
    public var demo: ShowMeDemo? { coaching.demoRun.items(at: awakeTime).first }
    static let introLatest = 0.9

    /// What the game says (its module's): the intro and the re-prompt are said here.
    public let voice: GameVoice
    /// The line said when a round starts and on "hear it again": the module's intro, unless
    /// the round's content says otherwise (Sorting with a set of other things than vehicles).
    public var introLine: Message { voice.intro }
    /// How it can end (its module's): `finish` takes one of these.
    public let endings: [GameEnding]
    /// How often it is drawn while it plays (its module's `motion`).
    public let motion: FramePace

    /// A game's scene is made from its module: its id, voice lines and endings come from there.
    public init<M: GameModule>(context: GameContext, module: M.Type, level: Level) {
        kind = M.definition.id
        self.level = level
        voice = M.voice
        endings = M.endings
        motion = M.motion
        relaxed = context.playsRelaxed(kind)
        super.init(context: context, name: kind.rawValue)
    }

    open override var title: String? { context.title(of: kind) }
    open override var showsBack: Bool { true }
    open override var showsPause: Bool { true }
    open override var pausedState: Bool { isPaused }
    open override func onPause() { setPaused(!isPaused) }
    open override var needsFrames: Bool { true }
    open override var framePace: FramePace { motion }

    open override func onEnter() {
        super.onEnter()
        // The intro within a second of the game appearing: after Home's "Let's play!" if it
        // is still speaking, else at once.
        // Both start with the game's first frame, so the log shows them after the game's
        // `scene` event.
        coaching.introDue = context.speakingKey == VoiceLines.letsPlay.key ? Self.introLatest : 0
        coaching.demoDue = context.showsDemo(kind)
    }

    open override func onLeave() {
        super.onLeave()
        // What a game was saying ends with it (Back, Home, the next game's intro).
        emit(.stopSpeaking)
    }

    /// The timeline runs inside the step, on scene time (see `onUpdate`).
    open override func advanceTimeline(dt: Double) {}

    public override func onUpdate(dt: Double) -> [SceneCommand] {
        time.frameBegins(dt)
        pills.floating.removeFinished(at: frameTime)
        pills.ripples.removeFinished(at: frameTime)
        // The first-time demo waits for the game's opening (Memory's deal).
        if coaching.demoDue && !opening {
            coaching.demoDue = false
            startDemo()
        }
        if let due = coaching.introDue, context.speakingKey != VoiceLines.letsPlay.key || frameTime >= due - 1e-9 {
            coaching.introDue = nil
            emit(.speak(introLine, now: true))
        }
        guard !isPaused else { return [] }
        if opening && !isOver {
            // The opening runs on awake time; the game's clocks, timeline and re-prompt wait
            // for it, so the rules' times count from the first frame after it.
            time.awakeOnly(dt)
            return []
        }
        if !coaching.demoRun.isEmpty {
            // The demo runs on awake time; the game's clocks and timeline stand still.
            time.awakeOnly(dt)
            if demo?.isFinished == true { endDemo(reason: "done") }
            return []
        }
        if !isOver && !isDecided {
            // The quiet counts this frame too: it ends at the scene time after it.
            let frameEnd = sceneClock.now + dt
            if frameEnd - coaching.quietSince >= Self.repromptAfter - 1e-9 {
                coaching.quietSince = frameEnd
                emit(.speak(voice.reprompt))
            }
        }
        var commands: [SceneCommand] = []
        // What the timeline holds for this frame runs first (a win alert that is due),
        // then the rules, on the same frame time; then both clocks move on.
        timeline.advance(to: sceneClock.now)
        commands += pendingCommands
        pendingCommands = []
        if !isOver {
            time.rulesRun(dt)
            commands += updateGame(now: clock.now, dt: dt)
        }
        time.frameEnds(dt, over: isOver)
        timeline.move(to: sceneClock.now)
        return commands
    }

    /// The game asked the child for a move itself (Balloons' idle warning): the re-prompt
    /// waits its full quiet time from now.
    public func promptedNow() { coaching.quietSince = sceneClock.now }

    /// True while the game's opening plays (Memory's cards being dealt, issue 45): the rule
    /// clock, the scene clock, the timeline and the demo wait; `frameTime` and `awakeTime`
    /// move on. The game ends it by its own time (`awakeTime`) or at a child's first press.
    open var opening: Bool { false }

    /// The whole seconds a game starts with, shown until its first `showTime`.
    open var timeLimitSeconds: Int? { nil }

    /// Commands that timeline callbacks produced, handed to the stack with the frame's.
    private var pendingCommands: [SceneCommand] = []

    /// Runs `commands` (e.g. the game over) `seconds` of scene time from now.
    public func after(_ seconds: Double, _ commands: @escaping () -> [SceneCommand]) {
        timeline.after(seconds) { [weak self] in self?.pendingCommands += commands() }
    }

    /// Game-specific step at rule time `now` (the time of this frame).
    open func updateGame(now: Double, dt: Double) -> [SceneCommand] { [] }

    public override func onInput(_ event: InputEvent) -> [SceneCommand] {
        if case .focusLost = event { setPaused(true); return [] }
        if case .key(.pause, _) = event, !isOver { setPaused(!isPaused); return [] }
        if isPaused {
            if case .pointerUp = event { setPaused(false) }
            if case .key(.return, _) = event { setPaused(false) }
            if case .key(.space, _) = event { setPaused(false) }
            return []
        }
        guard !isOver else { return [] }
        switch event {
        case .pointerDown(let p):
            coaching.quietSince = sceneClock.now
            if TopBar.hearAgainFrame.contains(p) { coaching.hearAgainPressed = true; return [] }
        case .pointerMoved:
            coaching.quietSince = sceneClock.now
            if coaching.hearAgainPressed { return [] }
        case .pointerUp(let p):
            if coaching.hearAgainPressed {
                coaching.hearAgainPressed = false
                if TopBar.hearAgainFrame.contains(p) { hearAgain() }
                return []
            }
        case .key, .finger:
            coaching.quietSince = sceneClock.now
        default: break
        }
        return gameInput(event)
    }

    /// While the demo runs, any press or key ends it and goes no further (not even to the
    /// top bar), and neither does the rest of that press.
    open override func intercept(_ event: InputEvent) -> [SceneCommand]? {
        if demo != nil {
            switch event {
            case .pointerDown, .key:
                endDemo(reason: "tap")
                coaching.swallowingPress = true
                if case .key = event { coaching.swallowingPress = false }
                return []
            case .focusLost:
                endDemo(reason: "tap")
                return nil
            default:
                return []
            }
        }
        if coaching.swallowingPress {
            switch event {
            case .pointerUp: coaching.swallowingPress = false; return []
            case .pointerMoved: return []
            default: coaching.swallowingPress = false
            }
        }
        return nil
    }

    // MARK: - Speaking, hear it again, the demo

    /// "Hear it again": the intro once more; a second tap soon after shows the demo.
    /// When the voice cannot be heard (`silentVoice`), a single tap says nothing: a soft "no",
    /// a `hint` of kind `silent` with `why`, and the speaker wiggles to show why; the double
    /// tap still starts the show-me demo, which shows without words.
    public func hearAgain() {
        let silent = context.silentVoice
        emit(silent == nil ? .sound(.click) : .sound(.nope))
        if let last = coaching.lastHearAgainAt, frameTime - last <= Self.hearAgainDoubleTap + 1e-9 {
            coaching.lastHearAgainAt = nil
            startDemo()
            return
        }
        coaching.lastHearAgainAt = frameTime
        if let silent {
            emit(.hintEvent("silent", target: "hear-again", [("why", .string(silent.rawValue))]))
            wiggleSpeaker()
            return
        }
        emit(.log("hear-again", [("game", .string(kind.rawValue))]))
        emit(.speak(introLine, now: true))
    }

    /// Starts the show-me demo (first opening, or "hear it again" twice).
    public func startDemo() {
        guard demo == nil, !isOver, !opening, let stops = demoStops() else { return }
        coaching.demoRun.add(ShowMeDemo(stops: stops), at: awakeTime)
        emit(.demoStarted(kind))
        emit(.log("demo", [("action", "start"), ("game", .string(kind.rawValue))]))
        // The demo plays with the intro: said now, unless it is already being said.
        if context.speakingKey != introLine.key {
            coaching.introDue = nil
            emit(.speak(introLine, now: true))
        }
    }

    private func endDemo(reason: String) {
        guard demo != nil else { return }
        coaching.demoRun.removeAll()
        coaching.quietSince = sceneClock.now
        emit(.log("demo", [("action", "end"), ("game", .string(kind.rawValue)), ("reason", .string(reason))]))
    }

    /// The hand's path over the demo's 3.6 s (nil: this game has no demo).
    open func demoStops() -> [ShowMeDemo.Stop]? { nil }

    /// Draws what the demo's hand does to the picture, under the hand.
    open func drawDemo(_ demo: ShowMeDemo, on canvas: any Canvas) {}

    /// A tap where nothing is: a ripple there, a soft sound and a `nothing-here` hint.
    public func nothingHere(at p: Point?, target: String?) {
        if let p { pills.ripples.add(Ripple(center: p), at: frameTime) }
        emit(Effect.nothingHere(target))
    }

    /// Game-specific input (not called while paused or over).
    open func gameInput(_ event: InputEvent) -> [SceneCommand] { [] }

    /// True from the moment a game is decided until its alert shows (the win celebration,
    /// the skull's boom): Back must not throw a decided game away unrecorded.
    public private(set) var isDecided = false

    /// The game is decided; its end follows after `delay` (the celebration).
    public func decide(after delay: Double, _ end: @escaping () -> [SceneCommand]) {
        isDecided = true
        after(delay, end)
    }

    open override func onBack() -> [SceneCommand] {
        // A decided game waits for its alert: Back is no way around the game over.
        guard !isOver, !isDecided else { return [] }
        // Back asks first, in pictures (issue 26): the quit panel's door (leave) and ▶ (go
        // on). The game is beneath the panel, so its clocks stand still while it asks.
        emit(.speak(VoiceLines.quitAsk, now: true))
        return [.show(.alert(Self.leaveQuestion))]
    }

    /// The panel Back opens in a running game (`alert.kind` `leave`; `alert-yes` leaves,
    /// `alert-no` goes on).
    public static let leaveQuestion = AlertContent(kind: .leave, title: Messages.leaveGameTitle, lines: [], buttons: [.yes, .no])

    /// The door on Back's panel: the game is left, lost, nothing recorded (as Back did at
    /// once before; TESTING decision 12: no record, no sticker).
    private func leaveAfterAsking() -> [SceneCommand] {
        guard !isOver else { return [] }
        isOver = true
        return [.pop]
    }

    // MARK: - Time

    /// Shows the whole seconds left; logs `timer` and ticks in the last ten seconds when the
    /// shown value changes.
    public func showTime(_ seconds: Int) {
        guard !relaxed, seconds != pills.seconds else { return }
        let first = pills.seconds == nil
        pills.seconds = seconds
        emit(.log("timer", [("left", .int(seconds))]))
        if !first && seconds > 0 && seconds <= Self.lastSeconds { emit(.sound(.tick)) }
        if !first && !coaching.saidHurry && seconds > 0 && seconds <= Self.lastSeconds {
            coaching.saidHurry = true
            emit(.speak(VoiceLines.hurry))
        }
    }

    // MARK: - Score

    /// Adds points to the shown score: logs `score`, plays the coin sound, floats "+N".
    public func showPoints(_ delta: Int) {
        guard delta != 0 else { return }
        pills.score += delta
        emit(.log("score", [("delta", .int(delta)), ("total", .int(pills.score))]))
        emit(.sound(.coin))
        // Points that land close together fan out sideways instead of stacking.
        // (Young: 0.4 s old at most, the frame at 0.4 s included.)
        let young = pills.floating.items(at: frameTime).filter { $0.age <= 0.4 + 1e-9 }.count
        let dx = Double([0, -40, 40][young % 3])
        pills.floating.add(FloatingText(text: "+\(delta)", start: Self.pointsStart(dx: dx), rise: Self.pointsRise), at: frameTime)
    }

    /// "+N" rises toward the score from under it and stops short of its digits (issue 26).
    public static func pointsStart(dx: Double) -> Point { Point(TopBar.scoreFrame.midX + dx, TopBar.scoreFrame.maxY + 52) }
    public static let pointsRise = 28.0

    // MARK: - Game over

    public enum Outcome: String, Sendable { case won, lost }

    /// The level ↻ plays once the game has ended: the one the voice suggested, else this one.
    public internal(set) var nextLevel: Level?

    /// The end-of-game alert was answered: Yes plays the game again at `nextLevel` (the level
    /// suggested, else the same), No goes Home (which chooses the same level).
    open override func onResume(with result: SceneResult?) -> [SceneCommand] {
        if case .answered(.leave, let button)? = result {
            // ▶ (or Esc on the panel): the game goes on where it was.
            return button == .yes ? leaveAfterAsking() : []
        }
        guard case .answered(let kind, let button)? = result, kind == .won || kind == .lost else { return [] }
        if button == .yes {
            emit(.sound(.whoosh))
            return [.switchTo(.game(self.kind, nextLevel ?? level))]
        }
        return [.popToRoot]
    }

    /// The store's answer to the round's record: the ending goes on (`roundRecorded`).
    open override func onAnswer(_ reply: EffectReply, to effect: Effect) -> [SceneCommand] {
        guard case .ranks(let ranks) = reply else { return [] }
        return roundRecorded(ranks)
    }

    // MARK: - Pause

    public func setPaused(_ paused: Bool) {
        guard paused != isPaused, !isOver else { return }
        isPaused = paused
        emit(.log(paused ? "pause" : "resume", [("game", .string(kind.rawValue))]))
        if paused { emit(.speak(VoiceLines.paused, now: true)) }
    }

    // MARK: - Drawing

    /// The time and score pills in the top bar, and floating "+N" texts.
    public override func drawOverBar(on canvas: any Canvas) {
        TopBar.drawHearAgain(on: canvas, pressed: coaching.hearAgainPressed, silent: context.silentVoice)
        for ripple in pills.ripples.items(at: frameTime) { ripple.draw(on: canvas) }
        // Before the first time is shown (a game that opens with its demo), the full time.
        let seconds = pills.seconds ?? timeLimitSeconds ?? 0
        let urgent = seconds <= Self.lastSeconds && !isOver && pills.seconds != nil
        var timeFrame = TopBar.timeFrame
        if urgent { timeFrame = timeFrame.scaled(1 + 0.08 * abs(sin(frameTime * .pi))) }
        if !relaxed {
            canvas.fillRounded(timeFrame, radius: 24, urgent ? Theme.warning : Theme.pill)
            canvas.image("clock", in: Rect(timeFrame.x + 8, timeFrame.midY - 18, 36, 36))
            canvas.text(Countdown.format(seconds), Theme.labelText, at: Point(timeFrame.x + 52, timeFrame.midY), align: .left,
                        color: urgent ? .white : Theme.ink)
        }
        let scoreFrame = TopBar.scoreFrame
        canvas.fillRounded(scoreFrame, radius: 24, Theme.pill)
        canvas.image("score-star", in: Rect(scoreFrame.x + 8, scoreFrame.midY - 18, 36, 36))
        canvas.text("\(pills.score)", Theme.labelText, at: Point(scoreFrame.x + 52, scoreFrame.midY), align: .left, color: Theme.ink)
        for f in pills.floating.items(at: frameTime) {
            canvas.text(f.text, Theme.headingText, at: f.position, color: f.color, outline: .white, alpha: f.alpha)
        }
        if let demo {
            drawDemo(demo, on: canvas)
            demo.drawHand(on: canvas)
        }
        if isPaused {
            // The whole screen under the bar, whatever its shape.
            let visible = canvas.visibleRect
            canvas.fill(Rect(visible.minX, TopBar.height, visible.width, visible.maxY - TopBar.height), Color(20, 24, 40, 140))
            // A big ▶ that breathes slowly (no flashing): tap it, or anywhere, to go on. No
            // words: the ▶ says it (its words, "Paused - tap to continue", are its dump `key`
            // and what the voice says).
            let frame = Self.resumeFrame.scaled(1 + 0.04 * sin(frameTime * 2.5))
            canvas.fillCircle(center: Point(frame.midX, frame.midY + 10), radius: frame.width * PictureButton.discRatio, Color(0, 0, 0, 70))
            // A white ring: the ▶ stands out from the dimmed game (contrast).
            canvas.fillCircle(center: frame.center, radius: frame.width * PictureButton.discRatio + 6, .white)
            canvas.image("play", in: frame)
        }
    }

    open override func dumpFields() -> [(String, JSON)] {
        [("score", .int(pills.score)), ("timeLeft", .int(pills.seconds ?? 0))] + (demo != nil ? [("demo", .bool(true))] : [])
    }

    open override func dump() -> [(String, JSON)] {
        var fields = super.dump()
        // "Hear it again" joins the top bar's buttons.
        if let i = fields.firstIndex(where: { $0.0 == "items" }), case .array(let items) = fields[i].1 {
            fields[i].1 = .array([TopBar.hearAgainItem(silent: context.silentVoice)] + items)
        }
        return fields
    }

    /// The big ▶ of the pause screen (a tap anywhere continues; this is where to look),
    /// above the middle so no label of the game beneath (Sorting's zone badges) lies in it.
    public static var resumeFrame: Rect { Rect(Canvas1024.width / 2 - 100, Canvas1024.height / 2 - 158, 200, 200) }

    /// While paused the dump shows the big ▶ as the button `resume`.
    open override func dumpOverlayItems() -> [JSON] {
        guard isPaused else { return [] }
        return [dumpItem("resume", kind: "button", frame: Self.resumeFrame,
                         [("enabled", true)] + PictureButton.dumpFields(icon: "play", key: Messages.paused.key))]
    }
}
