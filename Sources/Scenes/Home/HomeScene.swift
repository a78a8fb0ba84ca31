import GameCore
import CMath
import Stage
import TextCatalogs

/// The Home screen: choose a game and a level (two segmented rows), Play, High Scores.
/// Playable with a pointer or the keyboard (arrows/Tab move a focus ring, Return/Space act).
@MainActor
public final class HomeScene: BaseScene {
    /// Its own keyboard focus ring (arrows, Tab, Return); the stack's serves scanning.
    public override var handlesFocus: Bool { true }
    public enum Target: Hashable, Sendable {
        case game(GameKind), level(Level), play, highScores
        var id: String {
            switch self {
            case .game(let g): return "game-\(g.rawValue)"
            case .level(let l): return "level-\(l.rawValue)"
            case .play: return "play"
            case .highScores: return "highscores"
            }
        }
    }

    public private(set) var selectedGame: GameKind?
    public private(set) var selectedLevel: Level?
    /// Keyboard focus; shown only after a key was used.
    public private(set) var focus: Target?
    private var press = PressTracker<Target>()
    /// A game was started from here: when Home is on top again, the level is chosen anew.
    private var backFromGame = false
    /// Lift animation of a newly selected tile, 0...1.
    private var lift: [Target: Double] = [:]
    /// A wiggle of the rows still missing a choice when Play is tapped too early.
    private var wiggle = 0.0
    /// The timeline's time when the logo or the grown-ups' sign was pressed, while it is held:
    /// the adult gate opens `gateHoldSeconds` later.
    private var holdStart: Double?
    /// What is held (the logo or the sign): the progress bar shows under it.
    private var heldFrame = TopBar.logoFrame
    /// Seconds the logo has been held.
    private var logoHold: Double? { holdStart.map { timeline.time - $0 } }
    public static let gateHoldSeconds = 3.0
    /// A press let go within this is a tap (no progress bar showed yet).
    public static let quickTapSeconds = 0.2
    /// The voice's next step after a quiet while (issue 26).
    private var idle = IdlePrompt()
    /// Play bounces when the voice says "press the big green button", 0...1.
    private var playBounce = 0.0
    /// The big muted speaker's press (shown while the game is muted).
    private var unmutePressed = false

    /// The rows the keyboard's focus ring moves through: the registry's games, the levels,
    /// then Play and High Scores.
    var focusRows: [[Target]] {
        [context.registry.ids.map { .game($0) }, levels.map { .level($0) }, [.play, .highScores]]
    }

    public init(context: GameContext) {
        super.init(context: context, name: "home")
    }

    /// Home is the first screen: it greets the child.
    public override func onEnter() {
        super.onEnter()
        idle = IdlePrompt()
        emit(.speak(VoiceLines.greeting))
    }


    /// The levels Home offers: the config's `levels`, or all three.
    var levels: [Level] {
        let chosen = (context.classroom.levels ?? []).filter { Level.allCases.contains($0) }
        return chosen.isEmpty ? Level.allCases : Level.allCases.filter { chosen.contains($0) }
    }

    /// (A game or level the grown-ups' corner has since hidden no longer counts as chosen.)
    public var playEnabled: Bool {
        guard let game = selectedGame, let level = selectedLevel else { return false }
        return context.registry.ids.contains(game) && levels.contains(level)
    }
    public override var needsFrames: Bool { super.needsFrames || logoHold != nil || idle.isWaiting }
    public override var gateHoldFrames: [Rect] { [TopBar.logoFrame, Self.grownUpsFrame()] }

    public override func onUpdate(dt: Double) -> [SceneCommand] {
        if idle.update(dt: dt, speaking: context.voiceIsSpeaking) {
            emit(.log("reprompt", [("scene", "home"), ("count", .int(idle.said))]))
            sayNextStep()
        }
        guard let held = logoHold else { return [] }
        if held >= Self.gateHoldSeconds - 1e-9 {
            holdStart = nil
            grownUpsPressed = false
            return [.show(.gate)]
        }
        return []
    }

    public override func onLeave() {
        super.onLeave()
        holdStart = nil
        grownUpsPressed = false
    }

    public func frame(of target: Target) -> Rect {
        switch target {
        case .game(let g):
            let ids = context.registry.ids
            return HomeLayout.gameTile(ids.firstIndex(of: g) ?? 0, of: ids.count)
        case .level(let l): return HomeLayout.levelTile(levels.firstIndex(of: l) ?? 0, of: levels.count)
        case .play: return HomeLayout.play
        case .highScores: return HomeLayout.highScores
        }
    }

    private var allTargets: [Target] { focusRows.flatMap { $0 } }

    private func hit(_ p: Point) -> Target? { allTargets.first { frame(of: $0).contains(p) } }

    // MARK: - Input

    /// The player's avatar and sticker book at the left of the bar (profiles on).
    private var profilePress = PressTracker<ProfileBar.Target>()
    /// A press on the padlock sign beside the logo: held 3 s it opens the gate like the logo.
    private var grownUpsPressed = false

    public override func onInput(_ event: InputEvent) -> [SceneCommand] {
        switch event {
        case .pointerDown, .key, .finger: idle.heard()
        default: break
        }
        switch event {
        case .pointerDown(let p) where showsUnmute && HomeLayout.mutedSpeaker.contains(p):
            unmutePressed = true
        case .pointerUp(let p) where unmutePressed:
            unmutePressed = false
            if HomeLayout.mutedSpeaker.contains(p), showsUnmute {
                // The big muted speaker: one tap brings the sound back.
                emit(.speakerTapped)
                sayNextStep()
            }
        case .pointerDown(let p) where ProfileBar.hit(p, context) != nil:
            profilePress.down(ProfileBar.hit(p, context))
        case .pointerUp(let p) where profilePress.pressed != nil:
            if let t = profilePress.up(ProfileBar.hit(p, context)) { let tapped = ProfileBar.activate(t); emit(tapped.effects); return tapped.commands }
        case .pointerDown(let p) where Self.grownUpsFrame().contains(p):
            grownUpsPressed = true
            holdStart = timeline.time
            heldFrame = Self.grownUpsFrame()
        case .pointerUp(let p) where grownUpsPressed:
            // A child's quick tap on the padlock gets the soft answer of any tap on nothing;
            // held 3 s it opened the gate (onUpdate).
            grownUpsPressed = false
            let quick = (logoHold ?? .infinity) <= Self.quickTapSeconds
            holdStart = nil
            if quick && Self.grownUpsFrame().contains(p) { emit(Effect.nothingHere("grownups")) }
        case .pointerDown(let p):
            focus = nil
            press.down(hit(p))
            if TopBar.logoFrame.contains(p) { holdStart = timeline.time; heldFrame = TopBar.logoFrame }
        case .pointerMoved(let p):
            if !heldFrame.contains(p) { holdStart = nil }
        case .pointerUp(let p):
            holdStart = nil
            if let target = press.up(hit(p)) { return activate(target) }
        case .key(let key, let shift):
            return handleKey(key, shift: shift)
        default: break
        }
        return []
    }

    private func handleKey(_ key: Key, shift: Bool) -> [SceneCommand] {
        let rows = focusRows
        guard let current = focus, let r = rows.firstIndex(where: { $0.contains(current) }),
              let c = rows[r].firstIndex(of: current) else {
            if [.left, .right, .up, .down, .tab].contains(key) { focus = selectedGame.map { .game($0) } ?? rows[0][0] }
            else if key == .return || key == .space, playEnabled { return activate(.play) }
            return []
        }
        switch key {
        case .left: focus = rows[r][max(c - 1, 0)]
        case .right: focus = rows[r][min(c + 1, rows[r].count - 1)]
        case .up: let nr = max(r - 1, 0); focus = rows[nr][min(c, rows[nr].count - 1)]
        case .down: let nr = min(r + 1, rows.count - 1); focus = rows[nr][min(c, rows[nr].count - 1)]
        case .tab:
            let flat = allTargets
            let i = flat.firstIndex(of: current)!
            focus = flat[(i + (shift ? flat.count - 1 : 1)) % flat.count]
        case .return, .space: return activate(current)
        default: break
        }
        return []
    }

    private func activate(_ target: Target) -> [SceneCommand] {
        switch target {
        case .game(let g):
            if selectedGame != g {
                selectedGame = g
                animateLift(target)
                emit(.log("select", [("row", "game"), ("value", .string(g.rawValue))]))
            }
            emit(.sound(.select))
            // Its name, as its module says it.
            if let name = context.registry.entry(g)?.voice.name { emit(.speak(name, now: true)) }
            // With a child playing, the level she played last (or the one suggested) is
            // chosen already: two taps start a game. The guest chooses both.
            if let level = context.levelToChoose(for: g, among: levels), selectedLevel != level {
                selectedLevel = level
                animateLift(.level(level))
                emit(.log("select", [("row", "level"), ("value", .string(level.rawValue)), ("by", "child")]))
            }
            sayNextStep(after: true)
        case .level(let l):
            if selectedLevel != l {
                selectedLevel = l
                animateLift(target)
                emit(.log("select", [("row", "level"), ("value", .string(l.rawValue))]))
            }
            emit(.sound(.select))
            emit(.speak(VoiceLines.level(l), now: true))
            sayNextStep(after: true)
        case .play:
            guard playEnabled, let game = selectedGame, let level = selectedLevel else {
                emit(.sound(.boing))
                emit(.hintEvent("nothing-here", target: "play"))
                // The voice says what is missing.
                emit(.speak(selectedGame == nil ? VoiceLines.pickGame : VoiceLines.pickLevel, now: true))
                timeline.tween(0.5, step: { [weak self] v in self?.wiggle = v }, done: { [weak self] in self?.wiggle = 0 })
                return []
            }
            emit(.sound(.whoosh))
            emit(.speak(VoiceLines.letsPlay, now: true))
            backFromGame = true
            return [.show(.game(game, level))]
        case .highScores:
            emit(.sound(.click))
            emit(.speak(VoiceLines.highScores, now: true))
            return [.show(.highScores)]
        }
        return []
    }

    /// The voice says what to do next: pick a game, pick how hard, or press the big green
    /// button (Play bounces). `after`: after the line just said (a choice's name), else now.
    private func sayNextStep(after: Bool = false) {
        let line: Message
        if selectedGame == nil {
            line = VoiceLines.greeting
        } else if !playEnabled {
            line = VoiceLines.pickLevel
        } else {
            line = VoiceLines.pressPlay
            timeline.tween(0.8, step: { [weak self] v in self?.playBounce = v }, done: { [weak self] in self?.playBounce = 0 })
        }
        emit(.speak(line, now: !after))
    }

    private func animateLift(_ target: Target) {
        timeline.tween(0.3, easing: Easing.easeOutBack, step: { [weak self] v in self?.lift[target] = v })
    }

    public override func onBack() -> [SceneCommand] { [] }

    public override func onEscape() -> [SceneCommand] {
        if context.kiosk {
            // In kiosk mode only the adult gate (hold the logo) leads out.
            emit(.log("ignored", [("what", "quit"), ("why", "kiosk")]))
            return []
        }
        emit(.speak(VoiceLines.quitAsk, now: true))
        return [.show(.alert(AlertContent(kind: .quit, title: Messages.quitTitle, lines: [.init(Messages.quitMessage)],
                                          buttons: [.yes, .no])))]
    }

    /// The quit question was answered: Yes ends the program. Back from a game (the end
    /// screen's house, or Back), a child's level is the one the end screen's voice suggested,
    /// else the one she played last, as after a tap on the game's tile.
    public override func onResume(with result: SceneResult?) -> [SceneCommand] {
        if backFromGame, result == nil {
            backFromGame = false
            if let g = selectedGame, let level = context.levelToChoose(for: g, among: levels), selectedLevel != level {
                selectedLevel = level
                animateLift(.level(level))
                emit(.log("select", [("row", "level"), ("value", .string(level.rawValue)), ("by", "child")]))
            }
        }
        return result == .answered(.quit, .yes) ? [.quit] : []
    }

    // MARK: - Drawing

    public override func drawContent(on canvas: any Canvas) {
        // The pattern at 30% over cream (blended when the asset is made).
        SceneBackgrounds.draw("bg-home", on: canvas)
        // Reduced motion: the rows do not shake; their tiles get one outline pulse instead.
        let shake = wiggle > 0 && !context.settings.reducedMotion ? sin(wiggle * .pi * 6) * 10 * (1 - wiggle) : 0
        canvas.text(context.text(Messages.chooseGame), Theme.headingText, at: Point(Canvas1024.width / 2 + (selectedGame == nil ? shake : 0), HomeLayout.gameLabelY),
                    color: Theme.ink, outline: .white)
        canvas.text(context.text(Messages.chooseLevel), Theme.headingText, at: Point(Canvas1024.width / 2 + (selectedLevel == nil ? shake : 0), HomeLayout.levelLabelY),
                    color: Theme.ink, outline: .white)
        for g in context.registry.ids {
            drawTile(canvas, .game(g), image: g.imageName, label: context.title(of: g), selected: selectedGame == g,
                     dx: selectedGame == nil ? shake : 0)
        }
        for l in levels {
            drawTile(canvas, .level(l), image: l.imageName, label: context.text(Messages.level(l)), selected: selectedLevel == l,
                     dx: selectedLevel == nil ? shake : 0)
        }
        drawPlay(canvas)
        drawHighScoresButton(canvas)
        if showsUnmute { drawMutedSpeaker(canvas) }
    }

    /// The big muted speaker shows while the game is muted, unless a system file locked the
    /// mute: then a tap could not bring the sound back (issue 45, item 4), and the top bar's
    /// speaker with its padlock says why.
    var showsUnmute: Bool { context.muted && !context.muteLocked }

    /// A muted game shows a large muted speaker on Home; a tap brings the sound back.
    private func drawMutedSpeaker(_ canvas: any Canvas) {
        var r = HomeLayout.mutedSpeaker
        if unmutePressed { r = r.scaled(0.95) }
        Decor.card(canvas, r, radius: 28)
        if focus == nil, unmutePressed { canvas.strokeRounded(r, radius: 28, width: 5, Theme.focus) }
        canvas.image("speaker-off", in: r.insetBy(24, 16))
    }

    public override func drawOverBar(on canvas: any Canvas) {
        ProfileBar.draw(canvas, context, pressed: profilePress.pressed)
        drawGrownUps(canvas)
        if let held = logoHold { Self.drawHoldProgress(canvas, held: held, under: heldFrame) }
    }

    /// Shows the grown-up holding the logo or the sign that something is happening: a bar
    /// filling under what is held (Home and the rest screen).
    static func drawHoldProgress(_ canvas: any Canvas, held: Double, under frame: Rect) {
        guard held > quickTapSeconds + 1e-9 else { return }
        let progress = min(held / gateHoldSeconds, 1)
        canvas.fillRounded(Rect(frame.x, TopBar.height - 8, frame.width, 6), radius: 3, Color(255, 255, 255, 80))
        canvas.fillRounded(Rect(frame.x, TopBar.height - 8, frame.width * progress, 6), radius: 3, Theme.panelBorder)
    }

    /// True when the row of `target` already has a choice (its tiles do not call for one).
    private func missingRowChosen(_ target: Target) -> Bool {
        switch target {
        case .game: selectedGame != nil
        case .level: selectedLevel != nil
        default: true
        }
    }

    private func drawTile(_ canvas: any Canvas, _ target: Target, image: String, label: String, selected: Bool, dx: Double) {
        let base = frame(of: target).offsetBy(dx, 0)
        if context.settings.reducedMotion, wiggle > 0, !selected, !missingRowChosen(target) {
            canvas.strokeRounded(base.insetBy(-6, -6), radius: 30, width: 5, Color(20, 24, 60).withAlpha(sin(wiggle * .pi)))
        }
        let liftAmount = selected ? (lift[target] ?? 1) : 0
        var r = base.offsetBy(0, -8 * liftAmount).scaled(1 + 0.03 * liftAmount)
        if press.pressed == target { r = r.scaled(0.95) }
        Decor.card(canvas, r, radius: 26, fill: selected ? Color(255, 246, 220) : Theme.tile, shadow: 6 + 6 * liftAmount)
        if selected {
            canvas.strokeRounded(r, radius: 26, width: 7, Theme.selection)
        }
        if focus == target {
            canvas.strokeRounded(HomeLayout.focusRing(around: r), radius: 46, width: 5, Theme.focus)
        }
        let imageFrame = Rect(r.x + 20, r.y + 12, r.width - 40, r.height - 62)
        canvas.image(image, in: imageFrame)
        canvas.text(label, Theme.labelText, at: Point(r.midX, r.maxY - 28), color: selected ? Theme.selectionText : Theme.ink)
        if selected {
            canvas.image("check", in: HomeLayout.checkFrame(on: r))
        }
    }

    private func drawPlay(_ canvas: any Canvas) {
        var r = HomeLayout.play
        if press.pressed == .play && playEnabled { r = r.scaled(0.95) }
        // "Press the big green button": two hops (a pulse of the outline with reduced motion).
        if playBounce > 0 && !context.settings.reducedMotion { r = r.offsetBy(0, -18 * abs(sin(playBounce * .pi * 2))) }
        let enabled = playEnabled
        Decor.card(canvas, r, radius: 34, fill: enabled ? Theme.playFill : Theme.disabledFill, shadow: enabled ? 8 : 3)
        if enabled { canvas.strokeRounded(r, radius: 34, width: 6, Theme.yes) }
        if focus == .play { canvas.strokeRounded(r.insetBy(-10, -10), radius: 42, width: 5, Theme.focus) }
        canvas.image("play", in: Rect(r.x + 40, r.y + 10, r.width - 80, r.height - 62),
                     ImageOptions(alpha: enabled ? 1 : 0.35, tint: enabled ? nil : Color(150, 150, 150)))
        canvas.text(context.text(Messages.play), Theme.headingText, at: Point(r.midX, r.maxY - 30), color: enabled ? Theme.yesText : Theme.disabledText)
    }

    private func drawHighScoresButton(_ canvas: any Canvas) {
        var r = HomeLayout.highScores
        if press.pressed == .highScores { r = r.scaled(0.95) }
        Decor.card(canvas, r, radius: 28)
        if focus == .highScores { canvas.strokeRounded(r.insetBy(-10, -10), radius: 36, width: 5, Theme.focus) }
        canvas.image("trophy", in: Rect(r.x + 30, r.y + 12, r.width - 60, r.height - 60))
        canvas.text(context.text(Messages.highScoresButton), Theme.smallText, at: Point(r.midX, r.maxY - 26), color: Theme.ink)
    }

    // MARK: - The grown-ups' padlock

    /// Right of the logo, left of the mute button: a padlock and "Grown-ups: / hold 3 s".
    public static func grownUpsFrame() -> Rect {
        Rect(TopBar.logoFrame.maxX + 8, 0, TopBar.muteFrame.x - 8 - (TopBar.logoFrame.maxX + 8), TopBar.height)
    }

    private func drawGrownUps(_ canvas: any Canvas) { Self.drawGrownUpsSign(canvas, context) }

    /// The padlock and "Grown-ups: / hold 3 s" (Home and the rest screen).
    static func drawGrownUpsSign(_ canvas: any Canvas, _ context: GameContext) {
        let f = grownUpsFrame()
        canvas.image("lock", in: Rect(f.x + 2, f.midY - 16, 32, 32), ImageOptions(alpha: 0.9))
        let width = f.width - 42
        let (style, outline) = grownUpsLettering(rightToLeft: context.rightToLeft)
        let lines = [context.text(Messages.homeGrownUps), context.text(Messages.homeHold)]
        for (i, line) in lines.enumerated() {
            let y = f.midY + (i == 0 ? -11 : 11)
            canvas.text(line, canvas.fitting(line, style, width: width), at: Point(f.x + 40, y), align: .left, color: .white,
                        outline: outline)
        }
    }

    /// The sign's letters: white, bold, with the bar title's dark outline (it reads on the bar's
    /// blue). Arabic at this small size is drawn regular and without the outline: bold
    /// Scheherazade is thickened and the outline grows it again, which blurred the dots of
    /// "احفظ 3 ث" into the letters (issue 45, item 10); white on the bar's blue alone is 5:1.
    static func grownUpsLettering(rightToLeft: Bool) -> (style: TextStyle, outline: Color?) {
        rightToLeft ? (TextStyle(size: 18, bold: false), nil) : (TextStyle(size: 18, bold: true), Color(50, 50, 140))
    }

    // MARK: - Dump

    /// The sign's dump item: held `holdSeconds` it opens the gate; a tap does nothing.
    static var grownUpsItem: JSON {
        dumpItem("grownups", kind: "sign", frame: grownUpsFrame(),
                       [("icon", "lock"), ("key", .string(Messages.homeGrownUps.key)), ("enabled", false),
                        ("holdSeconds", .double(gateHoldSeconds))])
    }

    public override func dumpItems() -> [JSON] {
        ProfileBar.items(context) + [dumpItem("logo", kind: "logo", frame: TopBar.logoFrame, [("holdSeconds", .double(Self.gateHoldSeconds))]),
                                     Self.grownUpsItem]
        + (showsUnmute ? [dumpItem("unmute", kind: "button", frame: HomeLayout.mutedSpeaker, [("enabled", true)] + PictureButton.dumpFields(icon: "speaker-off", key: nil))] : [])
        + allTargets.map { target in
            let selected: Bool
            switch target {
            case .game(let g): selected = selectedGame == g
            case .level(let l): selected = selectedLevel == l
            default: selected = false
            }
            let enabled = target == .play ? playEnabled : true
            return dumpItem(target.id, kind: "button", frame: frame(of: target),
                            [("selected", .bool(selected)), ("enabled", .bool(enabled)), ("focused", .bool(focus == target))]
                            + PictureButton.dumpFields(icon: icon(of: target), key: labelKey(of: target)))
        }
    }

    /// The picture a target shows.
    private func icon(of target: Target) -> String {
        switch target {
        case .game(let g): return g.imageName
        case .level(let l): return l.imageName
        case .play: return "play"
        case .highScores: return "trophy"
        }
    }

    /// The message key of a target's words.
    private func labelKey(of target: Target) -> String {
        switch target {
        case .game(let g): return context.registry.entry(g)?.definition.title.key ?? g.rawValue
        case .level(let l): return Messages.level(l).key
        case .play: return Messages.play.key
        case .highScores: return Messages.highScoresButton.key
        }
    }

    public override func dumpFields() -> [(String, JSON)] {
        [("game", .optional(selectedGame?.rawValue)), ("level", .optional(selectedLevel?.rawValue))]
    }
}
