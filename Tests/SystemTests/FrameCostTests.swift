import Testing
@testable import GameCore
@testable import Scenes
@testable import Render
@testable import KidsJoyApp
@testable import SceneTests

/// What keeps a Balloons game at 1920x1080 within a tenth of a core and every frame on time
/// (issue #17): operations hidden under a full-screen picture are not drawn, the frame can
/// live in the window's own pixels (nothing copied to present it), and the backgrounds are
/// scaled to the screen ahead of use. Each must leave the pixels exactly as they were.
@Suite @MainActor struct FrameCostTests {
    static let enterBalloons = "0.3 tap-item game-balloons\n0.6 tap-item level-hard\n0.9 tap-item play\n"

    static func app(_ script: String, size: (Int, Int), seed: UInt64 = 5) throws -> GameApp {
        var options = AppOptions()
        options.headless = true
        options.seed = seed
        options.scriptText = script
        options.settings.dataDir = temporaryDirectory()
        options.size = (width: size.0, height: size.1)
        let app = try GameApp(options: options, keepLogInMemory: true)
        try app.start()
        return app
    }

    static func differing(_ a: PixelBuffer, _ b: PixelBuffer) -> Int {
        guard a.width == b.width && a.height == b.height else { return -1 }
        var n = 0
        for i in 0..<(a.width * a.height) where a.pixels[i] != b.pixels[i] { n += 1 }
        return n
    }

    /// Drawing only what the last full-screen picture leaves visible gives the frame that
    /// drawing every operation gives (the damage test compares with an uncut drawing too),
    /// and at 1920x1080 the page colour under the background is really skipped.
    @Test func test_hiddenOperationsAreSkippedWithoutChangingAPixel() throws {
        let app = try Self.app(Self.enterBalloons + "2 dump\n", size: (1920, 1080))
        defer { app.shutdown() }
        _ = app.run()
        for _ in 0..<30 { app.stack.step(); app.drawFrame() }
        let whole = app.canvas.wholeDrawingOfShownList()
        #expect(Self.differing(whole, app.canvas.frame) == 0)
        let list = app.canvas.shownOps
        let page = try #require(list.first, "the page colour comes first beyond 4:3")
        guard case .fill(let rect, _) = page else { Issue.record("first op: \(page)"); return }
        #expect(rect == app.canvas.frame.bounds)
        #expect(list.dropFirst().contains { $0.coversOpaquely(app.canvas.frame.bounds.intersection(IRect(300, 100, 1300, 800))) },
                "the background covers the play area and hides the page colour")
        // Something translucent never hides what is under it.
        #expect(!SoftwareCanvas.DrawOp.fill(IRect(0, 0, 10, 10), 0x8000_0000).coversOpaquely(IRect(0, 0, 5, 5)))
        #expect(!SoftwareCanvas.DrawOp.fill(IRect(0, 0, 10, 10), 0xFF00_0000).coversOpaquely(IRect(5, 5, 10, 10)))
    }

    /// Drawn in strips a few dozen rows tall (each strip gets every operation before the
    /// next strip starts), a Balloons frame at 1920x1080 is the frame each operation drawn
    /// whole, one after the other, gives: not a pixel differs at a strip's edge.
    @Test func test_drawingInStripsChangesNoPixel() throws {
        let rows = SoftwareCanvas.stripRows(width: 1920)
        #expect(rows >= 16 && rows * 4 < 1080, "a 1920x1080 frame is drawn in several strips per thread, not \(rows) rows")
        let app = try Self.app(Self.enterBalloons + "2 dump\n", size: (1920, 1080))
        defer { app.shutdown() }
        _ = app.run()
        for _ in 0..<30 { app.stack.step(); app.drawFrame() }
        let list = app.canvas.shownOps
        #expect(list.contains { if case .transformed = $0 { return false }; return $0.bounds.h > rows * 2 && $0.bounds.h < 1080 },
                "some operation spans several strips")
        let unstripped = PixelBuffer(width: 1920, height: 1080, opaque: true)
        var scratch: [UInt32] = []
        for op in list { op.run(on: unstripped, clip: nil, scratch: &scratch) }
        #expect(Self.differing(unstripped, app.canvas.wholeDrawingOfShownList()) == 0)
        #expect(Self.differing(unstripped, app.canvas.frame) == 0)
    }

    /// The threads take strips from one counter. A strip is whole rows, so every damaged
    /// pixel is in one strip only (overlapping regions too: two threads must never draw one
    /// pixel); strips hold only rows with damage, none for empty regions.
    @Test func test_strips_putEachDamagedPixelInOneStrip() {
        let rows = SoftwareCanvas.stripRows(width: 1920)
        #expect(SoftwareCanvas.strips(of: [IRect(0, 0, 1920, 1080)], rows: rows).count == (1080 + rows - 1) / rows)
        #expect(SoftwareCanvas.strips(of: [], rows: rows).isEmpty && SoftwareCanvas.strips(of: [IRect(5, 5, 0, 40)], rows: rows).isEmpty)
        let cases: [[IRect]] = [
            [IRect(0, 0, 200, 150)],
            [IRect(10, 10, 50, 50), IRect(40, 30, 50, 50)],                       // two balloons' boxes overlapping
            [IRect(0, 0, 200, 150), IRect(30, 20, 10, 10), IRect(5, 5, 0, 40)],    // one inside another, one empty
            [IRect(20, 0, 10, 10), IRect(0, 100, 200, 10), IRect(100, 130, 30, 20)], // rows between with no damage
            [IRect(-30, -7, 60, 20), IRect(150, 140, 80, 30)],                      // partly off the picture
        ]
        for regions in cases {
            for rows in [4, 16, 200] {
                let strips = SoftwareCanvas.strips(of: regions, rows: rows)
                #expect(strips.allSatisfy { s in s.h >= 1 && s.h <= rows && (s.y..<s.maxY).allSatisfy { Int((Double($0) / Double(rows)).rounded(.down)) == Int((Double(s.y) / Double(rows)).rounded(.down)) } },
                        "each strip within one band of `rows` rows counted from the top")
                #expect(zip(strips, strips.dropFirst()).allSatisfy { $0.maxY <= $1.y }, "top to bottom, no row in two strips")
                var wrong = 0
                for y in 0..<150 { for x in 0..<200 {
                    let pixel = IRect(x, y, 1, 1)
                    if regions.contains(where: { $0.contains(pixel) }) && strips.filter({ $0.contains(pixel) }).count != 1 { wrong += 1 }
                } }
                #expect(wrong == 0, "\(regions), \(rows) rows: \(wrong) damaged pixels in no strip or in two")
                let rowsWithDamage = Set(regions.flatMap { $0.isEmpty ? [] : Array($0.y..<$0.maxY) }.map { Int((Double($0) / Double(rows)).rounded(.down)) })
                #expect(strips.count == rowsWithDamage.count, "\(strips.count) strips for \(rowsWithDamage.count) strips of rows with damage")
            }
        }
    }

    /// The frame drawn straight into pixels the window owns: the same pictures as before,
    /// frame after frame; when the window lets them go, the next frame is drawn whole, and
    /// closing the window leaves the canvas a copy of its own.
    @Test func test_drawingIntoTheWindowsPixelsGivesTheSameFrames() throws {
        let enter = NativeResolutionTests.enter(game: 2, level: 2, size: (1920, 1080))
        let a = try Self.app(enter + "2 dump\n", size: (1920, 1080))
        let b = try Self.app(enter + "2 dump\n", size: (1920, 1080))
        defer { a.shutdown(); b.shutdown() }
        _ = a.run(); _ = b.run()
        let count = a.canvas.frame.width * a.canvas.frame.height
        let windowPixels = UnsafeMutablePointer<UInt32>.allocate(capacity: count)
        defer { windowPixels.deallocate() }
        windowPixels.initialize(repeating: 0x1234_5678, count: count)
        a.canvas.drawInto(windowPixels)
        #expect(a.canvas.frame.pixels == windowPixels && !a.canvas.frame.ownsPixels)
        #expect(Self.differing(a.canvas.frame, b.canvas.frame) == 0, "the frame so far is copied in")
        var partial = 0
        for _ in 0..<40 {
            for app in [a, b] { app.stack.step(); app.drawFrame() }
            if let d = a.canvas.damage.first, d != a.canvas.frame.bounds { partial += 1 }
            #expect(Self.differing(a.canvas.frame, b.canvas.frame) == 0)
        }
        #expect(partial > 30, "only the damage is drawn into the window's pixels: \(partial)")
        #expect(a.canvas.frame.pixels == windowPixels)
        // The window made new pixels: nothing is read from the old ones, the next frame is whole.
        windowPixels.update(repeating: 0, count: count)
        a.canvas.dropBorrowedPixels()
        #expect(a.canvas.frame.ownsPixels)
        for app in [a, b] { app.stack.step(); app.drawFrame() }
        #expect(a.canvas.damage == [a.canvas.frame.bounds])
        #expect(Self.differing(a.canvas.frame, b.canvas.frame) == 0)
        // Borrowed again, then the window closes: the canvas keeps a copy.
        a.canvas.drawInto(windowPixels)
        a.canvas.keepOwnPixels()
        #expect(a.canvas.frame.ownsPixels && a.canvas.frame.pixels != windowPixels)
        #expect(Self.differing(a.canvas.frame, b.canvas.frame) == 0)
    }

    /// The backgrounds made ahead on a worker thread are the ones made on demand, pixel for
    /// pixel; with them, entering Balloons and a skull's shake resample nothing.
    @Test func test_backgroundsMadeAheadAreTheOnesMadeOnDemand() throws {
        // A skull pop (the shake) is not needed: the shaken size is made ahead all the same.
        let script = NativeResolutionTests.enter(game: 2, level: 2, size: (1920, 1080)) + "3 dump\n"
        let ahead = try Self.app(script, size: (1920, 1080))
        let onDemand = try Self.app(script, size: (1920, 1080))
        defer { ahead.shutdown(); onDemand.shutdown() }
        ahead.canvas.waitForBackgroundsMadeAhead()
        onDemand.canvas.prepareBackgrounds([])
        _ = ahead.run(); _ = onDemand.run()
        #expect(ahead.stack.top.name == "balloons")
        #expect(ahead.canvas.backgroundsMade.onDemand == 0, "\(ahead.canvas.backgroundsMade)")
        #expect(ahead.canvas.backgroundsMade.ahead >= 2, "Home's and Balloons' wide backgrounds")
        #expect(onDemand.canvas.backgroundsMade.ahead == 0 && onDemand.canvas.backgroundsMade.onDemand >= 2)
        #expect(Self.differing(ahead.canvas.frame, onDemand.canvas.frame) == 0)
        #expect(ahead.canvas.madeAheadKeys.contains { $0.name == "bg-balloons-wide" && $0.width > 1997 },
                "the shaken sky's larger background waits, made")
        // At 1024x768 nothing is scaled, so nothing is made.
        let logical = try Self.app(Self.enterBalloons + "3 dump\n", size: (1024, 768))
        defer { logical.shutdown() }
        logical.canvas.waitForBackgroundsMadeAhead()
        _ = logical.run()
        #expect(logical.canvas.backgroundsMade.ahead == 0 && logical.canvas.backgroundsMade.onDemand == 0)
    }
}
