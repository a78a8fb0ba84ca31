import Testing
@testable import GameCore
@testable import Scenes
import Stage

/// A real MemoryScene on Home, driven frame by frame (SceneDriver: frame n runs at n/60 s,
/// and so is the log's `t`).
typealias MemoryHarness = SceneDriver<MemoryScene>

extension SceneDriver where S == MemoryScene {
    convenience init(level: Level, seed: UInt64 = 1) {
        self.init(seed: seed) { MemoryScene(context: $0, level: level) }
    }

    var rules: MemoryRules { scene.rules }

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
}

/// The Memory scene in process (flips, matches, timing, drawing) and scripted from Home.
@Suite @MainActor struct MemorySceneTests {
    @Test func test_titleAndTiming_constants() {
        #expect(MemoryRules.definition.title.english == "Memory")
        #expect(MemoryRules.mismatchCloseDelay == 1.0)
        #expect(Countdown.format(Int(MemoryRules.timeLimit(for: .easy))) == "2:00")
    }

    // MARK: - Start

    @Test func test_start_showsFullTime_andDumpsHiddenCards() {
        for (level, count, time) in [(Level.easy, 12, 120), (.medium, 16, 105), (.hard, 20, 90)] {
            let h = MemoryHarness(level: level)
            h.runFrame()
            let dump = h.scene.dump()
            #expect(dump.first { $0.0 == "timeLeft" }?.1.intValue == time)
            #expect(dump.first { $0.0 == "score" }?.1.intValue == 0)
            let items = dump.first { $0.0 == "items" }!.1.arrayValue!
            let cards = items.filter { $0["kind"]?.stringValue == "card" }
            #expect(cards.map { $0["id"]?.stringValue } == (0..<count).map { "card-\($0)" })
            #expect(cards.allSatisfy { $0["state"]?.stringValue == "hidden" })
            #expect(cards.map { $0["face"]?.stringValue } == h.rules.cards.map(\.face))
            #expect(Set(items.compactMap { $0["id"]?.stringValue }).isSuperset(of: ["back", "mute"]) == true)
            #expect(h.events("timer").first?["left"]?.intValue == time)
            #expect(h.scene.title == "Memory")
        }
    }

    @Test func test_dumpFrameCentres_hitTheirCards() {
        let h = MemoryHarness(level: .hard)
        let cards = h.scene.dumpItems()
        for (i, item) in cards.enumerated() {
            h.runFrame([.pointerDown(item.frameCenter!), .pointerUp(item.frameCenter!)])
            #expect(h.events("flip").last?["card"]?.stringValue == "card-\(i)")
            h.wait(until: h.rules.isLocked ? Double(h.frame) / 60 + 1.05 : Double(h.frame) / 60)
        }
    }

    // MARK: - Flipping, matching, mismatching

    @Test func test_tapHiddenCard_flipsOpen_withFlipSoundAndLog() {
        let h = MemoryHarness(level: .easy)
        h.wait(until: 0.5)
        h.tap(5)
        #expect(h.rules.cards[5].state == .open)
        let flip = h.events("flip")
        #expect(flip.count == 1)
        #expect(flip[0]["card"]?.stringValue == "card-5")
        #expect(flip[0]["face"]?.stringValue == h.rules.cards[5].face)
        #expect(h.events("sound").last?["name"]?.stringValue == "flip")
        #expect(h.scene.dumpItems()[5]["state"]?.stringValue == "open")
    }

    @Test func test_pressOnOneCard_releaseOnAnother_opensNothing() {
        let h = MemoryHarness(level: .easy)
        h.runFrame([.pointerDown(h.scene.cardFrames[0].center)])
        h.runFrame([.pointerUp(h.scene.cardFrames[1].center)])
        h.runFrame([.pointerDown(h.scene.cardFrames[2].center), .pointerUp(Point(512, 80))])
        #expect(h.events("flip").isEmpty)
    }

    @Test func test_match_cheers_logsMatch_scoresWithCoin_andMarksBothFound() {
        let h = MemoryHarness(level: .easy)
        let (a, b) = h.pairs[0]
        h.wait(until: 1)
        h.tap(a)
        h.wait(until: 2)
        h.tap(b)
        let match = h.events("match")
        #expect(match.count == 1)
        #expect(match[0]["cards"] == .strings(["card-\(a)", "card-\(b)"]))
        #expect(match[0]["face"]?.stringValue == h.rules.cards[a].face)
        let sounds = h.events("sound").compactMap { $0["name"]?.stringValue }
        #expect(Array(sounds.suffix(3)) == ["flip", "cheer", "coin"])
        #expect(h.events("score").last?["delta"]?.intValue == 5)
        #expect(h.scene.shownScore == 5)
        #expect(h.scene.dumpItems()[a]["state"]?.stringValue == "matched")
        #expect(h.scene.dumpItems()[b]["state"]?.stringValue == "matched")
    }

    @Test func test_mismatch_boings_andClosesExactlyOneSecondAfterSecondCard() {
        let h = MemoryHarness(level: .easy)
        let (a, b) = h.mismatch
        h.wait(until: 1)
        h.tap(a)
        h.wait(until: 1.5)
        h.tap(b)
        let mismatch = h.events("mismatch")
        #expect(mismatch.count == 1)
        #expect(mismatch[0]["cards"] == .strings(["card-\(a)", "card-\(b)"]))
        #expect(mismatch[0]["faces"] == .strings([h.rules.cards[a].face, h.rules.cards[b].face]))
        #expect(h.events("sound").last?["name"]?.stringValue == "boing")

        h.wait(until: 2.5)
        #expect(h.events("close").isEmpty, "one frame before the second is up, both are open")
        #expect(h.rules.cards[a].state == .open)
        #expect(h.rules.cards[b].state == .open)
        h.runFrame()
        let close = h.events("close")
        #expect(close.count == 1)
        #expect(close[0]["cards"] == .strings(["card-\(a)", "card-\(b)"]))
        let secondFlip = h.events("flip")[1]["t"]!.doubleValue!
        #expect(abs((close[0]["t"]!.doubleValue! - secondFlip) - 1.0) <= 1e-9)
        #expect(h.events("sound").last?["name"]?.stringValue == "close")
        #expect(h.rules.cards[a].state == .hidden)
        #expect(h.rules.cards[b].state == .hidden)
    }

    @Test func test_tapsDuringMismatchSecond_doNothing() {
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
        #expect(h.events("flip").count == 2)
        #expect(h.rules.cards.filter { $0.state == .open }.count == 2)
        h.wait(until: 1.2)
        #expect(h.events("close").count == 1)
        h.tap(others[0])
        #expect(h.events("flip").count == 3, "after the close, cards open again")
    }

    @Test func test_tapOpenOrMatchedCard_doesNothing() {
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
        #expect(h.events("flip").count == 3)
        // Issue 14: a tap that changes nothing is answered with a soft sound and a hint.
        #expect(h.events("sound").dropFirst(soundsBefore).map { $0["name"]?.stringValue } == ["nope", "nope", "nope"])
        #expect(h.events("hint").map { $0["target"]?.stringValue } == [MemoryPlay.cardID(c), MemoryPlay.cardID(a), MemoryPlay.cardID(b)])
        #expect(h.rules.cards[c].state == .open)
        #expect(h.rules.waitingCard == c)
        #expect(h.scene.shownScore == 5)
    }

    // MARK: - Scoring through the scene's clock

    func pointsForFirstPair(secondCardAt seconds: Double) -> Int? {
        let h = MemoryHarness(level: .easy)
        let (a, b) = h.pairs[0]
        h.tap(a)
        h.wait(until: seconds)
        h.tap(b)
        #expect(abs((h.events("flip").last?["t"]?.doubleValue ?? -1) - seconds) <= 1e-9)
        return h.events("score").last?["delta"]?.intValue
    }

    @Test func test_scene_pairAtThreeSeconds_scoresFive_oneFrameLater_four() {
        #expect(pointsForFirstPair(secondCardAt: 3.0) == 5)
        #expect(pointsForFirstPair(secondCardAt: 3.0 + 1.0 / 60) == 4)
    }

    @Test func test_scene_pairAtSevenSeconds_scoresFour_oneFrameLater_three() {
        #expect(pointsForFirstPair(secondCardAt: 7.0) == 4)
        #expect(pointsForFirstPair(secondCardAt: 7.0 + 1.0 / 60) == 3)
    }

    @Test func test_scene_pairClockRestartsAtEachPair() {
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
        #expect(h.events("score").compactMap { $0["delta"]?.intValue } == [4, 5, 3])
        #expect(h.events("score").last?["total"]?.intValue == 12)
    }

    // MARK: - Whole games

    @Test func test_wholeGameWon_recordsScore_andShowsWinAlert() {
        for level in Level.allCases {
            let h = MemoryHarness(level: level, seed: 11)
            h.wait(until: 0.5)
            for (a, b) in h.pairs {
                h.tap(a)
                h.wait(until: Double(h.frame) / 60 + 0.3)
                h.tap(b)
                h.wait(until: Double(h.frame) / 60 + 0.4)
            }
            h.wait(until: Double(h.frame) / 60 + MemoryRules.winCelebration + 0.1)
            let count = MemoryRules.pairCount(for: level)
            #expect(h.events("match").count == count)
            #expect(h.events("mismatch").isEmpty)
            let over = h.events("gameover")
            #expect(over.count == 1, "\(level)")
            #expect(over.first?["result"]?.stringValue == "won")
            #expect(over.first?["reason"]?.stringValue == "all-found")
            #expect(over.first?["game"]?.stringValue == "memory")
            #expect(over.first?["level"]?.stringValue == level.rawValue)
            #expect(over.first?["score"]?.intValue == 5 * count, "every pair within 3 s")
            #expect(over.first?["recorded"]?.boolValue == true)
            #expect(over.first?["rank"]?.intValue == 1)
            #expect(h.context.scores.table.entries.map(\.score) == [5 * count])
            #expect(h.context.scores.table.entries.first?.game == .memory)
            #expect(h.context.scores.table.entries.first?.level == level)
            #expect(h.stack.names == ["home", "memory", "alert"])
            let alert = h.stack.top as? AlertScene
            #expect(alert?.alertTitle == "You won!")
            #expect(alert?.message.contains("Your score: \(5 * count)") ?? false)
            #expect(alert?.message.contains("Play again?") ?? false)
            let sounds = h.events("sound").compactMap { $0["name"]?.stringValue }
            #expect(sounds.contains("fanfare"))
            #expect(sounds.contains("applause"))
        }
    }

    @Test func test_winAlert_waitsForTheLastPairToBeSeen_andTheTimerStops() {
        let h = MemoryHarness(level: .easy, seed: 3)
        for (a, b) in h.pairs { h.tap(a); h.tap(b) }
        let wonAt = Double(h.frame - 1) / 60
        h.wait(until: wonAt + MemoryRules.winCelebration)
        #expect(h.events("gameover").isEmpty, "the last pair bounces first")
        h.runFrame()
        #expect(h.events("gameover").count == 1)
        #expect(abs(h.events("gameover")[0]["t"]!.doubleValue! - (wonAt + MemoryRules.winCelebration)) <= 1e-6)
        #expect(h.events("timer").count == 1, "the time shown stays put after the win")
    }

    @Test func test_timeRunsOut_showsLoseAlert_recordsNothing() {
        let h = MemoryHarness(level: .hard)
        let (a, b) = h.pairs[0]
        h.tap(a)
        h.tap(b)
        h.wait(until: 90)
        #expect(h.events("gameover").isEmpty, "still playing in the last frame before 0:00")
        #expect(h.events("timer").last?["left"]?.intValue == 1)
        h.runFrame()
        let over = h.events("gameover")
        #expect(over.count == 1)
        #expect(over[0]["t"]?.doubleValue == 90)
        #expect(over[0]["result"]?.stringValue == "lost")
        #expect(over[0]["reason"]?.stringValue == "time")
        #expect(over[0]["recorded"]?.boolValue == false)
        #expect(over[0]["score"]?.intValue == 5)
        #expect(h.events("timer").last?["left"]?.intValue == 0)
        #expect(h.context.scores.table.entries.isEmpty)
        #expect((h.stack.top as? AlertScene)?.alertTitle == "You lost the game")
        #expect(h.events("sound").contains { $0["name"]?.stringValue == "sad-trombone" })
        // The last ten seconds ticked.
        #expect(h.events("sound").filter { $0["name"]?.stringValue == "tick" }.count == 10, "0:10 down to 0:01")
    }

    @Test func test_back_losesTheGame_recordsNothing() {
        let h = MemoryHarness(level: .easy)
        for (a, b) in h.pairs.prefix(5) { h.tap(a); h.tap(b) }
        #expect(h.scene.shownScore == 25)
        let back = TopBar.backFrame.center
        h.runFrame([.pointerDown(back), .pointerUp(back)])
        answerDoor(h.stack)
        #expect(h.stack.names == ["home"])
        #expect(h.context.scores.table.entries.isEmpty)
        #expect(!h.events("gameover").contains { $0["recorded"]?.boolValue == true })
    }

    @Test func test_escape_isBack() {
        let h = MemoryHarness(level: .medium)
        h.tap(0)
        h.runFrame([.key(.escape)])
        answerDoor(h.stack)
        #expect(h.stack.names == ["home"])
        #expect(h.context.scores.table.entries.isEmpty)
    }

    @Test func test_playAgainYes_dealsANewGameOfTheSameLevel() {
        let h = MemoryHarness(level: .medium, seed: 5)
        let firstDeck = h.rules.cards.map(\.face)
        for (a, b) in h.pairs { h.tap(a); h.tap(b) }
        h.wait(until: Double(h.frame) / 60 + 2)
        let yes = (h.stack.top as! AlertScene).buttonFrame(0).center
        h.runFrame([.pointerDown(yes), .pointerUp(yes)])
        #expect(h.stack.names == ["home", "memory"])
        h.step(CardMotion.gatherDuration)
        let next = h.stack.top as! MemoryScene
        #expect(next.level == .medium)
        #expect(next.rules.cards.allSatisfy { $0.state == .hidden })
        #expect(next.rules.cards.map(\.face) != firstDeck, "a new random draw")
    }

    // MARK: - Drawing

    @Test func test_drawing_backsFacesAndFoundMarks() {
        let h = MemoryHarness(level: .easy)
        let canvas = RecordingCanvas()
        h.runFrame()
        h.scene.draw(on: canvas)
        #expect(canvas.images.filter { $0 == "card-back" }.count == 12)
        #expect(!canvas.images.contains { $0.hasPrefix("animal-") })
        #expect(canvas.texts.contains("Memory"))
        #expect(canvas.texts.contains("2:00"))

        let (a, b) = h.pairs[0]
        let (c, _) = h.pairs[1]
        h.tap(a)
        h.tap(b)
        h.tap(c)
        h.wait(until: 2)
        canvas.calls.removeAll()
        h.scene.draw(on: canvas)
        #expect(canvas.images.filter { $0 == "card-back" }.count == 9)
        #expect(canvas.images.filter { $0 == "card-front" }.count == 3)
        #expect(canvas.images.filter { $0 == "animal-\(h.rules.cards[a].face)" }.count == 2)
        #expect(canvas.images.filter { $0 == "animal-\(h.rules.cards[c].face)" }.count == 1)
        #expect(canvas.images.filter { $0 == "check" }.count == 2, "found cards carry a check, not colour alone")
        // The found cards' outline and two glow rings, drawn around the cards themselves.
        let strokes = canvas.calls.compactMap { call -> Rect? in if case .stroke(let r) = call { return r }; return nil }
        #expect(strokes.count == 6)
        #expect(strokes.allSatisfy { $0.contains(h.scene.cardFrames[a].center) || $0.contains(h.scene.cardFrames[b].center) })
    }

    @Test func test_flipAnimation_squeezesThroughZeroWidth() {
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
        #expect(backs.min() ?? 1 < 0.5, "the back narrows")
        #expect(backs == backs.sorted(by: >), "the back only narrows")
        #expect(fronts.first ?? 1 < 0.5, "the face grows from narrow")
        #expect(fronts.last == 1, "and ends full width")
        #expect(fronts == fronts.sorted(), "the face only grows")
    }
}
