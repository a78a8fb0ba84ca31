import XCTest
@testable import GameCore
@testable import Scenes
@testable import Render
@testable import Platform
@testable import KidsJoyApp

/// A scene that records what happens to it.
@MainActor
final class ProbeScene: Scene {
    let name: String
    let isOverlay: Bool
    var needsFrames: Bool { false }
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

final class SceneStackTests: XCTestCase {
    func test_pushPopResumeOrder() {
        MainActor.assumeIsolated {
            let log = EventLog(writer: nil, keepInMemory: true)
            let home = ProbeScene("home"), game = ProbeScene("game")
            let stack = SceneStack(root: home, log: log)
            stack.apply([.push(game)])
            XCTAssertEqual(stack.names, ["home", "game"])
            stack.apply([.pop])
            XCTAssertEqual(stack.names, ["home"])
            XCTAssertEqual(home.journal, ["enter", "resume"])
            XCTAssertEqual(game.journal, ["enter", "leave"])
            XCTAssertEqual(log.events("scene").map { $0["action"]?.stringValue }, ["push", "push", "pop"])
            XCTAssertEqual(log.events("scene").last?["stack"], .strings(["home"]))
        }
    }

    func test_popNeverEmptiesTheStack() {
        MainActor.assumeIsolated {
            let stack = SceneStack(root: ProbeScene("home"), log: nil)
            stack.apply([.pop, .pop, .popToRoot])
            XCTAssertEqual(stack.names, ["home"])
        }
    }

    func test_replaceAndPopToRoot() {
        MainActor.assumeIsolated {
            let stack = SceneStack(root: ProbeScene("home"), log: nil)
            let a = ProbeScene("a"), b = ProbeScene("b"), alert = ProbeScene("alert", overlay: true)
            stack.apply([.push(a), .push(alert)])
            stack.apply([.pop, .replace(b)])
            XCTAssertEqual(stack.names, ["home", "b"])
            XCTAssertEqual(a.journal, ["enter", "resume", "leave"])
            stack.apply([.push(ProbeScene("x", overlay: true)), .popToRoot])
            XCTAssertEqual(stack.names, ["home"])
        }
    }

    func test_onlyTheTopSceneGetsInputAndTime() {
        MainActor.assumeIsolated {
            let home = ProbeScene("home"), game = ProbeScene("game")
            let stack = SceneStack(root: home, log: nil)
            stack.apply([.push(game)])
            stack.handle(.pointerDown(Point(1, 1)))
            stack.update(dt: 1.0 / 60)
            XCTAssertEqual(game.inputs.count, 1)
            XCTAssertEqual(game.updates, 1)
            XCTAssertTrue(home.inputs.isEmpty)
            XCTAssertEqual(home.updates, 0)
        }
    }

    func test_overlayIsDrawnOverTheDimmedSceneBelow() {
        MainActor.assumeIsolated {
            let stack = SceneStack(root: ProbeScene("home"), log: nil)
            stack.apply([.push(ProbeScene("game")), .push(ProbeScene("alert", overlay: true))])
            let canvas = RecordingCanvas()
            stack.draw(on: canvas)
            XCTAssertEqual(canvas.calls, [.text("game", .zero), .fill(Canvas1024.bounds), .text("alert", .zero)],
                           "home is hidden under the opaque game; the game is dimmed under the alert")
        }
    }

    func test_commandsReturnedFromUpdateAreApplied() {
        MainActor.assumeIsolated {
            let home = ProbeScene("home")
            let stack = SceneStack(root: home, log: nil)
            home.next = [.push(ProbeScene("game")), .quit]
            stack.update(dt: 1.0 / 60)
            XCTAssertEqual(stack.names, ["home", "game"])
            XCTAssertTrue(stack.quitRequested)
        }
    }
}
