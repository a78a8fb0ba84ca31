import GameCore

/// Where navigation can go. Scenes name a destination; the context makes the scene
/// (`GameContext.scene(for:)`), so no scene holds a closure that builds another.
public enum Route: Sendable {
    case home
    /// A game at a level (from Home's Play, or "play again").
    case game(GameKind, Level)
    /// The benchmark's busiest workload of a game.
    case bench(GameKind)
    /// A modal question over the current screen.
    case alert(AlertContent)
    case highScores
    /// The adult gate, opened for a purpose (today: the grown-ups' menu).
    case gate
    /// The language choice, for grown-ups (behind the gate).
    case languages
    /// "Who's playing?": the children's avatars, pushed over Home.
    case picker
    /// The current child's sticker book.
    case stickers
    /// The grown-ups' corner (behind the gate).
    case corner
    /// "Time to rest": the session limit is reached; only the gate dismisses it.
    case rest
}

/// What an overlay hands back to the scene beneath it when it closes (hump's pop with
/// values into `resume`): the scene beneath decides what happens next.
public enum SceneResult: Equatable, Sendable {
    /// An alert was answered with this button.
    case answered(AlertContent.Kind, AlertButton.Kind)
    /// The adult gate, opened for one thing, was answered right (the picker's "+").
    case unlocked
}

/// What a scene asks the stack to do; applied in order at the end of the frame, never in
/// the middle of a callback.
@MainActor
public enum SceneCommand {
    /// Push the scene a route names.
    case show(Route)
    /// Replace the top scene with the scene a route names.
    case switchTo(Route)
    /// Close the top scene; the scene beneath resumes with `result`.
    case pop(SceneResult? = nil)
    case popToRoot
    case quit
    /// Push or replace with a scene made elsewhere (tests, the benchmark's own set-ups).
    case push(any Scene)
    case replace(any Scene)

    public static var pop: SceneCommand { .pop(nil) }
}

/// What a scene's callback returns: the effects it wants carried out (sounds, spoken lines,
/// log lines, intents, a store's record), in order, and where navigation goes. The stack
/// carries the effects out first, as soon as the callback has returned, then applies the
/// commands; a scene never acts while it runs (issue #44). An effect the runtime answers
/// (a store's record, the gate's verdict) comes back to the scene that returned it through
/// `Scene.answer(_:to:)`, before the next effect of the list.
public struct Reaction: ExpressibleByArrayLiteral {
    public var effects: [Effect]
    public var commands: [SceneCommand]

    public init(_ effects: [Effect], _ commands: [SceneCommand] = []) {
        self.effects = effects
        self.commands = commands
    }

    /// Commands alone (`return [.pop]`).
    public init(arrayLiteral commands: SceneCommand...) { self.init([], commands) }

    public static var none: Reaction { Reaction([], []) }
    public var isEmpty: Bool { effects.isEmpty && commands.isEmpty }

    /// One reaction after another: effects in order, then commands in order.
    public static func + (a: Reaction, b: Reaction) -> Reaction {
        Reaction(a.effects + b.effects, a.commands + b.commands)
    }
}

/// One screen or overlay. Only the top scene of the stack receives input and time. Each
/// callback returns what it wants done (`Reaction`); none can act on its own.
@MainActor
public protocol Scene: AnyObject {
    /// The name used in logs: `home`, `memory`, `alert`, ...
    var name: String { get }
    /// Overlays are drawn over the scene below, which is dimmed.
    var isOverlay: Bool { get }
    /// True while something moves or counts down; when no scene needs frames, the app
    /// sleeps until the next input event.
    var needsFrames: Bool { get }
    /// While it needs frames, how many a second (`FramePace`): smooth, or calm for a game
    /// whose things drift and are only tapped. The stack reads the top scene's.
    var framePace: FramePace { get }
    var mirrorsRightToLeft: Bool { get }
    var handlesFocus: Bool { get }
    /// A focused text field shows (a nickname being typed, the gate's answer): typed text
    /// goes to it, and the letter shortcuts (M for mute, P for pause) do not fire.
    var ownsTextKeys: Bool { get }
    /// What a grown-up holds to open the gate (the logo, the "Grown-ups: hold 3 s" sign), in
    /// the scene's own layout: under scanning a mouse or finger press on one is that hold.
    var gateHoldFrames: [Rect] { get }
    /// True while a new screen shape must wait (see the extension's default).
    var keepsItsShape: Bool { get }
    /// True for a scene where a game is played (the screen saver stays off, a school
    /// server's worker waits). A property, not a cast to the games' protocol: asked every
    /// frame, it costs nothing, where a protocol cast looks the type up the first time.
    var playsAGame: Bool { get }
    /// Pushed on the stack (or put in the place of the top).
    func enter() -> Reaction
    /// Taken off the stack.
    func leave() -> Reaction
    /// Called when the scene above it was popped, with what that scene handed back.
    func resume(with result: SceneResult?) -> Reaction
    func update(dt: Double) -> Reaction
    func handle(_ event: InputEvent) -> Reaction
    /// The runtime's answer to an effect this scene returned (`EffectReply`: a round's ranks,
    /// a child added, the gate's verdict): what the scene does next.
    func answer(_ reply: EffectReply, to effect: Effect) -> Reaction
    func draw(on canvas: any Canvas)
    /// Fields for the `dump` log event besides `scene` and `stack`.
    func dump() -> [(String, JSON)]
    /// Makes the scene a route names (scenes made by a context answer through it).
    func scene(for route: Route) -> (any Scene)?
}

extension Scene {
    /// False for a scene that keeps its left-to-right layout in a right-to-left language
    /// (the adult gate's number pad reads 1 2 3 like every keypad).
    public var mirrorsRightToLeft: Bool { true }
    /// True for a scene that fixes its layout when it starts (Sorting's zones, Balloons'
    /// spots): while it is on the stack a new screen shape waits (the app's `followScreen`);
    /// every other scene lays itself out from `Canvas1024` as it draws.
    public var keepsItsShape: Bool { false }
    public var playsAGame: Bool { false }
    /// True for a scene that moves its own keyboard focus (Home, alerts): the stack's ring
    /// then only serves one-switch scanning there.
    public var handlesFocus: Bool { false }
    public var ownsTextKeys: Bool { false }
    public var gateHoldFrames: [Rect] { [] }
    /// True where holding something opens the adult gate (Home, the rest screen): under
    /// one-switch scanning a switch held down opens it there too (the stack's SwitchHold).
    public var opensGateByHold: Bool { !gateHoldFrames.isEmpty }
    public func resume(with result: SceneResult?) -> Reaction { [] }
    public func answer(_ reply: EffectReply, to effect: Effect) -> Reaction { [] }
    public func scene(for route: Route) -> (any Scene)? { nil }
}
