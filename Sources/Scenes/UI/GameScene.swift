import GameCore
import Glibc

/// What every game shares: the top bar with Back, title, time and score pills; the game
/// clock; the countdown label with its last-ten-seconds pulse and tick; "+N" floating
/// texts with the coin sound; and the game-over flow (record, sounds, "Play again?").
/// Subclasses keep their rules in a pure value and translate input and rule events.
@MainActor
open class GameScene: BaseScene {
    public let kind: GameKind
    public let level: Level
    /// Seconds since this game started; stops when the game is over or paused.
    public private(set) var clock = GameClock()
    public private(set) var isOver = false
    /// Paused (window lost focus or the pause button): the clock and the game stand still.
    public private(set) var isPaused = false
    /// The score shown in the pill (Balloons updates it when a flying number lands).
    public private(set) var shownScore = 0
    private var shownSeconds: Int?
    private var floating: [FloatingText] = []
    private var pulse = 0.0
    /// The area below the top bar where the game is played.
    public static let playArea = Rect(0, TopBar.height, 1024, 768 - TopBar.height)
    public static let lastSeconds = 10

    public init(context: GameContext, kind: GameKind, level: Level) {
        self.kind = kind
        self.level = level
        super.init(context: context, name: kind.rawValue)
    }

    open override var title: String? { kind.title }
    open override var showsBack: Bool { true }
    open override var showsPause: Bool { true }
    open override var pausedState: Bool { isPaused }
    open override func onPause() { setPaused(!isPaused) }
    open override var needsFrames: Bool { true }

    public override func onUpdate(dt: Double) -> [SceneCommand] {
        for i in floating.indices { floating[i].age += dt }
        floating.removeAll { $0.isFinished }
        pulse += dt
        guard !isOver, !isPaused else { return [] }
        clock.advance(dt)
        return updateGame(now: clock.now, dt: dt)
    }

    /// Game-specific step, with the game clock already advanced.
    open func updateGame(now: Double, dt: Double) -> [SceneCommand] { [] }

    public override func onInput(_ event: InputEvent) -> [SceneCommand] {
        if case .focusLost = event { setPaused(true); return [] }
        if isPaused {
            if case .pointerUp = event { setPaused(false) }
            if case .key(.return, _) = event { setPaused(false) }
            if case .key(.space, _) = event { setPaused(false) }
            return []
        }
        guard !isOver else { return [] }
        return gameInput(event)
    }

    /// Game-specific input (not called while paused or over).
    open func gameInput(_ event: InputEvent) -> [SceneCommand] { [] }

    open override func onBack() -> [SceneCommand] {
        // A game that has ended waits for its alert (the skull's boom): Back is no way around
        // the game over it already logged.
        guard !isOver else { return [] }
        // Leaving mid-game loses it: nothing is recorded.
        isOver = true
        return [.pop]
    }

    // MARK: - Time

    /// Shows the whole seconds left; logs `timer` and ticks in the last ten seconds when the
    /// shown value changes.
    public func showTime(_ seconds: Int) {
        guard seconds != shownSeconds else { return }
        let first = shownSeconds == nil
        shownSeconds = seconds
        context.log.emit("timer", [("left", .int(seconds))])
        if !first && seconds > 0 && seconds <= Self.lastSeconds { context.play(.tick) }
    }

    // MARK: - Score

    /// Adds points to the shown score: logs `score`, plays the coin sound, floats "+N".
    public func showPoints(_ delta: Int) {
        guard delta != 0 else { return }
        shownScore += delta
        context.log.emit("score", [("delta", .int(delta)), ("total", .int(shownScore))])
        context.play(.coin)
        // Points that land close together fan out sideways instead of stacking.
        let young = floating.filter { $0.age < 0.4 }.count
        let dx = Double([0, -40, 40][young % 3])
        floating.append(FloatingText(text: "+\(delta)", start: Point(TopBar.scoreFrame.midX + dx, TopBar.scoreFrame.maxY + 40)))
    }

    // MARK: - Game over

    public enum Outcome: String { case won, lost }

    /// Ends the game: records the score if asked and it makes the top five, logs `gameover`,
    /// plays fanfare or sad trombone (and applause for a new high score), and pushes the
    /// "Play again?" alert (Yes: a new game of the same kind and level; No: Home).
    public func finish(_ outcome: Outcome, reason: String, score: Int, record: Bool, title: String? = nil) -> [SceneCommand] {
        guard !isOver else { return [] }
        isOver = true
        // The scene stops updating under the alert: drop "+N" texts so none hang frozen.
        floating.removeAll()
        let rank = record ? context.scores.record(game: kind, level: level, score: score) : nil
        context.log.emit("gameover", [
            ("game", .string(kind.rawValue)), ("level", .string(level.rawValue)), ("result", .string(outcome.rawValue)),
            ("reason", .string(reason)), ("score", .int(score)), ("recorded", .bool(rank != nil)), ("rank", .optional(rank)),
        ])
        context.play(outcome == .won ? .fanfare : .sadTrombone)
        if rank != nil { context.play(.applause) }
        var lines: [String] = []
        if outcome == .won {
            lines.append("Your score: \(score)")
            if let rank { lines.append("New high score! You are number \(rank)!") }
        } else {
            lines.append(reason == "killer" ? "Oh no, the skull balloon!" : (reason == "idle" ? "No balloon popped for 10 seconds." : "Time is up."))
            if score > 0 && reason != "killer" && reason != "idle" { lines.append("Your score: \(score)") }
        }
        lines.append("Play again?")
        let alert = AlertScene(context: context, title: title ?? (outcome == .won ? "You won!" : "You lost the game"),
                               message: lines.joined(separator: "\n"), buttons: [.yes, .no], celebrate: outcome == .won,
                               titleColor: outcome == .won ? Theme.yes : Theme.no) { [context, kind, level] answer in
            if answer == .yes {
                context.play(.whoosh)
                return [.pop, .replace(context.makeGame(kind, level))]
            }
            return [.popToRoot]
        }
        return [.push(alert)]
    }

    // MARK: - Pause

    public func setPaused(_ paused: Bool) {
        guard paused != isPaused, !isOver else { return }
        isPaused = paused
        context.log.emit(paused ? "pause" : "resume", [("game", .string(kind.rawValue))])
    }

    // MARK: - Drawing

    /// The time and score pills in the top bar, and floating "+N" texts.
    public override func drawOverBar(on canvas: any Canvas) {
        let seconds = shownSeconds ?? 0
        let urgent = seconds <= Self.lastSeconds && !isOver
        var timeFrame = TopBar.timeFrame
        if urgent { timeFrame = timeFrame.scaled(1 + 0.08 * abs(sin(pulse * .pi))) }
        canvas.fillRounded(timeFrame, radius: 24, urgent ? Theme.warning : Theme.pill)
        canvas.image("clock", in: Rect(timeFrame.x + 8, timeFrame.midY - 18, 36, 36))
        canvas.text(Countdown.format(seconds), Theme.labelText, at: Point(timeFrame.x + 52, timeFrame.midY), align: .left,
                    color: urgent ? .white : Theme.ink)
        let scoreFrame = TopBar.scoreFrame
        canvas.fillRounded(scoreFrame, radius: 24, Theme.pill)
        canvas.image("score-star", in: Rect(scoreFrame.x + 8, scoreFrame.midY - 18, 36, 36))
        canvas.text("\(shownScore)", Theme.labelText, at: Point(scoreFrame.x + 52, scoreFrame.midY), align: .left, color: Theme.ink)
        for f in floating {
            canvas.text(f.text, Theme.headingText, at: f.position, color: f.color, outline: .white, alpha: f.alpha)
        }
        if isPaused {
            canvas.fill(GameScene.playArea, Color(20, 24, 40, 140))
            canvas.text("Paused - tap to continue", Theme.bigText, at: GameScene.playArea.center, color: .white, outline: Theme.ink)
        }
    }

    open override func dumpFields() -> [(String, JSON)] {
        [("score", .int(shownScore)), ("timeLeft", .int(shownSeconds ?? 0))]
    }
}
