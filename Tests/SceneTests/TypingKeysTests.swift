import Foundation
import Testing
@testable import GameCore
@testable import Scenes
import Stage
@testable import Runtime

/// Issue #45, item 8: on a real keyboard Return submits and BackSpace erases in the adult
/// gate and in a nickname (they did nothing: only the on-screen OK and erase keys did).
@Suite @MainActor struct TypingKeysTests {
    @Test func test_gate_backspaceErases_returnSubmits() throws {
        let (context, stack) = AdultGateTests.openGate()
        let gate = try #require(stack.top as? AdultGateScene)
        let answer = AdultGateTests.right(stack)
        let wrongLast = answer.last == "0" ? "1" : "0"
        stack.handle(.text(String(answer.dropLast()) + wrongLast))
        step(stack, frames: 2, log: context.log)
        #expect(gate.typed == String(answer.dropLast()) + wrongLast)
        stack.handle(.key(.backspace))
        step(stack, frames: 2, log: context.log)
        #expect(gate.typed == String(answer.dropLast()), "BackSpace erased the last digit: '\(gate.typed)'")
        stack.handle(.text(String(answer.last!)))
        stack.handle(.key(.return))
        step(stack, frames: 2, log: context.log)
        #expect(context.log.events("gate").contains { $0["action"]?.stringValue == "right" }, "Return is OK")
    }

    /// With the focus ring shown (a grown-up used the arrows first), Return is still the pad's
    /// OK, not a tap on the ringed key.
    @Test func test_gate_returnIsOKEvenWithTheRingShown() throws {
        let (context, stack) = AdultGateTests.openGate()
        let answer = AdultGateTests.right(stack)
        stack.handle(.key(.right))
        step(stack, frames: 2, log: context.log)
        stack.handle(.text(answer))
        stack.handle(.key(.return))
        step(stack, frames: 2, log: context.log)
        #expect(context.log.events("gate").contains { $0["action"]?.stringValue == "right" }, "\(context.log.events("gate"))")
    }

    @Test func test_nickname_backspaceErases_returnSaves() throws {
        let context = makeContext()
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
        let child = ChildProfile(number: 1, avatar: Avatar(animal: "owl", colour: "teal"))
        let nickname = NicknameScene(context: context, child: child)
        stack.apply([.push(nickname)])
        step(stack, frames: 2, log: context.log)
        stack.handle(.text("Anax"))
        step(stack, frames: 2, log: context.log)
        stack.handle(.key(.backspace))
        step(stack, frames: 2, log: context.log)
        #expect(nickname.typed == "Ana", "'\(nickname.typed)'")
        stack.handle(.key(.return))
        step(stack, frames: 2, log: context.log)
        #expect(!stack.names.contains("nickname"), "Return saved and closed: \(stack.names)")
    }
}
