import Testing
@testable import GameCore
@testable import Scenes

/// SPEC section 5 rules: the draw, drops judged by the release point, speed scoring, time.
// On the main actor: the layouts read the process-wide canvas size, which the shape tests
// (also on the main actor) change for a moment.
@Suite @MainActor struct SortingRulesTests {
    /// Twelve vehicles in pool order: air 0-4, water 5-9, land 10-11.
    private func hardRules() -> SortingRules {
        SortingRules(level: .hard, vehicles: Array(SortingVehicle.pool.prefix(12)), zones: SortingLayout.zones)
    }
    private let sky = Point(500, 300), sea = Point(240, 580), land = Point(750, 580)

    @Test func test_levels_drawEightTenTwelve_withOneMinuteFortyFiveThirtySeconds() {
        #expect(Level.allCases.map { SortingRules.vehicleCount(for: $0) } == [8, 10, 12])
        #expect(Level.allCases.map { SortingRules.timeLimit(for: $0) } == [60, 45, 30])
        var generator = SeededGenerator(seed: 3)
        for level in Level.allCases {
            let rules = SortingRules(level: level, zones: SortingLayout.zones, using: &generator)
            #expect(rules.vehicles.count == SortingRules.vehicleCount(for: level))
            #expect(Set(rules.vehicles.map(\.name)).count == rules.vehicles.count, "no vehicle twice")
            #expect(rules.countdown.shownSeconds(at: 0) == Int(SortingRules.timeLimit(for: level)))
        }
    }

    @Test func test_pool_isFifteenVehicles_fivePerCategory() {
        let pool = SortingVehicle.pool
        #expect(pool.count == 15)
        for category in VehicleCategory.allCases {
            #expect(pool.filter { $0.category == category }.count == 5)
        }
        #expect(pool[0].imageName == "vehicle-airplane")
    }

    @Test func test_draw_sameSeedGivesSameDraw() {
        var a = SeededGenerator(seed: 42), b = SeededGenerator(seed: 42)
        #expect(SortingRules.draw(count: 12, using: &a) == SortingRules.draw(count: 12, using: &b))
    }

    @Test func test_draw_overManySeeds_everyVehicleAppears_andRowOrdersDiffer() {
        var seen = Set<String>()
        var rows = Set<[String]>()
        for seed in 0..<200 as Range<UInt64> {
            var generator = SeededGenerator(seed: seed)
            let draw = SortingRules.draw(count: 8, using: &generator)
            #expect(Set(draw.map(\.name)).count == 8)
            seen.formUnion(draw.map(\.name))
            rows.insert(draw.map(\.name))
        }
        #expect(seen == Set(SortingVehicle.pool.map(\.name)))
        #expect(rows.count > 150, "draws should vary from seed to seed")
    }

    @Test func test_placementWithinTwoSeconds_scoresFive_oneFrameLater_four() {
        var rules = hardRules()
        #expect(rules.drop(0, at: sky, now: 2.0) == [.placed(vehicle: 0, zone: "zone-air-1", points: 5)])
        var late = hardRules()
        #expect(late.drop(0, at: sky, now: 2.0 + 1.0 / 60) == [.placed(vehicle: 0, zone: "zone-air-1", points: 4)])
    }

    @Test func test_placementWithinFourSeconds_scoresFour_oneFrameLater_three() {
        var rules = hardRules()
        #expect(rules.drop(0, at: sky, now: 4.0) == [.placed(vehicle: 0, zone: "zone-air-1", points: 4)])
        var late = hardRules()
        #expect(late.drop(0, at: sky, now: 4.0 + 1.0 / 60) == [.placed(vehicle: 0, zone: "zone-air-1", points: 3)])
    }

    @Test func test_scoringClock_restartsAtEachCorrectDrop_notAtWrongOnes() {
        var rules = hardRules()
        #expect(rules.drop(0, at: sky, now: 3.0) == [.placed(vehicle: 0, zone: "zone-air-1", points: 4)])
        // 2.0 s after the previous placement (5.0 s after the start): five.
        #expect(rules.drop(5, at: sea, now: 5.0) == [.placed(vehicle: 5, zone: "zone-water-1", points: 5)])
        // A wrong drop in between does not restart the clock.
        #expect(rules.drop(10, at: sea, now: 6.0) == [.rejected(vehicle: 10, zone: "zone-water-1")])
        #expect(rules.drop(10, at: land, now: 9.0 + 1.0 / 60) == [.placed(vehicle: 10, zone: "zone-land-1", points: 3)])
        #expect(rules.lastPlacementAt == 9.0 + 1.0 / 60)
        #expect(rules.score == 12)
    }

    // Issue 14 (decision 9) changed this: zones are the painted regions, the sky down to the
    // horizon at y 410 (it ended at 396), so a drop without a frame is judged by the painting
    // under the point.
    @Test func test_pointDropJudgedByThePaintedRegion_edgeCountsInside_justOutsideDoesNot() {
        let air = Rect(0, 196, 1024, 214)
        #expect(SortingLayout.zones.first { $0.category == .air }?.rect == air)
        #expect(SortingLayout.zones.first { $0.category == .air }?.area == [air])
        let cases: [(Point, String?)] = [
            (Point(air.minX, air.minY), "zone-air-1"),            // on the corner
            (Point(air.maxX, air.midY), "zone-air-1"),            // on the right edge
            (Point(512, 405), "zone-air-1"),                      // painted sky, once "oops"
            (Point(air.minX + 0.5, air.maxY - 0.5), "zone-air-1"), // just inside
            (Point(476, 600), nil),                               // the sand between sea and land
            (Point(air.midX, air.minY - 0.5), nil),               // the row of vehicles
        ]
        for (point, expected) in cases {
            var rules = hardRules()
            let events = rules.drop(0, at: point, now: 1)
            if let expected {
                #expect(events == [.placed(vehicle: 0, zone: expected, points: 5)], "at \(point)")
            } else {
                #expect(events == [.rejected(vehicle: 0, zone: nil)], "at \(point)")
            }
        }
    }

    @Test func test_wrongCategoryZone_isRejected_withThatZone() {
        var rules = hardRules()
        #expect(rules.drop(0, at: land, now: 1) == [.rejected(vehicle: 0, zone: "zone-land-1")])
        #expect(rules.score == 0)
        #expect(rules.isMovable(0))
    }

    @Test func test_placedVehicle_noLongerReacts() {
        var rules = hardRules()
        _ = rules.drop(0, at: sky, now: 1)
        #expect(!rules.isMovable(0))
        #expect(rules.drop(0, at: sky, now: 2) == [])
        #expect(rules.score == 5)
    }

    @Test func test_allPlaced_wins_withTheScore() {
        var rules = SortingRules(level: .easy, vehicles: Array(SortingVehicle.pool.prefix(8)), zones: SortingLayout.zones)
        var events: [SortingEvent] = []
        for (i, vehicle) in rules.vehicles.enumerated() {
            let point = vehicle.category == .air ? sky : sea
            events = rules.drop(i, at: point, now: Double(i + 1))
        }
        #expect(events.last == .won(score: 40))
        #expect(rules.isWon)
        #expect(rules.update(now: 100) == [], "a won game does not time out")
    }

    @Test func test_countdownOver_losesOnce_andLaterDropsAreIgnored() {
        var rules = hardRules()
        #expect(rules.update(now: 30 - 1.0 / 60) == [])
        #expect(rules.countdown.shownSeconds(at: 30 - 1.0 / 60) == 1)
        #expect(rules.update(now: 30) == [.timeUp(score: 0)])
        #expect(rules.countdown.shownSeconds(at: 30) == 0)
        #expect(rules.update(now: 31) == [])
        #expect(rules.drop(0, at: sky, now: 31) == [])
        #expect(!rules.isWon)
    }

    @Test func test_dropAtTheMomentTimeRunsOut_losesInsteadOfPlacing() {
        var rules = hardRules()
        #expect(rules.drop(0, at: sky, now: 30) == [.timeUp(score: 0)])
        #expect(rules.isOver)
    }
}
