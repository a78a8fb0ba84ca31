import Settings
import Foundation
import Testing
@testable import GameCore
@testable import Scenes
import Stage
import TextCatalogs
@testable import Runtime

// The scenes' test harness: every helper shared by more than one test file lives here, and
// the other test targets import it (RenderTests adds pictures, SystemTests the app, the
// binary and other programs: RenderHarness.swift, SystemHarness.swift). Scenes are driven
// with in-memory stores (InMemoryStores.swift) and the committed assets read as files
// (SceneAssets.swift): no SDL, no SQLite, no app.
//
// Tests are Swift Testing suites. Those that touch scenes, the event log, the software
// canvas or SDL are `@MainActor` suites: they run one at a time on the main thread, so the
// in-process app (`runScript`, which calls SDL_Init and SDL_Quit) never runs twice at
// once. Suites that run other programs (the game binary, make, Xvfb, the monkey) and take
// long are nested in `HeavyTests`, which runs them one after another.

// MARK: - Scenes in process

/// A canvas that records what was drawn, so layout and drawing can be asserted without pixels.
@MainActor
final class RecordingCanvas: Canvas {
    enum Call: Equatable {
        case clear
        case fill(Rect)
        case rounded(Rect)
        case stroke(Rect)
        case circle(Point)
        case line
        case image(String, Rect)
        case text(String, Point)
    }
    var calls: [Call] = []
    func clear(_ color: Color) { calls.append(.clear) }
    func fill(_ rect: Rect, _ color: Color) { calls.append(.fill(rect)) }
    func fillRounded(_ rect: Rect, radius: Double, _ color: Color) { calls.append(.rounded(rect)) }
    func strokeRounded(_ rect: Rect, radius: Double, width: Double, _ color: Color) { calls.append(.stroke(rect)) }
    func fillCircle(center: Point, radius: Double, _ color: Color) { calls.append(.circle(center)) }
    func line(from a: Point, to b: Point, width: Double, _ color: Color) { calls.append(.line) }
    func image(_ name: String, in frame: Rect, _ options: ImageOptions) { calls.append(.image(name, frame)) }
    func imageSize(_ name: String) -> Size? { Size(100, 100) }
    func text(_ string: String, _ style: TextStyle, at: Point, align: TextAlign, color: Color, outline: Color?, alpha: Double) {
        calls.append(.text(string, at))
    }
    func measure(_ string: String, _ style: TextStyle) -> Size { Size(Double(string.count * style.size / 2), Double(style.size)) }
    func layer(_ id: String, _ draw: () -> Void) { draw() }
    var images: [String] { calls.compactMap { if case .image(let n, _) = $0 { return n } else { return nil } } }
    var texts: [String] { calls.compactMap { if case .text(let s, _) = $0 { return s } else { return nil } } }
}

/// A fresh temporary directory for one test's data files.
func temporaryDirectory(_ name: String = #function) -> String {
    let safe = name.filter { $0.isLetter || $0.isNumber }
    let path = NSTemporaryDirectory() + "kjc-tests-\(safe)-\(UUID().uuidString.prefix(8))"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// A context for driving scenes directly in tests: in-memory log, stores and silent sound.
/// (SystemTests' `makeContext(dataDir:)` gives one on the app's real stores.)
@MainActor
func makeContext(seed: UInt64 = 1) -> GameRuntime {
    let log = EventLog(writer: nil, keepInMemory: true)
    return GameRuntime(log: log, random: RandomSource(seed: seed),
                       scores: InMemoryScores(),
                       settingsStore: InMemorySettings(),
                       soundPlayer: SilentSoundPlayer(), registry: .standard)
}

/// Runs `frames` updates of 1/60 s, like the app's loop. With a log, the log's clock
/// follows as the app keeps it: after n updates it reads exactly n/60 s.
@MainActor
func step(_ stack: SceneStack, frames: Int, log: EventLog? = nil) {
    for _ in 0..<frames {
        stack.step()
        if let log { log.time = ((log.time * 60).rounded() + 1) / 60 }
    }
}

/// Steps a scene stack like the app does: `seconds` of 1/60 s updates.
@MainActor
func step(_ stack: SceneStack, seconds: Double, log: EventLog? = nil) {
    step(stack, frames: Int((seconds * 60).rounded()), log: log)
}

/// Taps a point on the top scene like a script's `tap`: press, one frame, release.
@MainActor
func tap(_ stack: SceneStack, _ p: Point, log: EventLog? = nil) {
    stack.handle(.pointerDown(p))
    step(stack, frames: 1, log: log)
    stack.handle(.pointerUp(p))
}

/// One game scene on top of Home, driven frame by frame the way the app's loop does: in
/// each frame, input first, then one 1/60 s update. Frame 0 is the frame the scene was
/// pushed in, so the game time of frame n is n/60 s, and so is the log's `t`.
@MainActor
final class SceneDriver<S: Scene> {
    let context: GameRuntime
    let stack: SceneStack
    let scene: S
    var log: EventLog { context.log }
    /// The frames run so far (the number of the frame that runs next).
    var frame: Int { Int((log.time * 60).rounded()) }

    /// `dealt`: Memory's cards start in their places, as after a child's first press during
    /// the deal (issue 45), so a test of the rules counts their time from its first frame;
    /// a test of the deal itself passes false.
    init(seed: UInt64 = 1, dealt: Bool = true, _ make: (GameRuntime) -> S) {
        context = makeContext(seed: seed)
        stack = SceneStack(root: HomeScene(context: context), runtime: context)
        scene = make(context)
        stack.apply([.push(scene)])
        if dealt, let memory = scene as? MemoryScene { stack.apply(on: memory) { memory.land() } }
    }

    /// Runs one frame: the given input, then the update.
    func runFrame(_ input: [InputEvent] = []) {
        for event in input { stack.handle(event) }
        SceneTests.step(stack, frames: 1, log: log)
    }

    /// Runs `count` frames without input.
    func frames(_ count: Int) { SceneTests.step(stack, frames: count, log: log) }

    /// Runs `seconds` of frames without input.
    func step(_ seconds: Double) { SceneTests.step(stack, seconds: seconds, log: log) }

    /// Runs frames until the one starting at `seconds` is next.
    func wait(until seconds: Double) {
        let target = Int((seconds * 60).rounded())
        while frame < target { runFrame() }
    }

    /// Press and release one frame apart, like the script's `tap`.
    func tap(_ p: Point) { SceneTests.tap(stack, p, log: log) }

    /// Press at `from`, move there in a few steps and let go at `to`, all within one frame
    /// (no update runs).
    func drag(from: Point, to: Point) {
        stack.handle(.pointerDown(from))
        for s in 1...4 { stack.handle(.pointerMoved(Point.lerp(from, to, Double(s) / 4))) }
        stack.handle(.pointerUp(to))
    }

    func events(_ name: String) -> [JSON] { log.events(name) }
}

extension Array where Element == JSON {
    func events(_ name: String) -> [JSON] { filter { $0["event"]?.stringValue == name } }
    /// The items of the last `dump` event.
    func lastDumpItems() -> [JSON] { events("dump").last?["items"]?.arrayValue ?? [] }
}

extension JSON {
    /// True for an event of this name whose `field` (if given) holds `value`.
    func `is`(_ event: String, _ field: String? = nil, _ value: String? = nil) -> Bool {
        guard self["event"]?.stringValue == event else { return false }
        guard let field else { return true }
        return self[field]?.stringValue == value
    }
    var stack: [String] { self["stack"]?.arrayValue?.compactMap(\.stringValue) ?? [] }
}

// MARK: - Files of the tree

/// The folder holding Package.swift, found by walking up from this file.
let packageRoot: String = {
    var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while dir.path != "/" {
        if FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path) { return dir.path }
        dir = dir.deletingLastPathComponent()
    }
    return FileManager.default.currentDirectoryPath
}()

/// Every text drawn on every screen: Home, each game at each level (playing and paused),
/// the end-of-game and quit alerts, the high scores (with a row) and both stages of the
/// adult gate, drawn on a recording canvas with `catalog` (English by default).
@MainActor
func drawnTextsOfEveryScreen(catalog: (any MessageCatalog)? = nil) throws -> Set<String> {
    var seen: Set<String> = []
    try tourEveryScreen(catalog: catalog) { stack in
        let canvas = RecordingCanvas()
        stack.draw(on: canvas)
        seen.formUnion(canvas.texts)
    }
    return seen
}

/// Shows every screen of the game in turn (the empty high scores, Home, each game at each
/// level, paused, every kind of alert, the high scores, the gate and what it unlocks) and calls `look` on each.
@MainActor
func tourEveryScreen(catalog: (any MessageCatalog)? = nil, _ look: (SceneStack) -> Void) throws {
    let context = makeContext()
    if let catalog { context.catalog = catalog }
    let stack = SceneStack(root: HomeScene(context: context), runtime: context)
    stack.rightToLeft = context.rightToLeft
    // A fresh install's high scores: the empty podium and its words (issue 45, item 7).
    stack.apply([.show(.highScores)])
    step(stack, seconds: 0.5)
    look(stack)
    stack.apply([.pop])
    _ = context.scores.record(game: .sorting, level: .hard, score: 40)
    look(stack)
    for game in GameRegistry.standard.ids {
        for level in Level.allCases {
            stack.apply([.show(.game(game, level))])
            step(stack, seconds: 1)
            look(stack)
            stack.handle(.focusLost)
            look(stack)
            stack.apply([.popToRoot])
        }
    }
    let alerts = [
        AlertContent(kind: .won, title: Messages.won, lines: [.init(Messages.yourScore, ["score": "30"]),
                                                               .init(Messages.newHighScore, ["rank": "1"]), .init(Messages.playAgain)],
                     buttons: [.yes, .no]),
        AlertContent(kind: .lost, title: Messages.lost, lines: [.init(Messages.skull), .init(Messages.idle), .init(Messages.timeUp)],
                     buttons: [.yes, .no]),
        AlertContent(kind: .quit, title: Messages.quitTitle, lines: [.init(Messages.quitMessage)], buttons: [.yes, .no]),
    ]
    for alert in alerts {
        stack.apply([.show(.alert(alert))])
        step(stack, seconds: 0.5)
        look(stack)
        stack.apply([.pop])
    }
    stack.apply([.show(.highScores)])
    step(stack, seconds: 0.5)
    look(stack)
    stack.apply([.pop, .show(.gate)])
    step(stack, seconds: 0.5)
    look(stack)
    let gate = try #require(stack.top as? AdultGateScene)
    for digit in gate.rules.answer { tap(stack, AdultGateScene.keyFrame(.digit(Int(String(digit))!))!.center) }
    tap(stack, AdultGateScene.keyFrame(.ok)!.center)
    look(stack)
    stack.apply([.show(.languages)])
    step(stack, seconds: 0.5)
    look(stack)
    try tourProfileScreens(context, stack, look)
}

/// The screens of the children's profiles: the gate's wrong tries and wait, the picker with
/// its three stages, the sticker book.
@MainActor
func tourProfileScreens(_ context: GameRuntime, _ stack: SceneStack, _ look: (SceneStack) -> Void) throws {
    stack.apply([.popToRoot, .show(.gate)])
    step(stack, seconds: 0.5)
    tap(stack, AdultGateScene.keyFrame(.digit(1))!.center)
    tap(stack, AdultGateScene.keyFrame(.ok)!.center)
    look(stack)
    for _ in 0..<2 { tap(stack, AdultGateScene.keyFrame(.digit(1))!.center); tap(stack, AdultGateScene.keyFrame(.ok)!.center) }
    look(stack)
    step(stack, seconds: 31)
    context.profiles = try #require(context.scores as? any ProfileKeeping)
    if case .success(let child)? = context.profiles?.addChild(nickname: nil, avatar: Avatar(animal: "owl", colour: "teal")) {
        context.player = .child(child)
    }
    context.scores.recordRound(RoundRecord(game: .memory, level: .easy, score: 12, result: "won", reason: "all-found"), player: context.player)
    stack.apply([.popToRoot])
    look(stack)
    // A child playing: her avatar in the high scores' rows and on an end screen.
    for game in GameRegistry.standard.ids {
        _ = context.scores.record(game: game, level: .easy, score: 25)
    }
    stack.apply([.show(.highScores)])
    step(stack, seconds: 0.5)
    look(stack)
    stack.apply([.popToRoot, .show(.alert(AlertContent(kind: .won, title: Messages.won, lines: [.init(Messages.yourScore, ["score": "25"]),
                                                                                                  .init(Messages.newHighScore, ["rank": "1"])],
                                                       buttons: [.yes, .no])))])
    step(stack, seconds: 0.5)
    look(stack)
    stack.apply([.popToRoot])
    stack.apply([.show(.picker)])
    look(stack)
    let picker = try #require(stack.top as? PickerScene)
    tap(stack, try #require(picker.frame(of: .tile(picker.tiles.count - 1))).center)
    look(stack)
    // "+" asks the gate once a child exists: answered, the picker shows its animals, then
    // the colours.
    if let gate = stack.top as? AdultGateScene {
        step(stack, seconds: 0.5)
        let key = { (target: AdultGateScene.Target) in gate.placement.toCanvas(AdultGateScene.keyFrame(target)!).center }
        for digit in gate.rules.answer { tap(stack, key(.digit(Int(String(digit))!))); step(stack, seconds: 0.4) }
        tap(stack, key(.ok))
        step(stack, seconds: 0.5)
        look(stack)
    }
    tap(stack, PickerScene.animalFrame(0).center)
    look(stack)
    stack.apply([.popToRoot, .show(.stickers)])
    look(stack)
    stack.apply([.popToRoot, .show(.corner)])
    look(stack)
    let corner = try #require(stack.top as? CornerScene)
    context.classroom.gatePIN = "2580"
    context.classroom.sessionMinutes = 30
    for section in [CornerScene.Section.settings, .classroom, .progress] {
        tap(stack, CornerScene.sectionFrame(section).center)
        look(stack)
    }
    corner.noteSaved(true)
    look(stack)
    corner.noteSaved(false)
    look(stack)
    if let child = context.profiles?.children.first {
        stack.apply([.push(NicknameScene(context: context, child: child))])
        look(stack)
    }
    stack.apply([.popToRoot, .show(.corner), .push(SaveReportScene(context: context))])
    look(stack)
    stack.apply([.popToRoot, .show(.corner), .push(PinScene(context: context))])
    look(stack)
    context.classroom.gatePIN = nil
    context.classroom.sessionMinutes = nil
    stack.apply([.popToRoot, .show(.corner), .show(.alert(AlertContent(kind: .delete, title: Messages.cornerDeleteTitle,
                                                                          lines: [.init(Messages.cornerDeleteMessage)], buttons: [.yes, .no])))])
    step(stack, seconds: 0.5)
    look(stack)
    stack.apply([.popToRoot, .show(.rest)])
    look(stack)
    stack.apply([.popToRoot])
}
