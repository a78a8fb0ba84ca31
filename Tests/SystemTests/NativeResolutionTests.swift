import CSDL2
import Testing
@testable import GameCore
@testable import Scenes
@testable import Render
@testable import Platform
@testable import KidsJoyApp
import Stage
@testable import SceneTests
@testable import RenderTests

/// Crisp on every screen (issue #17): the canvas draws at the screen's real pixel size, the
/// play area centred, the background filling the rest; scripts, dumps and logs stay in
/// logical units; a still screen redraws and uploads nothing.
@Suite @MainActor struct NativeResolutionTests {
    /// Home's Memory tile, Easy and Play (logical centres, from Home's dump).
    static let enterMemory = "0.3 tap-item game-memory\n0.6 tap-item level-easy\n0.9 tap-item play\n"

    /// Taps game tile `game`, level tile `level` and Play where Home places them on a screen
    /// of `size` (the canvas takes its shape: issue 27); nil is 1024x768.
    static func enter(game: Int = 0, level: Int = 0, size: (Int, Int)?) -> String {
        let old = Canvas1024.size
        if let size { Canvas1024.use(Canvas1024.size(forScreen: size.0, size.1)) }
        defer { Canvas1024.use(old) }
        let g = HomeLayout.gameTile(game).center, l = HomeLayout.levelTile(level).center, p = HomeLayout.play.center
        return "0.3 tap \(Int(g.x)) \(Int(g.y))\n0.6 tap \(Int(l.x)) \(Int(l.y))\n0.9 tap \(Int(p.x)) \(Int(p.y))\n"
    }

    /// Starts a headless app at `size` (nil: 1024×768) and plays `script`; the caller shuts it down.
    static func start(_ script: String, size: (Int, Int)?, seed: UInt64 = 3) throws -> GameApp {
        var options = AppOptions()
        options.headless = true
        options.seed = seed
        options.scriptText = script
        options.settings.dataDir = temporaryDirectory()
        options.size = size.map { (width: $0.0, height: $0.1) }
        let app = try GameApp(options: options, keepLogInMemory: true)
        try app.start()
        _ = app.run()
        return app
    }

    /// The largest step in luma between two neighbouring pixels of a row, inside `r`: how
    /// sharp the sharpest edge there is (text rasterized at the screen's size has steps as
    /// steep as at 1024×768; a 1024×768 picture scaled up bilinearly does not).
    static func sharpestStep(_ image: PixelImage, in r: IRect) -> Int {
        func luma(_ x: Int, _ y: Int) -> Int {
            let c = image[x, y]
            return (299 * c[0] + 587 * c[1] + 114 * c[2]) / 1000
        }
        var best = 0
        for y in max(r.y, 0)..<min(r.maxY, image.height) {
            for x in max(r.x, 0)..<min(r.maxX, image.width) - 1 { best = max(best, abs(luma(x + 1, y) - luma(x, y))) }
        }
        return best
    }

    /// `image` scaled to w × h bilinearly (what the window did to the 1024×768 frame before).
    static func scaledUp(_ image: PixelImage, _ w: Int, _ h: Int) -> PixelImage {
        var out = [UInt32](repeating: 0, count: w * h)
        for y in 0..<h {
            let sy = max(0, (Double(y) + 0.5) * Double(image.height) / Double(h) - 0.5)
            let y0 = min(Int(sy), image.height - 1), y1 = min(y0 + 1, image.height - 1), fy = sy - Double(y0)
            for x in 0..<w {
                let sx = max(0, (Double(x) + 0.5) * Double(image.width) / Double(w) - 0.5)
                let x0 = min(Int(sx), image.width - 1), x1 = min(x0 + 1, image.width - 1), fx = sx - Double(x0)
                var p: UInt32 = 0xFF00_0000
                for shift: UInt32 in [0, 8, 16] {
                    func c(_ x: Int, _ y: Int) -> Double { Double((image.pixel(x, y) >> shift) & 0xFF) }
                    let v = (c(x0, y0) * (1 - fx) + c(x1, y0) * fx) * (1 - fy) + (c(x0, y1) * (1 - fx) + c(x1, y1) * fx) * fy
                    p |= UInt32(v.rounded()) << shift
                }
                out[y * w + x] = p
            }
        }
        return PixelImage(width: w, height: h, pixels: out)
    }

    /// Near-black pixels (every channel below 24) in `r`: a letterbox bar would be all of them.
    static func blackPixels(_ image: PixelImage, in r: IRect) -> Int {
        var n = 0
        for y in max(r.y, 0)..<min(r.maxY, image.height) {
            for x in max(r.x, 0)..<min(r.maxX, image.width) where image[x, y].allSatisfy({ $0 < 24 }) { n += 1 }
        }
        return n
    }

    @Test(arguments: [(1920, 1080), (800, 1280), (1280, 800), (2880, 1800)])
    func test_sizedScreenshots_areNative_sharp_andHaveNoBlackBars(_ w: Int, _ h: Int) throws {
        let dir = temporaryDirectory()
        let script = "0.2 screenshot \(dir)/home.png\n" + Self.enterMemory + "2 screenshot \(dir)/memory.png\n"
        let logical = try Self.start(script.replacingOccurrences(of: "\(dir)/", with: "\(dir)/1x-"), size: nil)
        logical.shutdown()
        let app = try Self.start("0.2 screenshot \(dir)/home.png\n" + Self.enter(size: (w, h)) + "2 screenshot \(dir)/memory.png\n", size: (w, h))
        let viewport = app.canvas.viewport
        // The heading on this shape's Home (centred on the canvas).
        let headingHere = Rect(Canvas1024.width / 2 - 150, HomeLayout.gameLabelY - 20, 300, 40)
        app.shutdown()
        let home1x = try PixelImage(path: "\(dir)/1x-home.png"), home = try PixelImage(path: "\(dir)/home.png")
        #expect(home1x.width == 1024 && home1x.height == 768, "without --size a screenshot is 1024x768")
        #expect(home.width == w && home.height == h, "with --size it has that size: \(home.width)x\(home.height)")

        // The heading "Choose a game": its sharpest edge as steep as at 1024x768, steeper than
        // the 1024x768 picture scaled up.
        let heading = Rect(362, HomeLayout.gameLabelY - 20, 300, 40)
        let step1x = Self.sharpestStep(home1x, in: IRect(rounding: heading))
        let native = Self.sharpestStep(home, in: IRect(rounding: viewport.toReal(headingHere)))
        let play = Rect(viewport.offsetX, viewport.offsetY, viewport.logical.width * viewport.scale, viewport.logical.height * viewport.scale)
        let scaled = Self.sharpestStep(Self.scaledUp(home1x, Int((1024 * viewport.scale).rounded()), Int((768 * viewport.scale).rounded())),
                                       in: IRect(rounding: heading.applying(scale: viewport.scale)))
        #expect(native >= step1x - 12, "native text edge \(native) vs 1024x768 \(step1x)")
        if viewport.scale > 1.2 { #expect(native > scaled + 10, "native \(native) vs scaled up \(scaled)") }
        print("\(w)x\(h): sharpest heading step native \(native), 1024x768 \(step1x), 1024x768 scaled up \(scaled)")

        // Beyond the play area: the background, no black bars (Home and a game).
        for shot in [home, try PixelImage(path: "\(dir)/memory.png")] {
            let margins = [IRect(0, 0, Int(play.minX), h), IRect(Int(play.maxX), 0, w - Int(play.maxX), h),
                           IRect(0, 0, w, Int(play.minY)), IRect(0, Int(play.maxY), w, h - Int(play.maxY))]
            for m in margins where !m.isEmpty {
                #expect(Self.blackPixels(shot, in: m) == 0, "black pixels in the margin \(m)")
            }
        }
    }

    /// Script coordinates, dumps and the log are logical: the same script gives the same log
    /// (screenshot lines aside) at every size of one shape (4:3 here; another shape has its
    /// own canvas and frames, issue 27).
    @Test func test_theLogIsTheSameAtEverySize() throws {
        let dir = temporaryDirectory()
        let script = Self.enterMemory + "1.5 tap 174 190\n2 tap 386 190\n3 dump\n3.5 tap 75 32\n4 dump\n4.2 screenshot \(dir)/x.png\n"
        func log(_ size: (Int, Int)?) throws -> [String] {
            let app = try Self.start(script, size: size)
            defer { app.shutdown() }
            return app.log.lines.filter { !$0.is("screenshot") }.map { $0.serialized() }
        }
        let reference = try log(nil)
        #expect(reference.contains { $0.contains("\"flip\"") }, "the script flips cards")
        #expect(try log((2048, 1536)) == reference, "at 2048x1536")
        // At 640x480 the top bar's buttons are taller (77 units, so 48 px: issue 27); all else
        // is the same, every frame of the play field included.
        func withoutTheBar(_ lines: [String]) -> [String] {
            lines.map { line in
                guard let json = JSON.parse(line), json["event"]?.stringValue == "dump", case .object(let fields) = json else { return line }
                return JSON.object(fields.map { key, value in
                    guard key == "items", let items = value.arrayValue else { return (key, value) }
                    return (key, .array(items.filter { !["back", "mute", "pause", "hear-again"].contains($0["id"]?.stringValue ?? "") }))
                }).serialized()
            }
        }
        let small = try log((640, 480))
        #expect(small != reference, "640x480's bar is taller")
        #expect(withoutTheBar(small) == withoutTheBar(reference), "at 640x480")
    }

    /// Real pixels (and window points on a high-DPI screen) map back to logical units; the
    /// margins beyond the play area take no presses.
    @Test func test_inputMapsRealPixelsToLogicalUnits() {
        func press(_ t: inout InputTranslator, _ x: Int32, _ y: Int32) -> InputEvent? {
            var e = SDL_Event()
            e.button.type = SDL_MOUSEBUTTONDOWN.rawValue
            e.button.button = UInt8(SDL_BUTTON_LEFT)
            e.button.x = x
            e.button.y = y
            let got = t.translate(e)
            e.button.type = SDL_MOUSEBUTTONUP.rawValue
            _ = t.translate(e)
            return got
        }
        func near(_ e: InputEvent?, _ p: Point) -> Bool {
            guard case .pointerDown(let q)? = e else { return false }
            return abs(q.x - p.x) <= 1 && abs(q.y - p.y) <= 1
        }
        let play = Point(512, 646)
        for (w, h) in [(1920, 1080), (1280, 800), (800, 1280), (3840, 2160)] {
            var t = InputTranslator()
            t.viewport = Viewport(width: w, height: h)
            let real = t.viewport.toReal(play)
            #expect(near(press(&t, Int32(real.x), Int32(real.y)), play), "\(w)x\(h): Play at its real place \(real)")
            // Just outside the play area: left/right on wide screens, above/below on tall ones.
            let outside = w * 3 > h * 4 ? t.viewport.toReal(Point(-8, 300)) : t.viewport.toReal(Point(300, 776))
            #expect(press(&t, Int32(outside.x), Int32(outside.y)) == nil, "\(w)x\(h): a press beyond the play area is ignored")
            // A finger, normalized to the window.
            var f = SDL_Event()
            f.tfinger.type = SDL_FINGERDOWN.rawValue
            f.tfinger.fingerId = 1
            f.tfinger.x = Float(real.x / Double(w))
            f.tfinger.y = Float(real.y / Double(h))
            #expect(near(t.translate(f), play), "\(w)x\(h): a finger on Play")
        }
        // A 2880x1800 drawable in a 1440x900 window (high-DPI): mouse positions are in points.
        var t = InputTranslator()
        t.viewport = Viewport(width: 2880, height: 1800)
        t.pixelsPerPoint = (2, 2)
        let real = t.viewport.toReal(play)
        #expect(near(press(&t, Int32(real.x / 2), Int32(real.y / 2)), play), "high-DPI: Play at its place in window points")
    }

    /// A Memory board waiting for a tap redraws nothing and so uploads nothing (the window
    /// uploads exactly the canvas's damage), except the timer's pill once a second.
    @Test(arguments: [(1024, 768), (1920, 1080)])
    func test_aWaitingMemoryBoardRedrawsNothing(_ w: Int, _ h: Int) throws {
        let app = try Self.start(Self.enter(size: (w, h)) + "2 dump\n", size: (w, h))
        defer { app.shutdown() }
        #expect(app.stack.top.name == "memory")
        let frameArea = w * h
        var changed = 0, largest = 0
        let before = app.canvas.redrawnPixels
        for _ in 0..<120 {
            app.stack.step()
            app.drawFrame()
            let area = app.canvas.damage.reduce(0) { $0 + $1.area }
            if area > 0 { changed += 1 }
            largest = max(largest, area)
        }
        #expect(changed <= 2, "\(changed) of 120 frames changed (the timer ticks twice in 2 s)")
        #expect(largest * 50 < frameArea, "the timer's pill is all that changes: \(largest) of \(frameArea) pixels")
        #expect(app.canvas.redrawnPixels - before <= 2 * largest)
    }

    /// Drawing only the damage gives the same picture as drawing everything: Balloons (all
    /// moving) and Sorting at 1920x1080, each frame compared with the whole drawing of the
    /// list it shows.
    @Test(arguments: [(2, 2), (1, 0)])
    func test_damageRedrawEqualsAWholeRedraw(_ game: Int, _ level: Int) throws {
        let app = try Self.start(Self.enter(game: game, level: level, size: (1920, 1080)) + "3 dump\n", size: (1920, 1080))
        defer { app.shutdown() }
        var partial = 0, checked = 0
        for f in 0..<90 {
            app.stack.step()
            app.drawFrame()
            let frame = app.canvas.frame
            if let d = app.canvas.damage.first, d != frame.bounds { partial += 1 }
            guard f % 10 == 9 else { continue }
            checked += 1
            let whole = app.canvas.wholeDrawingOfShownList()
            var differing = 0, box = IRect(0, 0, 0, 0)
            for i in 0..<(frame.width * frame.height) where whole.pixels[i] != frame.pixels[i] {
                differing += 1
                box = box.union(IRect(i % frame.width, i / frame.width, 1, 1))
            }
            #expect(differing == 0, "frame \(f): \(differing) pixels differ, in \(box)")
        }
        #expect(checked == 9 && partial > 0, "some frames redrew only part of the screen: \(partial)")
    }
}

/// `--size` on the command line: only headless, two numbers, a clear message otherwise; a
/// sized run's screenshot has that size.
@Suite(.enabled(if: GameBinary.isBuilt, "build the app first"))
struct SizeOptionTests {
    @Test(arguments: ["1920", "1920x", "x1080", "0x0", "1920x1080x2", "banana", "9000x100"])
    func test_aBadSizeExits2AndSaysWhatItTakes(_ size: String) throws {
        let r = try GameBinary.run(["--headless", "--size", size])
        #expect(r.status == 2, "\(size): \(r.stderr)")
        #expect(r.stderr.contains("--size takes WIDTHxHEIGHT"), "\(r.stderr)")
    }

    @Test func test_sizeNeedsHeadless() throws {
        let r = try GameBinary.run(["--size", "1920x1080", "--windowed"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--size needs --headless"), "\(r.stderr)")
    }

    @Test func test_sizedScreenshotsAndNativeOnes() throws {
        let dir = temporaryDirectory()
        let r = try GameBinary.run(["--headless", "--size", "1280X800", "--log", "-", "--data-dir", dir, "--script", "-"],
                                   stdin: "0.2 screenshot \(dir)/a.png\n0.3 screenshot-native \(dir)/b.png\n")
        #expect(r.status == 0, "\(r.stderr)")
        for name in ["a", "b"] {
            let image = try PixelImage(path: "\(dir)/\(name).png")
            #expect(image.width == 1280 && image.height == 800, "\(name).png")
        }
        #expect(r.stdout.contains("\"native\":true,\"width\":1280,\"height\":800"), "\(r.stdout)")
    }
}

extension Rect {
    /// The rectangle in real pixels of a play area scaled by `scale` at (0, 0).
    func applying(scale: Double) -> Rect { Rect(x * scale, y * scale, width * scale, height * scale) }
}
