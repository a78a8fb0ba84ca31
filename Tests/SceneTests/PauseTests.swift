import Foundation
import Testing
@testable import GameCore
@testable import Scenes

/// Pausing a game: the clock stands still while paused (focus lost or the pause button).
@Suite @MainActor struct PauseTests {
    @Test func test_pauseStopsTheGameClockAndResumeContinues() {
        let context = makeContext()
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
        let game = context.makeGame(.memory, .easy) as! GameScene
        stack.apply([.push(game)])
        // The cards are dealt first (issue 45): the game's clock starts after the deal.
        step(stack, seconds: CardMotion.dealDuration)
        #expect(game.clock.now == 0)
        step(stack, seconds: 2)
        #expect(abs(game.clock.now - 2.0) <= 1e-9)
        stack.handle(.focusLost)
        #expect(game.isPaused)
        step(stack, seconds: 5)
        #expect(abs(game.clock.now - 2.0) <= 1e-9, "the clock stands still while paused")
        tap(stack, Point(512, 400))
        #expect(!game.isPaused)
        step(stack, seconds: 1)
        #expect(abs(game.clock.now - 3.0) <= 1e-9, "continues from the same time")
        #expect(context.log.events("pause").count == 1)
        #expect(context.log.events("resume").count == 1)
    }

    @Test func test_pauseButtonInTheTopBar() {
        let context = makeContext()
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
        let game = context.makeGame(.sorting, .hard) as! GameScene
        stack.apply([.push(game)])
        tap(stack, TopBar.pauseFrame.center)
        #expect(game.isPaused)
        let items = game.dump().first { $0.0 == "items" }!.1.arrayValue!
        #expect(items.first { $0["id"]?.stringValue == "pause" }?["paused"]?.boolValue == true)
        tap(stack, TopBar.pauseFrame.center)
        #expect(!game.isPaused)
        #expect(TopBar.pauseFrame.width >= 64)
    }
}
