import Testing
@testable import GameCore
@testable import Scenes
import Stage
import Runtime

/// The play field covers at least 60% of the screen at every shape in every game (issue 45):
/// the bounding box of the game's play items in its dumps (Memory's cards, Sorting's vehicles
/// and zones, Balloons' balloons over ten seconds of rising) against the canvas's area.
@Suite @MainActor struct PlayFieldCoverageTests {
    static let screens = [(1024, 768), (1920, 1080), (2560, 1080), (800, 1280), (1280, 800)]
    static let least = 0.6

    /// A dump item's `frame`.
    static func frame(_ item: JSON) -> Rect? {
        guard let f = item["frame"]?.arrayValue, f.count == 4, let x = f[0].doubleValue, let y = f[1].doubleValue,
              let w = f[2].doubleValue, let h = f[3].doubleValue else { return nil }
        return Rect(x, y, w, h)
    }

    /// The share of the canvas that the bounding box of the play items (`kinds`) covers, over
    /// the dumps of a game's first `seconds`, one a second.
    static func cover<S: GameScene>(_ screen: (Int, Int), kinds: Set<String>, seconds: Int = 1, _ make: (GameRuntime) -> S) -> Double {
        Canvas1024.use(Canvas1024.size(forScreen: screen.0, screen.1), screen: screen)
        let game = SceneDriver(seed: 5, make)
        var frames: [Rect] = []
        for _ in 0..<seconds {
            game.step(1)
            frames += game.scene.dumpItems().filter { kinds.contains($0["kind"]?.stringValue ?? "") }.compactMap(frame)
        }
        guard !frames.isEmpty else { return 0 }
        let x0 = max(0, frames.map(\.minX).min()!), y0 = max(0, frames.map(\.minY).min()!)
        let x1 = min(Canvas1024.width, frames.map(\.maxX).max()!), y1 = min(Canvas1024.height, frames.map(\.maxY).max()!)
        return (x1 - x0) * (y1 - y0) / (Canvas1024.width * Canvas1024.height)
    }

    @Test func test_everyGame_everyLevel_everyShape_playFieldCoversSixtyPercent() {
        defer { Canvas1024.use(Canvas1024.standardSize) }
        for screen in Self.screens {
            for level in Level.allCases {
                let covers: [(String, Double)] = [
                    ("memory", Self.cover(screen, kinds: ["card"]) { MemoryScene(context: $0, level: level) }),
                    ("sorting", Self.cover(screen, kinds: ["vehicle", "zone"]) { SortingScene(context: $0, level: level) }),
                    ("balloons", Self.cover(screen, kinds: ["balloon"], seconds: 10) { BalloonScene(context: $0, level: level) }),
                ]
                for (game, cover) in covers {
                    let name = "\(screen.0)x\(screen.1) \(game) \(level): \(Int((cover * 100).rounded(.down)))%"
                    #expect(cover >= Self.least, "\(name)")
                }
            }
        }
    }
}
