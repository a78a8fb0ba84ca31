import Testing
@testable import GameCore
@testable import Scenes
import Stage

/// Memory's cards are dealt (issue 45, item 9): they fly from a deck to their places at the
/// start (the game's clock starts after), ↻ gathers the old ones before the new deal, a
/// change of the screen's shape glides every card to its new place, and with less motion
/// each of these is a short fade. Driven frame by frame; the dumps show the cards moving.
@Suite @MainActor struct CardDealTests {
    static func dumpFrames(_ h: SceneDriver<MemoryScene>) -> [Rect] { dumpFrames(h.scene) }
    static func dumpFrames(_ scene: MemoryScene) -> [Rect] {
        scene.dumpItems().compactMap { item -> Rect? in
            guard let f = item["frame"]?.arrayValue?.compactMap(\.doubleValue), f.count == 4 else { return nil }
            return Rect(f[0], f[1], f[2], f[3])
        }
    }

    static func deal(_ level: Level, reducedMotion: Bool = false) -> SceneDriver<MemoryScene> {
        SceneDriver(dealt: false) { context in
            context.settings.reducedMotion = reducedMotion
            return MemoryScene(context: context, level: level)
        }
    }

    @Test func test_theCardsFlyFromTheDeckToTheirPlaces_inOneSecond_thenTheClockStarts() {
        let h = Self.deal(.hard)
        let places = h.scene.cardFrames
        let deck = CardMotion.deck(cardSize: places[0].width)
        #expect(Self.dumpFrames(h) == Array(repeating: deck, count: 20), "all in the deck before the first frame")
        var seen: [[Rect]] = [Self.dumpFrames(h)]
        for _ in 0..<5 {
            h.frames(12)
            seen.append(Self.dumpFrames(h))
            if h.frame < 60 {
                #expect(h.scene.opening && h.scene.clock.now == 0, "the clock waits for the deal (frame \(h.frame))")
                #expect(h.scene.rules.countdown.shownSeconds(at: h.scene.clock.now) == 90)
            }
        }
        // Frame by frame the cards leave the deck one after another and reach their places.
        for card in [0, 10, 19] {
            let path = seen.map { $0[card].center }
            #expect(Set(path.map { "\($0.x),\($0.y)" }).count >= 3, "card \(card) moves over the deal: \(path)")
        }
        #expect(seen[2][19] == deck && seen[2][0] != places[0], "at 0.4 s the first card flies, the last is still in the deck")
        #expect(seen[3][0] == places[0] && seen[3][19] != deck, "at 0.6 s the first card is down, the last has left")
        #expect(seen.last == places, "after 1 s every card is in its place")
        #expect(!h.scene.opening)
        let log = h.events("cards")
        #expect(log.map { $0["action"]?.stringValue } == ["start", "end"])
        #expect(log.allSatisfy { $0["motion"]?.stringValue == "deal" })
        #expect(abs((log[1]["t"]?.doubleValue ?? 0) - 59.0 / 60) < 1e-6, "the deal takes the game's first 60 frames")
        // The clock runs from the first frame after the deal: the 1:30 runs out 91 s after the
        // game appeared (at 90 s before the deal).
        h.step(1)
        #expect(abs(h.scene.clock.now - 1) < 1e-9)
        h.wait(until: 91)
        #expect(h.events("gameover").isEmpty)
        h.frames(1)
        #expect(h.events("gameover").first?["reason"]?.stringValue == "time")
        #expect(h.events("gameover").first?["t"]?.doubleValue == 91)
    }

    @Test func test_aPressDuringTheDeal_landsEveryCard_andTapsTheCardWhereItWasFlying() {
        let h = Self.deal(.hard)
        h.wait(until: 0.5)
        let flying = Self.dumpFrames(h)[10]
        #expect(flying != h.scene.cardFrames[10] && flying != CardMotion.deck(cardSize: flying.width), "card 10 is in the air")
        h.tap(flying.center)
        #expect(h.events("flip").map { $0["card"]?.stringValue } == ["card-10"])
        #expect(h.events("cards").last?["by"]?.stringValue == "tap")
        #expect(Self.dumpFrames(h) == h.scene.cardFrames, "every card landed")
        #expect(h.scene.clock.now > 0, "the clock started")
    }

    @Test func test_aPressOnTheDeck_landsTheCards_andOpensNone() {
        let h = Self.deal(.easy)
        let deck = CardMotion.deck(cardSize: h.scene.cardFrames[0].width)
        h.tap(Point(deck.midX, deck.minY + 10))
        #expect(h.events("flip").isEmpty)
        #expect(!h.scene.opening && Self.dumpFrames(h) == h.scene.cardFrames)
    }

    @Test func test_replay_gathersTheOldCardsToTheDeck_thenANewGameDeals() throws {
        let h = SceneDriver(seed: 5) { MemoryScene(context: $0, level: .easy) }
        for (a, b) in h.pairs { h.tap(a); h.tap(b) }
        h.wait(until: Double(h.frame) / 60 + 2)
        let yes = try #require(h.stack.top as? AlertScene).buttonFrame(0).center
        h.runFrame([.pointerDown(yes), .pointerUp(yes)])
        let old = h.scene
        let places = old.cardFrames, deck = CardMotion.deck(cardSize: places[0].width)
        #expect(h.stack.top === old && Self.dumpFrames(h) == places)
        h.frames(12)
        let mid = Self.dumpFrames(h)
        #expect(mid != places && mid.contains { $0 != places[0] && $0 != deck }, "the old cards fly to the deck: \(mid)")
        #expect(h.stack.top === old)
        h.step(CardMotion.gatherDuration - 12.0 / 60)
        let next = try #require(h.stack.top as? MemoryScene)
        #expect(next !== old && next.opening, "the new game deals")
        #expect(Self.dumpFrames(next).last == deck, "its last card still in the deck")
        #expect(h.events("cards").map { "\($0["motion"]!.stringValue!) \($0["action"]!.stringValue!)" }.suffix(3)
                == ["gather start", "gather end", "deal start"])
    }

    @Test func test_aChangeOfShape_glidesEveryCardToItsNewPlace() {
        defer { Canvas1024.use(Canvas1024.standardSize) }
        let h = SceneDriver { MemoryScene(context: $0, level: .medium) }
        h.step(2)
        let before = h.scene.cardFrames
        Canvas1024.use(Canvas1024.size(forScreen: 800, 1280), screen: (800, 1280))
        let after = MemoryLayout.frames(for: .medium, in: Canvas1024.playArea)
        #expect(after != before)
        h.frames(9)
        let mid = Self.dumpFrames(h)
        for card in mid.indices {
            #expect(mid[card] != before[card] && mid[card] != after[card], "card \(card) on its way: \(mid[card])")
        }
        h.frames(9)
        #expect(Self.dumpFrames(h) == after, "in the new places after 0.3 s")
        #expect(h.events("cards").suffix(2).map { "\($0["motion"]!.stringValue!) \($0["action"]!.stringValue!)" } == ["glide start", "glide end"])
        // The cards are tapped where they now lie.
        h.tap(after[5].center)
        #expect(h.events("flip").last?["card"]?.stringValue == "card-5")
    }

    @Test func test_lessMotion_theDealIsAShortFade_inPlace() {
        let h = Self.deal(.medium, reducedMotion: true)
        let places = h.scene.cardFrames
        h.frames(6)
        #expect(Self.dumpFrames(h) == places, "nothing flies")
        let alpha = h.scene.cardMotion!.alpha(of: 0, at: h.scene.awakeTime)
        #expect(alpha > 0.2 && alpha < 0.8, "half faded in: \(alpha)")
        let canvas = RecordingCanvas()
        h.stack.draw(on: canvas)
        #expect(canvas.calls.contains { if case .image("card-back", places[3]) = $0 { return true }; return false })
        h.frames(Int((CardMotion.fadeDuration * 60).rounded()) - 6)
        #expect(!h.scene.opening && h.scene.clock.now == 0, "the clock starts after the 0.25 s fade")
        h.frames(1)
        #expect(h.scene.clock.now > 0)
    }

    @Test func test_lessMotion_aChangeOfShapeFadesTheCardsInAtTheirNewPlaces() {
        defer { Canvas1024.use(Canvas1024.standardSize) }
        let h = SceneDriver { context in
            context.settings.reducedMotion = true
            return MemoryScene(context: context, level: .hard)
        }
        h.step(1)
        Canvas1024.use(Canvas1024.size(forScreen: 2560, 1080), screen: (2560, 1080))
        h.frames(3)
        #expect(Self.dumpFrames(h) == MemoryLayout.frames(for: .hard, in: Canvas1024.playArea), "no glide")
        #expect(h.scene.cardMotion.map { $0.alpha(of: 0, at: h.scene.awakeTime) < 1 } == true, "fading in")
    }

    @Test func test_theFirstTimeDemo_waitsForTheDeal() throws {
        let game = try VoicedGame(.memory, .easy, demos: DemoMemory(mode: .firstTime), dealt: false)
        game.frames(59)
        #expect(game.game.demo == nil && game.game.opening)
        game.frames(2)
        #expect(game.game.demo != nil, "the demo starts once the cards are down")
    }
}
