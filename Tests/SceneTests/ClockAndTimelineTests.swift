import XCTest
@testable import GameCore
@testable import Scenes
@testable import Render
@testable import Platform
@testable import KidsJoyApp

final class EngineTests: XCTestCase {
    func test_aspectFit_keepsAspectAndCentres() {
        XCTAssertEqual(Rect(0, 0, 200, 100).aspectFit(Size(50, 50)), Rect(50, 0, 100, 100))
        XCTAssertEqual(Rect(0, 0, 100, 300).aspectFit(Size(120, 180)), Rect(0, 75, 100, 150))
    }

    func test_rectContains_includesEdges() {
        let r = Rect(10, 10, 100, 50)
        XCTAssertTrue(r.contains(Point(10, 10)))
        XCTAssertTrue(r.contains(Point(110, 60)))
        XCTAssertFalse(r.contains(Point(110.01, 60)))
    }

    func test_json_serializesInOrderAndEscapes() {
        let j = JSON.object([("t", .double(1.5)), ("event", "say"), ("text", .string("a\"b\n")), ("n", .null), ("ok", true)])
        XCTAssertEqual(j.serialized(), #"{"t":1.500,"event":"say","text":"a\"b\n","n":null,"ok":true}"#)
    }

    func test_jsonParse_roundTripsAndRejectsGarbage() {
        let text = #"{"b":[1,2.5,"x",true,null],"a":{"k":-3}}"#
        let parsed = JSON.parse(text)
        XCTAssertEqual(parsed?["a"]?["k"]?.intValue, -3)
        XCTAssertEqual(parsed?["b"]?.arrayValue?.count, 5)
        XCTAssertNil(JSON.parse("{\"a\":"))
        XCTAssertNil(JSON.parse("[1,2]]"))
        XCTAssertNil(JSON.parse(""))
        XCTAssertNil(JSON.parse(String(repeating: "[", count: 10_000)), "deep nesting is refused, not a crash")
    }

    func test_seededGenerator_isRepeatable() {
        var a = SeededGenerator(seed: 42), b = SeededGenerator(seed: 42), c = SeededGenerator(seed: 43)
        let xs = (0..<5).map { _ in a.next() }
        XCTAssertEqual(xs, (0..<5).map { _ in b.next() })
        XCTAssertNotEqual(xs, (0..<5).map { _ in c.next() })
    }

    func test_easing_startsAtZeroEndsAtOne() {
        for curve in [Easing.linear, Easing.easeInQuad, Easing.easeOutQuad, Easing.easeInOutCubic, Easing.easeOutCubic,
                      Easing.easeOutBack, Easing.easeOutBounce] {
            XCTAssertEqual(curve(0), 0, accuracy: 1e-9)
            XCTAssertEqual(curve(1), 1, accuracy: 1e-9)
        }
    }

    func test_timeline_afterFiresOnceAtItsTime() {
        MainActor.assumeIsolated {
            let timeline = Timeline()
            var fired = 0
            timeline.after(1.0) { fired += 1 }
            for _ in 0..<59 { timeline.update(dt: 1.0 / 60) }
            XCTAssertEqual(fired, 0)
            timeline.update(dt: 1.0 / 60)
            XCTAssertEqual(fired, 1)
            for _ in 0..<120 { timeline.update(dt: 1.0 / 60) }
            XCTAssertEqual(fired, 1)
            XCTAssertFalse(timeline.isActive)
        }
    }

    func test_timeline_tweenStepsToOneThenCallsDone() {
        MainActor.assumeIsolated {
            let timeline = Timeline()
            var values: [Double] = []
            var done = false
            timeline.tween(0.5, step: { values.append($0) }, done: { done = true })
            for _ in 0..<30 { timeline.update(dt: 1.0 / 60) }
            XCTAssertTrue(done)
            XCTAssertEqual(values.first ?? -1, 0, accuracy: 1e-9)
            XCTAssertEqual(values.last ?? -1, 1, accuracy: 1e-9)
            XCTAssertEqual(values, values.sorted())
        }
    }

    func test_timeline_everyRepeatsAndCancels() {
        MainActor.assumeIsolated {
            let timeline = Timeline()
            var count = 0
            let id = timeline.every(0.5) { count += 1 }
            for _ in 0..<120 { timeline.update(dt: 1.0 / 60) }
            XCTAssertEqual(count, 4)
            timeline.cancel(id)
            for _ in 0..<120 { timeline.update(dt: 1.0 / 60) }
            XCTAssertEqual(count, 4)
        }
    }

    func test_gameClock_sixtyStepsMakeExactlyOneSecond() {
        var clock = GameClock()
        for _ in 0..<180 { clock.advance(1.0 / 60) }
        XCTAssertEqual(clock.now, 3.0)
    }

    func test_countdown_showsWholeSecondsRoundedUp() {
        let c = Countdown(limit: 120)
        XCTAssertEqual(c.shownSeconds(at: 0), 120)
        XCTAssertEqual(c.shownSeconds(at: 0.5), 120)
        XCTAssertEqual(c.shownSeconds(at: 1.0), 119)
        XCTAssertEqual(c.shownSeconds(at: 119.99), 1)
        XCTAssertEqual(c.shownSeconds(at: 120), 0)
        XCTAssertTrue(c.isOver(at: 120))
        XCTAssertFalse(c.isOver(at: 119.98))
        XCTAssertEqual(Countdown.format(105), "1:45")
        XCTAssertEqual(Countdown.format(9), "0:09")
    }

    func test_tieredScore_edges() {
        let s = TieredScore(tiers: [(3, 5), (7, 4)], slowPoints: 3)
        XCTAssertEqual(s.points(forInterval: 3.0), 5)
        XCTAssertEqual(s.points(forInterval: 5.35 - 2.35), 5, "floating error does not cost a point")
        XCTAssertEqual(s.points(forInterval: 3.0 + 1.0 / 60), 4)
        XCTAssertEqual(s.points(forInterval: 7.0), 4)
        XCTAssertEqual(s.points(forInterval: 7.0 + 1.0 / 60), 3)
    }
}
