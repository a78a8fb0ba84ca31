import Testing
import GameCore
@testable import Stage

/// The windowed loop's pacing (issue 31), stepped on a made-up clock: a calm scene is drawn
/// every second step, a smooth one every step, and a press never waits for the pace.
@Suite struct FramePacerTests {
    @Test func test_paces_coverOneOrTwoSteps() {
        #expect(FramePace.smooth.stepsPerFrame == 1)
        #expect(FramePace.calm.stepsPerFrame == 2)
        #expect(abs(FramePace.calm.interval - 2 * GameClock.step) < 1e-12)
        #expect(abs(FramePace.smooth.interval - GameClock.step) < 1e-12)
    }

    @Test func test_smooth_neverHolds() {
        for due in stride(from: 0.0, through: 0.05, by: 0.001) {
            #expect(FramePacer.hold(pace: .smooth, due: due, answer: false) == nil)
        }
    }

    @Test func test_calm_holdsUntilTwoStepsAreDue_thenDraws() throws {
        let wait = try #require(FramePacer.hold(pace: .calm, due: 0.004, answer: false))
        #expect(abs(wait - (2 * GameClock.step - 0.004)) < 1e-12, "sleeps the rest of the interval")
        // One step due: still holds (the frame would show only half the motion's interval).
        #expect(FramePacer.hold(pace: .calm, due: GameClock.step, answer: false) != nil)
        // Half a millisecond short: still sleeps (a frame now would take one step, not two).
        #expect(FramePacer.hold(pace: .calm, due: 2 * GameClock.step - 0.0005, answer: false) != nil)
        // Within rounding of the interval, or past it: draw now.
        #expect(FramePacer.hold(pace: .calm, due: 2 * GameClock.step - FramePacer.slack / 2, answer: false) == nil)
        #expect(FramePacer.hold(pace: .calm, due: 2 * GameClock.step, answer: false) == nil)
        #expect(FramePacer.hold(pace: .calm, due: 0.1, answer: false) == nil)
    }

    @Test func test_calm_answersAPressAtOnce() {
        #expect(FramePacer.hold(pace: .calm, due: 0, answer: true) == nil)
        #expect(FramePacer.hold(pace: .calm, due: GameClock.step / 2, answer: true) == nil)
    }

    /// Driven like the loop: a clock that moves by whatever the pacer sleeps (and a little
    /// late, as a real sleep wakes), 60 steps owed a second. One second of calm play draws
    /// about 30 frames of two steps each; no step is lost.
    @Test func test_aSecondOfCalmPlay_is30FramesOf60Steps() {
        var due = 0.0, steps = 0, frames = 0, now = 0.0, passes = 0
        while now < 1.0 - 1e-9 && passes < 1000 {
            passes += 1
            if let wait = FramePacer.hold(pace: .calm, due: due, answer: false) {
                now += wait + 0.0002
                due += wait + 0.0002
                continue
            }
            // The loop's own step loop: whole steps only.
            var taken = 0
            while due >= GameClock.step { due -= GameClock.step; steps += 1; taken += 1 }
            #expect(taken == 2, "every frame covers two steps")
            frames += 1
        }
        #expect(passes < 1000, "the pacer holds between frames")
        #expect((29...31).contains(frames), "\(frames) frames")
        #expect(abs(Double(steps) * GameClock.step + due - now) < 1e-9, "every step owed is taken or still owed")
        #expect(due <= 2 * GameClock.step + 0.0002 + 1e-9, "never more than one frame behind (and the sleep's lateness)")
        #expect((58...60).contains(steps), "\(steps) steps")
    }

    @Test func test_motionIsOnlyMovingPointersAndFingers() {
        #expect(InputEvent.pointerMoved(Point(1, 2)).isMotion)
        #expect(InputEvent.finger(.move, id: 2, Point(1, 2)).isMotion)
        for event: InputEvent in [.pointerDown(Point(1, 2)), .pointerUp(Point(1, 2)), .key(.space), .focusLost, .pad(.a),
                                  .finger(.down, id: 2, Point(1, 2)), .finger(.up, id: 2, Point(1, 2)), .text("a")] {
            #expect(!event.isMotion, "\(event)")
        }
    }
}
