import Testing
@testable import GameCore

/// Rectangles and points (GameCore/Engine/Geometry.swift).
@Suite struct GeometryTests {
    @Test func test_aspectFit_keepsAspectAndCentres() {
        #expect(Rect(0, 0, 200, 100).aspectFit(Size(50, 50)) == Rect(50, 0, 100, 100))
        #expect(Rect(0, 0, 100, 300).aspectFit(Size(120, 180)) == Rect(0, 75, 100, 150))
    }

    @Test func test_rectContains_includesEdges() {
        let r = Rect(10, 10, 100, 50)
        #expect(r.contains(Point(10, 10)))
        #expect(r.contains(Point(110, 60)))
        #expect(!r.contains(Point(110.01, 60)))
    }
}
