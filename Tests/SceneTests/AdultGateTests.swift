import Foundation
import Testing
@testable import GameCore
@testable import Scenes
@testable import Render
@testable import Platform
@testable import KidsJoyApp

/// The grown-ups' gate behind the logo: hold three seconds, answer a sum, then quit or reset.
@Suite @MainActor struct AdultGateTests {
    static func openGate(kiosk: Bool = true, pin: String? = nil, context: GameContext? = nil) -> (GameContext, SceneStack) {
        let context = context ?? makeContext()
        context.kiosk = kiosk
        context.classroom.gatePIN = pin
        let stack = SceneStack(root: HomeScene(context: context), log: context.log)
        stack.handle(.pointerDown(TopBar.logoFrame.center))
        step(stack, seconds: HomeScene.gateHoldSeconds)
        stack.handle(.pointerUp(TopBar.logoFrame.center))
        return (context, stack)
    }

    static func type(_ stack: SceneStack, _ number: Int) { type(stack, String(number)) }

    static func type(_ stack: SceneStack, _ digits: String) {
        for ch in digits { tap(stack, AdultGateScene.keyFrame(.digit(Int(String(ch))!))!.center) }
        tap(stack, AdultGateScene.keyFrame(.ok)!.center)
    }

    static func right(_ stack: SceneStack) -> String { (stack.top as! AdultGateScene).rules.answer }

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

    /// Changed with the stronger gate (was: a wrong answer closed it): a wrong answer costs a
    /// try and brings another question; the gate stays.
    @Test func test_wrongAnswerAsksAnotherQuestion() {
        let (context, stack) = Self.openGate()
        let gate = stack.top as! AdultGateScene
        Self.type(stack, Int(Self.right(stack))! + 1)
        #expect(stack.names == ["home", "gate"])
        #expect(!stack.quitRequested && gate.stage == .question)
        #expect(gate.rules.triesLeft == 2)
        #expect(context.log.events("gate").last?["action"]?.stringValue == "wrong")
        #expect(context.log.events("gate").last?["triesLeft"]?.intValue == 2)
    }

    /// Three wrong tries, then a 30-second wait (rule time, stepped): nothing typed counts
    /// until it is over, closing and reopening does not end it, then three tries again.
    @Test func test_threeWrongTriesThenAThirtySecondWait() {
        let (context, stack) = Self.openGate()
        for _ in 0..<3 { Self.type(stack, "1") }
        let gate = stack.top as! AdultGateScene
        #expect(gate.rules.isWaiting && gate.rules.waitSeconds == 30)
        Self.type(stack, Self.right(stack))
        #expect(gate.stage == .question, "the right answer does not count during the wait")
        #expect(context.log.events("gate").last?["action"]?.stringValue == "waiting")
        // Closing and opening again keeps the wait.
        tap(stack, AdultGateScene.cancelFrame.center)
        #expect(stack.names == ["home"])
        step(stack, seconds: 0.5)
        let reopened = SceneStack(root: HomeScene(context: context), log: context.log)
        reopened.handle(.pointerDown(TopBar.logoFrame.center))
        step(reopened, seconds: HomeScene.gateHoldSeconds)
        reopened.handle(.pointerUp(TopBar.logoFrame.center))
        let again = reopened.top as! AdultGateScene
        #expect(again.rules.isWaiting && again.rules.triesLeft == 0)
        step(reopened, seconds: 29)
        #expect(again.rules.isWaiting, "still waiting after 29 s of the gate showing (plus what ran before)")
        step(reopened, seconds: 1.5)
        #expect(!again.rules.isWaiting && again.rules.triesLeft == 3)
        #expect(context.log.events("gate").contains { $0["action"]?.stringValue == "ready" })
        Self.type(reopened, Self.right(reopened))
        #expect(again.stage == .unlocked)
    }

    /// Questions a six-year-old cannot answer by counting: two two-digit numbers whose ones
    /// carry, or a product of two numbers from 3 to 9.
    @Test func test_questionsAreNotCountable() {
        var random = SeededGenerator(seed: 99)
        var sums = 0, products = 0
        for _ in 0..<2000 {
            switch GateRules.makeQuestion(using: &random) {
            case .sum(let a, let b):
                sums += 1
                #expect((11...49).contains(a) && (11...49).contains(b) && a % 10 + b % 10 >= 10, "\(a) + \(b)")
            case .product(let a, let b):
                products += 1
                #expect((3...9).contains(a) && (3...9).contains(b))
            case .pin: Issue.record("no PIN was set")
            }
        }
        #expect(sums > 800 && products > 800)
    }

    /// A PIN set in the config replaces the question; it shows as dots and never in the log.
    @Test func test_pinOpensTheGate() {
        let (context, stack) = Self.openGate(pin: "2580")
        let gate = stack.top as! AdultGateScene
        #expect(gate.rules.question == .pin)
        Self.type(stack, "1234")
        #expect(gate.stage == .question && gate.rules.triesLeft == 2)
        for d in "258" { tap(stack, AdultGateScene.keyFrame(.digit(Int(String(d))!))!.center) }
        #expect(gate.dumpFields().first { $0.0 == "typed" }?.1 == .string("***"))
        tap(stack, AdultGateScene.keyFrame(.digit(0))!.center)
        tap(stack, AdultGateScene.keyFrame(.ok)!.center)
        #expect(gate.stage == .unlocked)
        #expect(!context.log.lines.contains { $0.serialized().contains("2580") }, "the PIN is never logged")
    }

    @Test func test_rightAnswerThenQuitQuitsEvenInKioskMode() {
        let (_, stack) = Self.openGate(kiosk: true)
        let gate = stack.top as! AdultGateScene
        Self.type(stack, Self.right(stack))
        #expect(gate.stage == .unlocked)
        tap(stack, AdultGateScene.choiceFrame(.quit)!.center)
        #expect(stack.quitRequested)
    }

    @Test func test_rightAnswerThenResetAsksAndClearsScores() {
        let (context, stack) = Self.openGate()
        context.scores.record(game: .memory, level: .easy, score: 20)
        Self.type(stack, Self.right(stack))
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
