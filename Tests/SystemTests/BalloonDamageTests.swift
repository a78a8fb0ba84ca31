import Testing
@testable import GameCore
@testable import Scenes
@testable import Render
@testable import KidsJoyApp
@testable import SceneTests

/// Issue 31: a Balloons Hard game redraws only what moved. The top bar drawn between the
/// balloons and a number flying to the score is not redrawn while the number flies, two
/// balloons that touch are not joined into one big box, and every frame still shows exactly
/// what drawing everything would.
@Suite @MainActor struct BalloonDamageTests {
    @Test(arguments: [(1024, 768), (1920, 1080), (800, 1280)])
    func test_flyingNumbersLeaveTheTopBarAlone(_ w: Int, _ h: Int) throws {
        let app = try NativeResolutionTests.start(NativeResolutionTests.enter(game: 2, level: 2, size: (w, h)) + "3 dump\n", size: (w, h), seed: 31)
        defer { app.shutdown() }
        let scene = try #require(app.stack.top as? BalloonScene)
        let back = app.canvas.viewport.toReal(TopBar.backFrame.center)
        let backPixel = IRect(Int(back.x), Int(back.y), 1, 1)
        var flying = 0, pops = 0, checked = 0, area = 0
        for f in 0..<240 {
            if f % 30 == 0 {
                // A pop every half second: the regular balloon nearest the middle of the sky.
                let now = scene.clock.now
                let targets = scene.rules.balloons.filter { $0.type == .regular }.compactMap { $0.hitFrame(at: now) }.filter { $0.minY > 100 }
                if let target = targets.min(by: { abs($0.midY - 400) < abs($1.midY - 400) }) {
                    app.stack.handle(.pointerDown(target.center))
                    app.stack.handle(.pointerUp(target.center))
                    pops += 1
                }
            }
            app.stack.step()
            app.drawFrame()
            area += app.canvas.damage.reduce(0) { $0 + $1.area }
            if !scene.flights.isEmpty {
                flying += 1
                #expect(!app.canvas.damage.contains { $0.intersects(backPixel) }, "frame \(f): the Back button was redrawn: \(app.canvas.damage)")
            }
            guard f % 20 == 19 else { continue }
            checked += 1
            let whole = app.canvas.wholeDrawingOfShownList()
            let frame = app.canvas.frame
            var differing = 0
            for i in 0..<(frame.width * frame.height) where whole.pixels[i] != frame.pixels[i] { differing += 1 }
            #expect(differing == 0, "frame \(f): \(differing) pixels differ from drawing everything")
        }
        #expect(pops >= 6 && flying > 30, "numbers flew in \(flying) frames after \(pops) pops")
        // The balloons on screen, not the sky: well under a third of the screen a frame.
        #expect(area / 240 < w * h / 3, "\(area / 240) pixels redrawn a frame of \(w * h)")
    }
}
