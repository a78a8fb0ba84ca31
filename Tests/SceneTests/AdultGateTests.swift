import Foundation
import Testing
@testable import GameCore
@testable import Scenes
@testable import Render
@testable import Platform
@testable import KidsJoyApp

/// The grown-ups' gate behind the logo: hold three seconds, answer a sum, then quit or reset.
@Suite @MainActor struct AdultGateTests {
    static func openGate(kiosk: Bool = true) -> (GameContext, SceneStack) {
        let context = makeContext()
        context.kiosk = kiosk
        let stack = SceneStack(root: HomeScene(context: context), log: context.log)
        stack.handle(.pointerDown(TopBar.logoFrame.center))
        step(stack, seconds: HomeScene.gateHoldSeconds)
        stack.handle(.pointerUp(TopBar.logoFrame.center))
        return (context, stack)
    }

    static func type(_ stack: SceneStack, _ number: Int) {
        let gate = stack.top as! AdultGateScene
        for ch in String(number) { tap(stack, AdultGateScene.keyFrame(.digit(Int(String(ch))!))!.center) }
        tap(stack, AdultGateScene.keyFrame(.ok)!.center)
        _ = gate
    }

    @Test func test_holdShorterThanThreeSecondsDoesNothing() {
        let context = makeContext()
        let stack = SceneStack(root: HomeScene(context: context), log: context.log)
        stack.handle(.pointerDown(TopBar.logoFrame.center))
        step(stack, seconds: 2.9)
        stack.handle(.pointerUp(TopBar.logoFrame.center))
        step(stack, seconds: 1)
        #expect(stack.names == ["home"])
    }

    @Test func test_holdingThreeSecondsOpensTheGate() {
        let (context, stack) = Self.openGate()
        #expect(stack.names == ["home", "gate"])
        #expect(context.log.events("gate").first?["action"]?.stringValue == "open")
    }

    @Test func test_wrongAnswerClosesTheGate() {
        let (context, stack) = Self.openGate()
        let gate = stack.top as! AdultGateScene
        Self.type(stack, gate.a + gate.b + 1)
        #expect(stack.names == ["home"])
        #expect(!stack.quitRequested)
        #expect(context.log.events("gate").last?["action"]?.stringValue == "wrong")
    }

    @Test func test_rightAnswerThenQuitQuitsEvenInKioskMode() {
        let (_, stack) = Self.openGate(kiosk: true)
        let gate = stack.top as! AdultGateScene
        Self.type(stack, gate.a + gate.b)
        #expect(gate.stage == .unlocked)
        tap(stack, AdultGateScene.choiceFrame(.quit)!.center)
        #expect(stack.quitRequested)
    }

    @Test func test_rightAnswerThenResetAsksAndClearsScores() {
        let (context, stack) = Self.openGate()
        context.scores.record(game: .memory, level: .easy, score: 20)
        let gate = stack.top as! AdultGateScene
        Self.type(stack, gate.a + gate.b)
        tap(stack, AdultGateScene.choiceFrame(.reset)!.center)
        #expect(stack.names == ["home", "gate", "alert"])
        step(stack, seconds: 0.3)
        let yes = (stack.top as! AlertScene).buttonFrame(0)
        tap(stack, yes.center)
        #expect(stack.names == ["home"])
        #expect(context.scores.table.entries.isEmpty)
        #expect(HighScoreStore(directory: (context.scores as! HighScoreStore).directory, warn: { _ in }).table.entries.isEmpty)
    }

    @Test(.enabled(if: GameBinary.isBuilt, "build the app first")) func test_kioskIgnoresQuitPathsInScriptedPlay() throws {
        let dir = temporaryDirectory()
        try "kiosk = true\n".write(toFile: dir + "/kiosk.toml", atomically: true, encoding: .utf8)
        let r = try GameBinary.run(["--headless", "--config", dir + "/kiosk.toml", "--data-dir", dir, "--script", "-", "--log", "-"],
                                         stdin: "0.1 key escape\n0.3 dump\n")
        #expect(r.status == 0)
        #expect(r.stdout.contains("\"event\":\"ignored\""), "\(r.stdout)")
        #expect(r.stdout.contains("\"stack\":[\"home\"]"))
    }
}
