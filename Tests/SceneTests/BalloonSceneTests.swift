import XCTest
@testable import GameCore
@testable import Scenes
@testable import Render
@testable import Platform
@testable import KidsJoyApp

/// The Balloons scene driven in process: a scene stack stepped at 1/60 s, taps aimed from the
/// scene's own dump items, exactly as a script would. (Linux XCTest cannot call main-actor
/// test methods, so each test runs its body with `MainActor.assumeIsolated`.)
final class BalloonSceneTests: XCTestCase {
    /// A Balloons game on top of Home, with the log's clock following the steps.
    @MainActor
    final class Game {
        let context: GameContext
        let stack: SceneStack
        let scene: BalloonScene
        var log: EventLog { context.log }

        init(level: Level, seed: UInt64, dataDir: String? = nil) {
            context = makeContext(seed: seed, dataDir: dataDir)
            stack = SceneStack(root: HomeScene(context: context), log: context.log)
            scene = BalloonScene(context: context, level: level)
            stack.apply([.push(scene)])
        }

        func step(_ seconds: Double) { SceneTests.step(stack, seconds: seconds, log: log) }
        func frame() { step(1.0 / 60) }

        /// Press and release one frame apart, like the script's `tap`.
        func tap(_ p: Point) {
            stack.handle(.pointerDown(p))
            frame()
            stack.handle(.pointerUp(p))
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
                        frame()
                    }
                } else {
                    frame()
                }
                frames += 1
            }
        }
    }

    // MARK: - Whole games

    func test_hardGame_poppingFromDumps_withABonus_endsAtTimeOut_andRecordsTheScore() throws {
        try MainActor.assumeIsolated {
            let dir = temporaryDirectory()
            let game = Game(level: .hard, seed: 21, dataDir: dir)
            game.play(bonus: true, killer: false)
            let over = try XCTUnwrap(game.gameOver)
            XCTAssertEqual(over["reason"]?.stringValue, "time")
            XCTAssertEqual(over["result"]?.stringValue, "won")
            XCTAssertEqual(over["recorded"], .bool(true))
            XCTAssertEqual(over["rank"]?.intValue, 1)
            XCTAssertEqual(over["t"]?.doubleValue ?? 0, 30, accuracy: 0.05)

            let pops = game.log.events("pop")
            XCTAssertEqual(pops.filter { $0["type"]?.stringValue == "bonus" }.count, 1)
            XCTAssertTrue(pops.allSatisfy { $0["type"]?.stringValue != "killer" })
            let sum = pops.compactMap { $0["number"]?.intValue }.reduce(0, +)
            XCTAssertGreaterThan(pops.count, 30)
            XCTAssertEqual(over["score"]?.intValue, sum)
            XCTAssertEqual(game.log.events("score").last?["total"]?.intValue, sum, "every number reached the score")
            XCTAssertEqual(game.scene.shownScore, sum)
            XCTAssertEqual(game.context.scores.table.entries.first?.score, sum)
            XCTAssertEqual(game.stack.names, ["home", "balloons", "alert"])

            // The bonus slowed the regular balloons that appeared in the next five seconds.
            let bonusPop = try XCTUnwrap(pops.first { $0["type"]?.stringValue == "bonus" }?["t"]?.doubleValue)
            let spawns = game.log.events("spawn").filter { $0["type"]?.stringValue == "regular" }
            let slowed = spawns.filter { ($0["t"]?.doubleValue ?? 0) > bonusPop + 0.02 && ($0["t"]?.doubleValue ?? 0) < bonusPop + 4.98 }
            XCTAssertFalse(slowed.isEmpty)
            XCTAssertTrue(slowed.allSatisfy { $0["speed"]?.doubleValue == 100 })
            XCTAssertEqual(game.sounds(.magic).count, 1)
            XCTAssertEqual(game.sounds(.bonusArrive).count, game.log.events("spawn").filter { $0["type"]?.stringValue == "bonus" }.count)
        }
    }

    func test_killerPop_endsTheGameLost_nothingRecorded() throws {
        try MainActor.assumeIsolated {
            let dir = temporaryDirectory()
            let game = Game(level: .hard, seed: 21, dataDir: dir)
            game.play(bonus: false, killer: true)
            let over = try XCTUnwrap(game.gameOver)
            XCTAssertEqual(over["reason"]?.stringValue, "killer")
            XCTAssertEqual(over["result"]?.stringValue, "lost")
            XCTAssertEqual(over["recorded"], .bool(false))
            XCTAssertGreaterThan(over["score"]?.intValue ?? 0, 0, "points were earned, and still not recorded")
            XCTAssertTrue(game.context.scores.table.entries.isEmpty)
            let killerPop = try XCTUnwrap(game.log.events("pop").last)
            XCTAssertEqual(killerPop["type"]?.stringValue, "killer")
            XCTAssertEqual(killerPop["number"], .null)
            XCTAssertEqual(over["t"]?.doubleValue, killerPop["t"]?.doubleValue, "the game ends at once")
            XCTAssertEqual(game.sounds(.boom).count, 1)
            XCTAssertEqual(game.sounds(.killerArrive).count, 1)
            XCTAssertEqual(game.sounds(.sadTrombone).count, 1)
            // The boom shows for a moment, then the alert asks to play again.
            XCTAssertEqual(game.stack.names, ["home", "balloons"])
            game.step(1)
            XCTAssertEqual(game.stack.names, ["home", "balloons", "alert"])
            XCTAssertEqual(game.log.events("alert").last?["title"]?.stringValue, "You lost the game")
        }
    }

    func test_tenSecondsWithoutAPop_endsLost_nothingRecorded() throws {
        try MainActor.assumeIsolated {
            let game = Game(level: .medium, seed: 4)
            game.step(9.9)
            XCTAssertNil(game.gameOver)
            game.step(0.2)
            let over = try XCTUnwrap(game.gameOver)
            XCTAssertEqual(over["reason"]?.stringValue, "idle")
            XCTAssertEqual(over["result"]?.stringValue, "lost")
            XCTAssertEqual(over["recorded"], .bool(false))
            XCTAssertEqual(over["t"]?.doubleValue ?? 0, 10, accuracy: 0.02)
            XCTAssertTrue(game.context.scores.table.entries.isEmpty)
            XCTAssertEqual(game.stack.names, ["home", "balloons", "alert"])
        }
    }

    func test_back_leavesAtOnce_andRecordsNothing() throws {
        try MainActor.assumeIsolated {
            let game = Game(level: .easy, seed: 5)
            game.step(3)
            let b = try XCTUnwrap(game.target("regular"))
            game.tap(b.frameCenter!)
            game.step(2)
            XCTAssertGreaterThan(game.scene.shownScore, 0)
            game.tap(Point(60, 32))
            XCTAssertEqual(game.stack.names, ["home"])
            XCTAssertTrue(game.context.scores.table.entries.isEmpty)
            XCTAssertTrue(game.log.events("gameover").allSatisfy { $0["recorded"] == .bool(false) })
        }
    }

    // MARK: - Taps, numbers, score

    func test_tapOnABalloon_popsIt_withPopSound_andLogs() throws {
        try MainActor.assumeIsolated {
            let game = Game(level: .easy, seed: 6)
            game.step(3)
            let b = try XCTUnwrap(game.target("regular"))
            game.tap(b.frameCenter!)
            let pop = try XCTUnwrap(game.log.events("pop").first)
            XCTAssertEqual(pop["balloon"], b["id"])
            XCTAssertEqual(pop["type"]?.stringValue, "regular")
            XCTAssertEqual(pop["number"], b["number"])
            XCTAssertEqual(game.sounds(.pop).count, 1)
            XCTAssertFalse(game.balloons.contains { $0["id"] == b["id"] })
            // A tap on empty sky does nothing.
            game.tap(Point(512, 120))
            XCTAssertEqual(game.log.events("pop").count, 1)
        }
    }

    func test_flyingNumber_landsAfterItsDistanceAtOneSpeed_thenTheScoreUpdates() throws {
        try MainActor.assumeIsolated {
            let game = Game(level: .easy, seed: 7)
            game.step(2)
            var flights: [(distance: Double, seconds: Double)] = []
            for wanted in [BalloonLayout.entranceY - 60, 300] {
                // Wait until some balloon's body is near the wanted height, then pop it.
                var target: JSON?
                for _ in 0..<600 {
                    target = game.balloons("regular").first { abs(($0.frameCenter?.y ?? 0) - wanted) < 20 && ($0["frame"]?.arrayValue?[3].doubleValue ?? 0) > 100 }
                    if target != nil { break }
                    game.frame()
                }
                let b = try XCTUnwrap(target)
                let before = game.log.events("score").count
                game.tap(b.frameCenter!)
                let flight = try XCTUnwrap(game.scene.flights.last)
                let popTime = try XCTUnwrap(game.log.events("pop").last?["t"]?.doubleValue)
                XCTAssertEqual(game.scene.shownScore, game.log.events("score").last?["total"]?.intValue ?? 0, "not counted before it lands")
                while game.log.events("score").count == before { game.frame() }
                let landed = try XCTUnwrap(game.log.events("score").last)
                XCTAssertEqual(landed["delta"], b["number"])
                let seconds = (landed["t"]?.doubleValue ?? 0) - popTime
                XCTAssertEqual(seconds, flight.from.distance(to: BalloonLayout.scoreTarget) / 900, accuracy: 1.0 / 60 + 0.002)
                flights.append((flight.from.distance(to: BalloonLayout.scoreTarget), seconds))
            }
            XCTAssertGreaterThan(flights[0].distance, flights[1].distance + 200)
            XCTAssertGreaterThan(flights[0].seconds, flights[1].seconds + 0.2, "far balloons take longer")
            XCTAssertEqual(game.sounds(.coin).count, 2)
        }
    }

    func test_gameEndsWithNumbersInFlight_theyCountAtOnce() throws {
        try MainActor.assumeIsolated {
            let game = Game(level: .hard, seed: 8)
            // Keep popping so the game is not idle, up to the last moment.
            while game.isRunning {
                let now = game.scene.clock.now
                if let b = game.target("regular"), Int(now * 60) % 30 == 0 || now > 29.8 { game.tap(b.frameCenter!) } else { game.frame() }
            }
            let over = try XCTUnwrap(game.gameOver)
            XCTAssertEqual(over["reason"]?.stringValue, "time")
            let lastPop = try XCTUnwrap(game.log.events("pop").last?["t"]?.doubleValue)
            XCTAssertGreaterThan(lastPop, (over["t"]?.doubleValue ?? 0) - 0.3, "a number was still in the air at the end")
            let sum = game.log.events("pop").compactMap { $0["number"]?.intValue }.reduce(0, +)
            XCTAssertEqual(over["score"]?.intValue, sum)
            XCTAssertEqual(game.scene.shownScore, sum)
            XCTAssertTrue(game.scene.flights.isEmpty)
            // The score lines come before the game-over line.
            let lines = game.log.lines
            let overIndex = try XCTUnwrap(lines.firstIndex { $0["event"]?.stringValue == "gameover" })
            XCTAssertFalse(lines[overIndex...].contains { $0["event"]?.stringValue == "score" })
        }
    }

    func test_timer_countsDownFromTheLevelsTime_andTicksInTheLastTenSeconds() {
        MainActor.assumeIsolated {
            let game = Game(level: .hard, seed: 9)
            game.frame()
            XCTAssertEqual(game.log.events("timer").first?["left"]?.intValue, 30)
            game.play(bonus: false, killer: false)
            let left = game.log.events("timer").compactMap { $0["left"]?.intValue }
            XCTAssertEqual(left, Array((0...30).reversed()))
            XCTAssertEqual(game.sounds(.tick).count, 10)
        }
    }

    // MARK: - Dump and drawing

    func test_dump_listsBalloonsWithTheirState() {
        MainActor.assumeIsolated {
            let game = Game(level: .medium, seed: 10)
            game.step(3)
            let items = game.balloons
            let touchable = game.scene.rules.balloons.filter { $0.hitFrame(at: game.scene.clock.now) != nil }
            XCTAssertFalse(items.isEmpty)
            XCTAssertEqual(items.count, touchable.count)
            for (item, balloon) in zip(items, touchable) {
                XCTAssertEqual(item["id"]?.stringValue, balloon.name)
                XCTAssertEqual(item["color"]?.stringValue, balloon.color)
                XCTAssertEqual(item["number"]?.intValue, balloon.number)
                XCTAssertEqual(item["speed"]?.doubleValue, 150)
                XCTAssertEqual(item["type"]?.stringValue, "regular")
                XCTAssertEqual(item["frame"], balloon.hitFrame(at: game.scene.clock.now)!.json)
            }
            let ids = game.log.events("spawn").compactMap { $0["balloon"]?.stringValue }
            XCTAssertEqual(ids, ids.indices.map { "balloon-\($0)" }, "ids count up")
        }
    }

    func test_drawing_balloonsWithNumbers_popBurst_andTheSlowIndicator() throws {
        try MainActor.assumeIsolated {
            let game = Game(level: .easy, seed: 21)
            game.step(3)
            var canvas = RecordingCanvas()
            game.stack.draw(on: canvas)
            XCTAssertEqual(canvas.images.first, "bg-balloons")
            let shown = game.scene.rules.balloons.filter { $0.frame(at: game.scene.clock.now).minY < 768 }
            XCTAssertFalse(shown.isEmpty)
            for b in shown {
                XCTAssertTrue(canvas.images.contains(b.imageName))
                XCTAssertTrue(canvas.texts.contains("\(b.number!)"))
            }
            XCTAssertFalse(canvas.images.contains("snail"))

            game.tap(try XCTUnwrap(game.target("regular")).frameCenter!)
            canvas = RecordingCanvas()
            game.stack.draw(on: canvas)
            XCTAssertTrue(canvas.images.contains("burst"))
            XCTAssertTrue(canvas.images.contains("sparkle"))

            // Keep the game alive until the star balloon can be popped.
            var frames = 0
            while game.target("bonus") == nil && frames < 40 * 60 {
                if frames % 120 == 0, let r = game.target("regular") { game.tap(r.frameCenter!) } else { game.frame() }
                frames += 1
            }
            game.tap(try XCTUnwrap(game.target("bonus")).frameCenter!)
            XCTAssertEqual(game.sounds(.magic).count, 1)
            game.step(0.5)
            canvas = RecordingCanvas()
            game.stack.draw(on: canvas)
            XCTAssertTrue(canvas.images.contains("snail"))
            XCTAssertTrue(canvas.texts.contains("Slow!"))
            game.step(5)
            canvas = RecordingCanvas()
            game.stack.draw(on: canvas)
            XCTAssertFalse(canvas.images.contains("snail"), "the indicator goes after 5 s")
        }
    }

    // MARK: - Scripted, from Home

    func test_script_fromHome_balloonsSpawn_andAnIdleGameEndsAfterTenSeconds() throws {
        try MainActor.assumeIsolated {
            let lines = try runScript("""
                0.2 tap 776 224
                0.4 tap 512 440
                0.6 tap 512 646
                3.0 dump
                12.0 dump
                """, seed: 3)
            XCTAssertEqual(lines.events("scene").last { $0["action"]?.stringValue == "push" && $0["scene"]?.stringValue == "balloons" }?["scene"]?.stringValue, "balloons")
            let start = try XCTUnwrap(lines.events("scene").first { $0["scene"]?.stringValue == "balloons" }?["t"]?.doubleValue)
            let spawns = lines.events("spawn")
            XCTAssertGreaterThanOrEqual(spawns.count, 10)
            for s in spawns {
                XCTAssertEqual(s["type"]?.stringValue, "regular")
                XCTAssertTrue((1...7).contains(s["number"]?.intValue ?? 0))
                XCTAssertTrue((0...9).contains(s["spot"]?.intValue ?? -1))
                XCTAssertEqual(s["speed"]?.doubleValue, 150)
            }
            let firstDump = try XCTUnwrap(lines.events("dump").first)
            XCTAssertEqual(firstDump["scene"]?.stringValue, "balloons")
            XCTAssertTrue((firstDump["items"]?.arrayValue ?? []).contains { $0["kind"]?.stringValue == "balloon" })
            let over = try XCTUnwrap(lines.events("gameover").first)
            XCTAssertEqual(over["reason"]?.stringValue, "idle")
            XCTAssertEqual(over["result"]?.stringValue, "lost")
            XCTAssertEqual(over["recorded"], .bool(false))
            XCTAssertEqual((over["t"]?.doubleValue ?? 0) - start, 10, accuracy: 0.05)
            XCTAssertEqual(lines.lastDumpItems().first { $0["id"]?.stringValue == "alert-yes" }?["kind"]?.stringValue, "button")
        }
    }
}
