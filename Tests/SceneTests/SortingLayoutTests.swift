import XCTest
@testable import GameCore
@testable import Scenes
@testable import Render
@testable import Platform
@testable import KidsJoyApp

/// The row of vehicles and the zones: hand-placed frames checked against the spec.
final class SortingLayoutTests: XCTestCase {
    func test_row_hasEqualGapsBetweenNeighboursAndAtBothEnds() {
        for count in [8, 10, 12] {
            let slots = SortingLayout.slots(count: count)
            XCTAssertEqual(slots.count, count)
            var gaps = [slots[0].minX]
            for i in 1..<count { gaps.append(slots[i].minX - slots[i - 1].maxX) }
            gaps.append(Canvas1024.width - slots[count - 1].maxX)
            XCTAssertLessThan(gaps.max()! - gaps.min()!, 1, "\(count): gaps \(gaps)")
            XCTAssertGreaterThanOrEqual(gaps.min()!, SortingLayout.minGap - 1e-9)
        }
    }

    func test_row_isOneRowOfSquares_insideTheSkyBand_noOverlaps_atLeast64() {
        for count in [8, 10, 12] {
            let slots = SortingLayout.slots(count: count)
            for (i, slot) in slots.enumerated() {
                XCTAssertEqual(slot.width, slot.height, "square")
                XCTAssertGreaterThanOrEqual(slot.width, 64)
                XCTAssertTrue(Canvas1024.bounds.contains(slot))
                XCTAssertTrue(SortingLayout.rowBand.contains(slot), "\(slot) in the sky band")
                XCTAssertGreaterThanOrEqual(slot.minY, TopBar.height, "under the top bar")
                XCTAssertEqual(slot.midY, slots[0].midY, "one row")
                for other in slots[(i + 1)...] { XCTAssertFalse(slot.intersects(other)) }
                for zone in SortingLayout.zones { XCTAssertFalse(slot.intersects(zone.rect), "the row stays out of the zones") }
            }
        }
        XCTAssertEqual(SortingLayout.vehicleSize(count: 8), 100)
        XCTAssertEqual(SortingLayout.vehicleSize(count: 10), 89)
        XCTAssertEqual(SortingLayout.vehicleSize(count: 12), 72)
    }

    @MainActor
    func test_zones_oneOrTwoPerCategory_insideThePlayArea_notOverlapping_bigEnough() {
        let zones = SortingLayout.zones
        for category in VehicleCategory.allCases {
            let own = zones.filter { $0.category == category }
            XCTAssertTrue((1...2).contains(own.count))
            XCTAssertEqual(own.map(\.index), Array(1...own.count))
        }
        XCTAssertEqual(zones.map(\.id), ["zone-air-1", "zone-water-1", "zone-land-1"])
        for (i, zone) in zones.enumerated() {
            XCTAssertTrue(GameScene.playArea.contains(zone.rect))
            // Room for several of the largest vehicles.
            XCTAssertGreaterThan(zone.rect.width, 3 * SortingLayout.maxVehicleSize)
            XCTAssertGreaterThan(zone.rect.height, SortingLayout.maxVehicleSize)
            for other in zones[(i + 1)...] { XCTAssertFalse(zone.rect.intersects(other.rect)) }
        }
    }

    func test_placedFrame_isKeptInsideTheZone_andUnmovedWhenAlreadyInside() {
        let water = Rect(24, 424, 440, 320)
        XCTAssertEqual(SortingLayout.placedFrame(Rect(0, 400, 72, 72), in: water), Rect(24, 424, 72, 72))
        XCTAssertEqual(SortingLayout.placedFrame(Rect(430, 700, 72, 72), in: water), Rect(392, 672, 72, 72))
        XCTAssertEqual(SortingLayout.placedFrame(Rect(100, 500, 72, 72), in: water), Rect(100, 500, 72, 72))
    }

    func test_dashedOutline_followsTheRoundedRectangle() {
        let rect = Rect(24, 196, 976, 200)
        let segments = SortingLayout.dashedOutline(rect, radius: 26, dash: 18, gap: 12)
        XCTAssertGreaterThan(segments.count, 50)
        for (a, b) in segments {
            XCTAssertTrue(rect.insetBy(-0.01, -0.01).contains(a) && rect.insetBy(-0.01, -0.01).contains(b))
            XCTAssertLessThanOrEqual(a.distance(to: b), 9.01)
        }
    }
}
