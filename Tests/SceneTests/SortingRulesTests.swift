import XCTest
@testable import GameCore
@testable import Scenes
@testable import Render
@testable import Platform
@testable import KidsJoyApp

/// SPEC section 5 rules: the draw, drops judged by the release point, speed scoring, time.
final class SortingRulesTests: XCTestCase {
    /// Twelve vehicles in pool order: air 0-4, water 5-9, land 10-11.
    private func hardRules() -> SortingRules {
        SortingRules(level: .hard, vehicles: Array(SortingVehicle.pool.prefix(12)), zones: SortingLayout.zones)
    }
    private let sky = Point(500, 300), sea = Point(240, 580), land = Point(750, 580)

    func test_levels_drawEightTenTwelve_withOneMinuteFortyFiveThirtySeconds() {
        XCTAssertEqual(Level.allCases.map { SortingRules.vehicleCount(for: $0) }, [8, 10, 12])
        XCTAssertEqual(Level.allCases.map { SortingRules.timeLimit(for: $0) }, [60, 45, 30])
        var generator = SeededGenerator(seed: 3)
        for level in Level.allCases {
            let rules = SortingRules(level: level, zones: SortingLayout.zones, using: &generator)
            XCTAssertEqual(rules.vehicles.count, SortingRules.vehicleCount(for: level))
            XCTAssertEqual(Set(rules.vehicles.map(\.name)).count, rules.vehicles.count, "no vehicle twice")
            XCTAssertEqual(rules.countdown.shownSeconds(at: 0), Int(SortingRules.timeLimit(for: level)))
        }
    }

    func test_pool_isFifteenVehicles_fivePerCategory() {
        let pool = SortingVehicle.pool
        XCTAssertEqual(pool.count, 15)
        for category in VehicleCategory.allCases {
            XCTAssertEqual(pool.filter { $0.category == category }.count, 5)
        }
        XCTAssertEqual(pool[0].imageName, "vehicle-airplane")
    }

    func test_draw_sameSeedGivesSameDraw() {
        var a = SeededGenerator(seed: 42), b = SeededGenerator(seed: 42)
        XCTAssertEqual(SortingRules.draw(count: 12, using: &a), SortingRules.draw(count: 12, using: &b))
    }

    func test_draw_overManySeeds_everyVehicleAppears_andRowOrdersDiffer() {
        var seen = Set<String>()
        var rows = Set<[String]>()
        for seed in 0..<200 as Range<UInt64> {
            var generator = SeededGenerator(seed: seed)
            let draw = SortingRules.draw(count: 8, using: &generator)
            XCTAssertEqual(Set(draw.map(\.name)).count, 8)
            seen.formUnion(draw.map(\.name))
            rows.insert(draw.map(\.name))
        }
        XCTAssertEqual(seen, Set(SortingVehicle.pool.map(\.name)))
        XCTAssertGreaterThan(rows.count, 150, "draws should vary from seed to seed")
    }

    func test_placementWithinTwoSeconds_scoresFive_oneFrameLater_four() {
        var rules = hardRules()
        XCTAssertEqual(rules.drop(0, at: sky, now: 2.0), [.placed(vehicle: 0, zone: "zone-air-1", points: 5)])
        var late = hardRules()
        XCTAssertEqual(late.drop(0, at: sky, now: 2.0 + 1.0 / 60), [.placed(vehicle: 0, zone: "zone-air-1", points: 4)])
    }

    func test_placementWithinFourSeconds_scoresFour_oneFrameLater_three() {
        var rules = hardRules()
        XCTAssertEqual(rules.drop(0, at: sky, now: 4.0), [.placed(vehicle: 0, zone: "zone-air-1", points: 4)])
        var late = hardRules()
        XCTAssertEqual(late.drop(0, at: sky, now: 4.0 + 1.0 / 60), [.placed(vehicle: 0, zone: "zone-air-1", points: 3)])
    }

    func test_scoringClock_restartsAtEachCorrectDrop_notAtWrongOnes() {
        var rules = hardRules()
        XCTAssertEqual(rules.drop(0, at: sky, now: 3.0), [.placed(vehicle: 0, zone: "zone-air-1", points: 4)])
        // 2.0 s after the previous placement (5.0 s after the start): five.
        XCTAssertEqual(rules.drop(5, at: sea, now: 5.0), [.placed(vehicle: 5, zone: "zone-water-1", points: 5)])
        // A wrong drop in between does not restart the clock.
        XCTAssertEqual(rules.drop(10, at: sea, now: 6.0), [.rejected(vehicle: 10, zone: "zone-water-1")])
        XCTAssertEqual(rules.drop(10, at: land, now: 9.0 + 1.0 / 60), [.placed(vehicle: 10, zone: "zone-land-1", points: 3)])
        XCTAssertEqual(rules.lastPlacementAt, 9.0 + 1.0 / 60)
        XCTAssertEqual(rules.score, 12)
    }

    func test_dropJudgedByReleasePoint_edgeCountsInside_justOutsideDoesNot() {
        let air = Rect(24, 196, 976, 200)
        XCTAssertEqual(SortingLayout.zones.first { $0.category == .air }?.rect, air)
        let cases: [(Point, String?)] = [
            (Point(air.minX, air.minY), "zone-air-1"),            // on the corner
            (Point(air.maxX, air.midY), "zone-air-1"),            // on the right edge
            (Point(air.minX + 0.5, air.maxY - 0.5), "zone-air-1"), // just inside
            (Point(air.minX - 0.5, air.midY), nil),               // just outside, left
            (Point(air.midX, air.maxY + 0.5), nil),               // just outside, below (the beach line gap)
            (Point(air.midX, air.minY - 0.5), nil),               // the row of vehicles
        ]
        for (point, expected) in cases {
            var rules = hardRules()
            let events = rules.drop(0, at: point, now: 1)
            if let expected {
                XCTAssertEqual(events, [.placed(vehicle: 0, zone: expected, points: 5)], "at \(point)")
            } else {
                XCTAssertEqual(events, [.rejected(vehicle: 0, zone: nil)], "at \(point)")
            }
        }
    }

    func test_wrongCategoryZone_isRejected_withThatZone() {
        var rules = hardRules()
        XCTAssertEqual(rules.drop(0, at: land, now: 1), [.rejected(vehicle: 0, zone: "zone-land-1")])
        XCTAssertEqual(rules.score, 0)
        XCTAssertTrue(rules.isMovable(0))
    }

    func test_placedVehicle_noLongerReacts() {
        var rules = hardRules()
        _ = rules.drop(0, at: sky, now: 1)
        XCTAssertFalse(rules.isMovable(0))
        XCTAssertEqual(rules.drop(0, at: sky, now: 2), [])
        XCTAssertEqual(rules.score, 5)
    }

    func test_allPlaced_wins_withTheScore() {
        var rules = SortingRules(level: .easy, vehicles: Array(SortingVehicle.pool.prefix(8)), zones: SortingLayout.zones)
        var events: [SortingEvent] = []
        for (i, vehicle) in rules.vehicles.enumerated() {
            let point = vehicle.category == .air ? sky : sea
            events = rules.drop(i, at: point, now: Double(i + 1))
        }
        XCTAssertEqual(events.last, .won(score: 40))
        XCTAssertTrue(rules.isWon)
        XCTAssertEqual(rules.update(now: 100), [], "a won game does not time out")
    }

    func test_countdownOver_losesOnce_andLaterDropsAreIgnored() {
        var rules = hardRules()
        XCTAssertEqual(rules.update(now: 30 - 1.0 / 60), [])
        XCTAssertEqual(rules.countdown.shownSeconds(at: 30 - 1.0 / 60), 1)
        XCTAssertEqual(rules.update(now: 30), [.timeUp(score: 0)])
        XCTAssertEqual(rules.countdown.shownSeconds(at: 30), 0)
        XCTAssertEqual(rules.update(now: 31), [])
        XCTAssertEqual(rules.drop(0, at: sky, now: 31), [])
        XCTAssertFalse(rules.isWon)
    }

    func test_dropAtTheMomentTimeRunsOut_losesInsteadOfPlacing() {
        var rules = hardRules()
        XCTAssertEqual(rules.drop(0, at: sky, now: 30), [.timeUp(score: 0)])
        XCTAssertTrue(rules.isOver)
    }
}
