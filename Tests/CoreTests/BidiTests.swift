import Testing
@testable import TextCatalogs

/// Arabic and Latin in one line: the direction of each language, the runs a line is drawn in
/// (from RightToLeftTests, which draws them with HarfBuzz in RenderTests).
@Suite struct BidiTests {
    @Test func test_directionOfLanguages() {
        #expect(TextDirection.of(language: "ar") == .rightToLeft)
        #expect(TextDirection.of(language: "en") == .leftToRight)
        #expect(TextDirection.of(language: "pt-BR") == .leftToRight)
        #expect(TextDirection.of(language: "qps") == .leftToRight)
    }

    @Test func test_aLatinLineIsOneRunAndNeedsNoLayout() {
        #expect(!Bidi.needsLayout("Score: 30"))
        #expect(Bidi.visualRuns("Score: 30") == [BidiRun("Score: 30", .leftToRight)])
    }

    /// "النقاط: 30" (Score: 30): the label reads from the right, so the number shows at the
    /// left end, its digits in their usual order.
    @Test func test_anArabicLabelWithANumber() {
        let runs = Bidi.visualRuns("النقاط: 30")
        #expect(runs == [BidiRun("30", .leftToRight), BidiRun("النقاط: ", .rightToLeft)])
    }

    /// A time keeps its colon and order; the Arabic words on both sides stay one reading.
    @Test func test_aTimeInsideAnArabicLine() {
        let runs = Bidi.visualRuns("بقي 1:05 دقيقة")
        #expect(runs == [BidiRun(" دقيقة", .rightToLeft), BidiRun("1:05", .leftToRight), BidiRun("بقي ", .rightToLeft)])
    }

    /// A Latin name in an Arabic line is its own left-to-right run; an Arabic word in an
    /// English line is a right-to-left run in place.
    @Test func test_mixedScriptsInBothParagraphDirections() {
        #expect(Bidi.visualRuns("مرحبا Kids Joy") == [BidiRun("Kids Joy", .leftToRight), BidiRun("مرحبا ", .rightToLeft)])
        #expect(Bidi.visualRuns("Arabic: العربية!") == [BidiRun("Arabic: ", .leftToRight), BidiRun("العربية", .rightToLeft), BidiRun("!", .leftToRight)])
        #expect(Bidi.paragraphDirection("123") == .leftToRight)
        #expect(Bidi.paragraphDirection("123 سهل") == .rightToLeft)
    }
}
