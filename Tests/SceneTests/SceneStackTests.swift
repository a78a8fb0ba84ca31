import Testing
@testable import GameCore
@testable import Scenes
import Stage
@testable import Runtime

/// A scene that records what happens to it.
@MainActor
final class ProbeScene: Scene {
    let name: String
    let isOverlay: Bool
    var needsFrames: Bool { false }
    var framePace = FramePace.smooth
    var journal: [String]
    var inputs: [InputEvent] = []
    var updates = 0
    var next: Reaction = []
    /// What the scene returns when it enters, and answers to the runtime's replies.
    var onEnter: Reaction = []
    var onAnswer: (EffectReply, Effect) -> Reaction = { _, _ in [] }
    init(_ name: String, overlay: Bool = false, journal: [String] = []) {
        self.name = name; self.isOverlay = overlay; self.journal = journal
    }
    func enter() -> Reaction { journal.append("enter"); return onEnter }
    func leave() -> Reaction { journal.append("leave"); return [] }
    func resume(with result: SceneResult?) -> Reaction { journal.append("resume"); return [] }
    func update(dt: Double) -> Reaction { updates += 1; defer { next = [] }; return next }
    func handle(_ event: InputEvent) -> Reaction { inputs.append(event); return [] }
    func answer(_ reply: EffectReply, to effect: Effect) -> Reaction { journal.append("answer"); return onAnswer(reply, effect) }
    func draw(on canvas: any Canvas) { canvas.text(name, Theme.labelText, at: .zero, color: .black) }
    func dump() -> [(String, JSON)] { [] }
}

@Suite @MainActor struct SceneStackTests {
    @Test func test_pushPopResumeOrder() {
        let log = EventLog(writer: nil, keepInMemory: true)
        let home = ProbeScene("home"), game = ProbeScene("game")
        let stack = SceneStack(root: home, log: log)
        stack.apply([.push(game)])
        #expect(stack.names == ["home", "game"])
        stack.apply([.pop])
        #expect(stack.names == ["home"])
        #expect(home.journal == ["enter", "resume"])
        #expect(game.journal == ["enter", "leave"])
        #expect(log.events("scene").map { $0["action"]?.stringValue } == ["push", "push", "pop"])
        #expect(log.events("scene").last?["stack"] == .strings(["home"]))
    }

    @Test func test_popNeverEmptiesTheStack() {
        let stack = SceneStack(root: ProbeScene("home"), log: nil)
        stack.apply([.pop, .pop, .popToRoot])
        #expect(stack.names == ["home"])
    }

    @Test func test_replaceAndPopToRoot() {
        let stack = SceneStack(root: ProbeScene("home"), log: nil)
        let a = ProbeScene("a"), b = ProbeScene("b"), alert = ProbeScene("alert", overlay: true)
        stack.apply([.push(a), .push(alert)])
        stack.apply([.pop, .replace(b)])
        #expect(stack.names == ["home", "b"])
        #expect(a.journal == ["enter", "resume", "leave"])
        stack.apply([.push(ProbeScene("x", overlay: true)), .popToRoot])
        #expect(stack.names == ["home"])
    }

    @Test func test_onlyTheTopSceneGetsInputAndTime() {
        let home = ProbeScene("home"), game = ProbeScene("game")
        let stack = SceneStack(root: home, log: nil)
        stack.apply([.push(game)])
        stack.handle(.pointerDown(Point(1, 1)))
        stack.step()
        #expect(game.inputs.count == 1)
        #expect(game.updates == 1)
        #expect(home.inputs.isEmpty)
        #expect(home.updates == 0)
    }

    @Test func test_overlayIsDrawnOverTheDimmedSceneBelow() {
        let stack = SceneStack(root: ProbeScene("home"), log: nil)
        stack.apply([.push(ProbeScene("game")), .push(ProbeScene("alert", overlay: true))])
        let canvas = RecordingCanvas()
        stack.draw(on: canvas)
        #expect(canvas.calls == [.text("game", .zero), .fill(Canvas1024.bounds), .text("alert", .zero)], "home is hidden under the opaque game; the game is dimmed under the alert")
    }

    /// Issue #44: a scene's callback returns its effects; the stack hands them to the runtime in
    /// order, then applies the commands. An effect the runtime answers comes back to the scene
    /// that returned it, before the next effect.
    @Test func effectsReturnedAreCarriedOutInOrderAndAnswersComeBackToTheirScene() {
        let runtime = RecordingPerformer()
        let home = ProbeScene("home")
        let stack = SceneStack(root: home, effects: runtime)
        let game = ProbeScene("game")
        game.onEnter = Reaction([.sound(.whoosh), .chooseClassroom(.levels([.easy])), .log("after", [])], [])
        game.onAnswer = { reply, effect in
            guard case .chosen = reply, case .chooseClassroom = effect else { return [] }
            return Reaction([.log("answered", [])], [.push(ProbeScene("alert", overlay: true))])
        }
        home.next = Reaction([.sound(.click)], [.push(game)])
        stack.step()
        #expect(runtime.sent.dropFirst() == [.sound(.click), .sound(.whoosh), .chooseClassroom(.levels([.easy])), .log("answered", []), .log("after", []),
                                 .log("scene", [("action", "push"), ("scene", "game"), ("stack", .strings(["home", "game"]))]),
                                 .log("scene", [("action", "push"), ("scene", "alert"), ("stack", .strings(["home", "game", "alert"]))])])
        #expect(game.journal == ["enter", "answer"])
        #expect(home.journal == ["enter"], "the answer went to the scene that returned the effect")
        #expect(stack.names == ["home", "game", "alert"], "the answer's commands are applied")
    }

    @Test func test_commandsReturnedFromUpdateAreApplied() {
        let home = ProbeScene("home")
        let stack = SceneStack(root: home, log: nil)
        home.next = [.push(ProbeScene("game")), .quit]
        stack.step()
        #expect(stack.names == ["home", "game"])
        #expect(stack.quitRequested)
    }
}

/// A runtime that keeps what it was sent; it answers a classroom choice as the real one does.
@MainActor
final class RecordingPerformer: EffectPerformer {
    var sent: [Effect] = []
    func send(_ effect: Effect) -> EffectReply {
        sent.append(effect)
        if case .chooseClassroom = effect { return .chosen }
        return .done
    }
}
