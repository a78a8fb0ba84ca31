import CSDL2
import Foundation
import Testing
@testable import GameCore
@testable import Scenes
@testable import Runtime
@testable import Render
@testable import Platform
@testable import KidsJoyApp

// The one test harness: every helper shared by more than one test file lives here.
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

/// A context for driving scenes directly in tests: in-memory log, silent sound, temp data.
@MainActor
func makeContext(seed: UInt64 = 1, dataDir: String? = nil) -> GameRuntime {
    let dir = dataDir ?? temporaryDirectory()
    let log = EventLog(writer: nil, keepInMemory: true)
    return GameRuntime(log: log, random: RandomSource(seed: seed),
                       scores: HighScoreStore(directory: dir, warn: { _ in }),
                       settings: SettingsStore(directory: dir, warn: { _ in }),
                       soundPlayer: SilentSoundPlayer())
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

    init(seed: UInt64 = 1, dataDir: String? = nil, _ make: (GameRuntime) -> S) {
        context = makeContext(seed: seed, dataDir: dataDir)
        stack = SceneStack(root: HomeScene(context: context), log: context.log)
        scene = make(context)
        stack.apply([.push(scene)])
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

/// Runs the real app headless, in process, on a script; answers the log lines.
@MainActor
func runScript(_ script: String, seed: UInt64 = 1, dataDir: String? = nil, draw: Bool = false) throws -> [JSON] {
    try runApp(script, seed: seed, dataDir: dataDir, draw: draw).lines
}

/// The same, with `configure` setting the run's other options (`--language`, `--switch`,
/// `--profile`, ...); answers the log lines and the app, already shut down.
@MainActor
func runApp(_ script: String, seed: UInt64 = 1, dataDir: String? = nil, draw: Bool = false,
            _ configure: (inout AppOptions) -> Void = { _ in }) throws -> (lines: [JSON], app: GameApp) {
    var options = AppOptions()
    options.headless = true
    options.seed = seed
    options.scriptText = script
    options.dataDir = dataDir ?? temporaryDirectory()
    options.noDraw = !draw
    configure(&options)
    let app = try GameApp(options: options, keepLogInMemory: true)
    try app.start()
    _ = app.run()
    let lines = app.log.lines
    app.shutdown()
    return (lines, app)
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

// MARK: - Pictures

/// A decoded PNG for pixel assertions (SDL_image: call it from main-actor tests only).
struct PixelImage {
    let width: Int
    let height: Int
    let pixels: [UInt32]

    init(path: String) throws {
        guard let loaded = IMG_Load(path) else { throw AppError.fatal("cannot load \(path)") }
        defer { SDL_FreeSurface(loaded) }
        guard let s = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else { throw AppError.fatal("convert") }
        defer { SDL_FreeSurface(s) }
        width = Int(s.pointee.w)
        height = Int(s.pointee.h)
        let pitch = Int(s.pointee.pitch) / 4
        let raw = s.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        var out = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height { for x in 0..<width { out[y * width + x] = raw[y * pitch + x] } }
        pixels = out
    }

    func pixel(_ x: Int, _ y: Int) -> UInt32 { pixels[y * width + x] }

    /// Red, green and blue of a pixel, 0-255.
    subscript(x: Int, y: Int) -> [Int] {
        let p = pixel(x, y)
        return [Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF)]
    }

    /// Mean absolute channel difference over a rectangle.
    func meanDifference(_ other: PixelImage, in r: Rect) -> Double {
        var total = 0.0, count = 0.0
        for y in Int(r.minY)..<Int(r.maxY) {
            for x in Int(r.minX)..<Int(r.maxX) {
                let a = pixel(x, y), b = other.pixel(x, y)
                for shift in [0, 8, 16] {
                    total += abs(Double((a >> UInt32(shift)) & 0xFF) - Double((b >> UInt32(shift)) & 0xFF))
                }
                count += 3
            }
        }
        return total / count
    }

    func colourCount(in r: Rect) -> Int {
        var set = Set<UInt32>()
        for y in Int(r.minY)..<Int(r.maxY) { for x in Int(r.minX)..<Int(r.maxX) { set.insert(pixel(x, y)) } }
        return set.count
    }
}

/// Width and height from a PNG's IHDR chunk.
func pngSize(_ data: Data) -> (width: Int, height: Int)? {
    let bytes = [UInt8](data.prefix(24))
    guard bytes.count == 24, Array(bytes[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { return nil }
    func be(_ i: Int) -> Int { bytes[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (be(16), be(20))
}

// MARK: - Programs outside the test process

/// The suites that run other programs for long (the monkey, the long run, the windowed
/// game on Xvfb, make install) are nested here and run one after another: at most one of
/// them loads the two cores at a time, and no two of them share a display or a process.
@Suite(.serialized) enum HeavyTests {}

/// The folder holding Package.swift, found by walking up from this file.
let packageRoot: String = {
    var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while dir.path != "/" {
        if FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path) { return dir.path }
        dir = dir.deletingLastPathComponent()
    }
    return FileManager.default.currentDirectoryPath
}()

/// The `kids-joy-center` binary built beside the test bundle.
enum GameBinary {
    static var path: String {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var dir = URL(fileURLWithPath: exe).deletingLastPathComponent()
        if dir.path.hasSuffix(".xctest") || dir.lastPathComponent == "MacOS" { dir = dir.deletingLastPathComponent() }
        return dir.appendingPathComponent("kids-joy-center").path
    }

    /// Tests of the binary are enabled only when it is built (`swift build` builds it).
    static var isBuilt: Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// Runs the binary to the end with the test's environment, silent audio, and `environment` on top.
    static func run(_ args: [String], stdin: String? = nil, environment: [String: String] = [:]) throws -> ProcessResult {
        var env = ProcessInfo.processInfo.environment
        env["SDL_AUDIODRIVER"] = "dummy"
        for (k, v) in environment { env[k] = v }
        return try Exec.capture(path, args, stdin: stdin, environment: env)
    }
}

/// What a finished program left: its exit status and output.
struct ProcessResult {
    let status: Int32
    let stdout: String
    let stderr: String
    var output: String { stdout + stderr }
}

/// Running external programs with a time limit (a hung program must not hang the suite).
enum Exec {
    /// The path of `name` on PATH (or in /usr/bin, /usr/local/bin), or nil.
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return (path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"])
            .map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    struct Failure: Error, CustomStringConvertible { let description: String }

    /// Runs a program to the end with exactly `environment`; throws if it is still running
    /// after `timeout` seconds (it is stopped). Output goes through files, so a chatty
    /// program can never fill a pipe and stall.
    static func capture(_ executable: String, _ args: [String], stdin: String? = nil, cwd: String? = nil,
                        environment: [String: String], timeout: Double = 120) throws -> ProcessResult {
        let scratch = NSTemporaryDirectory() + "kjc-run-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        _ = FileManager.default.createFile(atPath: scratch + "/out", contents: nil)
        _ = FileManager.default.createFile(atPath: scratch + "/err", contents: nil)
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch + "/out"))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch + "/err"))
        defer { try? out.close(); try? err.close() }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = args
        if let cwd { p.currentDirectoryURL = URL(fileURLWithPath: cwd) }
        p.environment = environment
        p.standardOutput = out
        p.standardError = err
        let input = Pipe()
        p.standardInput = input
        try p.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try? input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(timeout)
        while p.isRunning && Date() < deadline { usleep(10_000) }
        if p.isRunning {
            stop(p)
            throw Failure(description: "\(executable) \(args.joined(separator: " ")) took over \(Int(timeout)) s")
        }
        p.waitUntilExit()
        let o = (try? String(contentsOfFile: scratch + "/out", encoding: .utf8)) ?? ""
        let e = (try? String(contentsOfFile: scratch + "/err", encoding: .utf8)) ?? ""
        return ProcessResult(status: p.terminationStatus, stdout: o, stderr: e)
    }

    /// Runs to the end within `timeout` seconds; answers stdout. Throws on a time-out or a
    /// non-zero status.
    @discardableResult
    static func run(_ path: String, _ args: [String], environment: [String: String], timeout: Double = 20) throws -> String {
        let r = try capture(path, args, environment: environment, timeout: timeout)
        guard r.status == 0 else {
            throw Failure(description: "\(path) \(args.joined(separator: " ")) exited \(r.status)")
        }
        return r.stdout
    }

    /// SIGTERM, up to 3 s to go, then SIGKILL; reaps the process either way.
    static func stop(_ p: Process) {
        guard p.isRunning else { return }
        kill(p.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(3)
        while p.isRunning && Date() < deadline { usleep(10_000) }
        if p.isRunning { kill(p.processIdentifier, SIGKILL) }
        p.waitUntilExit()
    }
}

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

/// Shows every screen of the game in turn (Home, each game at each level, paused, every
/// kind of alert, the high scores, the gate and what it unlocks) and calls `look` on each.
@MainActor
func tourEveryScreen(catalog: (any MessageCatalog)? = nil, _ look: (SceneStack) -> Void) throws {
    let context = makeContext()
    if let catalog { context.catalog = catalog }
    _ = context.scores.record(game: .sorting, level: .hard, score: 40)
    let stack = SceneStack(root: HomeScene(context: context), log: context.log)
    stack.rightToLeft = context.rightToLeft
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
    tap(stack, PickerScene.tileFrame(picker.tiles.count - 1).center)
    look(stack)
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
