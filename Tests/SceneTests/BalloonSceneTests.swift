import Testing
@testable import GameCore
@testable import Scenes
import Stage

/// A Balloons game on top of Home (SceneDriver: the log's clock follows the steps).
extension SceneDriver where S == BalloonScene {
    convenience init(level: Level, seed: UInt64) {
        self.init(seed: seed) { BalloonScene(context: $0, level: level) }
    }

    var balloons: [JSON] { scene.dumpItems().filter { $0["kind"]?.stringValue == "balloon" } }
    func balloons(_ type: String) -> [JSON] { balloons.filter { $0["type"]?.stringValue == type } }
    var gameOver: JSON? { log.events("gameover").first }
    var isRunning: Bool { gameOver == nil && stack.top === scene }
    func sounds(_ sound: Sound) -> [JSON] { log.events("sound").filter { $0["name"]?.stringValue == sound.rawValue } }

    /// A touchable balloon of `type` whose frame is tall enough to aim at comfortably.
    func target(_ type: String) -> JSON? {
        balloons(type).first { ($0["frame"]?.arrayValue?[3].doubleValue ?? 0) >= 40 }
    }

    /// Plays until the game ends: every 0.3 s it taps one regular balloon from the dump;
    /// it taps the star balloon when `bonus` and the skull when `killer`.
    func play(bonus: Bool, killer: Bool, maxSeconds: Double = 70) {
        var frames = 0
        while isRunning && Double(frames) / 60 < maxSeconds {
            if frames % 18 == 0 {
                if killer, let k = target("killer") {
                    tap(k.frameCenter!)
                } else if bonus, log.events("pop").allSatisfy({ $0["type"]?.stringValue != "bonus" }), let b = target("bonus") {
                    tap(b.frameCenter!)
                } else if let r = target("regular") {
                    tap(r.frameCenter!)
                } else {
                    runFrame()
                }
            } else {
                runFrame()
            }
            frames += 1
        }
    }
}

/// The Balloons scene driven in process: a scene stack stepped at 1/60 s, taps aimed from the
/// scene's own dump items, exactly as a script would.
@Suite @MainActor struct BalloonSceneTests {
    typealias Game = SceneDriver<BalloonScene>

    // MARK: - Whole games

    @Test func test_hardGame_poppingFromDumps_withABonus_endsAtTimeOut_andRecordsTheScore() throws {
        let game = Game(level: .hard, seed: 21)
        game.play(bonus: true, killer: false)
        let over = try #require(game.gameOver)
        #expect(over["reason"]?.stringValue == "time")
        #expect(over["result"]?.stringValue == "won")
        #expect(over["recorded"] == .bool(true))
        #expect(over["rank"]?.intValue == 1)
        #expect(abs((over["t"]?.doubleValue ?? 0) - 30) <= 0.05)

        let pops = game.log.events("pop")
        #expect(pops.filter { $0["type"]?.stringValue == "bonus" }.count == 1)
        #expect(pops.allSatisfy { $0["type"]?.stringValue != "killer" })
        let sum = pops.compactMap { $0["number"]?.intValue }.reduce(0, +)
        #expect(pops.count > 30)
        #expect(over["score"]?.intValue == sum)
        #expect(game.log.events("score").last?["total"]?.intValue == sum, "every number reached the score")
        #expect(game.scene.shownScore == sum)
        #expect(game.context.scores.table.entries.first?.score == sum)
        #expect(game.stack.names == ["home", "balloons", "alert"])

        // The bonus slowed the regular balloons that appeared in the next five seconds.
        let bonusPop = try #require(pops.first { $0["type"]?.stringValue == "bonus" }?["t"]?.doubleValue)
        let spawns = game.log.events("spawn").filter { $0["type"]?.stringValue == "regular" }
        let slowed = spawns.filter { ($0["t"]?.doubleValue ?? 0) > bonusPop + 0.02 && ($0["t"]?.doubleValue ?? 0) < bonusPop + 4.98 }
        #expect(!slowed.isEmpty)
        #expect(slowed.allSatisfy { $0["speed"]?.doubleValue == 100 })
        #expect(game.sounds(.magic).count == 1)
        #expect(game.sounds(.bonusArrive).count == game.log.events("spawn").filter { $0["type"]?.stringValue == "bonus" }.count)
    }

    @Test func test_killerPop_endsTheGameLost_nothingRecorded() throws {
        let game = Game(level: .hard, seed: 21)
        game.play(bonus: false, killer: true)
        let over = try #require(game.gameOver)
        #expect(over["reason"]?.stringValue == "killer")
        #expect(over["result"]?.stringValue == "lost")
        #expect(over["recorded"] == .bool(false))
        #expect(over["score"]?.intValue ?? 0 > 0, "points were earned, and still not recorded")
        #expect(game.context.scores.table.entries.isEmpty)
        let killerPop = try #require(game.log.events("pop").last)
        #expect(killerPop["type"]?.stringValue == "killer")
        #expect(killerPop["number"] == .null)
        #expect(over["t"]?.doubleValue == killerPop["t"]?.doubleValue, "the game ends at once")
        #expect(game.sounds(.boom).count == 1)
        #expect(game.sounds(.killerArrive).count == 1)
        #expect(game.sounds(.sadTrombone).count == 1)
        // The boom shows for a moment, then the alert asks to play again.
        #expect(game.stack.names == ["home", "balloons"])
        game.step(1)
        #expect(game.stack.names == ["home", "balloons", "alert"])
        #expect(game.log.events("alert").last?["title"]?.stringValue == "You lost the game")
    }

    @Test func test_tenSecondsWithoutAPop_endsLost_nothingRecorded() throws {
        let game = Game(level: .medium, seed: 4)
        game.step(9.9)
        #expect(game.gameOver == nil)
        game.step(0.2)
        let over = try #require(game.gameOver)
        #expect(over["reason"]?.stringValue == "idle")
        #expect(over["result"]?.stringValue == "lost")
        #expect(over["recorded"] == .bool(false))
        #expect(abs((over["t"]?.doubleValue ?? 0) - 10) <= 0.02)
        #expect(game.context.scores.table.entries.isEmpty)
        #expect(game.stack.names == ["home", "balloons", "alert"])
    }

    @Test func test_back_leavesAtOnce_andRecordsNothing() throws {
        let game = Game(level: .easy, seed: 5)
        game.step(3)
        let b = try #require(game.target("regular"))
        game.tap(b.frameCenter!)
        game.step(2)
        #expect(game.scene.shownScore > 0)
        game.tap(Point(60, 32))
        answerDoor(game.stack)
        #expect(game.stack.names == ["home"])
        #expect(game.context.scores.table.entries.isEmpty)
        #expect(game.log.events("gameover").allSatisfy { $0["recorded"] == .bool(false) })
    }

    // MARK: - Taps, numbers, score

    @Test func test_tapOnABalloon_popsIt_withPopSound_andLogs() throws {
        let game = Game(level: .easy, seed: 6)
        game.step(3)
        let b = try #require(game.target("regular"))
        game.tap(b.frameCenter!)
        let pop = try #require(game.log.events("pop").first)
        #expect(pop["balloon"] == b["id"])
        #expect(pop["type"]?.stringValue == "regular")
        #expect(pop["number"] == b["number"])
        #expect(game.sounds(.pop).count == 1)
        #expect(!game.balloons.contains { $0["id"] == b["id"] })
        // A tap on empty sky does nothing.
        game.tap(Point(512, 120))
        #expect(game.log.events("pop").count == 1)
    }

    @Test func test_flyingNumber_landsAfterItsDistanceAtOneSpeed_thenTheScoreUpdates() throws {
        let game = Game(level: .easy, seed: 7)
        game.step(2)
        var flights: [(distance: Double, seconds: Double)] = []
        for wanted in [BalloonLayout.entranceY - 60, 300] {
            // Wait until some balloon's body is near the wanted height, then pop it.
            var target: JSON?
            for _ in 0..<600 {
                target = game.balloons("regular").first { abs(($0.frameCenter?.y ?? 0) - wanted) < 20 && ($0["frame"]?.arrayValue?[3].doubleValue ?? 0) > 100 }
                if target != nil { break }
                game.runFrame()
            }
            let b = try #require(target)
            let before = game.log.events("score").count
            game.tap(b.frameCenter!)
            let flight = try #require(game.scene.flights.last)
            let popTime = try #require(game.log.events("pop").last?["t"]?.doubleValue)
            #expect(game.scene.shownScore == game.log.events("score").last?["total"]?.intValue ?? 0, "not counted before it lands")
            while game.log.events("score").count == before { game.runFrame() }
            let landed = try #require(game.log.events("score").last)
            #expect(landed["delta"] == b["number"])
            let seconds = (landed["t"]?.doubleValue ?? 0) - popTime
            #expect(abs(seconds - (flight.from.distance(to: BalloonLayout.scoreTarget) / 900)) <= 1.0 / 60 + 0.002)
            flights.append((flight.from.distance(to: BalloonLayout.scoreTarget), seconds))
        }
        #expect(flights[0].distance > flights[1].distance + 200)
        #expect(flights[0].seconds > flights[1].seconds + 0.2, "far balloons take longer")
        #expect(game.sounds(.coin).count == 2)
    }

    @Test func test_gameEndsWithNumbersInFlight_theyCountAtOnce() throws {
        let game = Game(level: .hard, seed: 8)
        // Keep popping so the game is not idle, up to the last moment.
        while game.isRunning {
            let now = game.scene.clock.now
            if let b = game.target("regular"), Int(now * 60) % 30 == 0 || now > 29.8 { game.tap(b.frameCenter!) } else { game.runFrame() }
        }
        let over = try #require(game.gameOver)
        #expect(over["reason"]?.stringValue == "time")
        let lastPop = try #require(game.log.events("pop").last?["t"]?.doubleValue)
        #expect(lastPop > (over["t"]?.doubleValue ?? 0) - 0.3, "a number was still in the air at the end")
        let sum = game.log.events("pop").compactMap { $0["number"]?.intValue }.reduce(0, +)
        #expect(over["score"]?.intValue == sum)
        #expect(game.scene.shownScore == sum)
        #expect(game.scene.flights.isEmpty)
        // The score lines come before the game-over line.
        let lines = game.log.lines
        let overIndex = try #require(lines.firstIndex { $0["event"]?.stringValue == "gameover" })
        #expect(!lines[overIndex...].contains { $0["event"]?.stringValue == "score" })
    }

    @Test func test_timer_countsDownFromTheLevelsTime_andTicksInTheLastTenSeconds() {
        let game = Game(level: .hard, seed: 9)
        game.runFrame()
        #expect(game.log.events("timer").first?["left"]?.intValue == 30)
        game.play(bonus: false, killer: false)
        let left = game.log.events("timer").compactMap { $0["left"]?.intValue }
        #expect(left == Array((0...30).reversed()))
        #expect(game.sounds(.tick).count == 10)
    }

    // MARK: - Dump and drawing

    @Test func test_dump_listsBalloonsWithTheirState() {
        let game = Game(level: .medium, seed: 10)
        game.step(3)
        let items = game.balloons
        let touchable = game.scene.rules.balloons.filter { $0.hitFrame(at: game.scene.clock.now) != nil }
        #expect(!items.isEmpty)
        #expect(items.count == touchable.count)
        for (item, balloon) in zip(items, touchable) {
            #expect(item["id"]?.stringValue == balloon.name)
            #expect(item["color"]?.stringValue == balloon.color)
            #expect(item["number"]?.intValue == balloon.number)
            #expect(item["speed"]?.doubleValue == 150)
            #expect(item["type"]?.stringValue == "regular")
            #expect(item["frame"] == balloon.hitFrame(at: game.scene.clock.now)!.json)
        }
        let ids = game.log.events("spawn").compactMap { $0["balloon"]?.stringValue }
        #expect(ids == ids.indices.map { "balloon-\($0)" }, "ids count up")
    }

    @Test func test_drawing_balloonsWithNumbers_popBurst_andTheSlowIndicator() throws {
        let game = Game(level: .easy, seed: 21)
        game.step(3)
        var canvas = RecordingCanvas()
        game.stack.draw(on: canvas)
        #expect(canvas.images.first == "bg-balloons")
        let shown = game.scene.rules.balloons.filter { $0.frame(at: game.scene.clock.now).minY < 768 }
        #expect(!shown.isEmpty)
        for b in shown {
            #expect(canvas.images.contains(b.imageName))
            #expect(canvas.texts.contains("\(b.number!)"))
        }
        #expect(!canvas.images.contains("snail"))

        game.tap(try #require(game.target("regular")).frameCenter!)
        canvas = RecordingCanvas()
        game.stack.draw(on: canvas)
        #expect(canvas.images.contains("burst"))
        #expect(canvas.images.contains("sparkle"))

        // Keep the game alive until the star balloon can be popped.
        var frames = 0
        while game.target("bonus") == nil && frames < 40 * 60 {
            if frames % 120 == 0, let r = game.target("regular") { game.tap(r.frameCenter!) } else { game.runFrame() }
            frames += 1
        }
        game.tap(try #require(game.target("bonus")).frameCenter!)
        #expect(game.sounds(.magic).count == 1)
        game.step(0.5)
        canvas = RecordingCanvas()
        game.stack.draw(on: canvas)
        #expect(canvas.images.contains("snail"))
        #expect(canvas.texts.contains("Slow!"))
        game.step(5)
        canvas = RecordingCanvas()
        game.stack.draw(on: canvas)
        #expect(!canvas.images.contains("snail"), "the indicator goes after 5 s")
    }
}
