import Settings
import Foundation
import Testing
@testable import GameCore
@testable import Scenes
import Stage
import TextCatalogs
@testable import Runtime

// Issue 14, "Play without reading": the scenes speak, "hear it again", the show-me demo,
// answers to taps that change nothing, and fairness (the skull's shape, the tap guard,
// drops judged by the painting). Scenes are driven frame by frame as the app does, with the
// real English voice library, so every line lasts as long as its recording.

/// A Home with a game pushed on it, the real voices, and the log's clock kept like the app's.
@MainActor
final class VoicedGame {
    let context: GameRuntime
    let stack: SceneStack
    var log: EventLog { context.log }
    /// The log time the game appeared at.
    let appearedAt: Double

    /// `dealt`: Memory's cards start in their places (as after a press during the deal,
    /// issue 45), so the game's time counts from its first frame; false plays the deal.
    init(_ kind: GameKind, _ level: Level, seed: UInt64 = 1, language: String = "en", demos: DemoMemory? = nil, dealt: Bool = true,
         beforePush: ((GameRuntime, SceneStack) -> Void)? = nil) throws {
        let log = EventLog(writer: nil, keepInMemory: true)
        context = GameRuntime(log: log, random: RandomSource(seed: seed),
                              scores: InMemoryScores(),
                              settingsStore: InMemorySettings(),
                              soundPlayer: SilentSoundPlayer(), registry: .standard,
                              catalog: try SceneAssets.catalog(language),
                              voices: SceneAssets.voices(language))
        if let demos { context.demos = demos }
        stack = SceneStack(root: HomeScene(context: context), runtime: context)
        beforePush?(context, stack)
        appearedAt = log.time
        stack.apply([.show(.game(kind, level))])
        if dealt, let memory = stack.top as? MemoryScene { stack.apply(on: memory) { memory.land() } }
    }

    var game: GameScene { stack.scenes.compactMap { $0 as? GameScene }.last! }
    var memory: MemoryScene { game as! MemoryScene }
    var sorting: SortingScene { game as! SortingScene }
    var balloons: BalloonScene { game as! BalloonScene }

    func frames(_ n: Int) { step(stack, frames: n, log: log) }
    func seconds(_ s: Double) { step(stack, seconds: s, log: log) }
    func tap(_ p: Point) { SceneTests.tap(stack, p, log: log) }
    func press(_ p: Point) { stack.handle(.pointerDown(p)); frames(1); stack.handle(.pointerUp(p)) }
    func drag(_ from: Point, _ to: Point) {
        stack.handle(.pointerDown(from))
        for s in 1...4 { stack.handle(.pointerMoved(Point.lerp(from, to, Double(s) / 4))) }
        stack.handle(.pointerUp(to))
    }
    func events(_ name: String) -> [JSON] { log.events(name) }
    func voices() -> [String] { events("voice").compactMap { $0["line"]?.stringValue } }
    /// The voice lines logged at log time `t` (within half a frame).
    func voices(at t: Double) -> [String] {
        events("voice").filter { abs(($0["t"]?.doubleValue ?? -1) - t) < 0.008 }.compactMap { $0["line"]?.stringValue }
    }
    func time(_ event: JSON) -> Double { event["t"]?.doubleValue ?? -1 }
    /// Runs frames until `done` or `limit` seconds.
    func run(upTo limit: Double, until done: () -> Bool) {
        var left = Int(limit * 60)
        while !done() && left > 0 { frames(1); left -= 1 }
    }
}

@Suite @MainActor struct VoiceLineCatalogTests {
    /// The English source of the spoken lines, as the TSV has them.
    static func tsv() throws -> [(String, String)] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("po/voice-lines-en.tsv"), encoding: .utf8)
        return text.split(separator: "\n").dropFirst().filter { !$0.hasPrefix("#") && !$0.isEmpty }.map {
            let cols = $0.split(separator: "\t", omittingEmptySubsequences: false)
            return (String(cols[0]), String(cols[1]))
        }
    }

    @Test func test_everySpokenLineIsACatalogEntry_withTheTSVsText_andARecording() throws {
        let rows = try Self.tsv()
        #expect(VoiceLines.all.map(\.key) == rows.map(\.0), "run tools/make_voice_lines.py")
        #expect(VoiceLines.all.map(\.english) == rows.map(\.1), "run tools/make_voice_lines.py")
        let library = SceneAssets.voices("en")
        #expect(VoiceLines.all.filter { library.clip($0.key) == nil }.map(\.key) == [])
        // The helpers name lines that exist.
        // In typed parts: one long chain of `+` is too much for Swift 6.0's type checker.
        let fixed: [Message] = [VoiceLines.greeting, VoiceLines.letsPlay, VoiceLines.hurry, VoiceLines.won, VoiceLines.lostTime,
                                VoiceLines.lostIdle, VoiceLines.lostSkull, VoiceLines.finishedBalloons, VoiceLines.paused,
                                VoiceLines.highScores, VoiceLines.quitAsk, VoiceLines.starBalloon, VoiceLines.skullBalloon]
        let games: [Message] = [GameKind.memory, .sorting, .balloons]
            .flatMap { [VoiceLines.intro($0), VoiceLines.reprompt($0), VoiceLines.game($0.rawValue)] }
        let things: [Message] = Level.allCases.map { VoiceLines.level($0) } + GameContent.animals.map { VoiceLines.animal($0) }
            + GameContent.vehicles.flatMap { [VoiceLines.vehicle($0.name), VoiceLines.placed($0.name)] }
        let numbers: [Message] = VehicleCategory.allCases.map { VoiceLines.zoneHint($0) } + (1...9).map { VoiceLines.number($0) }
            + (1...5).map { VoiceLines.highScore(rank: $0) }
        let named: [Message] = fixed + games + things + numbers + VoiceLines.praise + VoiceLines.encouragements
        #expect(named.filter { $0.english.isEmpty }.map(\.key) == [])
        #expect(VoiceLines.praise.count >= 6)
        #expect(VoiceLines.encouragements.count >= 4)
        // The adult gate is never read out.
        #expect(!VoiceLines.all.contains { $0.key.contains("gate") })
    }

    @Test func test_aVoiceEventsTextIsInTheCurrentLanguage() throws {
        let game = try VoicedGame(.memory, .easy, language: "es")
        game.frames(2)
        let intro = try #require(game.events("voice").first { $0["line"]?.stringValue == "voice.intro.memory" })
        #expect(intro["language"]?.stringValue == "es")
        let text = try #require(intro["text"]?.stringValue)
        #expect(text != "Find the pairs!" && !text.isEmpty, "Spanish: \(text)")
    }
}

@Suite @MainActor struct ScenesSpeakTests {
    /// The intro within 1 s of the game appearing.
    func expectIntro(_ game: VoicedGame, _ kind: GameKind, _ label: String) {
        let intro = game.events("voice").first { $0["line"]?.stringValue == "voice.intro.\(kind.rawValue)" }
        #expect(intro != nil, "\(label): intro")
        if let intro { #expect(game.time(intro) - game.appearedAt <= 1.0 + 1e-9, "\(label): intro at \(game.time(intro))") }
    }

    /// The voice said at the game over, and the gameover's own key.
    func expectEndVoice(_ game: VoicedGame, _ line: String, _ label: String) throws {
        let over = try #require(game.events("gameover").last, "\(label): game over")
        #expect(game.voices(at: game.time(over)).contains(line), "\(label): \(game.voices(at: game.time(over)))")
    }

    @Test(arguments: Level.allCases)
    func test_memory_introPairsAndWin_eachSpoken(level: Level) throws {
        let game = try VoicedGame(.memory, level)
        game.frames(1)
        expectIntro(game, .memory, "memory \(level)")
        let scene = game.memory
        var pairs: [String: [Int]] = [:]
        for card in scene.rules.cards { pairs[card.face, default: []].append(card.id) }
        for (_, ids) in pairs.sorted(by: { $0.key < $1.key }) {
            game.tap(scene.cardFrames[ids[0]].center)
            game.frames(3)
            game.tap(scene.cardFrames[ids[1]].center)
            // Time for the animal's name and the praise after it.
            game.frames(200)
        }
        let matches = game.events("match")
        #expect(matches.count == pairs.count)
        for match in matches {
            let face = match["face"]?.stringValue ?? ""
            #expect(game.voices(at: game.time(match)).contains("voice.animal.\(face)"), "memory \(level): \(face)")
        }
        game.run(upTo: 3) { !game.events("gameover").isEmpty }
        try expectEndVoice(game, "voice.won", "memory \(level)")
        // Praise followed the animal names, in turns.
        #expect(Set(game.voices().filter { $0.hasPrefix("voice.praise.") }).count >= 2)
    }

    @Test(arguments: Level.allCases)
    func test_memory_lostByTime_isSpoken(level: Level) throws {
        let game = try VoicedGame(.memory, level)
        game.run(upTo: 125) { !game.events("gameover").isEmpty }
        try expectEndVoice(game, "voice.lost.time", "memory \(level)")
        // The last ten seconds were announced once.
        #expect(game.voices().filter { $0 == "voice.hurry" }.count == 1)
    }

    @Test(arguments: Level.allCases)
    func test_sorting_introPickDropAndWin_eachSpoken(level: Level) throws {
        let game = try VoicedGame(.sorting, level)
        game.frames(1)
        expectIntro(game, .sorting, "sorting \(level)")
        let scene = game.sorting
        for i in 0..<scene.vehicleCount {
            let category = scene.rules.vehicles[i].category
            let zone = SortingLayout.zones.first { $0.category == category }!
            game.drag(scene.home(of: i).center, SortingLayout.outlineFrame(zone).center)
            game.frames(20)
        }
        let drops = game.events("drop")
        #expect(drops.count == scene.vehicleCount)
        for drop in drops {
            #expect(drop["correct"]?.boolValue == true)
            let name = scene.rules.vehicles[Int(drop["vehicle"]!.stringValue!.split(separator: "-").last!)!].name
            #expect(game.voices(at: game.time(drop)).contains("voice.placed.\(name)"), "sorting \(level): \(name)")
        }
        for pick in game.events("pick") {
            #expect(game.voices(at: game.time(pick)).contains { $0.hasPrefix("voice.vehicle.") })
        }
        game.run(upTo: 3) { !game.events("gameover").isEmpty }
        try expectEndVoice(game, "voice.won", "sorting \(level)")
    }

    @Test(arguments: Level.allCases)
    func test_balloons_introPopsAndFinish_eachSpoken(level: Level) throws {
        let game = try VoicedGame(.balloons, level)
        game.frames(1)
        expectIntro(game, .balloons, "balloons \(level)")
        let scene = game.balloons
        // Pop a numbered balloon whenever one is well in view, a few times a second.
        game.run(upTo: 70) {
            if game.log.time.truncatingRemainder(dividingBy: 0.5) < 1.0 / 60,
               let b = scene.rules.balloons.first(where: { $0.type == .regular && ($0.hitFrame(at: scene.clock.now)?.height ?? 0) > 80 }),
               let frame = b.hitFrame(at: scene.clock.now) {
                game.stack.handle(.pointerDown(frame.center))
                game.stack.handle(.pointerUp(frame.center))
            }
            return !game.events("gameover").isEmpty
        }
        let pops = game.events("pop")
        #expect(pops.count > 10)
        let numbers = game.events("voice").filter { $0["line"]?.stringValue?.hasPrefix("voice.number.") == true }
        #expect(!numbers.isEmpty)
        // Each number said is the newest pop when it starts: a newer number replaces a waiting
        // one, so nothing is said late (never a backlog).
        for said in numbers {
            let newest = pops.last { game.time($0) <= game.time(said) + 1e-9 }
            #expect(said["line"]?.stringValue == "voice.number.\(newest?["number"]?.intValue ?? -1)", "at \(game.time(said))")
        }
        #expect(numbers.count < pops.count || pops.count < 3, "no backlog: \(numbers.count) numbers said for \(pops.count) pops")
        try expectEndVoice(game, "voice.finished.balloons", "balloons \(level)")
        // A star or skull that came was announced.
        for spawn in game.events("spawn") where spawn["type"]?.stringValue != "regular" {
            let line = spawn["type"]?.stringValue == "bonus" ? "voice.balloon.star" : "voice.balloon.skull"
            #expect(game.voices().contains(line))
        }
    }

    @Test func test_balloons_lostByIdleAndBySkull_areSpoken() throws {
        let idle = try VoicedGame(.balloons, .easy)
        idle.run(upTo: 12) { !idle.events("gameover").isEmpty }
        try expectEndVoice(idle, "voice.lost.idle", "idle")
        // The re-prompt came with the idle warning at 5 s of no pops, well before the idle
        // loss at 10 s (issue 45: no trap after a warning).
        let reprompt = try #require(idle.events("voice").first { $0["line"]?.stringValue == "voice.reprompt.balloons" })
        #expect(abs(idle.time(reprompt) - idle.appearedAt - 5) < 0.02)

        let skull = try VoicedGame(.balloons, .easy, seed: 3)
        let scene = skull.balloons
        skull.run(upTo: 60) {
            if let k = scene.rules.balloons.first(where: { $0.type == .killer }), let f = k.hitFrame(at: scene.clock.now), f.height > 60 {
                skull.stack.handle(.pointerDown(f.center))
                return true
            }
            // Keep the game alive: pop a regular balloon every 4 s.
            if Int(skull.log.time * 60) % 240 == 0,
               let b = scene.rules.balloons.first(where: { $0.type == .regular && ($0.hitFrame(at: scene.clock.now)?.height ?? 0) > 80 }) {
                skull.stack.handle(.pointerDown(b.hitFrame(at: scene.clock.now)!.center))
            }
            return false
        }
        let over = try #require(skull.events("gameover").last)
        #expect(over["reason"]?.stringValue == "killer")
        try expectEndVoice(skull, "voice.lost.skull", "skull")
    }

    @Test func test_pauseSays_tapToKeepPlaying_andNewHighScoreSaysItsRank() throws {
        let game = try VoicedGame(.sorting, .easy)
        game.frames(10)
        game.stack.act(on: game.game) { game.game.setPaused(true) }
        #expect(game.voices().last == "voice.paused")
        game.stack.act(on: game.game) { game.game.setPaused(false) }
        let scene = game.sorting
        for i in 0..<scene.vehicleCount {
            let zone = SortingLayout.zones.first { $0.category == scene.rules.vehicles[i].category }!
            game.drag(scene.home(of: i).center, SortingLayout.outlineFrame(zone).center)
            game.frames(5)
        }
        game.run(upTo: 3) { !game.events("gameover").isEmpty }
        let over = try #require(game.events("gameover").last)
        #expect(over["rank"]?.intValue == 1)
        game.seconds(3)
        #expect(game.voices().contains("voice.highscore.1"))
    }
}

@Suite @MainActor struct RepromptAndHearAgainTests {
    @Test func test_eightQuietSeconds_bringTheReprompt_aTapPutsItOff() throws {
        let game = try VoicedGame(.memory, .easy)
        game.seconds(7.9)
        #expect(!game.voices().contains("voice.reprompt.memory"))
        game.seconds(0.2)
        let first = try #require(game.events("voice").first { $0["line"]?.stringValue == "voice.reprompt.memory" })
        #expect(abs(game.time(first) - game.appearedAt - 8) < 0.02)
        // A tap (even on nothing) starts the quiet time again.
        game.seconds(4)
        game.tap(Point(10, 700))
        let tappedAt = game.log.time
        game.seconds(7.8)
        #expect(game.voices().filter { $0 == "voice.reprompt.memory" }.count == 1)
        game.seconds(0.4)
        let reprompts = game.events("voice").filter { $0["line"]?.stringValue == "voice.reprompt.memory" }
        let second = try #require(reprompts.count > 1 ? reprompts[1] : nil)
        #expect(abs(game.time(second) - tappedAt - 8) < 0.05)
    }

    @Test func test_hearAgainReplaysTheIntro_touchesNothingElse_twiceStartsTheDemo() throws {
        let game = try VoicedGame(.sorting, .medium)
        game.seconds(5)
        let before = game.voices().filter { $0 == "voice.intro.sorting" }.count
        game.tap(TopBar.hearAgainFrame.center)
        #expect(game.voices().filter { $0 == "voice.intro.sorting" }.count == before + 1)
        #expect(game.voices().last == "voice.intro.sorting", "the intro cuts in at once")
        #expect(game.events("pick").isEmpty && game.events("hint").isEmpty)
        #expect(game.events("demo").isEmpty)
        game.seconds(0.5)
        game.tap(TopBar.hearAgainFrame.center)
        #expect(game.events("demo").first?["action"]?.stringValue == "start")
        #expect(game.events("demo").first?["game"]?.stringValue == "sorting")
        // Two taps far apart only replay the intro.
        let other = try VoicedGame(.memory, .easy)
        other.tap(TopBar.hearAgainFrame.center)
        other.seconds(2)
        other.tap(TopBar.hearAgainFrame.center)
        #expect(other.events("demo").isEmpty)
        #expect(other.events("hear-again").count == 2)
    }

    @Test func test_hearAgainButton_inTheBarAtLeast64px_existingItemsKeepTheirFrames() throws {
        let game = try VoicedGame(.balloons, .easy)
        let items = try #require(game.game.dump().first { $0.0 == "items" }?.1.arrayValue)
        let button = try #require(items.first { $0["id"]?.stringValue == "hear-again" })
        #expect(button["kind"]?.stringValue == "button")
        #expect(button["icon"]?.stringValue == "hear-again")
        #expect(button["key"]?.stringValue == Messages.hearAgain.key)
        let frame = TopBar.hearAgainFrame
        #expect(frame.width >= 64 && frame.height >= 64)
        #expect(frame.minY >= 0 && frame.maxY <= 64)
        // Decision 6: the bar's other controls are where they were.
        func frameOf(_ id: String) -> JSON? { items.first { $0["id"]?.stringValue == id }?["frame"] }
        #expect(frameOf("back") == Rect(0, 0, 150, 64).json)
        #expect(frameOf("pause") == Rect(860, 0, 80, 64).json)
        #expect(frameOf("mute") == Rect(940, 0, 84, 64).json)
        for other in [TopBar.backFrame, TopBar.timeFrame, TopBar.scoreFrame, TopBar.pauseFrame, TopBar.muteFrame] {
            #expect(frame.maxX <= other.minX || frame.minX >= other.maxX, "\(other)")
        }
        // The speaker is drawn in it.
        let canvas = RecordingCanvas()
        game.stack.draw(on: canvas)
        #expect(canvas.calls.contains { if case .image("hear-again", let r) = $0 { return frame.contains(r) } else { return false } })
    }
}

@Suite @MainActor struct ShowMeDemoTests {
    func firstTime() -> DemoMemory { DemoMemory(mode: .firstTime) }

    @Test(arguments: [GameKind.memory, .sorting, .balloons])
    func test_demoRunsThreeToFourSeconds_gameTimeStandsStill_thenRuns(kind: GameKind) throws {
        let game = try VoicedGame(kind, .easy, demos: firstTime())
        game.frames(1)
        #expect(game.events("demo").map { $0["action"]?.stringValue } == ["start"])
        #expect(game.events("demo").first?["game"]?.stringValue == kind.rawValue)
        #expect(game.voices().contains("voice.intro.\(kind.rawValue)"))
        let canvas = RecordingCanvas()
        game.seconds(1.5)
        game.stack.draw(on: canvas)
        #expect(canvas.images.contains("hand"))
        #expect(game.game.clock.now == 0, "the game's time does not run during the demo")
        #expect(game.events("timer").count <= 1, "the time shown never changes")
        #expect(game.events("spawn").isEmpty && game.events("pop").isEmpty && game.events("score").isEmpty)
        game.seconds(2.2)
        let end = try #require(game.events("demo").last)
        #expect(end["action"]?.stringValue == "end")
        #expect(end["reason"]?.stringValue == "done")
        let length = game.time(end) - game.time(game.events("demo")[0])
        #expect(length >= 3 && length <= 4)
        #expect(game.game.shownScore == 0, "demo balloons never score")
        game.seconds(1.1)
        #expect(game.game.clock.now > 1)
        // Seen: the next game of this kind opens without it.
        game.stack.apply([.switchTo(.game(kind, .easy))])
        game.frames(5)
        #expect(game.events("demo").count == 2)
    }

    @Test func test_anyTapEndsTheDemoAtOnce_andIsNotPassedToTheGame() throws {
        let game = try VoicedGame(.memory, .easy, demos: firstTime())
        game.seconds(1)
        let card = game.memory.cardFrames[0].center
        game.tap(card)
        let end = try #require(game.events("demo").last)
        #expect(end["action"]?.stringValue == "end")
        #expect(end["reason"]?.stringValue == "tap")
        #expect(game.events("flip").isEmpty, "the tap that ended the demo flips nothing")
        #expect(game.events("hint").isEmpty)
        // Even a tap on Back only ends the demo.
        let other = try VoicedGame(.sorting, .easy, demos: firstTime())
        other.seconds(0.5)
        other.tap(TopBar.backFrame.center)
        #expect(other.stack.names == ["home", "sorting"])
        #expect(other.events("demo").last?["reason"]?.stringValue == "tap")
        // The next tap is the game's.
        other.seconds(0.5)
        game.tap(card)
        #expect(game.events("flip").count == 1)
    }
}

@Suite @MainActor struct HintTests {
    @Test func test_memory_tapsThatChangeNothing_areAnswered_andAMismatchShakesRed() throws {
        let game = try VoicedGame(.memory, .easy)
        let scene = game.memory
        game.frames(1)
        // Between the cards: a ripple, the soft sound, a hint about nothing.
        let gap = Point((scene.cardFrames[0].maxX + scene.cardFrames[1].minX) / 2, scene.cardFrames[0].midY)
        game.tap(gap)
        #expect(game.events("hint").last?["kind"]?.stringValue == "nothing-here")
        #expect(game.events("hint").last?["target"] == .null)
        #expect(game.events("sound").last?["name"]?.stringValue == "nope")
        // A mismatch: the hint, an encouragement, the red outline, and the close exactly 1 s on.
        let cards = scene.rules.cards
        let a = 0, b = cards.firstIndex { $0.face != cards[0].face }!
        game.tap(scene.cardFrames[a].center)
        game.frames(3)
        game.tap(scene.cardFrames[b].center)
        let mismatch = try #require(game.events("mismatch").last)
        let hint = try #require(game.events("hint").last)
        #expect(hint["kind"]?.stringValue == "mismatch")
        #expect(game.time(hint) == game.time(mismatch))
        #expect(game.voices(at: game.time(mismatch)).first?.hasPrefix("voice.encourage.") == true)
        game.seconds(0.5)
        let canvas = RecordingCanvas()
        game.stack.draw(on: canvas)
        // A soft red outline round each card while it shakes (sideways: only x moves).
        for card in [a, b] {
            let ring = scene.cardFrames[card].insetBy(-3, -3)
            #expect(canvas.calls.contains { if case .stroke(let r) = $0 { return r.size == ring.size && abs(r.x - ring.x) < 8 && r.y == ring.y } else { return false } },
                    "card \(card)")
        }
        // A tap on the open card meanwhile changes nothing, and says so.
        game.tap(scene.cardFrames[a].center)
        #expect(game.events("hint").last?["target"]?.stringValue == MemoryPlay.cardID(a))
        game.seconds(0.6)
        let close = try #require(game.events("close").last)
        #expect(abs(game.time(close) - game.time(mismatch) - 1.0) < 1e-6)
    }

    @Test func test_sorting_twoWrongDropsOfOneVehicle_makeItsZoneGlow_andTheVoiceNameIt() throws {
        let game = try VoicedGame(.sorting, .easy)
        let scene = game.sorting
        game.frames(1)
        let i = scene.rules.vehicles.firstIndex { $0.category == .water }!
        let land = SortingLayout.outlineFrame(SortingLayout.zones.first { $0.category == .land }!).center
        game.drag(scene.home(of: i).center, land)
        #expect(game.events("hint").isEmpty)
        #expect(game.voices().last?.hasPrefix("voice.encourage.") == true)
        game.seconds(3)
        game.drag(scene.home(of: i).center, land)
        let hint = try #require(game.events("hint").last)
        #expect(hint["kind"]?.stringValue == "zone-glow")
        #expect(hint["target"]?.stringValue == "zone-water-1")
        #expect(game.voices().last == "voice.hint.water")
        // The glow is drawn, breathing slower than 3 times a second, and ends.
        game.seconds(0.5)
        let canvas = RecordingCanvas()
        game.stack.draw(on: canvas)
        let water = SortingLayout.outlineFrame(SortingLayout.zones.first { $0.category == .water }!)
        #expect(canvas.calls.contains(.stroke(water)))
        #expect(SortingPlay.glowDuration >= 1)
        game.seconds(3)
        let later = RecordingCanvas()
        game.stack.draw(on: later)
        #expect(!later.calls.contains(.stroke(water)))
        // A press on the picture where no vehicle is: nothing here.
        game.tap(Point(300, 300))
        #expect(game.events("hint").last?["kind"]?.stringValue == "nothing-here")
    }

    @Test func test_balloons_emptySky_andHomesGreyedPlay_answerTheTap() throws {
        let game = try VoicedGame(.balloons, .easy)
        game.frames(1)
        game.tap(Point(512, 300))
        #expect(game.events("hint").last?["kind"]?.stringValue == "nothing-here")
        #expect(game.events("sound").last?["name"]?.stringValue == "nope")
    }
}

@Suite @MainActor struct FairnessTests {
    func skull(spot: Int = 4) -> Balloon {
        Balloon(id: 1, type: .killer, color: "skull", number: nil, spot: spot, speed: 77, spawnTime: 0)
    }

    @Test func test_theSkullsHitAreaIsItsDrawnShape() throws {
        let b = skull()
        let now = 4.0
        let body = BalloonLayout.body(in: b.frame(at: now))
        #expect(b.isHit(by: body.center, at: now))
        // Clear sky beside it (inside the old 12 px margin) and the body box's corners miss.
        for p in [Point(body.maxX + 6, body.midY), Point(body.minX - 6, body.midY), Point(body.midX, body.minY - 6),
                  Point(body.minX + 3, body.minY + 3), Point(body.maxX - 3, body.maxY - 3)] {
            #expect(!b.isHit(by: p, at: now), "\(p)")
        }
        // Just inside its outline hits.
        #expect(b.isHit(by: Point(body.maxX - 2, body.midY), at: now))
        let hit = try #require(b.hitFrame(at: now))
        #expect(abs(hit.x - body.x) < 1e-9 && abs(hit.y - body.y) < 1e-9 && abs(hit.width - body.width) < 1e-9 && abs(hit.height - body.height) < 1e-9)
        // A regular balloon keeps its margin.
        let regular = Balloon(id: 2, type: .regular, color: "red", number: 3, spot: 4, speed: 77, spawnTime: 0)
        #expect(regular.isHit(by: Point(body.maxX + 6, body.midY), at: now))
    }

    @Test func test_aTapInClearSkyBesideTheSkull_endsNothing() throws {
        let game = try VoicedGame(.balloons, .easy, seed: 3)
        let scene = game.balloons
        game.run(upTo: 50) {
            // Keep the game alive: pop a regular balloon every 4 s.
            if Int(game.log.time * 60) % 240 == 0,
               let b = scene.rules.balloons.first(where: { $0.type == .regular && ($0.hitFrame(at: scene.clock.now)?.height ?? 0) > 80 }) {
                game.stack.handle(.pointerDown(b.hitFrame(at: scene.clock.now)!.center))
            }
            return scene.rules.balloons.contains { $0.type == .killer && ($0.hitFrame(at: scene.clock.now)?.height ?? 0) > 100 }
        }
        let k = try #require(scene.rules.balloons.first { $0.type == .killer })
        let body = BalloonLayout.body(in: k.frame(at: scene.clock.now))
        game.stack.handle(.pointerDown(Point(body.maxX + 8, body.midY)))
        #expect(game.events("gameover").isEmpty)
        #expect(scene.rules.ended == nil)
    }

    @Test func test_tapGuard_in_theStack_pressAt300msCounts() throws {
        let context = makeContext()
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
        tap(stack, HomeLayout.highScores.center)
        #expect(stack.names == ["home", "highscores"])
        // 0.25 s after the press that opened the popup: ignored, release included.
        step(stack, frames: 14)
        tap(stack, Point(512, 700))
        #expect(context.log.events("ignored").count == 1)
        // The guard counts from the press: at 0.3 s a press is the child's again.
        let fresh = makeContext()
        let other = SceneStack(root: HomeScene(context: fresh), runtime: fresh)
        tap(other, HomeLayout.highScores.center)
        step(other, frames: 17)
        other.handle(.pointerDown(Point(512, 700)))
        #expect(fresh.log.events("ignored").isEmpty)
    }

    @Test func test_tapGuard_runsOnFrames_andKeepsThemComingUntilItEnds() {
        // One clock (issue #25): the guard counts frames, windowed as headless. A window sleeps
        // while no scene needs frames, so the stack asks for frames while the guard runs: an
        // idle window steps through it and never holds a stale guard.
        let context = makeContext()
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
        #expect(!stack.tapGuardRunning)
        stack.handle(.pointerDown(HomeLayout.highScores.center))
        stack.handle(.pointerUp(HomeLayout.highScores.center))
        #expect(stack.names == ["home", "highscores"])
        #expect(stack.tapGuardRunning && stack.needsFrames)
        step(stack, frames: 12)
        stack.handle(.pointerDown(Point(512, 700)))
        stack.handle(.pointerUp(Point(512, 700)))
        #expect(context.log.events("ignored").count == 1, "0.2 s after the press: ignored")
        #expect(stack.tapGuardRunning && stack.needsFrames)
        step(stack, frames: 6)
        #expect(!stack.tapGuardRunning, "0.3 s of frames after the press, the guard is over")
        stack.handle(.pointerDown(Point(512, 700)))
        #expect(context.log.events("ignored").count == 1, "the press counts")
    }

    @Test func test_dropsAreJudgedByTheShareOverThePainting() {
        var rules = SortingRules(level: .easy, vehicles: [SortingVehicle(name: "airplane", category: .air),
                                                           SortingVehicle(name: "ship", category: .water)],
                                 zones: SortingLayout.zones)
        // The plane let go at (512, 405), over painted sky: correct (once "oops").
        let plane = Rect(center: Point(512, 405), size: Size(100, 100))
        #expect(rules.shares(of: plane)[.air]! > 0.5)
        #expect(rules.drop(0, covering: plane, now: 1) == [.placed(vehicle: 0, zone: "zone-air-1", points: 5)])
        // Under 40% over any region: no zone.
        let row = Rect(center: Point(300, 176), size: Size(100, 100))
        #expect(rules.zone(covering: row) == nil)
        // Exactly 40% is enough; the largest share wins over a smaller one.
        #expect(rules.zone(covering: Rect(300, 156, 100, 100))?.id == "zone-air-1")
        let shore = Rect(416, 500, 100, 100) // 50 over the sea, 30 over the land, 20 sand
        #expect(rules.zone(covering: shore)?.id == "zone-water-1")
        #expect(rules.drop(1, covering: shore, now: 2).first == .placed(vehicle: 1, zone: "zone-water-1", points: 5))
    }

    @Test func test_aPlaneDroppedAt512x405_isCorrect_inTheScene() throws {
        let game = try VoicedGame(.sorting, .hard)
        let scene = game.sorting
        let plane = try #require(scene.rules.vehicles.firstIndex { $0.category == .air })
        game.frames(1)
        game.drag(scene.home(of: plane).center, Point(512, 405))
        let drop = try #require(game.events("drop").last)
        #expect(drop["correct"]?.boolValue == true)
        #expect(drop["zone"]?.stringValue == "zone-air-1")
        #expect(drop["at"] == .array([.int(512), .int(405)]))
        #expect(scene.state(of: plane) == .placed)
        // The zones' dump keeps the frame and adds the painted area.
        let items = try #require(scene.dump().first { $0.0 == "items" }?.1.arrayValue)
        let sky = try #require(items.first { $0["id"]?.stringValue == "zone-air-1" })
        #expect(sky["frame"] == Rect(0, 196, 1024, 214).json)
        #expect(sky["area"] == .array([Rect(0, 196, 1024, 214).json]))
    }
}
