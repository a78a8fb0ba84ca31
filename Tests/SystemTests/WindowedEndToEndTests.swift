import Foundation
import Testing
@testable import GameCore
@testable import Scenes
@testable import Render
@testable import Platform
@testable import KidsJoyApp
@testable import SceneTests
@testable import RenderTests

extension HeavyTests {
    /// The real binary in a real window, driven by real X input: a virtual X display (Xvfb)
    /// started by the test, the game started on it without `--headless`, and xdotool moving
    /// and clicking the X pointer and pressing keys. This is the one test where SDL's own
    /// window, event and letterbox code runs as it does for a child; every other test pushes
    /// input into SDL's queue. The game's script only dumps its state every 0.5 s and takes a
    /// screenshot every second (a windowed script runs at fixed real times), so the test reads
    /// the live log to find its targets and to wait for what each click should cause.
    @Suite struct WindowedEndToEndTests {
        /// Where the screenshots worth looking at are copied after a run.
        static let shotDirectory = "/tmp/kjc-e2e-shots"

        /// The tests are enabled only when Xvfb and xdotool are installed and the app is built,
        /// like the other tests of the binary.
        static var hasXTools: Bool { Exec.find("Xvfb") != nil && Exec.find("xdotool") != nil }

        /// The paths of Xvfb and xdotool.
        static func xTools() throws -> (xvfb: String, xdotool: String) {
            (try #require(Exec.find("Xvfb")), try #require(Exec.find("xdotool")))
        }

        @Test(.enabled(if: hasXTools, "Xvfb and xdotool are needed: `make test-deps`"), .enabled(if: GameBinary.isBuilt, "build the app first"))
        func test_realWindow_realMouseAndKeys_everyScreenAndLetterboxedSizes() throws {
            let (xvfb, xdotool) = try Self.xTools()
            let dir = temporaryDirectory()
            let session = try WindowSession(xvfb: xvfb, xdotool: xdotool, directory: dir)
            defer { session.stop() }
            try? FileManager.default.createDirectory(atPath: Self.shotDirectory, withIntermediateDirectories: true)
            let ui = try session.launchGame()
            let log = ui.log

            // Ready: the loop runs once the first dump (0.5 s) is in the log.
            var home = try log.waitForDump(scene: "home", after: 0)

            // Memory: choose it and Easy, play, match one pair with real clicks, Back.
            var mark = try ui.play("memory", level: "easy", from: home)
            // The cards are dealt first (issue 45): read where they lie once they are down.
            mark = try log.wait("memory's cards dealt", after: mark) { $0.is("cards", "action", "end") }
            let memory = try log.waitForDump(scene: "memory", after: mark)
            let cards = memory.items.filter { $0["kind"]?.stringValue == "card" && $0["state"]?.stringValue == "hidden" }
            let pair = try #require(Dictionary(grouping: cards) { $0["face"]?.stringValue ?? "" }.values.first { $0.count == 2 }, "two hidden cards with one face")
            let first = pair[0]["id"]?.stringValue ?? "", second = pair[1]["id"]?.stringValue ?? ""
            try ui.pressPastTheGuard("\(first) flipped", press: { try ui.click(memory.center(first)) }) { $0.is("flip", "card", first) }
            try ui.click(memory.center(second))
            mark = try log.wait("a match of \(first) and \(second)") { line in
                line.is("match") && Set(line["cards"]?.arrayValue?.compactMap(\.stringValue) ?? []) == [first, second]
            }
            try ui.keepScreenshot(after: mark, as: "memory-match")
            try ui.click(memory.center("back"))
            // Back asks first (issue 26): Return on its panel is the door.
            try log.wait("Back asks") { $0.is("alert", "kind", "leave") }
            try ui.xdo("key", "Return")
            try log.wait("back Home from Memory") { $0.is("scene", "action", "pop") && $0.stack == ["home"] }

            // Sorting: a drag with the real mouse button held down, let go inside the right zone.
            home = try log.waitForDump(scene: "home", after: log.count)
            mark = try ui.play("sorting", from: home)
            let sorting = try log.waitForDump(scene: "sorting", after: mark)
            let vehicle = try #require(sorting.items.first { $0["kind"]?.stringValue == "vehicle" && $0["state"]?.stringValue == "waiting" })
            let vehicleID = vehicle["id"]?.stringValue ?? "", category = vehicle["category"]?.stringValue ?? ""
            let zone = try #require(sorting.items.first { $0["kind"]?.stringValue == "zone" && $0["category"]?.stringValue == category })
            let from = try #require(vehicle.frameCenter), to = try #require(zone.frameCenter)
            try ui.pressPastTheGuard("\(vehicleID) picked up", press: {
                try ui.move(to: from)
                try ui.xdo("mousedown", "1")
            }, release: { try ui.xdo("mouseup", "1") }) { $0.is("pick", "vehicle", vehicleID) }
            for s in 1...8 { try ui.move(to: Point.lerp(from, to, Double(s) / 8)) }
            try ui.xdo("mouseup", "1")
            mark = try log.wait("\(vehicleID) dropped") { $0.is("drop", "vehicle", vehicleID) }
            #expect(log.lines[mark]["correct"]?.boolValue == true, "dropped in \(zone["id"]?.stringValue ?? "") : \(log.lines[mark].serialized())")
            #expect(log.lines[mark]["zone"]?.stringValue?.hasPrefix("zone-\(category)") == true)
            try ui.keepScreenshot(after: mark, as: "sorting-drop")
            try ui.click(sorting.center("back"))
            // Back asks first (issue 26): Return on its panel is the door.
            try log.wait("Back asks") { $0.is("alert", "kind", "leave") }
            try ui.xdo("key", "Return")
            try log.wait("back Home from Sorting") { $0.is("scene", "action", "pop") && $0.stack == ["home"] }

            // Balloons: play, then Back.
            home = try log.waitForDump(scene: "home", after: log.count)
            mark = try ui.play("balloons", from: home)
            let balloons = try log.waitForDump(scene: "balloons", after: mark)
            try ui.keepScreenshot(after: log.wait("a balloon rising") { $0.is("spawn") }, as: "balloons")
            try ui.click(balloons.center("back"))
            // Back asks first (issue 26): Return on its panel is the door.
            try log.wait("Back asks") { $0.is("alert", "kind", "leave") }
            try ui.xdo("key", "Return")
            try log.wait("back Home from Balloons") { $0.is("scene", "action", "pop") && $0.stack == ["home"] }

            // High Scores: open and close.
            home = try log.waitForDump(scene: "home", after: log.count)
            try ui.click(home.center("highscores"))
            mark = try log.wait("high scores opened") { $0.is("scene", "scene", "highscores") }
            let scores = try log.waitForDump(scene: "highscores", after: mark)
            try ui.keepScreenshot(after: mark, as: "highscores")
            try ui.click(scores.center("close"))
            try log.wait("high scores closed") { $0.is("scene", "action", "pop") && $0.stack == ["home"] }

            // A 16:9 window: the canvas takes its shape (issue 45), no bars; Home is laid out
            // wide and its tiles are hit where that layout puts them. (Only tiles not yet
            // selected are tapped: tapping the selected one logs no `select`.)
            try ui.resize(1280, 720)
            #expect(ui.box.offset.x == 0 && ui.canvas == Size(1365, 768), "\(ui.canvas)")
            home = try log.waitForDump(scene: "home", after: log.count)
            try ui.click(home.center("game-sorting"))
            try log.wait("sorting selected at 1280x720") { $0.is("select", "value", "sorting") }
            // Wider than 2.4:1: the widest canvas, with bars left and right; a click in the
            // right bar is dead, the tiles are hit through the scaled, centred picture.
            try ui.resize(1600, 600)
            #expect(ui.box.offset.x == 80 && ui.canvas == Size(1843, 768), "\(ui.box.offset) \(ui.canvas)")
            home = try log.waitForDump(scene: "home", after: log.count)
            try ui.checkDeadClick(windowX: 1590, windowY: 300, then: home.center("level-hard"), expect: ("select", "value", "hard"))
            mark = log.lines.lastIndex { $0.is("select", "value", "hard") } ?? log.count - 1
            try ui.keepScreenshot(after: mark, as: "home-1600x600")

            // A square window (bars above and below): the bar above the mute button is dead;
            // a game starts and Back works, all through the mapping.
            try ui.resize(800, 800)
            #expect(ui.box.offset.y == 100)
            home = try log.waitForDump(scene: "home", after: log.count)
            try ui.checkDeadClick(windowX: 770, windowY: 50, then: home.center("game-memory"), expect: ("select", "value", "memory"))
            try ui.click(home.center("level-medium"))
            try log.wait("medium selected at 800x800") { $0.is("select", "value", "medium") }
            try ui.click(home.center("play"))
            mark = try log.wait("memory pushed at 800x800") { $0.is("scene", "scene", "memory") }
            let square = try log.waitForDump(scene: "memory", after: mark)
            #expect(square.items.filter { $0["kind"]?.stringValue == "card" }.count == 16, "Medium is 4x4")
            try ui.keepScreenshot(after: mark, as: "memory-800x800")
            try ui.click(square.center("back"))
            // Back asks first (issue 26): Return on its panel is the door.
            try log.wait("Back asks") { $0.is("alert", "kind", "leave") }
            try ui.xdo("key", "Return")
            try log.wait("back Home at 800x800") { $0.is("scene", "action", "pop") && $0.stack == ["home"] }

            // Esc on Home (a real key press) asks to quit; Yes ends the program cleanly.
            try ui.move(to: Point(512, 384))
            try ui.xdo("key", "Escape")
            mark = try log.wait("the quit question") { $0.is("scene", "scene", "alert") }
            let alert = try log.waitForDump(scene: "alert", after: mark)
            try ui.click(alert.center("alert-yes"))
            mark = try log.wait("quit") { $0.is("quit") }
            #expect(try ui.waitForExit() == 0)
            #expect(log.lines.filter { $0.is("pause") }.isEmpty, "the window never lost focus")
            #expect(log.lines[mark]["frames"]?.intValue ?? 0 > 0)
            print("windowed end-to-end: \(String(format: "%.1f", ui.elapsed)) s, peak RSS \(log.lines[mark]["peakRSSkB"]?.intValue ?? 0) kB, "
                  + "screenshots in \(Self.shotDirectory)")
        }
    }
}

extension HeavyTests.WindowedEndToEndTests {
    /// Regression: when nothing moved, the loop slept in `SDL_WaitEventTimeout(&event)`,
    /// which takes the waking event out of SDL's queue, and pushed it back with
    /// `SDL_PushEvent`. That put it behind the events queued with it (a quick click came
    /// out release first, and was lost) and behind SDL's poll sentinel (it woke the wait
    /// again and again, unhandled, and nothing was drawn meanwhile), and ran SDL's event
    /// watchers on it once more each time: the renderer's watch maps window coordinates to
    /// the 1024x768 canvas, so in a resized window the click that woke the game landed
    /// somewhere else, often off the canvas. Each click here comes while the game sleeps,
    /// so its press is what wakes it.
    @Test(.enabled(if: hasXTools, "Xvfb and xdotool are needed: `make test-deps`"), .enabled(if: GameBinary.isBuilt, "build the app first"))
    func test_idleResizedWindow_theClickThatWakesTheGameLandsWhereItIs() throws {
        let (xvfb, xdotool) = try Self.xTools()
        let session = try WindowSession(xvfb: xvfb, xdotool: xdotool, directory: temporaryDirectory())
        defer { session.stop() }
        let script = (1..<400).map { "\(Double($0) / 4) dump" }.joined(separator: "\n") + "\n100 quit\n"
        let ui = try session.launchGame(script: script)
        for (width, height) in [(800, 800), (1280, 720)] {
            try ui.resize(width, height)
            // Home as the new shape lays it out (1280x720 is 16:9: Home takes a wide canvas).
            let home = try ui.log.waitForDump(scene: "home", after: ui.log.count)
            if width == 1280 {
                #expect(ui.canvas == Size(1365, 768), "the canvas follows the window's shape: \(ui.canvas)")
                #expect(home.line["canvas"]?.arrayValue?.compactMap(\.intValue) == [1365, 768])
            }
            let tiles = ["game-memory", "game-sorting", "game-balloons", "level-easy", "level-medium", "level-hard"]
            for (k, tile) in tiles.enumerated() {
                let value = String(tile.split(separator: "-")[1])
                // Point first; once a dump shows the game has read the motion, it sleeps
                // until its next dump, and the press is what wakes it.
                try ui.move(to: home.center(tile))
                try ui.log.wait("a dump after pointing at \(tile)", after: ui.log.count) { $0.is("dump") }
                try ui.xdo("click", "1")
                let select = try ui.log.wait("select of \(tile) at \(width)x\(height) (click \(k + 1))") { $0.is("select", "value", value) }
                // The tile lifts for 0.3 s (frames drawn all along); then the game sleeps again.
                let settled = (ui.log.lines[select]["t"]?.doubleValue ?? 0) + 0.35
                try ui.log.wait("a dump after the lift", after: select) { $0.is("dump") && ($0["t"]?.doubleValue ?? 0) >= settled }
            }
        }
    }
}

extension HeavyTests.WindowedEndToEndTests {
    /// Balloons is drawn at its calm pace in a real window (issue 31): 30 frames a second,
    /// not 60, while its balloons rise; Home, the fade-in and the tap guard stay smooth.
    /// The `quit` line's `calmFrames` and `calmSeconds` (with `--process-stats`) count them.
    @Test(.enabled(if: hasXTools, "Xvfb and xdotool are needed: `make test-deps`"), .enabled(if: GameBinary.isBuilt, "build the app first"))
    func test_balloonsInAWindow_isDrawn30TimesASecond() throws {
        let (xvfb, xdotool) = try Self.xTools()
        let session = try WindowSession(xvfb: xvfb, xdotool: xdotool, directory: temporaryDirectory())
        defer { session.stop() }
        let script = (1..<60).map { "\(Double($0) / 4) dump" }.joined(separator: "\n") + "\n15 quit\n"
        let ui = try session.launchGame(script: script)
        let log = ui.log
        let pushed = try ui.play("balloons", level: "hard", from: log.waitForDump(scene: "home", after: 0))
        // The pointer moving over the sky (nothing pressed) is drawn at the pace, never a
        // reason for a frame of its own: 120 moves over a few seconds keep it calm.
        try log.wait("a dump after the fade-in", after: pushed) { $0.is("dump") && ($0["t"]?.doubleValue ?? 0) > (log.lines[pushed]["t"]?.doubleValue ?? 0) + 0.5 }
        for k in 0..<120 { try ui.move(to: Point(200 + Double(k * 5), 300 + Double(k % 7) * 20)) }
        let mark = try log.wait("quit", after: pushed, timeout: 40) { $0.is("quit") }
        #expect(try ui.waitForExit() == 0)
        let quit = log.lines[mark]
        let frames = quit["calmFrames"]?.intValue ?? 0, seconds = quit["calmSeconds"]?.doubleValue ?? 0
        #expect(log.lines.contains { $0.is("spawn") }, "balloons rose")
        #expect(seconds >= 4, "Balloons ran calm for \(seconds) s of the \(15 - (log.lines[pushed]["t"]?.doubleValue ?? 0)) s it showed")
        let rate = Double(frames) / max(seconds, 0.001)
        #expect(rate <= 33, "\(frames) frames in \(seconds) s: \(rate) a second, calm is 30")
        #expect(rate >= 10, "\(frames) frames in \(seconds) s: \(rate) a second, the balloons still move")
        let all = quit["frames"]?.intValue ?? 0
        #expect(all > frames, "Home's frames are not calm (\(all) frames in all)")
    }

    /// Regression: the windowed loop flushed its log only after drawing a frame, and on a
    /// still screen a script's `dump` often runs in a turn of the loop that draws nothing
    /// (its next wait resets the step accumulator), so the line stayed in the buffer until
    /// some later frame, seconds later, and a live reader of the log (a demo, this suite)
    /// saw nothing meanwhile.
    @Test(.enabled(if: hasXTools, "Xvfb and xdotool are needed: `make test-deps`"), .enabled(if: GameBinary.isBuilt, "build the app first"))
    func test_idleWindow_scriptDumpsReachTheLogWithoutInput() throws {
        let (xvfb, xdotool) = try Self.xTools()
        let session = try WindowSession(xvfb: xvfb, xdotool: xdotool, directory: temporaryDirectory())
        defer { session.stop() }
        let script = (1..<120).map { "\(Double($0) / 4) dump" }.joined(separator: "\n") + "\n40 quit\n"
        let log = try session.launchGame(script: script).log
        // Past the window's first events (map, expose, focus), each of which draws a frame,
        // each dump must be readable soon after its time: how late it is read, less the
        // least late one (the game's start-up), stays small.
        var last = try log.wait("a dump at 2 s") { $0.is("dump") && ($0["t"]?.doubleValue ?? 0) >= 2 }
        var lateness: [Double] = []
        for _ in 0..<24 {
            last = try log.wait("the next dump (due 0.25 s after the last)", after: last + 1) { $0.is("dump", "scene", "home") }
            lateness.append(session.sinceGameStart - (log.lines[last]["t"]?.doubleValue ?? 0))
        }
        // Fixed, the spread is a few hundredths of a second; it was about 6 s.
        let spread = (lateness.max() ?? 0) - (lateness.min() ?? 0)
        #expect(spread < 2.5, "dumps reached the log up to \(spread) s late")
        #expect(log.lines.filter { $0.is("select") || $0.is("sound") }.isEmpty, "no input was given")
    }
}

// MARK: - Helpers

/// One dump event, read for the frames of its items.
struct Dump {
    let line: JSON
    var items: [JSON] { line["items"]?.arrayValue ?? [] }
    /// The centre of the item with this id, in logical coordinates.
    func center(_ id: String) throws -> Point {
        guard let p = items.first(where: { $0["id"]?.stringValue == id })?.frameCenter else {
            throw Exec.Failure(description: "no item \(id) in the \(line["scene"]?.stringValue ?? "?") dump")
        }
        return p
    }
}

/// The game's live log: the windowed loop flushes it every frame, so complete lines can be
/// read while it runs. Waits poll with generous time limits, never fixed sleeps.
final class LiveLog {
    let path: String
    private(set) var lines: [JSON] = []
    private var consumed: UInt64 = 0
    private var partial = Data()
    /// Answers false once the game has exited, so a wait fails at once instead of timing out.
    var isAlive: () -> Bool = { true }
    /// Extra words for a failed wait (what the test did last).
    var context: () -> String = { "" }
    static let timeout = 20.0

    init(path: String) { self.path = path }
    var count: Int { lines.count }

    func refresh() {
        guard let handle = FileHandle(forReadingAtPath: path) else { return }
        defer { try? handle.close() }
        handle.seek(toFileOffset: consumed)
        let data = handle.readDataToEndOfFile()
        consumed += UInt64(data.count)
        partial.append(data)
        while let newline = partial.firstIndex(of: 0x0A) {
            let text = String(decoding: partial[partial.startIndex..<newline], as: UTF8.self)
            partial.removeSubrange(partial.startIndex...newline)
            if let json = JSON.parse(text) { lines.append(json) }
        }
    }

    /// The index of the first line after `after` (default: lines not yet read before this
    /// call) that matches; throws naming `what` after the time limit.
    @discardableResult
    func wait(_ what: String, after: Int? = nil, timeout: Double = LiveLog.timeout, _ matches: (JSON) -> Bool) throws -> Int {
        var next = after ?? lines.count
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            refresh()
            while next < lines.count {
                if matches(lines[next]) { return next }
                next += 1
            }
            if Date() > deadline || !isAlive() {
                refresh()
                let tail = lines.suffix(40).filter { !$0.is("dump") }.suffix(12).map { $0.serialized() }.joined(separator: "\n")
                throw Exec.Failure(description: "waited \(Int(timeout)) s for \(what)\(isAlive() ? "" : " (the game exited)"); log ends:\n\(tail)\n\(context())")
            }
            usleep(20_000)
        }
    }

    /// The first dump of `scene` at or after line `after`.
    func waitForDump(scene: String, after: Int) throws -> Dump {
        let i = try wait("a dump of \(scene)", after: after) { $0.is("dump", "scene", scene) }
        return Dump(line: lines[i])
    }
}

/// How the 1024x768 picture sits in a window: scaled to fit, centred, with bars.
struct Letterbox {
    let width: Double, height: Double
    /// The game's logical canvas (its `start` line's `canvas`: the shape of the screen or
    /// window it started on).
    var canvas = Canvas1024.standardSize
    var scale: Double { min(width / canvas.width, height / canvas.height) }
    var offset: Point { Point(((width - canvas.width * scale) / 2).rounded(.down), ((height - canvas.height * scale) / 2).rounded(.down)) }
    func window(_ p: Point) -> (x: Int, y: Int) {
        (Int((offset.x + p.x * scale).rounded()), Int((offset.y + p.y * scale).rounded()))
    }
}

/// Xvfb on a free display, the game in a window on it, and xdotool to drive it. `stop()`
/// ends both, whatever happened.
final class WindowSession {
    let xvfbPath: String, xdotoolPath: String, directory: String
    private(set) var display = ""
    private var server: Process?
    private var windowManager: Process?
    private var game: Process?
    private(set) var window = ""
    private(set) var box = Letterbox(width: 1024, height: 768)
    /// The game's canvas: the last `shape` line's (the canvas follows a resized window), else
    /// its `start` line's once read (4:3 until then).
    var canvas: Size {
        if let shape = log.lines.last(where: { $0.is("shape") }), let w = shape["width"]?.intValue, let h = shape["height"]?.intValue {
            return Size(Double(w), Double(h))
        }
        guard let start = log.lines.first(where: { $0.is("start") }), let c = start["canvas"]?.arrayValue, c.count == 2,
              let w = c[0].intValue, let h = c[1].intValue else { return Canvas1024.standardSize }
        return Size(Double(w), Double(h))
    }
    private(set) var log: LiveLog
    private let started = Date()
    private var gameStarted = Date()
    var sinceGameStart: Double { Date().timeIntervalSince(gameStarted) }
    var elapsed: Double { Date().timeIntervalSince(started) }
    /// Screenshots already copied out, so each phase keeps its own.
    private var usedShots = Set<String>()

    /// The X screen's size (Xvfb's `-screen 0 WxHx24`).
    let screen: (width: Int, height: Int)

    /// Starts Xvfb with a screen of `screen` pixels and, when given, a window manager on it
    /// (e.g. openbox; without one, as under xinit, nobody honours fullscreen requests).
    init(xvfb: String, xdotool: String, directory: String, screen: (width: Int, height: Int) = (1600, 1200),
         windowManager: String? = nil) throws {
        xvfbPath = xvfb
        xdotoolPath = xdotool
        self.directory = directory
        self.screen = screen
        log = LiveLog(path: directory + "/log.jsonl")
        try startServer()
        if let windowManager {
            do { try startWindowManager(windowManager) } catch { stop(); throw error }
        }
    }

    /// Starts the window manager and waits until it answers EWMH questions (tried twice:
    /// its stderr is kept in the directory as window-manager.txt).
    private func startWindowManager(_ path: String) throws {
        let errors = directory + "/window-manager.txt"
        for _ in 1...2 {
            _ = FileManager.default.createFile(atPath: errors, contents: nil)
            let p = Process()
            p.executableURL = URL(fileURLWithPath: path)
            p.environment = environment
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle(forWritingAtPath: errors) ?? FileHandle.nullDevice
            try p.run()
            windowManager = p
            let deadline = Date().addingTimeInterval(LiveLog.timeout)
            while p.isRunning && Date() < deadline {
                if let n = try? Exec.run(xdotoolPath, ["get_num_desktops"], environment: environment, timeout: 5),
                   (Int(n.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) > 0 { return }
                usleep(50_000)
            }
            Exec.stop(p)
            windowManager = nil
        }
        let text = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
        throw Exec.Failure(description: "the window manager \(path) did not start on \(display): \(text)")
    }

    var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display
        env["SDL_AUDIODRIVER"] = "dummy"
        env["SDL_VIDEODRIVER"] = "x11"
        env["XDG_CONFIG_HOME"] = directory + "/config"
        env.removeValue(forKey: "WAYLAND_DISPLAY")
        return env
    }

    /// Xvfb on a display it picks itself and names (`-displayfd`): two suites running at once
    /// (two checkouts on one machine) never race for the same display, which let one session
    /// drive or read the other's screen. Waits until xdotool reaches it.
    private func startServer() throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: xvfbPath)
        // By default a screen larger than any window size used, so every window point is on screen.
        // -fbdir: the screen's pixels are also a file (XWD), for comparing what the screen
        // shows with what the game drew.
        p.arguments = ["-displayfd", "1", "-screen", "0", "\(screen.width)x\(screen.height)x24", "-nolisten", "tcp",
                       "-fbdir", directory]
        let named = Pipe()
        p.standardOutput = named
        p.standardError = FileHandle.nullDevice
        try p.run()
        server = p
        let deadline = Date().addingTimeInterval(LiveLog.timeout)
        // The display's number, then a newline, on the pipe once the server listens.
        var text = ""
        let fd = named.fileHandleForReading.fileDescriptor
        while !text.hasSuffix("\n") && p.isRunning && Date() < deadline {
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 100) > 0 else { continue }
            var byte: UInt8 = 0
            if read(fd, &byte, 1) == 1 { text.append(Character(UnicodeScalar(byte))) } else { break }
        }
        if let n = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
            display = ":\(n)"
            while p.isRunning && Date() < deadline {
                if (try? Exec.run(xdotoolPath, ["getdisplaygeometry"], environment: environment, timeout: 5)) != nil { return }
                usleep(50_000)
            }
        }
        Exec.stop(p)
        server = nil
        throw Exec.Failure(description: "Xvfb would not start (it named display '\(text)')")
    }

    /// What the X screen shows now, as 0xRRGGBB pixels (Xvfb's framebuffer file, XWD: a
    /// big-endian header, a colour map, then little-endian 32-bit pixels, rows packed).
    func screenPixels() throws -> PixelImage {
        let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/Xvfb_screen0"))
        func word(_ i: Int) -> Int { data.withUnsafeBytes { Int(UInt32(bigEndian: $0.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self))) } }
        let headerSize = word(0), width = word(4), height = word(5), bitsPerPixel = word(11), bytesPerLine = word(12), colours = word(19)
        guard bitsPerPixel == 32, word(7) == 0 else { throw Exec.Failure(description: "XWD: \(bitsPerPixel) bits a pixel, byte order \(word(7))") }
        let start = headerSize + 12 * colours
        guard data.count >= start + bytesPerLine * height else { throw Exec.Failure(description: "XWD: short file") }
        var pixels = [UInt32](repeating: 0, count: width * height)
        data.withUnsafeBytes { raw in
            for y in 0..<height {
                for x in 0..<width {
                    pixels[y * width + x] = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: start + y * bytesPerLine + 4 * x, as: UInt32.self)) & 0xFF_FFFF
                }
            }
        }
        return PixelImage(width: width, height: height, pixels: pixels)
    }

    /// Starts the real binary in a window with a script of fixed-time dumps and screenshots
    /// (and a late quit, should the test die), then finds its window.
    /// `mode` is how the window starts (`--windowed`, `--fullscreen`, `--kiosk`, or nothing:
    /// the config decides); `config` is the config file's text; `extra` more arguments.
    func launchGame(script given: String? = nil, mode: [String] = ["--windowed"], config: String = "", arguments extra: [String] = [],
                    nativeShots: Bool = false) throws -> WindowSession {
        // In quarter seconds: a dump every 0.5 s, a screenshot every second (at k + 0.25), and
        // with `nativeShots` a screenshot of the window's real pixels every second (at k + 0.75).
        var script = ""
        for q in 1..<480 {
            let t = Double(q) / 4
            if q % 2 == 0 { script += "\(t) dump\n" }
            if q % 4 == 1 && q > 1 { script += "\(t) screenshot \(directory)/shot-\(q / 4).png\n" }
            if nativeShots && q % 4 == 3 { script += "\(t) screenshot-native \(directory)/native-\(q / 4).png\n" }
        }
        script += "150 quit\n"
        if let given { script = given }
        try script.write(toFile: directory + "/script.txt", atomically: true, encoding: .utf8)
        try config.write(toFile: directory + "/empty.toml", atomically: true, encoding: .utf8)
        let p = Process()
        // Started as from a desktop: the stop signals at their defaults (env execs the game:
        // the same process).
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["--default-signal=HUP,QUIT,TERM,INT", GameBinary.path] + mode + ["--process-stats", "--seed", "11", "--data-dir", directory + "/data", "--log", log.path,
                       "--script", directory + "/script.txt", "--config", directory + "/empty.toml"] + extra
        p.environment = environment
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.standardError
        try p.run()
        gameStarted = Date()
        game = p
        log.isAlive = { p.isRunning }
        log.context = { [unowned self] in "xdotool, seconds since the game started:\n" + actions.suffix(8).joined(separator: "\n") }
        let found = try Exec.run(xdotoolPath, ["search", "--sync", "--class", AppInfo.desktopID], environment: environment)
        guard let first = found.split(separator: "\n").first else { throw Exec.Failure(description: "no game window") }
        window = String(first)
        try readGeometry()
        return self
    }

    /// What the test did and when (seconds since the game started, like the log's `t`),
    /// shown when a wait fails.
    private(set) var actions: [String] = []

    /// When the last button press went out.
    private var lastPress: Date?

    @discardableResult
    func xdo(_ args: String...) throws -> String {
        // The tap guard (issue 14, decision 2) ignores a press within 0.3 s of the press that
        // changed the screen: a child's next press comes later than that, and so do ours.
        if args.first == "click" || args.first == "mousedown" {
            if let last = lastPress {
                let wait = 0.35 - Date().timeIntervalSince(last)
                if wait > 0 { usleep(UInt32(wait * 1_000_000)) }
            }
            lastPress = Date()
        }
        actions.append(String(format: "%.3f ", Date().timeIntervalSince(gameStarted)) + args.joined(separator: " "))
        return try Exec.run(xdotoolPath, args, environment: environment)
    }

    /// A press right after a screen change, until the game answers it: the tap guard counts
    /// 0.3 s from when the game *handled* the press that changed the screen, which on a
    /// loaded machine can be later than we sent it, so our 0.35 s can fall inside it. The
    /// guard says so (`ignored`), and the press is made again (a child would tap again too).
    @discardableResult
    func pressPastTheGuard(_ what: String, press: () throws -> Void, release: (() throws -> Void)? = nil,
                           _ matches: (JSON) -> Bool) throws -> Int {
        for _ in 0..<4 {
            try press()
            let i = try log.wait(what + " (or the tap guard's answer)") { matches($0) || $0.is("ignored", "why", "tap-guard") }
            if !log.lines[i].is("ignored") { return i }
            try release?()
        }
        throw Exec.Failure(description: "the tap guard ignored every press for \(what)")
    }

    /// The game window's place on the screen and size, as X has them (not as SDL believes).
    private(set) var geometry = (x: 0, y: 0, width: 0, height: 0)

    func readGeometry() throws {
        let text = try xdo("getwindowgeometry", "--shell", window)
        func value(_ key: String) -> Double? {
            text.split(separator: "\n").first { $0.hasPrefix(key + "=") }.flatMap { Double($0.dropFirst(key.count + 1)) }
        }
        guard let w = value("WIDTH"), let h = value("HEIGHT") else { throw Exec.Failure(description: "geometry: \(text)") }
        box = Letterbox(width: w, height: h, canvas: canvas)
        geometry = (Int(value("X") ?? -1), Int(value("Y") ?? -1), Int(w), Int(h))
    }

    /// Polls the window's geometry until it is `expected` (x, y, width, height); throws
    /// with the last one seen after the time limit.
    func waitForGeometry(_ what: String, _ expected: (Int, Int, Int, Int), timeout: Double = 10) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            try readGeometry()
            if geometry == expected { return }
            if Date() > deadline {
                throw Exec.Failure(description: "\(what): the window is at \(geometry.x),\(geometry.y) \(geometry.width)x\(geometry.height), not \(expected)")
            }
            usleep(50_000)
        }
    }

    /// Clicks a logical point at its real place on the screen (absolute X coordinates): the
    /// picture letterboxed in a window at `geometry`.
    func clickOnScreen(_ p: Point) throws {
        let w = box.window(p)
        try xdo("mousemove", "--sync", "\(geometry.x + w.x)", "\(geometry.y + w.y)")
        try xdo("click", "1")
    }

    /// Moves the real pointer to a logical point, through the letterbox.
    func move(to p: Point) throws {
        let w = box.window(p)
        try xdo("mousemove", "--sync", "--window", window, "\(w.x)", "\(w.y)")
    }

    func click(_ p: Point) throws {
        try move(to: p)
        try xdo("click", "1")
    }

    /// Chooses a game (and a level, if given) on Home with real clicks, presses Play and
    /// waits for the game's scene: the index of its `scene` line.
    func play(_ game: String, level: String? = nil, from home: Dump) throws -> Int {
        for (row, value) in [("game", game), ("level", level)] {
            guard let value else { continue }
            try click(home.center("\(row)-\(value)"))
            try log.wait("\(value) selected") { $0.is("select", "value", value) }
        }
        try click(home.center("play"))
        return try log.wait("\(game) pushed") { $0.is("scene", "scene", game) }
    }

    /// Resizes the X window, then waits until the game has read SDL's queue after it (a
    /// dump runs after the frame's event pump): X delivers the resize to SDL before any
    /// later click, so from then on clicks are mapped through the new letterbox.
    func resize(_ width: Int, _ height: Int) throws {
        let before = log.count
        try xdo("windowsize", "--sync", window, "\(width)", "\(height)")
        try readGeometry()
        guard box.width == Double(width), box.height == Double(height) else {
            throw Exec.Failure(description: "the window is \(box.width)x\(box.height), not \(width)x\(height)")
        }
        // On Home the canvas takes the window's new shape (issue 45): wait for its `shape`
        // line, which may come a frame after the next dump.
        let expected = Canvas1024.size(forScreen: width, height)
        if canvas != expected {
            try log.wait("the canvas taking \(Int(expected.width))x\(Int(expected.height))", after: before) {
                $0.is("shape") && $0["width"]?.intValue == Int(expected.width) && $0["height"]?.intValue == Int(expected.height)
            }
        }
        try log.wait("a dump after the resize to \(width)x\(height)", after: log.count) { $0.is("dump") }
        try readGeometry()
    }

    /// Clicks a window point in a letterbox bar, then a real target; between the two
    /// nothing but dumps, screenshots and spoken lines may be logged (Home's next step,
    /// "Press the big green button!", follows an earlier tap's name on the voice's own time,
    /// and an idle re-prompt on its clock: neither answers a click).
    func checkDeadClick(windowX: Int, windowY: Int, then target: Point, expect: (String, String, String)) throws {
        let before = log.count
        try xdo("mousemove", "--sync", "--window", window, "\(windowX)", "\(windowY)")
        try xdo("click", "1")
        try click(target)
        let hit = try log.wait("\(expect.2) after the bar click", after: before) { $0.is(expect.0, expect.1, expect.2) }
        let stray = log.lines[before..<hit].filter { !$0.is("dump") && !$0.is("screenshot") && !$0.is("voice") && !$0.is("reprompt") }
        #expect(stray.map { $0.serialized() } == [], "a click in the bar at (\(windowX), \(windowY)) of \(box.width)x\(box.height) did something")
    }

    /// Copies the first screenshot taken at least 0.4 s after line `after` (animations
    /// settled) to the shot folder as NAME.png, and checks it has the canvas's size (the
    /// shape the window gave it).
    func keepScreenshot(after: Int, as name: String) throws {
        let t0 = (log.lines[after]["t"]?.doubleValue ?? 0) + 0.4
        let i = try log.wait("a screenshot for \(name)", after: after) { line in
            line.is("screenshot") && (line["t"]?.doubleValue ?? 0) >= t0 && !self.usedShots.contains(line["path"]?.stringValue ?? "")
        }
        let path = log.lines[i]["path"]?.stringValue ?? ""
        usedShots.insert(path)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(pngSize(data).map { "\($0.width)x\($0.height)" } == "\(Int(canvas.width))x\(Int(canvas.height))", "\(name): \(path)")
        let kept = HeavyTests.WindowedEndToEndTests.shotDirectory + "/\(name).png"
        try? FileManager.default.removeItem(atPath: kept)
        try FileManager.default.copyItem(atPath: path, toPath: kept)
    }

    /// Sends `signal` to the game.
    func send(_ signal: Int32) {
        if let game { kill(game.processIdentifier, signal) }
    }

    /// Waits for the game to exit by itself; answers its status.
    func waitForExit() throws -> Int32 {
        guard let game else { return -1 }
        let deadline = Date().addingTimeInterval(LiveLog.timeout)
        while game.isRunning && Date() < deadline { usleep(20_000) }
        guard !game.isRunning else { throw Exec.Failure(description: "the game did not exit after quit") }
        return game.terminationStatus
    }

    func stop() {
        if let game { Exec.stop(game) }
        if let windowManager { Exec.stop(windowManager) }
        if let server { Exec.stop(server) }
        game = nil
        windowManager = nil
        server = nil
    }
}
