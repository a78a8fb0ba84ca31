import GameCore
import Stage

/// A game's clocks, one value the host steps once a frame (issue #49: the host owns them;
/// no game sums its own `dt`). Each stops where it always did (issue #25, one clock):
/// - `frame`, every frame the game is on top, pauses and the demo included: the "+N" texts,
///   the ripples, the countdown's pulse and the ▶'s breathing, the intro's due time and the
///   "hear it again" double tap;
/// - `awake`, every frame not paused, the demo and the opening included: the demo's hand,
///   Memory's cards in flight (`CardMotion`), Balloons' decoration and pops;
/// - `scene`, not paused and not in the demo or the opening: the re-prompt's quiet time,
///   a decided round's delays, and what `Eased` values are started on;
/// - `rule` (rule time): the time of the current frame for every rule and input; it stops
///   while paused and once the game is over;
/// - `played`: rule time at the end of the last frame the rules ran in (it moves on before
///   they run, so what they start counts from the frame that first draws it).
public struct GameTime: Equatable, Sendable {
    public private(set) var rule = GameClock()
    public private(set) var scene = GameClock()
    public private(set) var frame = 0.0
    public private(set) var awake = 0.0
    public private(set) var played = 0.0
    /// Scene time at the last full step (not paused, not in the demo or the opening; the
    /// rules ran in it unless the round was over), before it moved on: what the game's eased
    /// values (`Eased`, started on scene time) are read at, as a timeline's tween once was.
    public private(set) var stepped = 0.0

    public init() {}

    /// A frame begins: the game is on top (paused or not).
    public mutating func frameBegins(_ dt: Double) { frame += dt }

    /// A frame of the opening or the demo: only the awake clock moves.
    public mutating func awakeOnly(_ dt: Double) { awake += dt }

    /// The rules run in this frame (before they do).
    public mutating func rulesRun(_ dt: Double) { played += dt }

    /// The frame's end, not paused: the scene clock and the awake clock move on, and rule
    /// time unless the game is over.
    public mutating func frameEnds(_ dt: Double, over: Bool) {
        stepped = scene.now
        scene.advance(dt)
        if !over { rule.advance(dt) }
        awake += dt
    }
}

/// What the host says and shows to coach the child (issue 14): the intro, the re-prompt
/// after a quiet while, "hear it again" and its double tap, the show-me demo, the hurry-up
/// line. Times are on the host's clocks (`GameTime`).
struct Coaching {
    /// Scene time of the last press (or the start, the demo's end, the last re-prompt): the
    /// re-prompt comes `GameHosting.repromptAfter` scene seconds after it.
    var quietSince = 0.0
    /// Frame time of the last "hear it again" (a second one soon after starts the demo).
    var lastHearAgainAt: Double?
    var hearAgainPressed = false
    /// The show-me demo while it runs (its age on awake time).
    var demoRun = Particles<ShowMeDemo>()
    /// A press that ended the demo: its release and moves are not the game's either.
    var swallowingPress = false
    /// Waiting for "Let's play!" to end; the intro cuts it at this age at the latest.
    var introDue: Double?
    /// The first-time demo starts with the first frame.
    var demoDue = false
    /// The last seconds' hurry-up line was said.
    var saidHurry = false
}

/// The top bar's pills as shown (the score and the whole seconds left), the "+N" texts
/// rising to the score and the ripples of taps where nothing is (on frame time).
struct PillsShown {
    /// The score shown in the pill (Balloons updates it when a flying number lands).
    var score = 0
    var seconds: Int?
    var floating = Particles<FloatingText>()
    var ripples = Particles<Ripple>()
}
