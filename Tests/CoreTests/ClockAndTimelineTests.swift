import Testing
@testable import GameCore
import Stage

/// Game time: the fixed-step clock, countdowns, time-tiered scores, easing curves and the
/// timeline of delayed, repeated and tweened actions.
@Suite @MainActor struct ClockAndTimelineTests {
    @Test func test_gameClock_sixtyStepsMakeExactlyOneSecond() {
        var clock = GameClock()
        for _ in 0..<180 { clock.advance(1.0 / 60) }
        #expect(clock.now == 3.0)
    }

    @Test func test_countdown_showsWholeSecondsRoundedUp() {
        let c = Countdown(limit: 120)
        #expect(c.shownSeconds(at: 0) == 120)
        #expect(c.shownSeconds(at: 0.5) == 120)
        #expect(c.shownSeconds(at: 1.0) == 119)
        #expect(c.shownSeconds(at: 119.99) == 1)
        #expect(c.shownSeconds(at: 120) == 0)
        #expect(c.isOver(at: 120))
        #expect(!c.isOver(at: 119.98))
        #expect(Countdown.format(105) == "1:45")
        #expect(Countdown.format(9) == "0:09")
    }

    @Test func test_tieredScore_edges() {
        let s = TieredScore(tiers: [(3, 5), (7, 4)], slowPoints: 3)
        #expect(s.points(forInterval: 3.0) == 5)
        #expect(s.points(forInterval: 5.35 - 2.35) == 5, "floating error does not cost a point")
        #expect(s.points(forInterval: 3.0 + 1.0 / 60) == 4)
        #expect(s.points(forInterval: 7.0) == 4)
        #expect(s.points(forInterval: 7.0 + 1.0 / 60) == 3)
    }

    @Test func test_easing_startsAtZeroEndsAtOne() {
        for curve in [Easing.linear, Easing.easeInQuad, Easing.easeOutQuad, Easing.easeInOutCubic, Easing.easeOutCubic,
                      Easing.easeOutBack, Easing.easeOutBounce] {
            #expect(abs(curve(0) - 0) <= 1e-9)
            #expect(abs(curve(1) - 1) <= 1e-9)
        }
    }

    @Test func test_timeline_afterFiresOnceAtItsTime() {
        let timeline = Timeline()
        var fired = 0
        timeline.after(1.0) { fired += 1 }
        for _ in 0..<59 { timeline.update(dt: 1.0 / 60) }
        #expect(fired == 0)
        timeline.update(dt: 1.0 / 60)
        #expect(fired == 1)
        for _ in 0..<120 { timeline.update(dt: 1.0 / 60) }
        #expect(fired == 1)
        #expect(!timeline.isActive)
    }

    @Test func test_timeline_tweenStepsToOneThenCallsDone() {
        let timeline = Timeline()
        var values: [Double] = []
        var done = false
        timeline.tween(0.5, step: { values.append($0) }, done: { done = true })
        for _ in 0..<30 { timeline.update(dt: 1.0 / 60) }
        #expect(done)
        #expect(abs((values.first ?? -1) - 0) <= 1e-9)
        #expect(abs((values.last ?? -1) - 1) <= 1e-9)
        #expect(values == values.sorted())
    }

    @Test func test_timeline_everyRepeatsAndCancels() {
        let timeline = Timeline()
        var count = 0
        let id = timeline.every(0.5) { count += 1 }
        for _ in 0..<120 { timeline.update(dt: 1.0 / 60) }
        #expect(count == 4)
        timeline.cancel(id)
        for _ in 0..<120 { timeline.update(dt: 1.0 / 60) }
        #expect(count == 4)
    }
}
