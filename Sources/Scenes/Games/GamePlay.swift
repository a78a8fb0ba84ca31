import GameCore
import Stage
import TextCatalogs

/// A game's play (issue #44, "a game is a value"): its state as a value, and the functions
/// the host (`GameHost`) calls. Each gets the host's clocks and what it may read
/// (`GameNow`) and **returns** what it wants done (`GameOutput`): effects to send, points,
/// the time to show, a tap on nothing, the round's end. A play sums no `dt` (the host steps
/// `GameTime`), keeps no closure that acts (only an `Eased` value's easing
/// curve, a function of a number), and cannot act by itself: the host carries out what it
/// returned, in order.
///
/// The host owns everything around the rules for every game: the top bar and its pills,
/// pause, the countdown's look and tick, the intro and the re-prompt, "hear it again", the
/// show-me demo, Back's question and the ending (record, sounds, the end screen, ↻).
/// A play that tells its round's statistics (`RoundStatistics`) is the only kind there is,
/// so a round is never recorded with made-up zeros.
@MainActor
public protocol GamePlay: RoundStatistics {
    /// A round starts: from its level, its content (`start.context.roundSet`) and the
    /// environment, drawing what is random from `random` (the session's seeded generator).
    init(_ start: GameStart, random: inout SeededGenerator)
    /// The whole seconds it starts with, shown until its first `.seconds` (nil: no clock).
    var timeLimitSeconds: Int? { get }
    /// The line said when a round starts and on "hear it again"; nil: the module's intro.
    var introLine: Message? { get }
    /// True when its frames are placed once, for the shape the game started in.
    var keepsItsShape: Bool { get }
    /// True while its opening plays (Memory's deal): the host's rule and scene clocks, the
    /// demo and the re-prompt wait; the play ends it by its own time or at a first press.
    func opening(_ now: GameNow) -> Bool

    /// The game appeared (its first callback).
    mutating func enter(_ now: GameNow) -> GameOutput
    /// A frame begins, before the host's coaching (every frame on top, paused or not).
    mutating func frameBegins(_ now: GameNow) -> GameOutput
    /// An input for the game (not while paused, over or in the demo; the top bar and
    /// "hear it again" are the host's).
    mutating func input(_ event: InputEvent, _ now: GameNow) -> GameOutput
    /// The window lost focus while the round is not over (paused already or not; the host
    /// pauses next).
    mutating func focusLost(_ now: GameNow) -> GameOutput
    /// The rules' step at rule time `now.time.rule.now`, the time of this frame.
    mutating func step(_ now: GameNow, random: inout SeededGenerator) -> GameOutput
    /// A frame ends (every frame on top, after the host's step).
    mutating func frameEnds(_ now: GameNow) -> GameOutput
    /// ↻ chose to play again. Nil: at once; otherwise what the play shows first (Memory
    /// gathers its cards), and the host waits for its `.readyToPlayAgain`.
    mutating func playAgain(_ now: GameNow) -> GameOutput?

    /// Draws the play area (the top bar comes over it).
    func draw(on canvas: any Canvas, _ now: GameNow)
    /// Draws over the top bar and its pills (a dragged vehicle, numbers flying to the score).
    func drawOverBar(on canvas: any Canvas, _ now: GameNow)
    /// The hand's path over the demo's 3.6 s (nil: this game has no demo).
    func demoStops(_ now: GameNow) -> [ShowMeDemo.Stop]?
    /// Draws what the demo's hand does to the picture, under the hand.
    func drawDemo(_ demo: ShowMeDemo, on canvas: any Canvas, _ now: GameNow)
    /// Its own fields of the dump, after the host's `score` and `timeLeft`.
    func dumpFields(_ now: GameNow) -> [(String, JSON)]
    /// Its dump items (cards, vehicles, balloons...).
    func dumpItems(_ now: GameNow) -> [JSON]
}

extension GamePlay {
    public var timeLimitSeconds: Int? { nil }
    public var introLine: Message? { nil }
    public var keepsItsShape: Bool { false }
    public func opening(_ now: GameNow) -> Bool { false }
    public mutating func enter(_ now: GameNow) -> GameOutput { [] }
    public mutating func frameBegins(_ now: GameNow) -> GameOutput { [] }
    public mutating func focusLost(_ now: GameNow) -> GameOutput { [] }
    public mutating func frameEnds(_ now: GameNow) -> GameOutput { [] }
    public mutating func playAgain(_ now: GameNow) -> GameOutput? { nil }
    public func drawOverBar(on canvas: any Canvas, _ now: GameNow) {}
    public func demoStops(_ now: GameNow) -> [ShowMeDemo.Stop]? { nil }
    public func drawDemo(_ demo: ShowMeDemo, on canvas: any Canvas, _ now: GameNow) {}
    public func dumpFields(_ now: GameNow) -> [(String, JSON)] { [] }
}

/// What a round starts from: its game, level and mode, and the context to read (the set it
/// plays, the settings).
@MainActor
public struct GameStart {
    public let kind: GameKind
    public let level: Level
    /// Relaxed mode (TESTING decision 12): no countdown shown, no loss by time.
    public let relaxed: Bool
    public let context: GameContext

    /// A round of `kind` at `level`, relaxed when the context plays it so.
    public init(kind: GameKind, level: Level, context: GameContext) {
        self.kind = kind
        self.level = level
        relaxed = context.playsRelaxed(kind)
        self.context = context
    }

    public var reducedMotion: Bool { context.settings.reducedMotion }
}

/// What a play sees when the host calls it: the host's clocks (`GameTime`), where the
/// round is, and the context to read (settings, words, an item's spoken name).
@MainActor
public struct GameNow {
    public let time: GameTime
    public let context: GameContext
    /// The round has ended (recorded, or being recorded).
    public let isOver: Bool
    /// The round is decided and its end is on its way (the win's celebration).
    public let isDecided: Bool
    /// The score in the pill.
    public let shownScore: Int

    public init(time: GameTime, context: GameContext, isOver: Bool = false, isDecided: Bool = false, shownScore: Int = 0) {
        self.time = time
        self.context = context
        self.isOver = isOver
        self.isDecided = isDecided
        self.shownScore = shownScore
    }

    /// Rule time: the time of the current frame for every rule and input.
    public var rule: Double { time.rule.now }
    public var reducedMotion: Bool { context.settings.reducedMotion }
}

/// One thing a play asks of its host. The host carries them out in order.
public enum GameRequest: Equatable, Sendable {
    /// An effect, sent as it is.
    case effect(Effect)
    /// A game's feedback (its table's effects for a rule event): a `log` line's points
    /// where the child saw them (`GameContext.placed`, mirrored for right-to-left).
    case feedback([Effect])
    /// Points earned: the pill, the `score` line, the coin and a rising "+N".
    case points(Int)
    /// The whole seconds left, shown: `timer` when it changes, a tick and "hurry" near the end.
    case seconds(Int)
    /// A tap where nothing is: a ripple at `at` (when given), a soft "no" and a hint.
    case nothingHere(at: Point?, target: String?)
    /// The game asked the child for a move itself: the re-prompt waits its full time again.
    case prompted
    /// The round ends one of its module's ways with `score`: at once, or `after` seconds of
    /// scene time (the win's celebration; Back cannot go round it meanwhile). Its end screen
    /// waits `alertAfter` seconds more (the skull's boom is seen first).
    case end(GameEnding, score: Int, after: Double = 0, alertAfter: Double = 0)
    /// What ↻ asked for can start now (`GamePlay.playAgain`).
    case readyToPlayAgain
}

/// What a play returns: its requests in order.
public struct GameOutput: Equatable, Sendable, ExpressibleByArrayLiteral {
    public private(set) var requests: [GameRequest]

    public init(_ requests: [GameRequest] = []) { self.requests = requests }
    public init(arrayLiteral requests: GameRequest...) { self.requests = requests }

    public mutating func add(_ effect: Effect) { requests.append(.effect(effect)) }
    public mutating func add(_ effects: [Effect]) { requests += effects.map { .effect($0) } }
    public mutating func ask(_ request: GameRequest) { requests.append(request) }

    public static func + (a: GameOutput, b: GameOutput) -> GameOutput { GameOutput(a.requests + b.requests) }
    public static func += (a: inout GameOutput, b: GameOutput) { a.requests += b.requests }

    /// The effects among the requests, in order (feedback included).
    public var effects: [Effect] {
        requests.flatMap { request -> [Effect] in
            switch request {
            case .effect(let e): [e]
            case .feedback(let f): f
            default: []
            }
        }
    }
}

/// A value that moves from one number to another over a time, eased: the time-based state
/// that stands for a tween (Sorting's lift, Balloons' shake). Read at a time on the clock it
/// was started on; before its start it is at `from`, from its end on (within 1e-9 s, as the
/// timeline's tweens ended) exactly at `to`.
public struct Eased: Sendable {
    public let from: Double
    public let to: Double
    public let start: Double
    public let duration: Double
    public let easing: @Sendable (Double) -> Double
    /// Clamps the eased progress to 0...1 (a bounce's overshoot does not carry over).
    public let clamped: Bool

    public init(from: Double, to: Double, start: Double, duration: Double, easing: @escaping @Sendable (Double) -> Double = { $0 },
                clamped: Bool = false) {
        self.from = from
        self.to = to
        self.start = start
        self.duration = duration
        self.easing = easing
        self.clamped = clamped
    }

    /// A value that stays.
    public static func still(_ value: Double) -> Eased { Eased(from: value, to: value, start: 0, duration: 0) }

    /// The value at time `t`.
    public func value(at t: Double) -> Double {
        if isOver(at: t) { return to }
        let progress = duration > 0 ? min(max(t - start, 0) / duration, 1) : 1
        var v = easing(progress)
        if clamped { v = min(max(v, 0), 1) }
        return from + (to - from) * v
    }

    /// True once it has reached its end at time `t`.
    public func isOver(at t: Double) -> Bool { t - start >= duration - 1e-9 }
}
