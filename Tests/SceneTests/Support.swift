import Foundation
import XCTest
@testable import GameCore
@testable import Scenes
@testable import Render
@testable import Platform
@testable import KidsJoyApp

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
func makeContext(seed: UInt64 = 1, dataDir: String? = nil) -> GameContext {
    let dir = dataDir ?? temporaryDirectory()
    let log = EventLog(writer: nil, keepInMemory: true)
    return GameContext(log: log, random: RandomSource(seed: seed),
                       scores: HighScoreStore(directory: dir, warn: { _ in }),
                       settings: SettingsStore(directory: dir, warn: { _ in }),
                       soundPlayer: SilentSoundPlayer())
}

/// Steps a scene stack like the app does: `seconds` of 1/60 s updates.
@MainActor
func step(_ stack: SceneStack, seconds: Double, log: EventLog? = nil) {
    let frames = Int((seconds * 60).rounded())
    for _ in 0..<frames {
        stack.update(dt: GameApp.step)
        if let log { log.time = ((log.time + GameApp.step) * 1e6).rounded() / 1e6 }
    }
}

/// Taps a point on the top scene: press, then release one frame later.
@MainActor
func tap(_ stack: SceneStack, _ p: Point) {
    stack.handle(.pointerDown(p))
    stack.update(dt: GameApp.step)
    stack.handle(.pointerUp(p))
}

/// Runs the real app headless, in process, on a script; answers the log lines.
@MainActor
func runScript(_ script: String, seed: UInt64 = 1, dataDir: String? = nil, draw: Bool = false) throws -> [JSON] {
    var options = AppOptions()
    options.headless = true
    options.seed = seed
    options.scriptText = script
    options.dataDir = dataDir ?? temporaryDirectory()
    options.noDraw = !draw
    let app = try GameApp(options: options, keepLogInMemory: true)
    try app.start()
    _ = app.run()
    let lines = app.log.lines
    app.shutdown()
    return lines
}

extension Array where Element == JSON {
    func events(_ name: String) -> [JSON] { filter { $0["event"]?.stringValue == name } }
    /// The items of the last `dump` event.
    func lastDumpItems() -> [JSON] { events("dump").last?["items"]?.arrayValue ?? [] }
}
