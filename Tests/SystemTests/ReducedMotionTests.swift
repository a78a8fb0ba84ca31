import Foundation
import Testing
@testable import GameCore
@testable import Scenes
@testable import Runtime
@testable import Render
@testable import KidsJoyApp
@testable import SceneTests
@testable import RenderTests

/// Comfort (issue 18, item 5): reduced motion, and no new moment that flashes more than 3
/// times a second, in either mode.
@Suite(.serialized) @MainActor struct ReducedMotionTests {
    // MARK: - The setting

    @Test func test_configKeyAndFlag() throws {
        #expect(ConfigFile.parse("reduced-motion = true", file: "f").0[.reducedMotion]?.bool == true)
        #expect(ConfigFile.parse("reduced_motion = false", file: "f").0[.reducedMotion]?.bool == false)
        let bad = ConfigFile.parse("reduced-motion = maybe", file: "f")
        #expect(bad.0[.reducedMotion]?.bool == nil)
        #expect(bad.1.first?.contains("f:1") == true && bad.1.first?.contains("reduced-motion must be true or false") == true)
        #expect(ConfigFile.keys.contains(.reducedMotion))
        #expect(ConfigValues().overridden(by: ConfigFile.parse("reduced-motion = true", file: "f").0)[.reducedMotion] == .bool(true))
    }

    /// The flag reaches the game: a wrong drop glides home in 1.0 s, not 2.5 s.
    @Test(.enabled(if: GameBinary.isBuilt, "build the app first"))
    func test_theFlagShortensTheGlideHome() throws {
        let dir = temporaryDirectory()
        let script = dir + "/s.txt", log = dir + "/log.jsonl"
        // Sorting, Easy, Play; then the first vehicle dropped on the row's far end (no zone).
        try "0.2 tap-item game-sorting\n0.4 tap-item level-easy\n0.6 tap-item play\n2 drag 62 131 1000 131 0.3\n5 quit\n".write(toFile: script, atomically: true, encoding: .utf8)
        for (flag, seconds) in [([] as [String], 2.5), (["--reduced-motion"], 1.0)] {
            let r = try GameBinary.run(["--headless", "--no-draw", "--data-dir", dir, "--script", script, "--log", log] + flag)
            #expect(r.status == 0, "\(r.output)")
            let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").compactMap { JSON.parse(String($0)) }
            #expect(lines.events("drop").count == 1, "\(flag)")
            #expect(lines.events("returned").first?["seconds"]?.doubleValue.map { abs($0 - seconds) < 1e-6 } == true, "\(flag): \(lines.events("returned"))")
        }
    }

    // MARK: - What changes

    @Test func test_noConfettiOnTheWinScreen() {
        for reduced in [false, true] {
            let game = MemoryHarness(level: .easy, seed: 2)
            game.context.settings.reducedMotion = reduced
            for (a, b) in game.pairs {
                game.tap(game.scene.cardFrames[a].center)
                game.tap(game.scene.cardFrames[b].center)
                game.frames(30)
            }
            game.frames(180)
            #expect(game.stack.top.name == "alert")
            game.frames(20)
            let canvas = RecordingCanvas()
            game.stack.draw(on: canvas)
            #expect(canvas.images.contains("confetti") == !reduced, "reduced \(reduced)")
        }
    }

    @Test func test_theSkullDoesNotShake_andFlipsAreShorter() throws {
        let game = SceneDriver<BalloonScene>(level: .hard, seed: 5)
        game.context.settings.reducedMotion = true
        var popped = false
        for frame in 0..<(30 * 60) where !popped {
            if let k = FlashTests.balloon("killer", in: game.scene) {
                game.stack.handle(.pointerDown(k))
                popped = true
            } else if frame % 18 == 0, let b = FlashTests.balloon("regular", in: game.scene) {
                game.stack.handle(.pointerDown(b))
            }
            game.frames(1)
        }
        try #require(popped)
        for _ in 0..<20 {
            #expect(game.scene.play.shakeOffset(game.scene.now) == .zero)
            game.frames(1)
        }
        let memory = MemoryHarness(level: .easy, seed: 2)
        #expect(MemoryPlay.flipTime(memory.scene.now) == MemoryPlay.flipDuration)
        memory.context.settings.reducedMotion = true
        #expect(MemoryPlay.flipTime(memory.scene.now) == MemoryPlay.reducedFlipDuration)
        #expect(MemoryPlay.reducedFlipDuration < MemoryPlay.flipDuration)
    }

    /// The rules' times stay exact: a mismatch still closes 1.000 s after its flip.
    @Test func test_memoryCloseStaysExact() throws {
        let game = MemoryHarness(level: .easy, seed: 2)
        game.context.settings.reducedMotion = true
        let pairs = game.pairs
        game.tap(game.scene.cardFrames[pairs[0].0].center)
        game.tap(game.scene.cardFrames[pairs[1].0].center)
        game.frames(90)
        let flip = try #require(game.events("flip").last?["t"]?.doubleValue)
        let close = try #require(game.events("close").first?["t"]?.doubleValue)
        #expect(abs(close - flip - 1.0) < 1e-6)
    }

    // MARK: - No new moment flashes (both modes)

    func check(_ label: String, _ samples: [[Double]]) {
        let worst = FlashTests.worst(samples)
        #expect(worst.flashes <= 3, "\(label): cell \(worst.cell): \(worst.flashes) flashes in a second")
    }

    /// Sorting: a vehicle dropped wrong again and again (the head shake or its pulse, then the
    /// zone glow from the second time).
    @Test func test_wrongDropsAndTheZoneGlowNeverFlash() throws {
        let canvas = try FlashTests.canvas()
        for reduced in [false, true] {
            let game = SceneDriver<SortingScene>(seed: 7) { SortingScene(context: $0, level: .easy) }
            game.context.settings.reducedMotion = reduced
            let i = game.scene.rules.vehicles.indices.first { game.scene.rules.vehicles[$0].category != .air }!
            let samples = FlashTests.record(game.stack, canvas: canvas, seconds: 8) { frame in
                // Every 0.5 s: the vehicle, wherever it is, into the sky (wrong).
                guard frame % 30 == 0 else { return }
                let from = game.scene.frame(of: i).center
                game.drag(from: from, to: Point(512, 300))
            }
            #expect(game.events("hint").contains { $0["kind"]?.stringValue == "zone-glow" })
            check("sorting reduced \(reduced)", samples)
        }
    }

    /// Memory: mismatches one after another (the red outline and the shake or its pulse),
    /// and taps on open cards (the "not now" wiggle).
    @Test func test_mismatchesAndWigglesNeverFlash() throws {
        let canvas = try FlashTests.canvas()
        for reduced in [false, true] {
            let game = MemoryHarness(level: .easy, seed: 2)
            game.context.settings.reducedMotion = reduced
            let pairs = game.pairs
            let samples = FlashTests.record(game.stack, canvas: canvas, seconds: 8) { frame in
                let k = frame / 20
                switch frame % 20 {
                case 0:
                    // Two cards of different pairs (a mismatch), then taps on them while open.
                    let a = pairs[k % pairs.count].0, b = pairs[(k + 1) % pairs.count].1
                    for card in [a, b] {
                        let p = game.scene.cardFrames[card].center
                        game.stack.handle(.pointerDown(p)); game.stack.handle(.pointerUp(p))
                    }
                case 10:
                    let p = game.scene.cardFrames[pairs[k % pairs.count].0].center
                    game.stack.handle(.pointerDown(p)); game.stack.handle(.pointerUp(p))
                default: break
                }
            }
            #expect(game.events("mismatch").count >= 3)
            check("memory reduced \(reduced)", samples)
        }
    }

    /// The show-me demo's hand, in each game.
    @Test func test_theDemoHandNeverFlashes() throws {
        let canvas = try FlashTests.canvas()
        for reduced in [false, true] {
            let scenes: [(String, (GameRuntime) -> BaseScene)] = [
                ("memory", { MemoryScene(context: $0, level: .easy) }), ("sorting", { SortingScene(context: $0, level: .easy) }),
                ("balloons", { BalloonScene(context: $0, level: .easy) }),
            ]
            for (name, make) in scenes {
                let game = SceneDriver<BaseScene>(seed: 3, make)
                game.context.settings.reducedMotion = reduced
                let scene = try #require(game.scene as? any GameScene)
                game.stack.act(on: game.scene) { scene.startDemo() }
                #expect(game.events("demo").first?["action"]?.stringValue == "start", "\(name)")
                let samples = FlashTests.record(game.stack, canvas: canvas, seconds: 4)
                check("\(name) demo reduced \(reduced)", samples)
            }
        }
    }
}
