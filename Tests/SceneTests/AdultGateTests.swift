import Foundation
import Testing
@testable import GameCore
@testable import Scenes
@testable import Runtime

/// The grown-ups' gate behind the logo: hold three seconds, answer a sum, then quit or reset.
@Suite @MainActor struct AdultGateTests {
    static func openGate(kiosk: Bool = true, pin: String? = nil, context: GameRuntime? = nil) -> (GameRuntime, SceneStack) {
        let context = context ?? makeContext()
        context.kiosk = kiosk
        context.classroom.gatePIN = pin
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
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
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
        stack.handle(.pointerDown(TopBar.logoFrame.center))
        step(stack, seconds: 2.9)
        stack.handle(.pointerUp(TopBar.logoFrame.center))
        step(stack, seconds: 1)
        #expect(stack.names == ["home"])
    }

    /// Issue #45, item 8: the "Grown-ups: hold 3 s" sign held 3 s opens the gate as the logo
    /// does, on Home and on the rest screen (which shows the sign too), in Arabic as well; a
    /// quick tap on it still gets the soft answer and opens nothing.
    @Test(arguments: [false, true])
    func test_holdingTheSignOpensTheGate(rightToLeft: Bool) {
        for rest in [false, true] {
            let context = makeContext()
            let stack = SceneStack(root: HomeScene(context: context), runtime: context)
            stack.rightToLeft = rightToLeft
            if rest {
                context.classroom.sessionMinutes = 1
                stack.apply([.show(.rest)])
                step(stack, frames: 2)
                #expect(((stack.top as? BaseScene)?.dumpItems() ?? []).contains { $0["id"]?.stringValue == "grownups" }, "the rest screen shows the sign")
            }
            let below = stack.names
            let sign = HomeScene.grownUpsFrame().center
            let p = rightToLeft ? MirroredCanvas.mirror(sign) : sign
            let hints = context.log.events("hint").count
            stack.handle(.pointerDown(p))
            step(stack, frames: 2)
            stack.handle(.pointerUp(p))
            step(stack, seconds: 1)
            #expect(stack.names == below && context.log.events("hint").count == hints + 1, "a quick tap: the soft answer")
            stack.handle(.pointerDown(p))
            step(stack, seconds: 2.9)
            #expect(stack.names == below)
            if !rightToLeft {
                let canvas = RecordingCanvas(), f = HomeScene.grownUpsFrame()
                stack.draw(on: canvas)
                #expect(canvas.images.contains("lock"), "the sign is drawn")
                #expect(canvas.calls.contains(.rounded(Rect(f.x, TopBar.height - 8, f.width, 6))), "the progress bar under the sign")
            }
            step(stack, seconds: 0.1)
            stack.handle(.pointerUp(p))
            #expect(stack.names == below + ["gate"], "rest \(rest), right-to-left \(rightToLeft): \(stack.names)")
            #expect(context.log.events("hint").count == hints + 1, "a hold is no tap")
        }
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
        let reopened = SceneStack(root: HomeScene(context: context), runtime: context)
        reopened.handle(.pointerDown(TopBar.logoFrame.center))
        step(reopened, seconds: HomeScene.gateHoldSeconds)
        reopened.handle(.pointerUp(TopBar.logoFrame.center))
        let again = reopened.top as! AdultGateScene
        #expect(again.rules.isWaiting && again.rules.triesLeft == 0)
        step(reopened, seconds: 29)
        #expect(again.rules.isWaiting, "still waiting after 29 s of the gate showing (plus what ran before)")
        step(reopened, seconds: 1.5)
        #expect(!again.rules.isWaiting && again.rules.triesLeft == 1, "one try after a wait (issue #28)")
        #expect(context.log.events("gate").contains { $0["action"]?.stringValue == "ready" })
        Self.type(reopened, Self.right(reopened))
        #expect(again.stage == .unlocked)
    }

    /// Questions a six-year-old cannot answer by counting: two three-digit numbers whose sum
    /// has four digits; the answers spread (issue #28: "24" answered 4.1%).
    @Test func test_questionsAreNotCountable() {
        var random = SeededGenerator(seed: 99)
        var counts: [Int: Int] = [:]
        for _ in 0..<100_000 {
            switch GateRules.makeQuestion(using: &random) {
            case .sum(let a, let b):
                #expect((501...999).contains(a) && (501...999).contains(b) && a + b >= 1000, "\(a) + \(b)")
                counts[a + b, default: 0] += 1
            default: Issue.record("only sums")
            }
        }
        #expect(counts.count > 900, "answers spread over many values")
        #expect(Double(counts.values.max()!) / 100_000 < 0.003, "no answer comes up more than 0.3%")
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
        let gate = stack.top as! AdultGateScene
        #expect(gate.stage == .confirm, "a second question confirms the reset")
        Self.type(stack, gate.confirmAnswer)
        #expect(stack.names == ["home"])
        #expect(context.scores.table.entries.isEmpty)
        #expect((context.scores as! InMemoryScores).resets == 1, "the store was reset (the real store's reset: HighScoreStoreTests)")
    }
}

/// Issue #28, defect 4: the gate fell to repetition (hold the logo, 2, 4, OK opened it in
/// 16 of 20 ten-minute kiosk runs). A monkey of 200 ten-minute runs of repeated and random
/// taps, on the rules with a stepped clock, opens it 0 times; a wrong answer is never asked
/// again; waits grow 30 s, 2 min, 10 min; the reset needs a second, fresh answer.
@Suite @MainActor struct GateRepetitionTests {
    /// One ten-minute run: `next` gives what the child types each time (nil: a random string).
    static func run(seed: UInt64, typing next: (inout SeededGenerator) -> String) -> Int {
        var random = SeededGenerator(seed: seed)
        var child = SeededGenerator(seed: seed &+ 7_919)
        var rules = GateRules(pin: nil, using: &random)
        var t = 0.0, opened = 0
        while t < 600 {
            // Holding the logo 3 s, then the taps (about 0.4 s each).
            let typed = String(next(&child).prefix(GateRules.questionDigits))
            let cost = 3 + 0.4 * Double(typed.count + 1)
            t += cost
            rules.advance(cost)
            if rules.check(typed, using: &random) == .right { opened += 1 }
        }
        return opened
    }

    @Test func twoHundredTenMinuteMonkeysNeverOpenIt() {
        var opened = 0
        for run in 0..<200 {
            let seed = UInt64(run + 1)
            switch run % 4 {
            case 0: opened += Self.run(seed: seed) { _ in "24" }                              // the attack's taps
            case 1:
                // A sequence of 1-3 digits picked once, then repeated all run long.
                var pick = SeededGenerator(seed: seed)
                let fixed = String((0..<Int.random(in: 1...3, using: &pick)).map { _ in Character(String(Int.random(in: 0...9, using: &pick))) })
                opened += Self.run(seed: seed) { _ in fixed }
            case 2:
                // A sequence of 1-3 keys tapped at random each time (the pad's layout by hand).
                opened += Self.run(seed: seed) { g in
                    String((0..<Int.random(in: 1...3, using: &g)).map { _ in Character(String(Int.random(in: 0...9, using: &g))) })
                }
            default:
                opened += Self.run(seed: seed) { g in                                          // random taps
                    String((0..<Int.random(in: 0...4, using: &g)).map { _ in Character(String(Int.random(in: 0...9, using: &g))) })
                }
            }
        }
        #expect(opened == 0)
    }

    @Test func wrongAnswersAreNeverAskedAgainAndWaitsGrow() {
        var random = SeededGenerator(seed: 3)
        var rules = GateRules(pin: nil, using: &random)
        var waits: [Double] = []
        for _ in 0..<20 {
            if case .waiting(let s) = rules.check("24", using: &random) { waits.append(s) }
            #expect(rules.answer != "24")
            rules.advance(1000)
        }
        #expect(Array(waits.prefix(4)) == [30, 120, 600, 600])
        var r2 = GateRules(pin: nil, using: &random)
        let wrong = String(Int(r2.answer)! + 1)
        _ = r2.check(wrong, using: &random)
        for _ in 0..<50 { r2.newQuestion(using: &random); #expect(r2.answer != wrong) }
    }

    /// The scene: repeating hold-logo, 2, 4, OK for ten minutes of stepped frames never opens
    /// it, and the reset asks a fresh question that the taps that opened the gate cannot give.
    @Test func repeatedTapsOnTheSceneForTenMinutes() {
        let context = makeContext(seed: 5)
        context.kiosk = true
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
        var t = 0.0
        while t < 600 {
            if stack.top is HomeScene {
                stack.handle(.pointerDown(TopBar.logoFrame.center))
                step(stack, seconds: HomeScene.gateHoldSeconds)
                stack.handle(.pointerUp(TopBar.logoFrame.center))
                t += HomeScene.gateHoldSeconds
            }
            AdultGateTests.type(stack, "24")
            step(stack, seconds: 1)
            t += 1.5
            #expect((stack.top as? AdultGateScene)?.stage != .unlocked)
        }
        #expect(!context.log.events("gate").contains { $0["action"]?.stringValue == "right" })
        // An adult opens it; tapping Reset then the same answer again does not reset.
        let gate = stack.top as! AdultGateScene
        step(stack, seconds: 700)
        AdultGateTests.type(stack, gate.rules.answer)
        #expect(gate.stage == .unlocked)
        let opening = context.log.events("gate").last { $0["action"]?.stringValue == "open" }
        _ = opening
        tap(stack, AdultGateScene.choiceFrame(.reset)!.center)
        #expect(gate.stage == .confirm && gate.confirmAnswer != "24")
        AdultGateTests.type(stack, "24")
        #expect(gate.stage == .unlocked && !context.log.events("gate").contains { $0["action"]?.stringValue == "reset" })
    }
}

/// Issue #28, item 6, on the scene itself (the rules' monkey is above): 200 ten-minute kiosk
/// runs of a child at the real gate screen (Home's logo held 3 s, then taps on the pad about
/// once a second, and a return to the gate whenever it closes), a quarter each repeating
/// "2 4 OK", repeating one fixed sequence, tapping 1-3 random keys then OK, and tapping
/// anywhere at random (Erase, Cancel, the panel, outside). Simulated time in steps of 0.2 s;
/// about 15 s in a debug build. Repetition opens it 0 times (a wrong answer is never asked
/// again). Random digits (one to four, then OK) are a lottery the rules make very rare:
/// about 6 tries in ten minutes against four-digit answers from 1002 to 1998 (one to three
/// digits never open it); a lucky "112 + 30" opened an earlier gate of three-digit answers
/// once in these 100 random runs, so the random half too must open it 0 times.
@Suite @MainActor struct GateSceneMonkeyTests {
    @Test func twoHundredTenMinuteRunsAtTheGateScreenNeverOpenIt() {
        var opened = 0, openedByChance = 0, questions = 0
        for run in 0..<200 {
            let context = makeContext(seed: UInt64(run + 1))
            context.kiosk = true
            let stack = SceneStack(root: HomeScene(context: context), runtime: context)
            var child = SeededGenerator(seed: UInt64(run) &* 7_919 &+ 11)
            let fixed = (0..<Int.random(in: 1...3, using: &child)).map { _ in Int.random(in: 0...9, using: &child) }
            let keys: [AdultGateScene.Target] = (0...9).map { .digit($0) } + [.erase, .ok, .cancel]
            var t = 0.0
            func tapAt(_ p: Point) {
                stack.handle(.pointerDown(p))
                stack.update(dt: 0.2)
                stack.handle(.pointerUp(p))
                stack.update(dt: 0.8)
                t += 1
            }
            func press(_ k: AdultGateScene.Target) { if let f = AdultGateScene.keyFrame(k) { tapAt(f.center) } }
            while t < 600 {
                guard let gate = stack.top as? AdultGateScene else {
                    stack.apply([.popToRoot])
                    stack.handle(.pointerDown(TopBar.logoFrame.center))
                    for _ in 0..<16 { stack.update(dt: 0.2) }
                    stack.handle(.pointerUp(TopBar.logoFrame.center))
                    t += 3.2
                    continue
                }
                if gate.stage == .unlocked {
                    if run % 4 < 2 { opened += 1 } else { openedByChance += 1 }
                    print("gate monkey: run \(run) opened the gate at \(t) s, answer \(gate.rules.answer)")
                    stack.apply([.popToRoot])
                    continue
                }
                switch run % 4 {
                case 0: press(.digit(2)); press(.digit(4)); press(.ok)
                case 1: fixed.forEach { press(.digit($0)) }; press(.ok)
                case 2:
                    for _ in 0..<Int.random(in: 1...4, using: &child) { press(.digit(Int.random(in: 0...9, using: &child))) }
                    press(.ok)
                default:
                    if Bool.random(using: &child) {
                        press(keys.randomElement(using: &child)!)
                    } else {
                        tapAt(Point(Double.random(in: 0..<1024, using: &child), Double.random(in: 0..<768, using: &child)))
                    }
                }
            }
            questions += context.log.events("gate").count
        }
        #expect(opened == 0, "repeated taps opened the gate")
        #expect(openedByChance == 0, "random taps opened the gate \(openedByChance) times in 100 runs")
        print("gate monkey: repeated taps opened it \(opened) times in 100 runs, random taps \(openedByChance) in 100")
        #expect(questions > 200, "the monkeys reached the gate")
    }
}
