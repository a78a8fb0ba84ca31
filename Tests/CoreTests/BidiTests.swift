import Testing
import TextCatalogs

/// The direction of each language. How a line mixing Arabic and Latin is laid out is the
/// renderer's (libfribidi): RenderTests' BidiLayoutTests and BidiConformanceTests.
@Suite struct BidiTests {
    @Test func test_directionOfLanguages() {
        #expect(TextDirection.of(language: "ar") == .rightToLeft)
        #expect(TextDirection.of(language: "en") == .leftToRight)
        #expect(TextDirection.of(language: "pt-BR") == .leftToRight)
        #expect(TextDirection.of(language: "qps") == .leftToRight)
    }
}
