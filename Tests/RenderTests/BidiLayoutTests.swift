import Testing
import TextCatalogs
@testable import Render

/// Arabic, Latin and digits in one line: the runs the renderer draws (`Bidi.visualRuns`, by
/// libfribidi), in visual order, left to right on the screen; each run's text in reading order.
/// (Moved from CoreTests' BidiTests when the layout moved to Render with libfribidi; the first
/// four expectations are unchanged.)
@Suite struct BidiLayoutTests {
    @Test func test_aLatinLineIsOneRunAndNeedsNoLayout() {
        #expect(!Bidi.needsLayout("Score: 30"))
        #expect(Bidi.visualRuns("Score: 30") == [BidiRun("Score: 30", .leftToRight)])
    }

    /// "النقاط: 30" (Score: 30): the label reads from the right, so the number shows at the
    /// left end, its digits in their usual order.
    @Test func test_anArabicLabelWithANumber() {
        #expect(Bidi.needsLayout("النقاط: 30"))
        #expect(Bidi.visualRuns("النقاط: 30") == [BidiRun("30", .leftToRight), BidiRun("النقاط: ", .rightToLeft)])
    }

    /// A time keeps its colon and order; the Arabic words on both sides stay one reading.
    @Test func test_aTimeInsideAnArabicLine() {
        #expect(Bidi.visualRuns("بقي 1:05 دقيقة")
                == [BidiRun(" دقيقة", .rightToLeft), BidiRun("1:05", .leftToRight), BidiRun("بقي ", .rightToLeft)])
        #expect(Bidi.visualRuns("بقي 0:45") == [BidiRun("0:45", .leftToRight), BidiRun("بقي ", .rightToLeft)])
    }

    /// A Latin name in an Arabic line is its own left-to-right run; an Arabic word in an
    /// English line is a right-to-left run in place.
    @Test func test_mixedScriptsInBothParagraphDirections() {
        #expect(Bidi.visualRuns("مرحبا Kids Joy") == [BidiRun("Kids Joy", .leftToRight), BidiRun("مرحبا ", .rightToLeft)])
        #expect(Bidi.visualRuns("Arabic: العربية!")
                == [BidiRun("Arabic: ", .leftToRight), BidiRun("العربية", .rightToLeft), BidiRun("!", .leftToRight)])
        #expect(Bidi.paragraphDirection("123") == .leftToRight)
        #expect(Bidi.paragraphDirection("123", fallback: .rightToLeft) == .rightToLeft)
        #expect(Bidi.paragraphDirection("123 سهل") == .rightToLeft)
    }

    /// Issue #49: "مرحبا Player 2!" was drawn "!2 Player مرحبا". A number after a Latin letter is
    /// left to right (UAX #9 rule W7), so "Player 2" reads as one piece; the "!" ends the
    /// Arabic sentence at its left.
    @Test func test_playerTwoInAnArabicLine() {
        #expect(Bidi.visualRuns("مرحبا Player 2!")
                == [BidiRun("!", .rightToLeft), BidiRun("Player 2", .leftToRight), BidiRun("مرحبا ", .rightToLeft)])
        #expect(Bidi.visualRuns("دور Player 2") == [BidiRun("Player 2", .leftToRight), BidiRun("دور ", .rightToLeft)])
    }

    /// A child's nickname in Latin letters, with or without digits, stays whole in an Arabic
    /// sentence; an Arabic nickname stays whole in an English one.
    @Test func test_nicknamesInSentencesOfTheOtherDirection() {
        #expect(Bidi.visualRuns("أحسنت يا Lina 7!")
                == [BidiRun("!", .rightToLeft), BidiRun("Lina 7", .leftToRight), BidiRun("أحسنت يا ", .rightToLeft)])
        #expect(Bidi.visualRuns("أحسنت يا Sam")
                == [BidiRun("Sam", .leftToRight), BidiRun("أحسنت يا ", .rightToLeft)])
        #expect(Bidi.visualRuns("Well done, سارة!")
                == [BidiRun("Well done, ", .leftToRight), BidiRun("سارة", .rightToLeft), BidiRun("!", .leftToRight)])
    }

    /// Numbers in Arabic sentences: "10 نقاط" (10 points) puts the number at the right, where
    /// the sentence starts; "الجولة 3 من 10" (round 3 of 10) keeps both numbers in place.
    @Test func test_numbersInArabicSentences() {
        #expect(Bidi.visualRuns("10 نقاط") == [BidiRun(" نقاط", .rightToLeft), BidiRun("10", .leftToRight)])
        #expect(Bidi.visualRuns("الجولة 3 من 10")
                == [BidiRun("10", .leftToRight), BidiRun(" من ", .rightToLeft), BidiRun("3", .leftToRight),
                    BidiRun("الجولة ", .rightToLeft)])
    }

    /// The paragraph's direction can be given (an Arabic screen's line that starts with a
    /// Latin name): the line then reads from the right.
    @Test func test_aGivenParagraphDirection() {
        #expect(Bidi.visualRuns("Sam فاز", paragraph: .rightToLeft) == [BidiRun(" فاز", .rightToLeft), BidiRun("Sam", .leftToRight)])
        #expect(Bidi.visualRuns("Sam فاز") == [BidiRun("Sam ", .leftToRight), BidiRun("فاز", .rightToLeft)])
        #expect(Bidi.resolve(Array("Sam".unicodeScalars), paragraph: .rightToLeft).paragraphLevel == 1)
        #expect(Bidi.resolve([], paragraph: nil).paragraphLevel == 0)
    }
}
