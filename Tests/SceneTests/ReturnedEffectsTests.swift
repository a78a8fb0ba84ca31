import Testing
@testable import GameCore
@testable import Scenes
import Stage
import TextCatalogs
@testable import Runtime

/// Issue #44, item 2: a scene's callbacks return what they want done (`Reaction`): nothing
/// happens until the host carries it out, and an answer the runtime gives comes back to the
/// scene. These tests call the scenes themselves, with no stack, and look at what they returned.
@Suite @MainActor struct ReturnedEffectsTests {
    private func centre(_ scene: any Scene, _ id: String) throws -> Point {
        let items = scene.dump().first { $0.0 == "items" }?.1.arrayValue ?? []
        return try #require(items.first { $0["id"]?.stringValue == id }?.frameCenter, "\(id) in \(scene.name)'s dump")
    }

    /// Home greets as it enters, and a tap on a tile answers with its name: returned, not done.
    @Test func homeReturnsItsGreetingAndATilesAnswer() throws {
        let context = makeContext()
        let home = HomeScene(context: context)
        let entered = home.enter()
        #expect(entered.effects == [.speak(VoiceLines.greeting)])
        #expect(entered.commands.isEmpty)
        let tile = try centre(home, "game-memory")
        #expect(home.handle(.pointerDown(tile)).isEmpty)
        let tapped = home.handle(.pointerUp(tile))
        let name = try #require(context.registry.entry(.memory)?.voice.name)
        // Its name now, then what to do next ("Now pick how hard!") after it.
        #expect(tapped.effects == [.log("select", [("row", "game"), ("value", "memory")]), .sound(.select), .speak(name, now: true),
                                   .speak(VoiceLines.pickLevel)])
        #expect(context.log.events("select").isEmpty && context.log.events("voice").isEmpty, "nothing was done by the scene itself")
        #expect(home.selectedGame == .memory, "the scene's own state changed")
    }

    /// The gate asks the session to open and shows its question when the session has answered.
    @Test func theGateOpensThroughTheSessionsAnswer() throws {
        let context = makeContext()
        let gate = AdultGateScene(context: context)
        #expect(gate.enter().effects == [.gateOpened])
        #expect(context.gateRules == nil, "returning the intent changed nothing")
        let reply = context.send(.gateOpened)
        let rules = try #require(context.gateRules)
        let shown = gate.answer(reply, to: .gateOpened)
        #expect(shown.effects == [.sound(.popup), .log("gate", [("action", "open"), ("question", .string(rules.question.text)),
                                                               ("triesLeft", .int(rules.triesLeft)), ("wait", .int(rules.waitSeconds))])])
        // A wrong answer: the callback returns the click and the answer; the verdict comes back.
        for d in [9, 9, 9, 9] { _ = gate.handle(.text(String(d))) }
        let ok = gate.handle(.key(.return))
        #expect(ok.effects == [.sound(.click), .gateAnswered("9999")])
        let verdict = gate.answer(context.send(.gateAnswered("9999")), to: .gateAnswered("9999"))
        #expect(verdict.effects.first.map { if case .log("gate", let f) = $0 { f.pairs.first?.1 == "wrong" } else { false } } == true)
    }

    /// A round's end returns its record; the end screen comes with the store's answer.
    @Test func aRoundsEndWaitsForTheStoresAnswer() throws {
        let game = SceneDriver { MemoryScene(context: $0, level: .easy) }
        game.frames(2)
        let ended = game.scene.reaction { game.scene.finish(.timeUp, score: 3) }
        guard ended.effects.count == 1, case .recordRound(let round)? = ended.effects.first else {
            Issue.record("the end returned \(ended.effects)"); return
        }
        #expect(round.score == 3 && round.result == "lost" && round.reason == "time")
        #expect(ended.commands.isEmpty && game.log.events("gameover").isEmpty, "nothing shown or logged before the store answers")
        game.stack.act(ended, from: game.scene)
        #expect(game.log.events("gameover").count == 1)
        #expect(game.stack.top.name == "alert", "the store's answer brought the end screen")
    }
}
