import Foundation
import Testing
@testable import GameCore
@testable import Scenes
import Stage
@testable import Runtime

/// Whole games played without a pointer: only keys, only pad buttons, or one key under
/// switch scanning. The player here sees what a child sees (the ring on an item) and sends
/// nothing but key or pad events through the stack.
@Suite @MainActor struct FocusPlayTests {
    enum Hand { case keys, pad, oneSwitch }

    @MainActor final class Player {
        let stack: SceneStack
        let context: GameRuntime
        let hand: Hand
        init(hand: Hand, seed: UInt64 = 1) {
            self.hand = hand
            context = makeContext(seed: seed)
            stack = SceneStack(root: HomeScene(context: context), runtime: context)
            if hand == .oneSwitch {
                stack.focus.scanInterval = 0.8
                stack.focus.visible = true
            }
        }

        func frames(_ n: Int) { step(stack, frames: n, log: context.log) }

        func press(_ key: Key) {
            switch hand {
            case .keys: stack.handle(.key(key))
            case .pad:
                let button: PadButton = switch key {
                case .return, .space: .a
                case .escape: .b
                case .left: .left
                case .right: .right
                case .up: .up
                case .down: .down
                case .pause: .start
                default: .other
                }
                stack.handle(.pad(button))
            case .oneSwitch:
                // Pressed and let go, as a switch is (held down 5 s it would open the gate).
                stack.handle(.key(.space))
                frames(1)
                stack.handle(.keyUp(.space))
            }
            frames(2)
        }

        /// The id the ring (or Home's and alerts' own ring) shows now.
        var focusedID: String? {
            stack.dump().first { $0.0 == "items" }?.1.arrayValue?.first { $0["focused"]?.boolValue == true }?["id"]?.stringValue
        }

        /// Moves the focus onto `id` and taps it: with keys or a pad by Tab-like steps (the
        /// arrows walk Home's rows; elsewhere right/down), with the switch by waiting for
        /// the ring to come round.
        func frame(_ id: String?) -> Rect? {
            guard let id, let f = stack.dump().first(where: { $0.0 == "items" })?.1.arrayValue?
                .first(where: { $0["id"]?.stringValue == id })?["frame"]?.arrayValue?.compactMap(\.doubleValue), f.count == 4 else { return nil }
            return Rect(f[0], f[1], f[2], f[3])
        }

        /// Moves the focus onto `id` and taps it: with keys by Tab; with a pad by pressing
        /// the d-pad towards it, as a child looking at the screen would; with the switch by
        /// waiting for the ring to come round.
        func choose(_ id: String, limit: Int = 2000) -> Bool {
            for _ in 0..<limit {
                if focusedID == id {
                    press(.return)
                    return true
                }
                switch hand {
                case .oneSwitch: frames(1)
                case .keys: stack.handle(.key(.tab)); frames(1)
                case .pad:
                    guard let from = frame(focusedID), let to = frame(id) else { stack.handle(.pad(.right)); frames(1); continue }
                    let dx = to.midX - from.midX, dy = to.midY - from.midY
                    let horizontal: PadButton = dx > 0 ? .right : .left, vertical: PadButton = dy > 0 ? .down : .up
                    let before = focusedID
                    stack.handle(.pad(abs(dx) > abs(dy) ? horizontal : vertical)); frames(1)
                    if focusedID == before { stack.handle(.pad(abs(dx) > abs(dy) ? vertical : horizontal)); frames(1) }
                }
            }
            return false
        }
    }

    static func cardPairs(_ stack: SceneStack) -> [(String, String)] {
        let cards = stack.dump().first { $0.0 == "items" }?.1.arrayValue?.filter { $0["kind"]?.stringValue == "card" } ?? []
        let byFace = Dictionary(grouping: cards, by: { $0["face"]?.stringValue ?? "" })
        return byFace.values.map { ($0[0]["id"]!.stringValue!, $0[1]["id"]!.stringValue!) }.sorted { $0.0 < $1.0 }
    }

    func playMemoryEasy(_ hand: Hand) throws {
        let p = Player(hand: hand)
        if hand != .oneSwitch { p.press(.right) } // the first key shows the ring
        #expect(p.choose("game-memory"), "\(hand): Memory")
        #expect(p.choose("level-easy"), "\(hand): Easy")
        #expect(p.choose("play"), "\(hand): Play")
        p.frames(30)
        #expect(p.stack.top.name == "memory")
        if hand != .oneSwitch { p.press(.right) }
        for (a, b) in Self.cardPairs(p.stack) {
            #expect(p.choose(a), "\(hand): \(a)")
            #expect(p.choose(b), "\(hand): \(b)")
            p.frames(40)
        }
        p.frames(240)
        let over = try #require(p.context.log.events("gameover").first)
        #expect(over["result"]?.stringValue == "won", "\(hand)")
        #expect(p.stack.top.name == "alert")
        if hand != .oneSwitch { p.press(.right) }
        #expect(p.choose("alert-yes"), "\(hand): play again")
        p.frames(30)
        #expect(p.stack.top.name == "memory", "\(hand): a new game")
    }

    @Test func test_memoryWithKeysOnly() throws { try playMemoryEasy(.keys) }
    @Test func test_memoryWithAPadOnly() throws { try playMemoryEasy(.pad) }
    @Test func test_memoryWithOneSwitch() throws { try playMemoryEasy(.oneSwitch) }

    /// Balloons with one switch: the ring walks the balloons from the lowest up and the
    /// child presses when it is on a balloon that is not the skull.
    @Test func test_balloonsWithOneSwitch() throws {
        let p = Player(hand: .oneSwitch, seed: 4)
        p.stack.apply([.show(.game(.balloons, .easy))])
        var seconds = 0.0
        while p.context.log.events("gameover").isEmpty && seconds < 120 {
            let items = p.stack.dump().first { $0.0 == "items" }?.1.arrayValue ?? []
            let focused = items.first { $0["focused"]?.boolValue == true }
            if focused?["kind"]?.stringValue == "balloon", focused?["type"]?.stringValue != "killer" {
                p.press(.space)
            }
            p.frames(1)
            seconds += 1.0 / 60
        }
        let over = try #require(p.context.log.events("gameover").first)
        #expect(over["reason"]?.stringValue != "killer")
        #expect(over["reason"]?.stringValue != "idle", "the switch popped often enough")
        #expect(p.context.log.events("pop").count >= 5)
    }
}
