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
    var next: [SceneCommand] = []
    init(_ name: String, overlay: Bool = false, journal: [String] = []) {
        self.name = name; self.isOverlay = overlay; self.journal = journal
    }
    func enter() { journal.append("enter") }
    func leave() { journal.append("leave") }
    func resume(with result: SceneResult?) -> [SceneCommand] { journal.append("resume"); return [] }
    func update(dt: Double) -> [SceneCommand] { updates += 1; defer { next = [] }; return next }
    func handle(_ event: InputEvent) -> [SceneCommand] { inputs.append(event); return [] }
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

    @Test func test_commandsReturnedFromUpdateAreApplied() {
        let home = ProbeScene("home")
        let stack = SceneStack(root: home, log: nil)
        home.next = [.push(ProbeScene("game")), .quit]
        stack.step()
        #expect(stack.names == ["home", "game"])
        #expect(stack.quitRequested)
    }
}
