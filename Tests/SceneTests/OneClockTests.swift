import Testing
@testable import GameCore
@testable import Scenes
import Stage
import Runtime

/// Issue #25, one clock: what moves in a scene reads its owner's clock instead of summing
/// its own `dt`, and each stops where it always did. Frames are stepped, never slept.
@Suite @MainActor struct OneClockTests {
    private struct Spark: Aging {
        var age = 0.0
        var isFinished: Bool { age >= 0.5 - 1e-9 }
    }

    @Test func test_particlesReadTheirAgeFromTheOwnersClock() {
        var sparks = Particles<Spark>()
        sparks.add(Spark(), at: 1.0)
        sparks.add(Spark(), at: 1.25)
        #expect(sparks.items(at: 1.5).map(\.age) == [0.5, 0.25])
        sparks.removeFinished(at: 1.5)
        #expect(sparks.count == 1, "the first is half a second old: gone")
        sparks.removeFinished(at: 1.7)
        #expect(sparks.count == 1)
        sparks.removeFinished(at: 1.75)
        #expect(sparks.isEmpty)
    }

    @Test func test_aPointsTextGoesAfterItsSecond_andAgesWhilePaused() throws {
        let game = try VoicedGame(.memory, .easy)
        game.frames(2)
        game.stack.act(on: game.game) { game.game.showPoints(5) }
        game.frames(59)
        #expect((game.game as! MemoryScene).pills.floating.count == 1)
        game.frames(1)
        #expect((game.game as! MemoryScene).pills.floating.isEmpty, "a \"+N\" lives one second: 60 frames")

        // Paused, it still rises and fades (it ran before the pause's stop, and still does).
        game.stack.act(on: game.game) { game.game.showPoints(5) }
        game.stack.handle(.focusLost)
        #expect(game.game.isPaused)
        game.frames(60)
        #expect((game.game as! MemoryScene).pills.floating.isEmpty)
    }

    @Test func test_pauseStopsAwakeAndPlayedTime_notFrameTime() throws {
        let game = try VoicedGame(.balloons, .easy)
        game.seconds(1)
        let scene = game.game
        let (frame, awake, played, rule) = (scene.frameTime, scene.awakeTime, scene.playedTime, scene.clock.now)
        #expect(abs(awake - frame) < 1e-9 && abs(played - frame) < 1e-9)
        game.stack.handle(.focusLost)
        game.frames(120)
        #expect(abs(scene.frameTime - frame - 2) < 1e-9, "the pulse and the ▶'s breathing go on")
        #expect(scene.awakeTime == awake && scene.playedTime == played && scene.clock.now == rule)
        game.stack.handle(.key(.space))
        #expect(!scene.isPaused)
        game.frames(60)
        #expect(abs(scene.awakeTime - awake - 1) < 1e-9)
        #expect(abs(scene.playedTime - played - 1) < 1e-9)
        #expect(abs(scene.clock.now - rule - 1) < 1e-9)
    }

    @Test func test_theDemoRunsOnAwakeTime_theGameStandsStill() throws {
        let game = try VoicedGame(.memory, .easy)
        game.frames(1)
        let scene = game.game
        let (scene0, rule0, awake0) = (scene.sceneClock.now, scene.clock.now, scene.awakeTime)
        game.stack.act(on: scene) { scene.startDemo() }
        #expect(scene.demo != nil)
        let frames = Int((ShowMeDemo.duration * 60).rounded())
        game.frames(frames - 1)
        #expect(scene.demo != nil)
        #expect(abs(scene.awakeTime - awake0 - Double(frames - 1) / 60) < 1e-9)
        #expect(scene.sceneClock.now == scene0 && scene.clock.now == rule0, "game time stands still")
        game.frames(1)
        #expect(scene.demo == nil, "3.6 s: 216 frames")
        #expect(game.events("demo").last?["reason"]?.stringValue == "done")
    }

    /// The re-prompt comes after eight seconds of quiet scene time, exactly as when it was
    /// counted by hand: the 480th quiet frame; a pause does not count.
    @Test func test_theRepromptComesOnTheSameFrame_pauseNotCounted() throws {
        let game = try VoicedGame(.memory, .easy)
        let quietFrames = Int((GameHosting.repromptAfter * 60).rounded())
        game.frames(quietFrames - 60)
        game.stack.handle(.focusLost)
        game.seconds(5)
        game.stack.handle(.key(.space))
        #expect(!game.game.isPaused)
        let before = game.voices().filter { $0 == "voice.reprompt.memory" }.count
        #expect(before == 0)
        game.frames(59)
        #expect(!game.voices().contains("voice.reprompt.memory"))
        #expect(abs(game.game.quietFor - (GameHosting.repromptAfter - 1.0 / 60)) < 1e-9)
        game.frames(1)
        #expect(game.voices().contains("voice.reprompt.memory"), "the 480th quiet frame")
        #expect(game.game.quietFor < 1e-9, "the quiet starts again")
    }
}
