import Foundation
import Testing
@testable import GameCore
@testable import Scenes

/// The session limit (`session-minutes`): a spoken warning two minutes before, then the calm
/// rest screen that only the adult gate dismisses. Rule time, stepped: no test sleeps.
@Suite @MainActor struct SessionTests {
    @Test func warningThenRestThenOnlyTheGateEndsIt() throws {
        let context = makeContext()
        context.classroom.sessionMinutes = 5
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
        stack.apply([.show(.game(.balloons, .easy))])
        step(stack, seconds: 179)
        #expect(context.log.events("session").isEmpty)
        step(stack, seconds: 2)
        #expect(context.log.events("session").first?["action"]?.stringValue == "warning")
        stack.apply([.popToRoot])
        step(stack, seconds: 120)
        #expect(stack.names == ["home", "rest"])
        // Escape, Back and taps do not leave it.
        stack.handle(.key(.escape))
        calmTap(stack, Point(512, 400))
        step(stack, seconds: 5)
        #expect(stack.names == ["home", "rest"])
        #expect(context.log.events("hint").last?["kind"]?.stringValue == "resting")
        // The gate: hold the logo, a wrong answer keeps resting, the right one ends it.
        stack.handle(.pointerDown(TopBar.logoFrame.center))
        step(stack, seconds: HomeScene.gateHoldSeconds)
        stack.handle(.pointerUp(TopBar.logoFrame.center))
        #expect(stack.names == ["home", "rest", "gate"])
        let gate = stack.top as! AdultGateScene
        for d in gate.rules.answer { calmTap(stack, AdultGateScene.keyFrame(.digit(Int(String(d))!))!.center) }
        calmTap(stack, AdultGateScene.keyFrame(.ok)!.center)
        #expect(stack.names == ["home"])
        #expect(context.log.events("session").last?["action"]?.stringValue == "resumed")
        #expect(!context.restShowing && context.sessionElapsed < 1)
    }

    @Test func noLimitNoRest() {
        let context = makeContext()
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
        step(stack, seconds: 200 * 60 / 60)
        #expect(stack.names == ["home"] && context.log.events("session").isEmpty)
    }
}
