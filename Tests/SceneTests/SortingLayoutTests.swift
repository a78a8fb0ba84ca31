import Testing
@testable import GameCore
@testable import Scenes

/// The row of vehicles and the zones: hand-placed frames checked against the spec.
@Suite @MainActor struct SortingLayoutTests {
    @Test func test_row_hasEqualGapsBetweenNeighboursAndAtBothEnds() {
        for count in [8, 10, 12] {
            let slots = SortingLayout.slots(count: count)
            #expect(slots.count == count)
            var gaps = [slots[0].minX]
            for i in 1..<count { gaps.append(slots[i].minX - slots[i - 1].maxX) }
            gaps.append(Canvas1024.width - slots[count - 1].maxX)
            #expect(gaps.max()! - gaps.min()! < 1, "\(count): gaps \(gaps)")
            #expect(gaps.min()! >= SortingLayout.minGap - 1e-9)
        }
    }

    @Test func test_row_isOneRowOfSquares_insideTheSkyBand_noOverlaps_atLeast64() {
        for count in [8, 10, 12] {
            let slots = SortingLayout.slots(count: count)
            for (i, slot) in slots.enumerated() {
                #expect(slot.width == slot.height, "square")
                #expect(slot.width >= 64)
                #expect(Canvas1024.bounds.contains(slot))
                #expect(SortingLayout.rowBand.contains(slot), "\(slot) in the sky band")
                #expect(slot.minY >= TopBar.height, "under the top bar")
                #expect(slot.midY == slots[0].midY, "one row")
                for other in slots[(i + 1)...] { #expect(!slot.intersects(other)) }
                for zone in SortingLayout.zones { #expect(!slot.intersects(zone.rect), "the row stays out of the zones") }
            }
        }
        #expect(SortingLayout.vehicleSize(count: 8) == 100)
        #expect(SortingLayout.vehicleSize(count: 10) == 89)
        #expect(SortingLayout.vehicleSize(count: 12) == 72)
    }

    @Test @MainActor func test_zones_oneOrTwoPerCategory_insideThePlayArea_notOverlapping_bigEnough() {
        let zones = SortingLayout.zones
        for category in VehicleCategory.allCases {
            let own = zones.filter { $0.category == category }
            #expect((1...2).contains(own.count))
            #expect(own.map(\.index) == Array(1...own.count))
        }
        #expect(zones.map(\.id) == ["zone-air-1", "zone-water-1", "zone-land-1"])
        for (i, zone) in zones.enumerated() {
            #expect(GameHosting.playArea.contains(zone.rect))
            // Room for several of the largest vehicles.
            #expect(zone.rect.width > 3 * SortingLayout.maxVehicleSize)
            #expect(zone.rect.height > SortingLayout.maxVehicleSize)
            for other in zones[(i + 1)...] { #expect(!zone.rect.intersects(other.rect)) }
        }
    }

    @Test func test_placedFrame_isKeptInsideTheZone_andUnmovedWhenAlreadyInside() {
        let water = Rect(24, 424, 440, 320)
        #expect(SortingLayout.placedFrame(Rect(0, 400, 72, 72), in: water) == Rect(24, 424, 72, 72))
        #expect(SortingLayout.placedFrame(Rect(430, 700, 72, 72), in: water) == Rect(392, 672, 72, 72))
        #expect(SortingLayout.placedFrame(Rect(100, 500, 72, 72), in: water) == Rect(100, 500, 72, 72))
    }

    @Test func test_dashedOutline_followsTheRoundedRectangle() {
        let rect = Rect(24, 196, 976, 200)
        let segments = SortingLayout.dashedOutline(rect, radius: 26, dash: 18, gap: 12)
        #expect(segments.count > 50)
        for (a, b) in segments {
            #expect(rect.insetBy(-0.01, -0.01).contains(a) && rect.insetBy(-0.01, -0.01).contains(b))
            #expect(a.distance(to: b) <= 9.01)
        }
    }
}
