import Testing
@testable import GameCore
@testable import Scenes
@testable import Render
import Stage
import TextCatalogs
@testable import SceneTests

/// Issue 45, item 8: the "Locked" caption fits its pill in all six languages, measured with
/// the real fonts (Andika; Scheherazade shaped by HarfBuzz for Arabic), on every kind of
/// locked control: a Settings switch, a Classroom round button and tile, a language tile.
/// Its pill sits across the control's bottom edge, no wider than the control (or 140 units),
/// and the word keeps at least 85% of its size (the text-fit rule of `TextFitTests`).
@Suite(.serialized) @MainActor struct LockedCaptionTests {
    @Test(arguments: Languages.codes)
    func test_lockedCaption_fitsItsPill(language: String) throws {
        let canvas = try RightToLeftTests.arabicCanvas()
        let word = try TextFitTests.catalog(language).text(Messages.cornerLocked, [:])
        let games = GameRegistry.standard.ids
        for control in [CornerScene.toggleFrame(0), CornerScene.classroomFrame(.sessionDown, games: games)!,
                        CornerScene.classroomFrame(.game(.memory), games: games)!, LanguageScene.tileFrame(1)] {
            let width = canvas.measure(word, LockedLook.captionText).width
            let pill = LockedLook.captionFrame(for: control, textWidth: width)
            #expect(pill.width <= max(control.width, 140) + 1e-9)
            #expect(abs(pill.midY - control.maxY) < 1e-9 && abs(pill.midX - control.midX) < 1e-9)
            let fitted = canvas.fitting(word, LockedLook.captionText, width: pill.width - 16)
            #expect(Double(fitted.size) >= 0.85 * Double(LockedLook.captionText.size), "\(language): \"\(word)\" at \(fitted.size)")
            #expect(canvas.measure(word, fitted).width <= pill.width - 16 + 1e-9, "\(language): \"\(word)\" leaves its pill")
        }
    }
}
