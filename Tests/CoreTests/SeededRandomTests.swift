import Testing
@testable import GameCore

/// The one seeded random generator: the same seed gives the same numbers.
@Suite struct SeededRandomTests {
    @Test func test_seededGenerator_isRepeatable() {
        var a = SeededGenerator(seed: 42), b = SeededGenerator(seed: 42), c = SeededGenerator(seed: 43)
        let xs = (0..<5).map { _ in a.next() }
        #expect(xs == (0..<5).map { _ in b.next() })
        #expect(xs != (0..<5).map { _ in c.next() })
    }
}
