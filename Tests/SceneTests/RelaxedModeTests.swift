import Foundation
import Testing
@testable import GameCore
@testable import Scenes
@testable import Runtime

/// Relaxed mode (TESTING decision 12): no countdown shown, no idle loss, no skull; the game
/// ends after its usual time (Balloons) or when done (Memory, Sorting), always as a finish,
/// and counts for the child's own progress, never the everyone-table.
@Suite @MainActor struct RelaxedModeTests {
    @Test func memoryHasNoTimeLimitAndCountsOnlyForTheChild() throws {
        let h = SceneDriver<MemoryScene>(seed: 11) { context in
            context.settings.relaxed = true
            context.profiles = context.scores as? any ProfileKeeping
            if case .success(let kid)? = context.profiles?.addChild(nickname: nil, avatar: Avatar(animal: "owl", colour: "teal")) {
                context.player = .child(kid)
            }
            return MemoryScene(context: context, level: .easy)
        }
        h.step(MemoryRules.timeLimit(for: .easy) + 30)
        #expect(h.events("gameover").isEmpty, "no loss by time")
        #expect(h.events("timer").isEmpty, "no countdown shown")
        let canvas = RecordingCanvas()
        h.stack.draw(on: canvas)
        #expect(!canvas.images.contains("clock"))
        for (a, b) in h.pairs {
            h.tap(a)
            h.wait(until: Double(h.frame) / 60 + 0.3)
            h.tap(b)
            h.wait(until: Double(h.frame) / 60 + 0.4)
        }
        h.wait(until: Double(h.frame) / 60 + MemoryRules.winCelebration + 0.1)
        let over = try #require(h.events("gameover").first)
        #expect(over["result"]?.stringValue == "won" && over["recorded"] == .bool(false) && over["childRank"]?.intValue == 1)
        #expect(over["gameRank"] == .null)
        #expect(h.context.scores.table.entries.isEmpty, "never in the everyone-table")
        #expect(h.context.scores.entries(TableQuery(player: "child-1")).count == 1)
    }

    @Test func balloonsHaveNoIdleLossNoSkullAndEndAtTheirTime() throws {
        let h = SceneDriver<BalloonScene>(seed: 3) { context in
            context.settings.relaxed = true
            return BalloonScene(context: context, level: .hard)
        }
        let limit = BalloonRules.Config.level(.hard).timeLimit
        h.step(limit + 2)
        #expect(h.events("spawn").allSatisfy { $0["type"]?.stringValue != "killer" }, "no skull")
        #expect(!h.events("spawn").isEmpty)
        let over = try #require(h.events("gameover").first)
        #expect(over["reason"]?.stringValue == "time", "no idle loss, the usual end")
        #expect(h.events("timer").isEmpty)
    }

    @Test func sortingWaitsUntilEveryVehicleIsPlaced() {
        let h = SceneDriver<SortingScene>(seed: 5) { context in
            context.settings.relaxed = true
            return SortingScene(context: context, level: .easy)
        }
        h.step(SortingRules.timeLimit(for: .easy) + 60)
        #expect(h.events("gameover").isEmpty)
        #expect(!h.scene.rules.isOver)
    }
}
