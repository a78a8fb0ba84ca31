import XCTest
@testable import Scenes

final class GeometryTests: XCTestCase {
    func test_aspectFit_keepsAspectAndCentres() {
        let r = Rect(0, 0, 200, 100).aspectFit(Size(50, 50))
        XCTAssertEqual(r, Rect(50, 0, 100, 100))
    }
}
