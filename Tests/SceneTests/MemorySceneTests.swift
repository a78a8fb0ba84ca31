import XCTest
@testable import GameCore
@testable import Scenes
@testable import Render
@testable import Platform
@testable import KidsJoyApp

/// Drives a real MemoryScene on a SceneStack frame by frame, the way the app's loop does:
/// in each frame, input first, then one 1/60 s update. Frame 0 is the frame the game was
/// pushed in, so the game time of frame n is n/60 s, and so is the log's `t`.
@MainActor
final class MemoryHarness {
    let context: GameContext
    let stack: SceneStack
    let scene: MemoryScene
    private(set) var frame = 0

    init(level: Level, seed: UInt64 = 1) {
        context = makeContext(seed: seed)
        stack = SceneStack(root: HomeScene(context: context), log: context.log)
        scene = MemoryScene(context: context, level: level)
        stack.apply([.push(scene)])
    }

    var log: EventLog { context.log }
    var rules: MemoryRules { scene.rules }

    /// Runs one frame: the given input, then the update.
    func runFrame(_ input: [InputEvent] = []) {
        log.time = Double(frame) / 60
        for event in input { stack.handle(event) }
        stack.update(dt: GameApp.step)
        frame += 1
    }

    /// Runs frames until the one starting at `seconds` is next.
    func wait(until seconds: Double) {
        let target = Int((seconds * 60).rounded())
        while frame < target { runFrame() }
    }

    /// Taps cards (press and release on each) in the current frame.
    func tap(_ cards: Int...) {
        runFrame(cards.flatMap { card -> [InputEvent] in
            let p = scene.cardFrames[card].center
            return [.pointerDown(p), .pointerUp(p)]
        })
    }

    /// The two ids of every pair, from the rules' deck (what a script reads from a dump).
    var pairs: [(Int, Int)] {
        let byFace = Dictionary(grouping: rules.cards, by: \.face)
        return byFace.values.map { ($0[0].id, $0[1].id) }.sorted { $0.0 < $1.0 }
    }

    /// Two cards with different animals.
    var mismatch: (Int, Int) {
        let a = rules.cards[0]
        return (a.id, rules.cards.first { $0.face != a.face }!.id)
    }

    func events(_ name: String) -> [JSON] { log.events(name) }
}

final class MemorySceneTests: XCTestCase {
    func test_titleAndTiming_constants() {
        XCTAssertEqual(GameKind.memory.title, "Memory")
        XCTAssertEqual(MemoryRules.mismatchCloseDelay, 1.0)
        XCTAssertEqual(Countdown.format(Int(MemoryRules.timeLimit(for: .easy))), "2:00")
    }

    // MARK: - Start

    @MainActor
    func test_start_showsFullTime_andDumpsHiddenCards() async {
        for (level, count, time) in [(Level.easy, 12, 120), (.medium, 16, 105), (.hard, 20, 90)] {
            let h = MemoryHarness(level: level)
            h.runFrame()
            let dump = h.scene.dump()
            XCTAssertEqual(dump.first { $0.0 == "timeLeft" }?.1.intValue, time)
            XCTAssertEqual(dump.first { $0.0 == "score" }?.1.intValue, 0)
            let items = dump.first { $0.0 == "items" }!.1.arrayValue!
            let cards = items.filter { $0["kind"]?.stringValue == "card" }
            XCTAssertEqual(cards.map { $0["id"]?.stringValue }, (0..<count).map { "card-\($0)" })
            XCTAssertTrue(cards.allSatisfy { $0["state"]?.stringValue == "hidden" })
            XCTAssertEqual(cards.map { $0["face"]?.stringValue }, h.rules.cards.map(\.face))
            XCTAssertEqual(Set(items.compactMap { $0["id"]?.stringValue }).isSuperset(of: ["back", "mute"]), true)
            XCTAssertEqual(h.events("timer").first?["left"]?.intValue, time)
            XCTAssertEqual(h.scene.title, "Memory")
        }
    }

    @MainActor
    func test_dumpFrameCentres_hitTheirCards() async {
        let h = MemoryHarness(level: .hard)
        let cards = h.scene.dumpItems()
        for (i, item) in cards.enumerated() {
            h.runFrame([.pointerDown(item.frameCenter!), .pointerUp(item.frameCenter!)])
            XCTAssertEqual(h.events("flip").last?["card"]?.stringValue, "card-\(i)")
            h.wait(until: h.rules.isLocked ? Double(h.frame) / 60 + 1.05 : Double(h.frame) / 60)
        }
    }

    // MARK: - Flipping, matching, mismatching

    @MainActor
    func test_tapHiddenCard_flipsOpen_withFlipSoundAndLog() async {
        let h = MemoryHarness(level: .easy)
        h.wait(until: 0.5)
        h.tap(5)
        XCTAssertEqual(h.rules.cards[5].state, .open)
        let flip = h.events("flip")
        XCTAssertEqual(flip.count, 1)
        XCTAssertEqual(flip[0]["card"]?.stringValue, "card-5")
        XCTAssertEqual(flip[0]["face"]?.stringValue, h.rules.cards[5].face)
        XCTAssertEqual(h.events("sound").last?["name"]?.stringValue, "flip")
        XCTAssertEqual(h.scene.dumpItems()[5]["state"]?.stringValue, "open")
    }

    @MainActor
    func test_pressOnOneCard_releaseOnAnother_opensNothing() async {
        let h = MemoryHarness(level: .easy)
        h.runFrame([.pointerDown(h.scene.cardFrames[0].center)])
        h.runFrame([.pointerUp(h.scene.cardFrames[1].center)])
        h.runFrame([.pointerDown(h.scene.cardFrames[2].center), .pointerUp(Point(512, 80))])
        XCTAssertTrue(h.events("flip").isEmpty)
    }

    @MainActor
    func test_match_cheers_logsMatch_scoresWithCoin_andMarksBothFound() async {
        let h = MemoryHarness(level: .easy)
        let (a, b) = h.pairs[0]
        h.wait(until: 1)
        h.tap(a)
        h.wait(until: 2)
        h.tap(b)
        let match = h.events("match")
        XCTAssertEqual(match.count, 1)
        XCTAssertEqual(match[0]["cards"], .strings(["card-\(a)", "card-\(b)"]))
        XCTAssertEqual(match[0]["face"]?.stringValue, h.rules.cards[a].face)
        let sounds = h.events("sound").compactMap { $0["name"]?.stringValue }
        XCTAssertEqual(Array(sounds.suffix(3)), ["flip", "cheer", "coin"])
        XCTAssertEqual(h.events("score").last?["delta"]?.intValue, 5)
        XCTAssertEqual(h.scene.shownScore, 5)
        XCTAssertEqual(h.scene.dumpItems()[a]["state"]?.stringValue, "matched")
        XCTAssertEqual(h.scene.dumpItems()[b]["state"]?.stringValue, "matched")
    }

    @MainActor
    func test_mismatch_boings_andClosesExactlyOneSecondAfterSecondCard() async {
        let h = MemoryHarness(level: .easy)
        let (a, b) = h.mismatch
        h.wait(until: 1)
        h.tap(a)
        h.wait(until: 1.5)
        h.tap(b)
        let mismatch = h.events("mismatch")
        XCTAssertEqual(mismatch.count, 1)
        XCTAssertEqual(mismatch[0]["cards"], .strings(["card-\(a)", "card-\(b)"]))
        XCTAssertEqual(mismatch[0]["faces"], .strings([h.rules.cards[a].face, h.rules.cards[b].face]))
        XCTAssertEqual(h.events("sound").last?["name"]?.stringValue, "boing")

        h.wait(until: 2.5)
        XCTAssertTrue(h.events("close").isEmpty, "one frame before the second is up, both are open")
        XCTAssertEqual(h.rules.cards[a].state, .open)
        XCTAssertEqual(h.rules.cards[b].state, .open)
        h.runFrame()
        let close = h.events("close")
        XCTAssertEqual(close.count, 1)
        XCTAssertEqual(close[0]["cards"], .strings(["card-\(a)", "card-\(b)"]))
        let secondFlip = h.events("flip")[1]["t"]!.doubleValue!
        XCTAssertEqual(close[0]["t"]!.doubleValue! - secondFlip, 1.0, accuracy: 1e-9)
        XCTAssertEqual(h.events("sound").last?["name"]?.stringValue, "close")
        XCTAssertEqual(h.rules.cards[a].state, .hidden)
        XCTAssertEqual(h.rules.cards[b].state, .hidden)
    }

    @MainActor
    func test_tapsDuringMismatchSecond_doNothing() async {
        let h = MemoryHarness(level: .medium)
        let (a, b) = h.mismatch
        h.tap(a)
        h.tap(b)
        let others = h.rules.cards.indices.filter { $0 != a && $0 != b }
        for (i, card) in others.prefix(8).enumerated() {
            h.wait(until: 0.1 + Double(i) * 0.1)
            h.tap(card)
        }
        h.tap(a)
        h.tap(b)
        XCTAssertEqual(h.events("flip").count, 2)
        XCTAssertEqual(h.rules.cards.filter { $0.state == .open }.count, 2)
        h.wait(until: 1.2)
        XCTAssertEqual(h.events("close").count, 1)
        h.tap(others[0])
        XCTAssertEqual(h.events("flip").count, 3, "after the close, cards open again")
    }

    @MainActor
    func test_tapOpenOrMatchedCard_doesNothing() async {
        let h = MemoryHarness(level: .easy)
        let (a, b) = h.pairs[0]
        let (c, _) = h.pairs[1]
        h.tap(a)
        h.tap(b)
        h.tap(c)
        let soundsBefore = h.events("sound").count
        h.tap(c)
        h.tap(a)
        h.tap(b)
        h.wait(until: 2)
        XCTAssertEqual(h.events("flip").count, 3)
        XCTAssertEqual(h.events("sound").count, soundsBefore, "no sound for a tap that changes nothing")
        XCTAssertEqual(h.rules.cards[c].state, .open)
        XCTAssertEqual(h.rules.waitingCard, c)
        XCTAssertEqual(h.scene.shownScore, 5)
    }

    // MARK: - Scoring through the scene's clock

    @MainActor
    func pointsForFirstPair(secondCardAt seconds: Double) -> Int? {
        let h = MemoryHarness(level: .easy)
        let (a, b) = h.pairs[0]
        h.tap(a)
        h.wait(until: seconds)
        h.tap(b)
        XCTAssertEqual(h.events("flip").last?["t"]?.doubleValue ?? -1, seconds, accuracy: 1e-9)
        return h.events("score").last?["delta"]?.intValue
    }

    @MainActor
    func test_scene_pairAtThreeSeconds_scoresFive_oneFrameLater_four() async {
        XCTAssertEqual(pointsForFirstPair(secondCardAt: 3.0), 5)
        XCTAssertEqual(pointsForFirstPair(secondCardAt: 3.0 + 1.0 / 60), 4)
    }

    @MainActor
    func test_scene_pairAtSevenSeconds_scoresFour_oneFrameLater_three() async {
        XCTAssertEqual(pointsForFirstPair(secondCardAt: 7.0), 4)
        XCTAssertEqual(pointsForFirstPair(secondCardAt: 7.0 + 1.0 / 60), 3)
    }

    @MainActor
    func test_scene_pairClockRestartsAtEachPair() async {
        let h = MemoryHarness(level: .easy)
        let pairs = h.pairs
        h.tap(pairs[0].0)
        h.wait(until: 5)
        h.tap(pairs[0].1) // 5 s: 4 points
        h.tap(pairs[1].0)
        h.wait(until: 8)
        h.tap(pairs[1].1) // 3 s after the previous pair: 5 points
        h.tap(pairs[2].0)
        h.wait(until: 15 + 1.0 / 60)
        h.tap(pairs[2].1) // 7 s + a frame: 3 points
        XCTAssertEqual(h.events("score").compactMap { $0["delta"]?.intValue }, [4, 5, 3])
        XCTAssertEqual(h.events("score").last?["total"]?.intValue, 12)
    }

    // MARK: - Whole games

    @MainActor
    func test_wholeGameWon_recordsScore_andShowsWinAlert() async {
        for level in Level.allCases {
            let h = MemoryHarness(level: level, seed: 11)
            h.wait(until: 0.5)
            for (a, b) in h.pairs {
                h.tap(a)
                h.wait(until: Double(h.frame) / 60 + 0.3)
                h.tap(b)
                h.wait(until: Double(h.frame) / 60 + 0.4)
            }
            h.wait(until: Double(h.frame) / 60 + MemoryScene.winCelebration + 0.1)
            let count = MemoryRules.pairCount(for: level)
            XCTAssertEqual(h.events("match").count, count)
            XCTAssertTrue(h.events("mismatch").isEmpty)
            let over = h.events("gameover")
            XCTAssertEqual(over.count, 1, "\(level)")
            XCTAssertEqual(over.first?["result"]?.stringValue, "won")
            XCTAssertEqual(over.first?["reason"]?.stringValue, "all-found")
            XCTAssertEqual(over.first?["game"]?.stringValue, "memory")
            XCTAssertEqual(over.first?["level"]?.stringValue, level.rawValue)
            XCTAssertEqual(over.first?["score"]?.intValue, 5 * count, "every pair within 3 s")
            XCTAssertEqual(over.first?["recorded"]?.boolValue, true)
            XCTAssertEqual(over.first?["rank"]?.intValue, 1)
            XCTAssertEqual(h.context.scores.table.entries.map(\.score), [5 * count])
            XCTAssertEqual(h.context.scores.table.entries.first?.game, .memory)
            XCTAssertEqual(h.context.scores.table.entries.first?.level, level)
            XCTAssertEqual(h.stack.names, ["home", "memory", "alert"])
            let alert = h.stack.top as? AlertScene
            XCTAssertEqual(alert?.alertTitle, "You won!")
            XCTAssertTrue(alert?.message.contains("Your score: \(5 * count)") ?? false)
            XCTAssertTrue(alert?.message.contains("Play again?") ?? false)
            let sounds = h.events("sound").compactMap { $0["name"]?.stringValue }
            XCTAssertTrue(sounds.contains("fanfare"))
            XCTAssertTrue(sounds.contains("applause"))
        }
    }

    @MainActor
    func test_winAlert_waitsForTheLastPairToBeSeen_andTheTimerStops() async {
        let h = MemoryHarness(level: .easy, seed: 3)
        for (a, b) in h.pairs { h.tap(a); h.tap(b) }
        let wonAt = Double(h.frame - 1) / 60
        h.wait(until: wonAt + MemoryScene.winCelebration)
        XCTAssertTrue(h.events("gameover").isEmpty, "the last pair bounces first")
        h.runFrame()
        XCTAssertEqual(h.events("gameover").count, 1)
        XCTAssertEqual(h.events("gameover")[0]["t"]!.doubleValue!, wonAt + MemoryScene.winCelebration, accuracy: 1e-6)
        XCTAssertEqual(h.events("timer").count, 1, "the time shown stays put after the win")
    }

    @MainActor
    func test_timeRunsOut_showsLoseAlert_recordsNothing() async {
        let h = MemoryHarness(level: .hard)
        let (a, b) = h.pairs[0]
        h.tap(a)
        h.tap(b)
        h.wait(until: 90)
        XCTAssertTrue(h.events("gameover").isEmpty, "still playing in the last frame before 0:00")
        XCTAssertEqual(h.events("timer").last?["left"]?.intValue, 1)
        h.runFrame()
        let over = h.events("gameover")
        XCTAssertEqual(over.count, 1)
        XCTAssertEqual(over[0]["t"]?.doubleValue, 90)
        XCTAssertEqual(over[0]["result"]?.stringValue, "lost")
        XCTAssertEqual(over[0]["reason"]?.stringValue, "time")
        XCTAssertEqual(over[0]["recorded"]?.boolValue, false)
        XCTAssertEqual(over[0]["score"]?.intValue, 5)
        XCTAssertEqual(h.events("timer").last?["left"]?.intValue, 0)
        XCTAssertTrue(h.context.scores.table.entries.isEmpty)
        XCTAssertEqual((h.stack.top as? AlertScene)?.alertTitle, "You lost the game")
        XCTAssertTrue(h.events("sound").contains { $0["name"]?.stringValue == "sad-trombone" })
        // The last ten seconds ticked.
        XCTAssertEqual(h.events("sound").filter { $0["name"]?.stringValue == "tick" }.count, 10, "0:10 down to 0:01")
    }

    @MainActor
    func test_back_losesTheGame_recordsNothing() async {
        let h = MemoryHarness(level: .easy)
        for (a, b) in h.pairs.prefix(5) { h.tap(a); h.tap(b) }
        XCTAssertEqual(h.scene.shownScore, 25)
        let back = TopBar.backFrame.center
        h.runFrame([.pointerDown(back), .pointerUp(back)])
        XCTAssertEqual(h.stack.names, ["home"])
        XCTAssertTrue(h.context.scores.table.entries.isEmpty)
        XCTAssertFalse(h.events("gameover").contains { $0["recorded"]?.boolValue == true })
    }

    @MainActor
    func test_escape_isBack() async {
        let h = MemoryHarness(level: .medium)
        h.tap(0)
        h.runFrame([.key(.escape)])
        XCTAssertEqual(h.stack.names, ["home"])
        XCTAssertTrue(h.context.scores.table.entries.isEmpty)
    }

    @MainActor
    func test_playAgainYes_dealsANewGameOfTheSameLevel() async {
        let h = MemoryHarness(level: .medium, seed: 5)
        let firstDeck = h.rules.cards.map(\.face)
        for (a, b) in h.pairs { h.tap(a); h.tap(b) }
        h.wait(until: Double(h.frame) / 60 + 2)
        let yes = (h.stack.top as! AlertScene).buttonFrame(0).center
        h.runFrame([.pointerDown(yes), .pointerUp(yes)])
        XCTAssertEqual(h.stack.names, ["home", "memory"])
        let next = h.stack.top as! MemoryScene
        XCTAssertEqual(next.level, .medium)
        XCTAssertTrue(next.rules.cards.allSatisfy { $0.state == .hidden })
        XCTAssertNotEqual(next.rules.cards.map(\.face), firstDeck, "a new random draw")
    }

    // MARK: - Drawing

    @MainActor
    func test_drawing_backsFacesAndFoundMarks() async {
        let h = MemoryHarness(level: .easy)
        let canvas = RecordingCanvas()
        h.runFrame()
        h.scene.draw(on: canvas)
        XCTAssertEqual(canvas.images.filter { $0 == "card-back" }.count, 12)
        XCTAssertFalse(canvas.images.contains { $0.hasPrefix("animal-") })
        XCTAssertTrue(canvas.texts.contains("Memory"))
        XCTAssertTrue(canvas.texts.contains("2:00"))

        let (a, b) = h.pairs[0]
        let (c, _) = h.pairs[1]
        h.tap(a)
        h.tap(b)
        h.tap(c)
        h.wait(until: 2)
        canvas.calls.removeAll()
        h.scene.draw(on: canvas)
        XCTAssertEqual(canvas.images.filter { $0 == "card-back" }.count, 9)
        XCTAssertEqual(canvas.images.filter { $0 == "card-front" }.count, 3)
        XCTAssertEqual(canvas.images.filter { $0 == "animal-\(h.rules.cards[a].face)" }.count, 2)
        XCTAssertEqual(canvas.images.filter { $0 == "animal-\(h.rules.cards[c].face)" }.count, 1)
        XCTAssertEqual(canvas.images.filter { $0 == "check" }.count, 2, "found cards carry a check, not colour alone")
        // The found cards' outline and two glow rings, drawn around the cards themselves.
        let strokes = canvas.calls.compactMap { call -> Rect? in if case .stroke(let r) = call { return r }; return nil }
        XCTAssertEqual(strokes.count, 6)
        XCTAssertTrue(strokes.allSatisfy { $0.contains(h.scene.cardFrames[a].center) || $0.contains(h.scene.cardFrames[b].center) })
    }

    @MainActor
    func test_flipAnimation_squeezesThroughZeroWidth() async {
        final class WidthCanvas: Canvas {
            var scales: [String: [Double]] = [:]
            func clear(_ color: Color) {}
            func fill(_ rect: Rect, _ color: Color) {}
            func fillRounded(_ rect: Rect, radius: Double, _ color: Color) {}
            func strokeRounded(_ rect: Rect, radius: Double, width: Double, _ color: Color) {}
            func fillCircle(center: Point, radius: Double, _ color: Color) {}
            func line(from a: Point, to b: Point, width: Double, _ color: Color) {}
            func image(_ name: String, in frame: Rect, _ options: ImageOptions) {
                if name.hasPrefix("card-") { scales[name, default: []].append(options.scaleX) }
            }
            func imageSize(_ name: String) -> Size? { Size(256, 256) }
            func text(_ string: String, _ style: TextStyle, at: Point, align: TextAlign, color: Color, outline: Color?, alpha: Double) {}
            func measure(_ string: String, _ style: TextStyle) -> Size { Size(10, 10) }
            func layer(_ id: String, _ draw: () -> Void) { draw() }
        }
        let h = MemoryHarness(level: .easy)
        h.tap(0)
        var backs: [Double] = [], fronts: [Double] = []
        for _ in 0..<30 {
            let canvas = WidthCanvas()
            // Only card 0 differs from a plain back: find it by counting.
            h.scene.draw(on: canvas)
            let b = canvas.scales["card-back"] ?? []
            if b.count == 12 { backs.append(b.min()!) }
            if let f = canvas.scales["card-front"]?.first { fronts.append(f) }
            h.runFrame()
        }
        XCTAssertLessThan(backs.min() ?? 1, 0.5, "the back narrows")
        XCTAssertEqual(backs, backs.sorted(by: >), "the back only narrows")
        XCTAssertLessThan(fronts.first ?? 1, 0.5, "the face grows from narrow")
        XCTAssertEqual(fronts.last, 1, "and ends full width")
        XCTAssertEqual(fronts, fronts.sorted(), "the face only grows")
    }

    // MARK: - The real app, scripted from Home

    /// Runs the real app headless on a script (no drawing) and answers its log.
    @MainActor
    func play(_ script: String, seed: UInt64) -> [JSON] {
        do { return try runScript(script, seed: seed, draw: false) } catch {
            XCTFail("script failed: \(error)")
            return []
        }
    }

    @MainActor
    func test_script_fromHomeIntoMemory_logsPushFlipsAndDumpOfTwelveCards() async {
        let script = """
        0.2 tap 248 224
        0.4 tap 248 440
        0.6 tap 512 646
        1.0 dump
        1.5 tap 176 192
        2.0 tap 400 192
        2.2 dump
        """
        let log = play(script, seed: 7)
        XCTAssertTrue(log.events("scene").contains {
            $0["action"]?.stringValue == "push" && $0["scene"]?.stringValue == "memory" && $0["stack"] == .strings(["home", "memory"])
        })
        let dumps = log.events("dump")
        XCTAssertEqual(dumps.count, 2)
        XCTAssertEqual(dumps[0]["scene"]?.stringValue, "memory")
        XCTAssertEqual(dumps[0]["timeLeft"]?.intValue, 120)
        let cards = (dumps[0]["items"]?.arrayValue ?? []).filter { $0["kind"]?.stringValue == "card" }
        XCTAssertEqual(cards.count, 12)
        XCTAssertEqual(cards.map { $0["id"]?.stringValue }, (0..<12).map { "card-\($0)" })
        XCTAssertTrue(cards.allSatisfy { $0["state"]?.stringValue == "hidden" && AssetManifest.animals.contains($0["face"]?.stringValue ?? "") })
        // The tapped points lie on card-0 and card-1.
        func frame(_ item: JSON) -> Rect {
            let f = item["frame"]!.arrayValue!.map { $0.doubleValue! }
            return Rect(f[0], f[1], f[2], f[3])
        }
        XCTAssertTrue(frame(cards[0]).contains(Point(176, 192)))
        XCTAssertTrue(frame(cards[1]).contains(Point(400, 192)))
        let flips = log.events("flip")
        XCTAssertEqual(flips.map { $0["card"]?.stringValue }, ["card-0", "card-1"])
        XCTAssertEqual(flips.map { $0["face"]?.stringValue }, [cards[0]["face"]?.stringValue, cards[1]["face"]?.stringValue])
        let after = (dumps[1]["items"]?.arrayValue ?? []).filter { $0["kind"]?.stringValue == "card" }
        let expected = cards[0]["face"] == cards[1]["face"] ? "matched" : "open"
        XCTAssertEqual(after[0]["state"]?.stringValue, expected)
        XCTAssertEqual(after[1]["state"]?.stringValue, expected)
        XCTAssertEqual(log.events(expected == "matched" ? "match" : "mismatch").count, 1)
    }

    @MainActor
    func test_script_wholeHardGame_fromTheDump_isWon() async {
        // First run: learn the deck for seed 21 from a dump.
        let start = """
        0.2 tap 248 224
        0.4 tap 776 440
        0.6 tap 512 646
        1.0 dump
        """
        let first = play(start, seed: 21)
        let cards = first.lastDumpItems().filter { $0["kind"]?.stringValue == "card" }
        XCTAssertEqual(cards.count, 20)
        var byFace: [String: [Point]] = [:]
        for card in cards { byFace[card["face"]!.stringValue!, default: []].append(card.frameCenter!) }
        // Second run, same seed: the same deck; tap every pair.
        var lines = [start]
        var t = 1.5
        for face in byFace.keys.sorted() {
            let points = byFace[face]!
            lines.append("\(t) tap \(Int(points[0].x)) \(Int(points[0].y))")
            lines.append("\(t + 0.4) tap \(Int(points[1].x)) \(Int(points[1].y))")
            t += 1
        }
        lines.append("\(t + 2) dump")
        let log = play(lines.joined(separator: "\n"), seed: 21)
        XCTAssertEqual(log.events("match").count, 10)
        XCTAssertEqual(log.events("gameover").first?["result"]?.stringValue, "won")
        XCTAssertEqual(log.events("gameover").first?["score"]?.intValue, 50)
        XCTAssertEqual(log.events("dump").last?["scene"]?.stringValue, "alert")
    }
}
