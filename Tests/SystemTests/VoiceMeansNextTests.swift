import Testing
@testable import GameCore
@testable import Scenes
@testable import Runtime
@testable import Platform
import Stage
import TextCatalogs
@testable import SceneTests

/// Issue 45, items 1 to 3: what the voice says is what happens next. Balloons warns before
/// it stops a game nobody plays, the suggested level is the one ↻ plays and Home chooses, the
/// sticker is named before it flies, and the first game of each kind is gentle for whoever
/// plays it first.
@MainActor
@Suite struct VoiceMeansNextTests {
    static func items(_ stack: SceneStack) -> [JSON] { stack.dump().first { $0.0 == "items" }?.1.arrayValue ?? [] }
    static func item(_ stack: SceneStack, _ id: String) -> JSON? { items(stack).first { $0["id"]?.stringValue == id } }
    static func voices(_ log: EventLog) -> [(t: Double, key: String)] {
        log.events("voice").compactMap { e in e["key"]?.stringValue.map { (e["t"]?.doubleValue ?? -1, $0) } }
    }

    static func withVoices(_ context: GameRuntime, language: String = "en") {
        context.voice.library = SceneAssets.voices(language)
    }

    // MARK: - Item 1: no trap after a warning

    /// From 5 s without a pop the sleeping balloon counts down 5, 4, 3, 2, 1 while the voice
    /// asks for a pop; a pop takes it away; at 10 s the game stops, says why, and keeps the
    /// points on the panel.
    @Test func test_balloonsWarnsFromFiveSeconds_countsDown_andTheLossKeepsTheScore() throws {
        let game = SceneDriver { context -> BalloonScene in
            Self.withVoices(context)
            return BalloonScene(context: context, level: .easy)
        }
        game.wait(until: 3)
        #expect(Self.item(game.stack, "idle-warning") == nil, "no warning before 5 s")
        // A pop at about 3 s: the 10 s count starts again from it.
        let balloon = try #require(Self.items(game.stack).first { $0["kind"]?.stringValue == "balloon" && $0["type"]?.stringValue == "regular" })
        game.tap(frameOf(balloon).center)
        let popped = try #require(game.scene.rules.lastPop > 0 ? game.scene.rules.lastPop : nil)
        let points = game.scene.rules.score
        #expect(points > 0)
        game.wait(until: popped + 4.9)
        #expect(Self.item(game.stack, "idle-warning") == nil)
        game.wait(until: popped + 5.05)
        var warning = try #require(Self.item(game.stack, "idle-warning"), "the sleeping balloon shows 5 s after the pop")
        #expect(warning["seconds"]?.intValue == 5 && warning["icon"]?.stringValue == "reason-idle")
        let warned = try #require(game.log.events("idle-warning").first)
        #expect(abs((warned["t"]?.doubleValue ?? 0) - (popped + 5)) < 0.05)
        #expect(Self.voices(game.log).contains { $0.key == "voice.reprompt.balloons" && abs($0.t - (popped + 5)) < 0.05 },
                "the voice asks for a pop as the count starts: \(Self.voices(game.log))")
        var seen: [Int] = []
        while game.scene.rules.ended == nil {
            if let s = Self.item(game.stack, "idle-warning")?["seconds"]?.intValue, seen.last != s { seen.append(s) }
            game.frames(1)
        }
        #expect(seen == [5, 4, 3, 2, 1], "counts down what is left of the 10 s")
        #expect(game.log.events("idle-warning").count == 1, "one warning per quiet stretch")
        game.frames(3)
        let over = try #require(game.log.events("gameover").last)
        #expect(over["reason"]?.stringValue == "idle")
        #expect(abs((over["t"]?.doubleValue ?? 0) - (popped + 10)) < 0.05, "the brief's 10 s rule stays")
        #expect(Self.voices(game.log).last { $0.key.hasPrefix("voice.lost") }?.key == "voice.lost.idle")
        #expect(game.context.text(VoiceLines.lostIdle).contains("ten seconds"), "the voice says what happened")
        let alert = try #require(game.stack.top as? AlertScene)
        #expect(alert.lossShowsScore)
        #expect(Self.item(game.stack, "alert-score")?["score"]?.intValue == points, "her points stay on the panel")
        #expect(Self.item(game.stack, "alert-reason")?["icon"]?.stringValue == "reason-idle")
        warning = Self.item(game.stack, "idle-warning") ?? .null
        #expect(warning == .null, "no warning under the end screen")
    }

    /// The skull's warning says what to do, in every language.
    @Test func test_theSkullWarningSaysWhatToDo() throws {
        let context = makeContext()
        #expect(context.text(VoiceLines.skullBalloon).contains("Pop the other balloons"))
        for language in Languages.codes where language != "en" {
            let catalog = try SceneAssets.catalog(language)
            let said = catalog.text(VoiceLines.skullBalloon, [:])
            #expect(said != VoiceLines.skullBalloon.english && said.count > 25, "\(language): \(said)")
        }
    }

    /// Relaxed Balloons (no idle loss) never warns.
    @Test func test_relaxedBalloonsNeverWarns() {
        let game = SceneDriver { context -> BalloonScene in
            context.setSwitch(.relaxed, true)
            return BalloonScene(context: context, level: .easy)
        }
        game.step(12)
        #expect(game.log.events("idle-warning").isEmpty && Self.item(game.stack, "idle-warning") == nil)
        #expect(game.scene.rules.ended == nil)
    }

    // MARK: - Item 2: the suggestion is the next game

    static func child() throws -> (GameRuntime, ChildProfile, SceneStack) {
        let (context, kid) = try ChildAloneTests.childContext()
        Self.withVoices(context)
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
        return (context, kid, stack)
    }

    /// Plays Memory from Home at `level` (a tap on the tile, the level and Play) and ends it
    /// with `score`, won or lost by time.
    static func playMemory(_ stack: SceneStack, _ context: GameRuntime, level: Level, won: Bool, score: Int) throws -> MemoryScene {
        let home = try #require(stack.top as? HomeScene)
        for id in ["game-memory", "level-\(level.rawValue)", "play"] {
            let it = try #require(item(stack, id), "\(id) on Home")
            tap(stack, frameOf(it).center, log: context.log)
            step(stack, frames: 2, log: context.log)
        }
        _ = home
        let game = try #require(stack.top as? MemoryScene)
        #expect(game.level == level)
        step(stack, frames: 2, log: context.log)
        stack.apply(on: game) { game.finish(won ? MemoryGame.allFound : .timeUp, score: score) }
        step(stack, frames: 2, log: context.log)
        return game
    }

    @Test func test_threeStars_theVoiceSuggestsFirst_replayPlaysIt_andHomeChoosesIt() throws {
        let (context, kid, stack) = try Self.child()
        // Not her first game (that one is relaxed): one round of Memory played before.
        context.scores.recordRound(RoundRecord(game: .memory, level: .easy, score: 3, result: "won", reason: "all-found"), player: .child(kid))
        let best = try #require(GameRegistry.standard.entry(.memory)?.definition.stars[.easy]?.last)
        let game = try Self.playMemory(stack, context, level: .easy, won: true, score: best)
        let over = try #require(context.log.events("gameover").last?["t"]?.doubleValue)
        let said = Self.voices(context.log).filter { $0.t >= over - 1e-9 }
        #expect(said.first?.key == "voice.suggest.harder", "the suggestion is said at the end, first: \(said)")
        #expect((said.first?.t ?? 99) - over <= 3, "within 3 s of the end")
        #expect(context.log.events("suggest").last?["level"]?.stringValue == "medium")
        #expect(game.nextLevel == .medium)
        let replay = try #require(Self.item(stack, "alert-yes"))
        #expect(replay["level"]?.stringValue == "medium" && replay["badge"]?.stringValue == "level-medium", "↻ shows the level it plays")
        let canvas = RecordingCanvas()
        stack.top.draw(on: canvas)
        #expect(canvas.images.contains("level-medium"))
        // ↻ plays Medium.
        stack.handle(.key(.return, shift: false))
        step(stack, frames: 60, log: context.log)   // ↻ gathers the old cards first (0.4 s)
        let next = try #require(stack.top as? MemoryScene)
        #expect(next.level == .medium, "↻ plays the level the voice suggested")
        // Lose it twice: the voice says an easier level, ↻ shows Easy, and the house goes Home with Easy chosen.
        for round in 0..<2 {
            let g = try #require(stack.top as? MemoryScene)
            stack.apply(on: g) { g.finish(.timeUp, score: 0) }
            step(stack, frames: 2, log: context.log)
            if round == 0 {
                #expect(Self.item(stack, "alert-yes")?["level"]?.stringValue == "medium", "one loss: the same level")
                stack.handle(.key(.return, shift: false))
                step(stack, frames: 60, log: context.log)
            }
        }
        let lostAt = try #require(context.log.events("gameover").last?["t"]?.doubleValue)
        #expect(Self.voices(context.log).first { $0.t >= lostAt - 1e-9 }?.key == "voice.suggest.easier")
        #expect(Self.item(stack, "alert-yes")?["level"]?.stringValue == "easy")
        #expect(Self.item(stack, "alert-no")?["icon"]?.stringValue == "home")
        stack.handle(.key(.escape, shift: false))
        step(stack, frames: 2, log: context.log)
        let home = try #require(stack.top as? HomeScene)
        #expect(home.selectedGame == .memory && home.selectedLevel == .easy, "Home chooses the level the voice suggested")
    }

    /// A relaxed first game finished with three stars: the next game is the same level with
    /// its clock, not a jump to Medium.
    @Test func test_afterARelaxedFirstGame_theSameLevelWithItsClock() throws {
        let (context, _, stack) = try Self.child()
        let best = try #require(GameRegistry.standard.entry(.memory)?.definition.stars[.easy]?.last)
        let game = try Self.playMemory(stack, context, level: .easy, won: true, score: best)
        #expect(game.relaxed, "her first Memory")
        #expect(context.log.events("suggest").isEmpty)
        #expect(game.nextLevel == .easy)
        #expect(Self.item(stack, "alert-yes")?["level"]?.stringValue == "easy")
        stack.handle(.key(.return, shift: false))
        step(stack, frames: 60, log: context.log)   // ↻ gathers the old cards first (0.4 s)
        let next = try #require(stack.top as? MemoryScene)
        #expect(next.level == .easy && !next.relaxed, "the same level, with its clock")
        #expect(context.levelToChoose(for: .memory, among: Level.allCases) == .easy)
    }

    /// The sticker is named while its picture is on the panel, and flies into the book after
    /// its name.
    @Test func test_theStickerIsNamedBeforeItFlies() throws {
        let (context, kid, stack) = try Self.child()
        context.scores.recordRound(RoundRecord(game: .memory, level: .easy, score: 3, result: "won", reason: "all-found"), player: .child(kid))
        _ = try Self.playMemory(stack, context, level: .easy, won: true, score: 5)
        let alert = try #require(stack.top as? AlertScene)
        let sticker = try #require(alert.content.result?.sticker)
        var namedEnd: Double?
        var flewAt: Double?
        for _ in 0..<(60 * 14) {
            let speaking = context.speakingKey == VoiceLines.sticker(sticker).key
            let inBook = Self.item(stack, "alert-sticker")?["inBook"] == .bool(true)
            let place = alert.stickerPlace
            if !speaking, namedEnd == nil, Self.voices(context.log).contains(where: { $0.key == VoiceLines.sticker(sticker).key }) {
                namedEnd = context.log.time
            }
            if flewAt == nil, place != AlertScene.stickerFrame { flewAt = context.log.time }
            if speaking { #expect(place == AlertScene.stickerFrame, "on the panel while it is named") }
            if inBook { break }
            step(stack, frames: 1, log: context.log)
        }
        let named = try #require(namedEnd, "named")
        let flew = try #require(flewAt, "flew")
        #expect(flew >= named - 1e-9, "flies after its name (named until \(named), flew at \(flew))")
        #expect(alert.stickerInBook)
    }

    // MARK: - Item 3: a gentle first game for whoever plays first

    @Test func test_theGuestsFirstGameOfEachKindIsRelaxed_afterTheDemo() throws {
        let context = makeContext()
        context.demos = DemoMemory(mode: .firstTime)
        #expect(context.player.child == nil)
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
        let first = BalloonScene(context: context, level: .easy)
        #expect(first.relaxed && first.rules.config.idleLimit == .infinity && !first.rules.config.killers,
                "the guest's first Balloons: no skull, no idle loss, no clock shown")
        stack.apply([.push(first)])
        step(stack, frames: 2, log: context.log)
        #expect(first.demo != nil, "it opens with the show-me demo")
        #expect(SortingScene(context: context, level: .easy).relaxed && MemoryScene(context: context, level: .easy).relaxed,
                "and the first of each other kind")
        let again = BalloonScene(context: context, level: .easy)
        #expect(!again.relaxed && again.rules.config.killers, "the next Balloons plays by the level's rules")
        context.setSwitch(.grow, false)
        #expect(!SortingScene(context: context, level: .easy).relaxed, "not without growing with the child")
        context.setSwitch(.grow, true)
        context.demos = DemoMemory(mode: .off)
        #expect(!MemoryScene(context: context, level: .easy).relaxed, "a scripted run plays by the rules (TESTING decision 3)")
    }
}
