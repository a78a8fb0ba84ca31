import GameCore
import Stage
import TextCatalogs

/// Any running game, whatever its module, as the tests see it: its id and level, where the
/// round is, the host's clocks, and the host's own actions. Only `GameHost` is one. (The
/// program asks a scene `playsAGame` instead of casting to this.)
@MainActor
public protocol GameScene: BaseScene {
    var kind: GameKind { get }
    var level: Level { get }
    var relaxed: Bool { get }
    /// The host's clocks (`GameTime`), stepped once a frame.
    var time: GameTime { get }
    var isOver: Bool { get }
    var isPaused: Bool { get }
    var shownScore: Int { get }
    var quietFor: Double { get }
    var demo: ShowMeDemo? { get }
    var opening: Bool { get }
    var nextLevel: Level? { get }
    func hearAgain()
    func startDemo()
    func setPaused(_ paused: Bool)
    func showPoints(_ delta: Int)
    /// Ends the round one of its module's ways (as a play's `.end` does), with its statistics.
    func finish(_ ending: GameEnding, score: Int, alertAfter: Double) -> [SceneCommand]
}

extension GameScene {
    public var clock: GameClock { time.rule }
    public var sceneClock: GameClock { time.scene }
    public var frameTime: Double { time.frame }
    public var awakeTime: Double { time.awake }
    public var playedTime: Double { time.played }
}

/// The host's fixed numbers and places, the same for every game.
public enum GameHosting {
    /// The area below the top bar where the game is played.
    public static var playArea: Rect { Canvas1024.playArea }
    public static let lastSeconds = 10
    /// Seconds without a press, during play, before the intro's short re-prompt.
    public static let repromptAfter = 8.0
    /// Two taps on "hear it again" this close together start the demo.
    public static let hearAgainDoubleTap = 1.5
    static let introLatest = 0.9
}

/// How a round ended.
public enum GameOutcome: String, Sendable { case won, lost }

extension GameHosting {
    /// The panel Back opens in a running game (`alert.kind` `leave`; `alert-yes` leaves,
    /// `alert-no` goes on).
    public static let leaveQuestion = AlertContent(kind: .leave, title: Messages.leaveGameTitle, lines: [], buttons: [.yes, .no])
    /// "+N" rises toward the score from under it and stops short of its digits (issue 26).
    public static func pointsStart(dx: Double) -> Point { Point(TopBar.scoreFrame.midX + dx, TopBar.scoreFrame.maxY + 52) }
    public static let pointsRise = 28.0
    /// The big ▶ of the pause screen (a tap anywhere continues; this is where to look),
    /// above the middle so no label of the game beneath (Sorting's zone badges) lies in it.
    public static var resumeFrame: Rect { Rect(Canvas1024.width / 2 - 100, Canvas1024.height / 2 - 158, 200, 200) }
}
