import GameCore
import CMath
import Stage
import TextCatalogs

/// What every game shares: the top bar with Back, title, time and score pills; game time;
/// the countdown label with its last-ten-seconds pulse and tick; "+N" floating texts with
/// the coin sound; and the game-over flow (record, sounds, "Play again?").
/// A game's rules and looks are its module's `Play`, a value (`GamePlay`); the host calls
/// it and carries out what it returns (`GameOutput`). Nothing here is open: a game is a
/// module and its play, never a subclass.
///
/// Two clocks (DESIGN.md): rule time (`clock`) is the time of the current frame; every rule
/// and every input of the frame sees it, and it stops while paused and once the game is
/// over. Scene time carries what happens around the rules (the win celebration, the
/// skull's boom, alert delays, shakes): it stops while paused only. Both move on at the
/// end of each step, so an input and the update of one frame see one time.
///
/// Everything else that moves reads one of the other clocks of `time` (`GameTime`: frame,
/// awake, scene and played time), each stopping where it always did; the host steps them
/// once a frame, and nothing here or in a game sums its own `dt`.
@MainActor
@dynamicMemberLookup
public final class GameHost<M: GameModule>: BaseScene, GameScene {
    public let kind: GameKind
    public let level: Level
    /// The game's play: its rules and looks, as a value.
    public private(set) var play: M.Play
    /// The host's clocks (`GameTime`), stepped once a frame in `onUpdate`.
    public private(set) var time = GameTime()
    /// Where the round is: over, decided, its end under way.
    var round = RoundState()
    public var isOver: Bool { round.isOver }
    public var isDecided: Bool { round.isDecided }
    /// The level ↻ plays once the game has ended: the one the voice suggested, else this one.
    public var nextLevel: Level? { round.nextLevel }
    /// Paused (window lost focus or the pause button): the clocks and the game stand still.
    public private(set) var isPaused = false
    /// The pills, the "+N" texts and the ripples as shown.
    var pills = PillsShown()
    /// The score shown in the pill (Balloons updates it when a flying number lands).
    public var shownScore: Int { pills.score }
    /// Relaxed mode (TESTING decision 12), fixed when the game starts: no countdown shown.
    public let relaxed: Bool

    /// The intro, the re-prompt, "hear it again", the demo and the hurry-up line.
    var coaching = Coaching()
    /// Scene-time seconds since the last press (or the start): the re-prompt's wait.
    public var quietFor: Double { time.scene.now - coaching.quietSince }
    /// The show-me demo while it runs (its age on awake time): the game's time stands still.
    public var demo: ShowMeDemo? { coaching.demoRun.items(at: time.awake).first }

    /// The line said when a round starts and on "hear it again": the play's, else the
    /// module's intro (Sorting with a set of other things than vehicles says its own).
    public var introLine: Message { play.introLine ?? M.voice.intro }

    /// A game's scene is made from its module: its id, voice lines and endings come from
    /// there, its play starts from its level and content (`GamePlay.init`), or is given (the
    /// benchmark's busiest sky, `GameModule.benchPlay`).
    public init(context: GameContext, level: Level, play given: M.Play? = nil) {
        kind = M.definition.id
        self.level = level
        let start = GameStart(kind: kind, level: level, context: context)
        relaxed = start.relaxed
        play = given ?? M.Play(start, random: &context.random.generator)
        super.init(context: context, name: kind.rawValue)
    }

    /// What the play sees now.
    public var now: GameNow {
        GameNow(time: time, context: context, isOver: round.isOver, isDecided: round.isDecided, shownScore: pills.score)
    }

    /// The play's own properties, read through the host (`memory.rules`, `sorting.sprites`).
    public subscript<T>(dynamicMember keyPath: KeyPath<M.Play, T>) -> T { play[keyPath: keyPath] }

    /// Runs one of the play's own functions as the host would (a test landing Memory's
    /// deal), and carries out what it returned.
    public func drive(_ body: (inout M.Play, GameNow) -> GameOutput) -> [SceneCommand] {
        let now = self.now
        return run(body(&play, now))
    }

    public override var title: String? { context.title(of: kind) }
    public override var showsBack: Bool { true }
    public override var showsPause: Bool { true }
    public override var pausedState: Bool { isPaused }
    public override func onPause() { setPaused(!isPaused) }
    public override var needsFrames: Bool { true }
    public override var playsAGame: Bool { true }
    public override var framePace: FramePace { M.motion }
    public override var keepsItsShape: Bool { play.keepsItsShape }
    public var opening: Bool { play.opening(now) }
    public var timeLimitSeconds: Int? { play.timeLimitSeconds }

    public override func onEnter() {
        super.onEnter()
        let entered = play.enter(now)
        // The intro within a second of the game appearing: after Home's "Let's play!" if it
        // is still speaking, else at once.
        // Both start with the game's first frame, so the log shows them after the game's
        // `scene` event.
        coaching.introDue = context.speakingKey == VoiceLines.letsPlay.key ? GameHosting.introLatest : 0
        coaching.demoDue = context.showsDemo(kind)
        _ = run(entered)
    }

    public override func onLeave() {
        super.onLeave()
        // What a game was saying ends with it (Back, Home, the next game's intro).
        emit(.stopSpeaking)
    }

    /// The host's time moves inside the step, on scene time (see `onUpdate`).
    public override func advanceTimeline(dt: Double) {}

    public override func onUpdate(dt: Double) -> [SceneCommand] {
        var commands = run(play.frameBegins(now))
        commands += hostStep(dt: dt)
        return commands + run(play.frameEnds(now))
    }

    private func hostStep(dt: Double) -> [SceneCommand] {
        time.frameBegins(dt)
        pills.floating.removeFinished(at: time.frame)
        pills.ripples.removeFinished(at: time.frame)
        // The first-time demo waits for the game's opening (Memory's deal).
        if coaching.demoDue && !opening {
            coaching.demoDue = false
            startDemo()
        }
        if let due = coaching.introDue, context.speakingKey != VoiceLines.letsPlay.key || time.frame >= due - 1e-9 {
            coaching.introDue = nil
            emit(.speak(introLine, now: true))
        }
        guard !isPaused else { return [] }
        if opening && !isOver {
            // The opening runs on awake time; the game's clocks and the re-prompt wait for
            // it, so the rules' times count from the first frame after it.
            time.awakeOnly(dt)
            return []
        }
        if !coaching.demoRun.isEmpty {
            // The demo runs on awake time; the game's clocks stand still.
            time.awakeOnly(dt)
            if demo?.isFinished == true { endDemo(reason: "done") }
            return []
        }
        if !isOver && !isDecided {
            // The quiet counts this frame too: it ends at the scene time after it.
            let frameEnd = time.scene.now + dt
            if frameEnd - coaching.quietSince >= GameHosting.repromptAfter - 1e-9 {
                coaching.quietSince = frameEnd
                emit(.speak(M.voice.reprompt))
            }
        }
        // What falls due at this frame's scene time runs first (the decided end, a late end
        // screen), then the rules, on the same frame time; then the clocks move on.
        var commands = dueNow()
        if !isOver {
            time.rulesRun(dt)
            commands += run(play.step(now, random: &context.random.generator))
        }
        time.frameEnds(dt, over: isOver)
        return commands
    }

    public override func onInput(_ event: InputEvent) -> [SceneCommand] {
        if case .focusLost = event {
            var commands: [SceneCommand] = []
            if !isOver { commands = run(play.focusLost(now)) }
            setPaused(true)
            return commands
        }
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
            coaching.quietSince = time.scene.now
            if TopBar.hearAgainFrame.contains(p) { coaching.hearAgainPressed = true; return [] }
        case .pointerMoved:
            coaching.quietSince = time.scene.now
            if coaching.hearAgainPressed { return [] }
        case .pointerUp(let p):
            if coaching.hearAgainPressed {
                coaching.hearAgainPressed = false
                if TopBar.hearAgainFrame.contains(p) { hearAgain() }
                return []
            }
        case .key, .finger:
            coaching.quietSince = time.scene.now
        default: break
        }
        return run(play.input(event, now))
    }

    /// While the demo runs, any press or key ends it and goes no further (not even to the
    /// top bar), and neither does the rest of that press.
    public override func intercept(_ event: InputEvent) -> [SceneCommand]? {
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

    // MARK: - What the play returned

    /// Carries out what the play returned, in order: its effects go out with this
    /// callback's; the host's jobs are done here.
    public func run(_ output: GameOutput) -> [SceneCommand] {
        var commands: [SceneCommand] = []
        for request in output.requests {
            switch request {
            case .effect(let effect): emit(effect)
            case .feedback(let feedback): perform(feedback)
            case .points(let delta): showPoints(delta)
            case .seconds(let seconds): showTime(seconds)
            case .nothingHere(let p, let target): nothingHere(at: p, target: target)
            case .prompted: coaching.quietSince = time.scene.now
            case .end(let ending, let score, let after, let alertAfter):
                if after > 0 {
                    decide(after: after, .end(ending, score: score, alertAfter: alertAfter))
                } else {
                    commands += finish(ending, score: score, alertAfter: alertAfter)
                }
            case .readyToPlayAgain:
                commands += round.heldReplay
                round.heldReplay = []
            }
        }
        return commands
    }

    // MARK: - Speaking, hear it again, the demo

    /// "Hear it again": the intro once more; a second tap soon after shows the demo.
    /// When the voice cannot be heard (`silentVoice`), a single tap says nothing: a soft "no",
    /// a `hint` of kind `silent` with `why`, and the speaker wiggles to show why; the double
    /// tap still starts the show-me demo, which shows without words.
    public func hearAgain() {
        let silent = context.silentVoice
        emit(silent == nil ? .sound(.click) : .sound(.nope))
        if let last = coaching.lastHearAgainAt, time.frame - last <= GameHosting.hearAgainDoubleTap + 1e-9 {
            coaching.lastHearAgainAt = nil
            startDemo()
            return
        }
        coaching.lastHearAgainAt = time.frame
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
        guard demo == nil, !isOver, !opening, let stops = play.demoStops(now) else { return }
        coaching.demoRun.add(ShowMeDemo(stops: stops), at: time.awake)
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
        coaching.quietSince = time.scene.now
        emit(.log("demo", [("action", "end"), ("game", .string(kind.rawValue)), ("reason", .string(reason))]))
    }

    /// A tap where nothing is: a ripple there, a soft sound and a `nothing-here` hint.
    public func nothingHere(at p: Point?, target: String?) {
        if let p { pills.ripples.add(Ripple(center: p), at: time.frame) }
        emit(Effect.nothingHere(target))
    }

    /// The game is decided; what ends it follows `delay` seconds of scene time from now.
    func decide(after delay: Double, _ then: RoundState.Due.Then) {
        round.isDecided = true
        round.due.append(.init(start: time.scene.now, delay: delay, then: then))
    }

    /// Runs what has fallen due at this frame's scene time, in the order it was asked for.
    private func dueNow() -> [SceneCommand] {
        var commands: [SceneCommand] = []
        while let i = round.due.firstIndex(where: { time.scene.now - $0.start >= $0.delay - 1e-9 }) {
            let due = round.due.remove(at: i)
            switch due.then {
            case .end(let ending, let score, let alertAfter): commands += finish(ending, score: score, alertAfter: alertAfter)
            case .show(let content): commands.append(.show(.alert(content)))
            }
        }
        return commands
    }

    public override func onBack() -> [SceneCommand] {
        // A decided game waits for its alert: Back is no way around the game over.
        guard !isOver, !isDecided else { return [] }
        // Back asks first, in pictures (issue 26): the quit panel's door (leave) and ▶ (go
        // on). The game is beneath the panel, so its clocks stand still while it asks.
        emit(.speak(VoiceLines.quitAsk, now: true))
        return [.show(.alert(GameHosting.leaveQuestion))]
    }

    /// The door on Back's panel: the game is left, lost, nothing recorded (as Back did at
    /// once before; TESTING decision 12: no record, no sticker).
    private func leaveAfterAsking() -> [SceneCommand] {
        guard !isOver else { return [] }
        round.isOver = true
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
        if !first && seconds > 0 && seconds <= GameHosting.lastSeconds { emit(.sound(.tick)) }
        if !first && !coaching.saidHurry && seconds > 0 && seconds <= GameHosting.lastSeconds {
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
        let young = pills.floating.items(at: time.frame).filter { $0.age <= 0.4 + 1e-9 }.count
        let dx = Double([0, -40, 40][young % 3])
        pills.floating.add(FloatingText(text: "+\(delta)", start: GameHosting.pointsStart(dx: dx), rise: GameHosting.pointsRise), at: time.frame)
    }

    // MARK: - Game over

    /// The end-of-game alert was answered: Yes plays the game again at `nextLevel` (the level
    /// suggested, else the same), No goes Home (which chooses the same level).
    public override func onResume(with result: SceneResult?) -> [SceneCommand] {
        if case .answered(.leave, let button)? = result {
            // ▶ (or Esc on the panel): the game goes on where it was.
            return button == .yes ? leaveAfterAsking() : []
        }
        guard case .answered(let kind, let button)? = result, kind == .won || kind == .lost else { return [] }
        guard button == .yes else { return [.popToRoot] }
        emit(.sound(.whoosh))
        let again: [SceneCommand] = [.switchTo(.game(self.kind, nextLevel ?? level))]
        // ↻: the play may show something first (Memory gathers its cards), then says so.
        guard let first = play.playAgain(now) else { return again }
        round.heldReplay = again
        return run(first)
    }

    /// The store's answer to the round's record: the ending goes on (`roundRecorded`).
    public override func onAnswer(_ reply: EffectReply, to effect: Effect) -> [SceneCommand] {
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

    public override func drawContent(on canvas: any Canvas) { play.draw(on: canvas, now) }

    /// The time and score pills in the top bar, and floating "+N" texts.
    public override func drawOverBar(on canvas: any Canvas) {
        let now = self.now
        TopBar.drawHearAgain(on: canvas, pressed: coaching.hearAgainPressed, silent: context.silentVoice)
        for ripple in pills.ripples.items(at: time.frame) { ripple.draw(on: canvas) }
        // Before the first time is shown (a game that opens with its demo), the full time.
        let seconds = pills.seconds ?? timeLimitSeconds ?? 0
        let urgent = seconds <= GameHosting.lastSeconds && !isOver && pills.seconds != nil
        var timeFrame = TopBar.timeFrame
        if urgent { timeFrame = timeFrame.scaled(1 + 0.08 * abs(sin(time.frame * .pi))) }
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
        for f in pills.floating.items(at: time.frame) {
            canvas.text(f.text, Theme.headingText, at: f.position, color: f.color, outline: .white, alpha: f.alpha)
        }
        if let demo {
            play.drawDemo(demo, on: canvas, now)
            demo.drawHand(on: canvas)
        }
        if isPaused {
            // The whole screen under the bar, whatever its shape.
            let visible = canvas.visibleRect
            canvas.fill(Rect(visible.minX, TopBar.height, visible.width, visible.maxY - TopBar.height), Color(20, 24, 40, 140))
            // A big ▶ that breathes slowly (no flashing): tap it, or anywhere, to go on. No
            // words: the ▶ says it (its words, "Paused - tap to continue", are its dump `key`
            // and what the voice says).
            let frame = GameHosting.resumeFrame.scaled(1 + 0.04 * sin(time.frame * 2.5))
            canvas.fillCircle(center: Point(frame.midX, frame.midY + 10), radius: frame.width * PictureButton.discRatio, Color(0, 0, 0, 70))
            // A white ring: the ▶ stands out from the dimmed game (contrast).
            canvas.fillCircle(center: frame.center, radius: frame.width * PictureButton.discRatio + 6, .white)
            canvas.image("play", in: frame)
        }
        play.drawOverBar(on: canvas, now)
    }

    public override func dumpFields() -> [(String, JSON)] {
        [("score", .int(pills.score)), ("timeLeft", .int(pills.seconds ?? 0))] + (demo != nil ? [("demo", .bool(true))] : [])
            + play.dumpFields(now)
    }

    public override func dumpItems() -> [JSON] { play.dumpItems(now) }

    public override func dump() -> [(String, JSON)] {
        var fields = super.dump()
        // "Hear it again" joins the top bar's buttons.
        if let i = fields.firstIndex(where: { $0.0 == "items" }), case .array(let items) = fields[i].1 {
            fields[i].1 = .array([TopBar.hearAgainItem(silent: context.silentVoice)] + items)
        }
        return fields
    }

    /// While paused the dump shows the big ▶ as the button `resume`.
    public override func dumpOverlayItems() -> [JSON] {
        guard isPaused else { return [] }
        return [dumpItem("resume", kind: "button", frame: GameHosting.resumeFrame,
                         [("enabled", true)] + PictureButton.dumpFields(icon: "play", key: Messages.paused.key))]
    }
}

