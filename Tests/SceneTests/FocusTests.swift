import Foundation
import Testing
@testable import GameCore
@testable import Scenes

/// The focus ring's rules (keys, pad, one-switch scanning), on the real scenes' dumps.
@Suite @MainActor struct FocusTests {
    static func item(_ id: String, _ kind: String, _ x: Double, _ y: Double, _ w: Double = 100, _ h: Double = 100) -> Focusable {
        Focusable(id: id, kind: kind, frame: Rect(x, y, w, h))
    }

    /// A 3×2 grid of cards and a button row on top.
    static let grid: [Focusable] = [
        item("back", "button", 0, 0, 150, 64), item("mute", "button", 940, 0, 84, 64),
        item("c0", "card", 100, 100), item("c1", "card", 300, 100), item("c2", "card", 500, 100),
        item("c3", "card", 100, 300), item("c4", "card", 300, 300), item("c5", "card", 500, 300),
    ]

    @Test func test_directionsGoToTheNeighbourInThatRow() {
        let c4 = Self.grid[6]
        #expect(FocusNavigation.move(from: c4, .left, among: Self.grid)?.id == "c3")
        #expect(FocusNavigation.move(from: c4, .right, among: Self.grid)?.id == "c5")
        #expect(FocusNavigation.move(from: c4, .up, among: Self.grid)?.id == "c1")
        #expect(FocusNavigation.move(from: c4, .down, among: Self.grid) == nil, "nothing below: the ring stays")
        #expect(FocusNavigation.move(from: Self.grid[2], .up, among: Self.grid)?.id == "back")
    }

    @Test func test_scanOrderReadsRowsThenButtonsAndBalloonsFromTheLowest() {
        #expect(FocusNavigation.scanOrder(Self.grid).map(\.id) == ["c0", "c1", "c2", "c3", "c4", "c5", "back", "mute"])
        #expect(FocusNavigation.scanOrder(Self.grid, rightToLeft: true).map(\.id) == ["c2", "c1", "c0", "c5", "c4", "c3", "mute", "back"])
        let balloons = [Self.item("b0", "balloon", 100, 200), Self.item("b1", "balloon", 400, 600), Self.item("b2", "balloon", 700, 400),
                        Self.item("back", "button", 0, 0, 150, 64)]
        #expect(FocusNavigation.scanOrder(balloons).map(\.id) == ["b1", "b2", "b0", "back"])
    }

    @Test func test_theFirstKeyShowsTheRingThenKeysMoveIt() {
        let ring = FocusRing()
        #expect(!ring.visible)
        ring.move(.right, items: Self.grid)
        #expect(ring.visible && ring.focusedID == "c0", "the first key shows the ring on the first thing")
        ring.move(.right, items: Self.grid)
        #expect(ring.focusedID == "c1")
        ring.move(.tab, items: Self.grid)
        #expect(ring.focusedID == "c2")
        ring.move(.tab, shift: true, items: Self.grid)
        #expect(ring.focusedID == "c1")
    }

    /// Scanning steps by itself every interval, wrapping round; a rising balloon is followed
    /// by id, and when it is popped the ring goes to the nearest one left.
    @Test func test_scanningStepsOnTimeAndFollowsMovingItems() {
        let ring = FocusRing(scanInterval: 1.5)
        #expect(ring.visible)
        var stepped = 0, now = 0.0
        for _ in 0..<(60 * 3) {
            now += 1.0 / 60
            if ring.update(now: now, items: Self.grid) { stepped += 1 }
        }
        #expect(stepped == 2, "on the first thing at once, then one step each 1.5 s")
        #expect(ring.focusedID == "c1")
        for _ in 0..<(60 * 12) {
            now += 1.0 / 60
            _ = ring.update(now: now, items: Self.grid)
        }
        #expect(ring.focusedID == "c1", "8 items, 8 steps: round once")

        let ring2 = FocusRing()
        var balloons = [Self.item("b0", "balloon", 100, 500), Self.item("b1", "balloon", 600, 300)]
        ring2.move(.down, items: balloons)
        #expect(ring2.focusedID == "b0")
        balloons[0] = Self.item("b0", "balloon", 100, 400)
        #expect(ring2.focused(in: balloons)?.frame.y == 400, "followed as it rises")
        balloons.removeFirst()
        #expect(ring2.focused(in: balloons)?.id == "b1", "popped: the nearest one left")
    }

    /// The real scenes' dumps give the ring what can be tapped: Home's tiles and buttons;
    /// Memory's cards without the matched ones; the top bar.
    @Test func test_realScenesListWhatCanBeTapped() {
        let context = makeContext()
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
        let home = FocusNavigation.focusables(stack.dump()).map(\.id)
        #expect(home.contains("game-memory") && home.contains("level-hard") && home.contains("play") && home.contains("mute"))
        stack.apply([.show(.game(.memory, .easy))])
        step(stack, seconds: 1)
        let memory = FocusNavigation.focusables(stack.dump())
        #expect(memory.filter { $0.kind == "card" }.count == 12)
        #expect(memory.contains { $0.id == "back" })
    }
}
