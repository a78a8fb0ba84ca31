import Testing
@testable import GameCore
@testable import Scenes
import Stage

/// Issue 18's "done when": every game finished at Easy with (a) taps only, no drags, (b)
/// keys only, (c) pad buttons only, (d) one key under scanning. Memory by keys, pad and
/// switch and Balloons by switch are in FocusPlayTests; the rest is here. The players see
/// what a child sees (the dump, the ring) and send nothing but their one kind of input.
@Suite @MainActor struct AnyHandPlayTests {
    typealias Player = FocusPlayTests.Player

    static func items(_ stack: SceneStack) -> [JSON] {
        stack.dump().first { $0.0 == "items" }?.1.arrayValue ?? []
    }

    /// From Home to the game at Easy, by the player's hand.
    static func open(_ game: String, _ p: Player) {
        if p.hand != .oneSwitch { p.press(.right) } // the first key shows the ring
        #expect(p.choose("game-\(game)"), "\(p.hand): \(game)")
        #expect(p.choose("level-easy"), "\(p.hand): Easy")
        #expect(p.choose("play"), "\(p.hand): Play")
        p.frames(30)
        #expect(p.stack.top.name == game)
    }

    /// The end screen: won, and "play again" works with the same hand.
    static func playAgain(_ game: String, _ p: Player, result: String = "won") throws {
        let over = try #require(p.context.log.events("gameover").first, "\(p.hand): \(game) over")
        #expect(over["result"]?.stringValue == result, "\(p.hand): \(game) \(over)")
        for _ in 0..<300 where p.stack.top.name != "alert" { p.frames(1) }
        #expect(p.stack.top.name == "alert")
        if p.hand != .oneSwitch { p.press(.right) }
        #expect(p.choose("alert-yes"), "\(p.hand): play again")
        p.frames(30)
        #expect(p.stack.top.name == game, "\(p.hand): a new game")
    }

    // MARK: - Sorting: a vehicle, then its zone

    func playSortingEasy(_ hand: FocusPlayTests.Hand) throws {
        let p = Player(hand: hand)
        Self.open("sorting", p)
        if hand != .oneSwitch { p.press(.right) }
        for _ in 0..<8 {
            let waiting = Self.items(p.stack).filter { $0["kind"]?.stringValue == "vehicle" && $0["state"]?.stringValue == "waiting" }
            // The switch takes whichever vehicle the ring comes to first; keys and pad the first.
            let focused = p.focusedID
            let vehicle = try #require(waiting.first { $0["id"]?.stringValue == focused } ?? waiting.first)
            let id = try #require(vehicle["id"]?.stringValue), category = try #require(vehicle["category"]?.stringValue)
            #expect(p.choose(id), "\(hand): \(id)")
            #expect(Self.items(p.stack).first { $0["id"]?.stringValue == id }?["state"]?.stringValue == "lifted", "\(hand): \(id) lifted")
            #expect(p.choose("zone-\(category)-1"), "\(hand): \(id) to \(category)")
            p.frames(10)
            #expect(Self.items(p.stack).first { $0["id"]?.stringValue == id }?["state"]?.stringValue == "placed", "\(hand): \(id) placed")
        }
        p.frames(120)
        let drops = p.context.log.events("drop")
        #expect(drops.count == 8 && drops.allSatisfy { $0["correct"]?.boolValue == true })
        // No pointer: every drop is at its zone frame's centre (TESTING decision 9).
        for drop in drops {
            let zone = try #require(SortingLayout.zones.first { $0.id == drop["zone"]?.stringValue })
            #expect(drop["at"]?.arrayValue?.compactMap(\.doubleValue) == [zone.rect.midX, zone.rect.midY])
        }
        #expect(p.context.log.events("pick").count == 8)
        try Self.playAgain("sorting", p)
    }

    @Test func test_sortingWithKeysOnly() throws { try playSortingEasy(.keys) }
    @Test func test_sortingWithAPadOnly() throws { try playSortingEasy(.pad) }
    @Test func test_sortingWithOneSwitch() throws { try playSortingEasy(.oneSwitch) }

    // MARK: - Balloons by keys and pad

    /// Keys: Tab walks the balloons from the lowest up; Return pops the focused one unless
    /// it is the skull. A pad: the d-pad moves to the nearest balloon that way.
    func playBalloonsEasy(_ hand: FocusPlayTests.Hand) throws {
        let p = Player(hand: hand, seed: 4)
        Self.open("balloons", p)
        var frames = 0
        var turn = 0
        let directions: [Key] = [.down, .up, .left, .right]
        while p.context.log.events("gameover").isEmpty && frames < 120 * 60 {
            let focused = Self.items(p.stack).first { $0["focused"]?.boolValue == true }
            if focused?["kind"]?.stringValue == "balloon", focused?["type"]?.stringValue != "killer" {
                p.press(.return)
                frames += 2
            } else if Self.items(p.stack).contains(where: { $0["kind"]?.stringValue == "balloon" && $0["type"]?.stringValue != "killer" }) {
                switch hand {
                case .keys: p.stack.handle(.key(.tab))
                default: p.press(directions[turn % directions.count]); turn += 1; frames += 2
                }
            }
            p.frames(1)
            frames += 1
        }
        let over = try #require(p.context.log.events("gameover").first)
        #expect(over["reason"]?.stringValue == "time", "\(hand): played to the end, \(over)")
        #expect(p.context.log.events("pop").count >= 10, "\(hand)")
        try Self.playAgain("balloons", p, result: over["result"]?.stringValue ?? "")
    }

    @Test func test_balloonsWithKeysOnly() throws { try playBalloonsEasy(.keys) }
    @Test func test_balloonsWithAPadOnly() throws { try playBalloonsEasy(.pad) }

    // MARK: - Taps only, no drags

    /// A tap: pressed and released on the next frame, at one point (no move in between).
    static func tap(_ p: Player, _ point: Point) {
        p.stack.handle(.pointerDown(point))
        p.frames(1)
        p.stack.handle(.pointerUp(point))
        p.frames(1)
    }

    static func tapItem(_ p: Player, _ id: String) {
        guard let c = items(p.stack).first(where: { $0["id"]?.stringValue == id })?.frameCenter else {
            Issue.record("no \(id)"); return
        }
        tap(p, c)
    }

    static func openByTaps(_ game: String, _ p: Player) {
        for id in ["game-\(game)", "level-easy", "play"] {
            tapItem(p, id)
            p.frames(20)
        }
        p.frames(20)
        #expect(p.stack.top.name == game)
    }

    @Test func test_memoryWithTapsOnly() throws {
        let p = Player(hand: .keys)
        Self.openByTaps("memory", p)
        for (a, b) in FocusPlayTests.cardPairs(p.stack) {
            Self.tapItem(p, a)
            Self.tapItem(p, b)
            p.frames(40)
        }
        p.frames(240)
        #expect(p.context.log.events("gameover").first?["result"]?.stringValue == "won")
        #expect(p.context.log.events("match").count == 6)
    }

    @Test func test_sortingWithTapsOnly() throws {
        let p = Player(hand: .keys)
        Self.openByTaps("sorting", p)
        let vehicles = Self.items(p.stack).filter { $0["kind"]?.stringValue == "vehicle" }
        #expect(vehicles.count == 8)
        for (k, vehicle) in vehicles.enumerated() {
            let id = try #require(vehicle["id"]?.stringValue), category = try #require(vehicle["category"]?.stringValue)
            Self.tapItem(p, id)
            // Taps land anywhere on the zone, not only its centre.
            let zone = try #require(SortingLayout.zones.first { $0.category.rawValue == category }?.rect)
            Self.tap(p, Point(zone.minX + 40 + Double(k * 30), zone.maxY - 50))
            p.frames(10)
        }
        p.frames(120)
        #expect(p.context.log.events("drop").filter { $0["correct"]?.boolValue == true }.count == 8)
        #expect(p.context.log.events("gameover").first?["result"]?.stringValue == "won")
        #expect(p.context.log.events("lift").count == 8, "every vehicle lifted by a tap, none dragged")
    }

    @Test func test_balloonsWithTapsOnly() throws {
        let p = Player(hand: .keys, seed: 4)
        Self.openByTaps("balloons", p)
        var frames = 0
        while p.context.log.events("gameover").isEmpty && frames < 120 * 60 {
            if frames % 18 == 0, let b = Self.items(p.stack).first(where: {
                $0["kind"]?.stringValue == "balloon" && $0["type"]?.stringValue != "killer" && ($0["frame"]?.arrayValue?[3].doubleValue ?? 0) > 40
            }), let c = b.frameCenter {
                Self.tap(p, c)
                frames += 2
            }
            p.frames(1)
            frames += 1
        }
        let over = try #require(p.context.log.events("gameover").first)
        #expect(over["reason"]?.stringValue == "time", "\(over)")
        #expect(p.context.log.events("pop").count >= 10)
    }
}
