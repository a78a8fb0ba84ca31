import GameCore
import CMath
import Stage
import TextCatalogs

/// Balloons' scene: the host running Balloons' play.
public typealias BalloonScene = GameHost<BalloonGame>

/// The Balloons game: balloons rise over the sky; a tap pops one and its number flies to the
/// score. The star balloon slows the next balloons for a while, the skull ends the game.
/// The rules (`BalloonRules`) own positions, timing and scoring; this scene turns taps into
/// rule calls, and rule events into log lines, sounds and animations, and draws. A value
/// (`GamePlay`): the host calls it and carries out what it returns.
@MainActor
public struct BalloonPlay: GamePlay {
    public private(set) var rules: BalloonRules
    private let countdown: Countdown
    /// Numbers on their way to the score pill; each counts when it lands. They fly on rule
    /// time (`GameTime.played`), so they stop with the game.
    public func flights(at played: Double) -> [FlyingNumber] { flying.items(at: played) }
    private var flying = Particles<FlyingNumber>()
    /// The bursts where balloons popped, on awake time (they play on through the demo).
    private var effects = Particles<PopEffect>()
    /// Shake and red flash after the skull balloon: 1 when it pops, down to 0, on scene time
    /// (read where the last step left them, `GameTime.stepped`).
    private var shake = Eased.still(0)
    private var flash = Eased.still(0)

    public static let shakeDuration = 0.45
    public static let flashDuration = 0.5
    public static let killerAlertDelay = BalloonRules.killerAlertDelay
    /// How far (px) and how much (degrees) balloons sway as they rise.
    public static let swayDistance = 5.0
    public static let swayAngle = 4.0
    static let numberText = TextStyle(size: 54, bold: true)
    static let flyingText = TextStyle(size: 44, bold: true)
    static let numberOutline = Color(40, 30, 70)

    /// `config` replaces the level's numbers (the benchmark's busiest sky uses it).
    public init(_ start: GameStart, random: inout SeededGenerator) { self.init(start, random: &random, config: nil) }

    /// `config` replaces the level's numbers (the benchmark's busiest sky uses it).
    public init(_ start: GameStart, random: inout SeededGenerator, config: BalloonRules.Config?) {
        var chosen = config ?? .level(start.level)
        if start.relaxed {
            // Relaxed: no idle loss, no skull; the game still ends after its usual time.
            chosen.idleLimit = .infinity
            chosen.killers = false
        }
        rules = BalloonRules(config: chosen, using: &random)
        countdown = Countdown(limit: rules.config.timeLimit)
    }


    // MARK: - Time

    public var timeLimitSeconds: Int? { Int(rules.config.timeLimit.rounded(.up)) }

    public mutating func frameEnds(_ now: GameNow) -> GameOutput {
        effects.removeFinished(at: now.time.awake)
        return []
    }

    public mutating func step(_ now: GameNow, random: inout SeededGenerator) -> GameOutput {
        // Numbers land first, so a number that lands in the last frame still counts on screen.
        var out = GameOutput(flights(at: now.time.played).filter(\.hasLanded).map { .points($0.number) })
        flying.removeFinished(at: now.time.played)
        // The rules run on this frame's time, like every game's (one frame later than they
        // once did here: a named change of the game-contract issue).
        let events = rules.advance(to: now.rule, using: &random)
        out.ask(.seconds(countdown.shownSeconds(at: now.rule)))
        out += handle(events, now)
        return out
    }

    // MARK: - Input

    public mutating func input(_ event: InputEvent, _ now: GameNow) -> GameOutput {
        // A balloon pops on the press: it keeps rising, so waiting for the release of a
        // small hand on a moving target would miss it.
        // Every finger on a touch table pops like the pointer: balloons popped by different
        // fingers in the same frame all count.
        let p: Point
        switch event {
        case .pointerDown(let at), .finger(.down, _, let at): p = at
        default: return []
        }
        let events = rules.tap(p, now: now.rule)
        // Clear sky: a ripple where the finger was, so the tap is answered.
        if events.isEmpty && rules.ended == nil { return [.nothingHere(at: p, target: nil)] }
        return handle(events, now)
    }

    // MARK: - Rule events

    /// Balloons' feedback table: the log line and the sound of each rule event.
    static func cues(for event: BalloonEvent) -> [Effect] {
        switch event {
        case .spawned(let b):
            let spawn = Effect.log("spawn", [
                ("balloon", .string(b.name)), ("type", .string(b.type.rawValue)), ("color", .string(b.color)),
                ("number", .optional(b.number)), ("spot", .int(b.spot)), ("speed", .double(b.speed)),
            ])
            switch b.type {
            case .regular: return [spawn]
            // The star and the skull are announced at once (a number said later waits).
            case .bonus: return [spawn, .sound(.bonusArrive), .speak(VoiceLines.starBalloon, now: true)]
            case .killer: return [spawn, .sound(.killerArrive), .speak(VoiceLines.skullBalloon, now: true)]
            }
        case .escaped(let b):
            return [.log("escape", [("balloon", .string(b.name))])]
        case .popped(let b, _):
            // The number is said (a newer one replaces one still waiting: never a backlog).
            let said: [Effect] = b.number.map { [.speak(VoiceLines.number($0))] } ?? (b.type == .bonus ? [.praise] : [])
            return [.log("pop", [("balloon", .string(b.name)), ("type", .string(b.type.rawValue)), ("number", .optional(b.number))]),
                    .sound(b.type == .killer ? .boom : .pop)] + said
        case .slowedDown:
            return [.sound(.magic)]
        case .idleWarning(let left):
            // The sleeping balloon counts down; the voice asks for a pop (after a line it is
            // saying, never over the skull's warning).
            return [.log("idle-warning", [("left", .double(left))]), .speak(VoiceLines.reprompt(.balloons))]
        case .ended:
            return []
        }
    }

    /// Turns rule events into cues (the table above), animations and the game's end.
    private mutating func handle(_ events: [BalloonEvent], _ game: GameNow) -> GameOutput {
        var out: GameOutput = []
        let now = game.rule, awake = game.time.awake
        for event in events {
            out.ask(.feedback(Self.cues(for: event)))
            switch event {
            case .spawned, .escaped, .slowedDown:
                break
            case .idleWarning:
                // The warning asked for a pop: the game's own re-prompt waits its full time again.
                out.ask(.prompted)
            case .popped(let b, let points):
                let center = BalloonLayout.body(in: Self.swayedFrame(b, at: now)).center
                switch b.type {
                case .regular:
                    effects.add(PopEffect(center: center, tint: BalloonPalette.color(b.color), style: .pop, seed: b.id), at: awake)
                case .bonus:
                    effects.add(PopEffect(center: center, tint: BalloonPalette.color(b.color), style: .magic, seed: b.id), at: awake)
                case .killer:
                    effects.add(PopEffect(center: center, tint: Color(70, 70, 84), style: .boom, seed: b.id), at: awake)
                    shake = Eased(from: 1, to: 0, start: game.time.scene.now, duration: Self.shakeDuration)
                    flash = Eased(from: 1, to: 0, start: game.time.scene.now, duration: Self.flashDuration)
                }
                if points > 0 { flying.add(FlyingNumber(number: points, from: center), at: game.time.played) }
            case .ended(let reason):
                // The game ended with numbers still flying: count them now so the final score is right.
                out += GameOutput(flights(at: game.time.played).map { .points($0.number) })
                flying.removeAll()
                switch reason {
                case .time:
                    out.ask(.end(BalloonGame.finished, score: rules.score))
                case .idle:
                    out.ask(.end(.idle, score: rules.score))
                case .killer:
                    // The end screen waits so the boom can be seen; the game over is logged now.
                    out.ask(.end(BalloonGame.skull, score: rules.score, alertAfter: Self.killerAlertDelay))
                }
            }
        }
        return out
    }

    // MARK: - Drawing

    /// Sway: a small sideways drift and tilt, each balloon in its own phase, so they look
    /// alive. Kept well inside the hit margin, so the touchable area stays honest.
    private static func sway(_ b: Balloon, at now: Double) -> (dx: Double, angle: Double) {
        // The skull rises straight: its drawn shape is exactly where a tap pops it.
        if b.type == .killer { return (0, 0) }
        let phase = Double(b.id) * 2.399963
        let t = now - b.spawnTime
        return (Self.swayDistance * sin(t * 2.1 + phase), Self.swayAngle * sin(t * 1.7 + phase + 1))
    }

    private static func swayedFrame(_ b: Balloon, at now: Double) -> Rect {
        b.frame(at: now).offsetBy(sway(b, at: now).dx, 0)
    }

    func shakeOffset(_ now: GameNow) -> Point {
        // Reduced motion: the skull's boom does not shake the picture (the red flash stays).
        let shake = self.shake.value(at: now.time.stepped), decorTime = now.time.awake
        guard shake > 0, !now.reducedMotion else { return .zero }
        let strength = 14 * shake
        return Point(strength * sin(decorTime * 71), strength * cos(decorTime * 53))
    }

    /// The sky picture of a wide screen keeps its sun in the top-right corner, a tall one its
    /// hills along the bottom (SceneBackgrounds).
    static let backgroundAnchor = SceneBackgrounds.Anchor.bottomRight
    static var backgroundFrame: Rect { SceneBackgrounds.frame("bg-balloons", anchor: backgroundAnchor) }
    /// The background while the sky shakes (a skull): a little larger, so no edge shows.
    static var shakenBackground: Rect { backgroundFrame.scaled(1.04) }

    public func draw(on canvas: any Canvas, _ game: GameNow) {
        let now = game.rule, decorTime = game.time.awake
        let offset = shakeOffset(game)
        let background = offset == .zero ? Self.backgroundFrame : Self.shakenBackground.offsetBy(offset.x, offset.y)
        canvas.background(SceneBackgrounds.name("bg-balloons"), in: background)
        for b in rules.balloons { drawBalloon(b, now: now, decorTime: decorTime, offset: offset, on: canvas) }
        for effect in effects.items(at: decorTime) { effect.draw(on: canvas, offset: offset) }
        drawSlowIndicator(game, on: canvas)
        drawIdleWarning(game, on: canvas)
        let flash = self.flash.value(at: game.time.stepped)
        if flash > 0 {
            canvas.fill(BalloonLayout.playArea, Color(255, 40, 40).withAlpha(0.45 * flash))
        }
    }

    private func drawBalloon(_ b: Balloon, now: Double, decorTime: Double, offset: Point, on canvas: any Canvas) {
        let (dx, angle) = Self.sway(b, at: now)
        let frame = b.frame(at: now).offsetBy(dx + offset.x, offset.y)
        guard frame.maxY > BalloonLayout.playArea.minY, frame.minY < Canvas1024.height else { return }
        // The body centre turns with the image about the frame centre.
        let body = BalloonLayout.body(in: frame).center
        let radians = angle * .pi / 180
        let vx = body.x - frame.midX, vy = body.y - frame.midY
        let center = Point(frame.midX + vx * cos(radians) - vy * sin(radians), frame.midY + vx * sin(radians) + vy * cos(radians))
        if b.type == .bonus {
            // A pulsing golden halo: the star balloon reads as special, not just as yellow.
            let pulse = 0.5 + 0.5 * sin(decorTime * 5)
            canvas.fillCircle(center: center, radius: 62 + 6 * pulse, Color(255, 236, 120).withAlpha(0.25 + 0.2 * pulse))
        }
        canvas.image(b.imageName, in: frame, ImageOptions(rotation: angle))
        if let number = b.number {
            canvas.text("\(number)", Self.numberText, at: center, color: .white, outline: Self.numberOutline)
        } else if b.type == .bonus {
            for i in 0..<3 {
                let a = decorTime * 1.6 + Double(i) * 2.1
                let p = Point(center.x + cos(a) * 54, center.y + sin(a) * 60)
                let size = 32 + 10 * sin(decorTime * 5 + Double(i))
                canvas.image("sparkle", in: Rect(center: p, size: Size(size, size)), ImageOptions(rotation: decorTime * 90))
            }
        }
    }

    private func drawSlowIndicator(_ game: GameNow, on canvas: any Canvas) {
        let left = rules.slowLeft(at: game.rule)
        guard left > 0, !game.isOver || rules.ended == .killer else { return }
        let fraction = left / rules.config.slowDuration
        // Pops in over the first 0.3 s, so the child notices it.
        let appear = min((rules.config.slowDuration - left) / 0.3, 1)
        let frame = BalloonLayout.slowIndicator.scaled(0.6 + 0.4 * Easing.easeOutBack(appear))
        Decor.card(canvas, frame, radius: frame.height / 2, fill: Color(255, 252, 230), shadow: 5)
        canvas.strokeRounded(frame, radius: frame.height / 2, width: 4, Color(255, 190, 40))
        let s = frame.width / BalloonLayout.slowIndicator.width
        let icon = BalloonLayout.slowIcon
        canvas.image("snail", in: Rect(frame.x + (icon.x - BalloonLayout.slowIndicator.x) * s, frame.y + (icon.y - BalloonLayout.slowIndicator.y) * s,
                                       icon.width * s, icon.height * s))
        let label = BalloonLayout.slowLabelAnchor
        canvas.text(game.context.text(Messages.slow), Theme.labelText, at: Point(frame.x + (label.x - BalloonLayout.slowIndicator.x) * s, frame.y + (label.y - BalloonLayout.slowIndicator.y) * s),
                    align: .left, color: Color(120, 70, 200))
        let track = BalloonLayout.slowBarTrack
        let trackFrame = Rect(frame.x + (track.x - BalloonLayout.slowIndicator.x) * s, frame.y + (track.y - BalloonLayout.slowIndicator.y) * s,
                              track.width * s, track.height * s)
        canvas.fillRounded(trackFrame, radius: trackFrame.height / 2, Color(230, 222, 200))
        if fraction > 0.01 {
            canvas.fillRounded(Rect(trackFrame.x, trackFrame.y, max(trackFrame.width * fraction, trackFrame.height), trackFrame.height),
                               radius: trackFrame.height / 2, Color(150, 90, 230))
        }
    }

    /// Whole seconds left before the idle loss while the warning shows (the number on screen).
    public func idleWarningSeconds(_ now: GameNow) -> Int? {
        guard !now.isOver, let left = rules.idleLeft(at: now.rule) else { return nil }
        return max(Int(left.rounded(.up)), 1)
    }

    /// The sleeping balloon and the seconds left: it pops in when the warning starts, and the
    /// number gives a small hop as each second begins (once a second; none with less motion).
    private func drawIdleWarning(_ game: GameNow, on canvas: any Canvas) {
        guard let seconds = idleWarningSeconds(game), let left = rules.idleLeft(at: game.rule) else { return }
        let shown = rules.config.idleLimit - rules.config.idleWarning - left
        let appear = game.reducedMotion ? 1 : min(shown / 0.3, 1)
        let frame = BalloonLayout.idleWarning.scaled(0.6 + 0.4 * Easing.easeOutBack(appear))
        let s = frame.width / BalloonLayout.idleWarning.width
        func place(_ r: Rect) -> Rect {
            Rect(frame.x + (r.x - BalloonLayout.idleWarning.x) * s, frame.y + (r.y - BalloonLayout.idleWarning.y) * s, r.width * s, r.height * s)
        }
        Decor.card(canvas, frame, radius: 30 * s, fill: Color(255, 252, 235), shadow: 5)
        canvas.strokeRounded(frame, radius: 30 * s, width: 4, Color(120, 110, 200))
        canvas.image("reason-idle", in: place(BalloonLayout.idleWarningPicture))
        // The fraction of the current second gone: the number hops at its start.
        let intoSecond = Double(seconds) - left
        let hop = game.reducedMotion ? 0 : max(0, 1 - intoSecond / 0.25)
        let c = BalloonLayout.idleWarningNumber
        let centre = Point(frame.x + (c.x - BalloonLayout.idleWarning.x) * s, frame.y + (c.y - BalloonLayout.idleWarning.y) * s)
        let radius = (44 + 6 * hop) * s
        canvas.fillCircle(center: centre, radius: radius, Color(120, 70, 200))
        canvas.text("\(seconds)", TextStyle(size: 2 * Int((29 * s * (1 + 0.12 * hop)).rounded()), bold: true), at: centre,
                    color: .white, outline: Self.numberOutline)
    }

    /// The popped numbers flying to the score, drawn over the top bar so they reach the pill.
    public func drawOverBar(on canvas: any Canvas, _ now: GameNow) {
        for flight in flights(at: now.time.played) {
            // A golden coin with the number, shrinking a little as it nears the score pill.
            let scale = 1 - 0.4 * flight.progress
            let p = flight.position
            canvas.fillCircle(center: Point(p.x, p.y + 3), radius: 34 * scale, Color(120, 70, 0, 70))
            canvas.fillCircle(center: p, radius: 34 * scale, .white)
            canvas.fillCircle(center: p, radius: 29 * scale, Color(255, 190, 30))
            // Even sizes only: each size of each number is rasterized once, then reused.
            let style = TextStyle(size: 2 * Int((Double(Self.flyingText.size) * scale / 2).rounded()), bold: true)
            canvas.text("\(flight.number)", style, at: p, color: .white, outline: Self.numberOutline)
        }
    }

    // MARK: - Show-me demo

    /// Where the demo's balloon rises: a spot near the middle, from below the screen.
    static let demoSpot = 4
    static let demoPopAt = 1.9

    /// A demo balloon of its own rises from the bottom (it is no balloon of the rules, so it
    /// can never score); the hand meets it and pops it.
    public func demoStops(_ now: GameNow) -> [ShowMeDemo.Stop]? {
        let target = demoBalloonCenter(at: Self.demoPopAt)
        return [.init(0, ShowMeDemo.rest), .init(Self.demoPopAt - 0.15, target), .init(Self.demoPopAt, target, pressed: true),
                .init(Self.demoPopAt + 0.2, target), .init(3.3, ShowMeDemo.rest)]
    }

    /// The demo balloon's image frame at demo time `t`: it rises at a calm 160 px/s from
    /// the bottom edge.
    private func demoBalloonFrame(at t: Double) -> Rect {
        BalloonLayout.frame(x: BalloonLayout.spotX(Self.demoSpot), y: Canvas1024.height - 60 - 160 * t)
    }

    private func demoBalloonCenter(at t: Double) -> Point { BalloonLayout.body(in: demoBalloonFrame(at: t)).center }

    public func drawDemo(_ demo: ShowMeDemo, on canvas: any Canvas, _ now: GameNow) {
        if demo.age < Self.demoPopAt {
            let frame = demoBalloonFrame(at: demo.age)
            canvas.image("balloon-red", in: frame, ImageOptions(alpha: 0.9))
            canvas.text("3", Self.numberText, at: BalloonLayout.body(in: frame).center, color: .white, outline: Self.numberOutline)
        } else if let p = demo.progress(Self.demoPopAt, 0.5), p < 1 {
            let center = demoBalloonCenter(at: Self.demoPopAt)
            let size = 90 + 120 * Easing.easeOutQuad(p)
            canvas.image("burst", in: Rect(center: center, size: Size(size, size)), ImageOptions(alpha: 1 - p, tint: BalloonPalette.color("red")))
        }
    }

    /// The entrance spots and the balloons in the sky are placed for the shape the game
    /// started in.
    public var keepsItsShape: Bool { true }

    // MARK: - Dump

    public func dumpFields(_ now: GameNow) -> [(String, JSON)] {
        [("slowLeft", .double(rules.slowLeft(at: now.rule)))]
    }

    public func dumpItems(_ now: GameNow) -> [JSON] {
        let warning = idleWarningSeconds(now).map {
            [dumpItem("idle-warning", kind: "picture", frame: BalloonLayout.idleWarning, [("icon", "reason-idle"), ("seconds", .int($0))])]
        } ?? []
        return warning + rules.balloons.compactMap { b in
            guard let frame = b.hitFrame(at: now.rule) else { return nil }
            return dumpItem(b.name, kind: "balloon", frame: frame, [
                ("type", .string(b.type.rawValue)), ("color", .string(b.color)), ("number", .optional(b.number)),
                ("speed", .double(b.speed)),
            ])
        }
    }
}

/// A number flies until it lands (`Particles` reads its age from the game's clock).
extension FlyingNumber: Aging {
    public var isFinished: Bool { hasLanded }
}
