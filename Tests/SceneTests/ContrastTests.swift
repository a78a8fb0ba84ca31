import Foundation
import Testing
@testable import GameCore
@testable import Scenes
import Stage

/// A canvas that records each text's colour, outline and style (for the contrast tour).
@MainActor
final class ColourRecordingCanvas: Canvas {
    struct DrawnText { let string: String; let style: TextStyle; let color: Color; let outline: Color? }
    var texts: [DrawnText] = []
    func clear(_ color: Color) {}
    func fill(_ rect: Rect, _ color: Color) {}
    func fillRounded(_ rect: Rect, radius: Double, _ color: Color) {}
    func strokeRounded(_ rect: Rect, radius: Double, width: Double, _ color: Color) {}
    func fillCircle(center: Point, radius: Double, _ color: Color) {}
    func line(from a: Point, to b: Point, width: Double, _ color: Color) {}
    func image(_ name: String, in frame: Rect, _ options: ImageOptions) {}
    func imageSize(_ name: String) -> Size? { Size(100, 100) }
    func text(_ string: String, _ style: TextStyle, at: Point, align: TextAlign, color: Color, outline: Color?, alpha: Double) {
        texts.append(DrawnText(string: string, style: style, color: color, outline: outline))
    }
    func measure(_ string: String, _ style: TextStyle) -> Size { Size(Double(string.count * style.size / 2), Double(style.size)) }
    func layer(_ id: String, _ draw: () -> Void) { draw() }
}

/// Issue 14, item 6: every word and outline on its background reads: 4.5:1, or 3:1 for bold
/// words of 24 px and more and for graphics (WCAG 2, 1.4.3 and 1.4.11).
@MainActor
@Suite struct ContrastTests {
    @Test func test_theRatioIsWCAGs_andReproducesTheIssuesMeasurements() {
        #expect(Contrast.ratio(.white, .black) == 21)
        #expect(Contrast.ratio(Theme.ink, Theme.ink) == 1)
        // The issue's numbers for the old colours, as this computation gives them.
        let oldGreen = Color(56, 184, 96)
        #expect(abs(Contrast.ratio(.white, oldGreen) - 2.56) < 0.01, "white Yes on green")
        #expect(abs(Contrast.ratio(oldGreen, Color(232, 255, 232)) - 2.43) < 0.01, "the Play label")
        #expect(abs(Contrast.ratio(Color(255, 138, 0), Color(255, 246, 220)) - 2.19) < 0.01, "a selected tile's orange label")
    }

    @Test func test_everyDeclaredPairMeetsItsMinimum() {
        for pair in Theme.contrastPairs {
            #expect(pair.ratio >= pair.minimum, "\(pair.name): \(String(format: "%.2f", pair.ratio)):1 < \(pair.minimum):1")
        }
    }

    /// The pair a text drawn in `color` (with `outline`) belongs to, judged at the drawn style.
    static func pair(for text: ColourRecordingCanvas.DrawnText) -> ContrastPair? {
        let candidates = Theme.contrastPairs.filter { pair in
            guard pair.foreground == text.color else { return false }
            if let outline = text.outline { return pair.isOutline && pair.background == outline }
            return !pair.isOutline
        }
        // Judged at the size and weight the words are drawn in.
        return candidates.map { ContrastPair($0.name, $0.foreground, on: $0.background, beneath: $0.beneath, .text(text.style), outline: $0.isOutline) }
            .max { $0.ratio - $0.minimum < $1.ratio - $1.minimum }
    }

    @Test func test_everyWordDrawnOnEveryScreenIsInADeclaredPairThatReads() throws {
        var drawn = 0
        func check(_ stack: SceneStack, _ name: String) {
            let canvas = ColourRecordingCanvas()
            stack.draw(on: canvas)
            for text in canvas.texts where !text.string.trimmingCharacters(in: .whitespaces).isEmpty {
                drawn += 1
                guard let pair = Self.pair(for: text) else {
                    Issue.record("\(name): \"\(text.string)\" is drawn in \(text.color) outline \(String(describing: text.outline)): no pair in Theme.contrastPairs")
                    continue
                }
                #expect(pair.ratio >= pair.minimum, "\(name): \"\(text.string)\" (\(pair.name)) \(String(format: "%.2f", pair.ratio)):1")
            }
        }
        try visitEveryPictureScreen(check)
        // Moments the tour does not stop at: a scored pair's "+N" and Balloons' "Slow!".
        let memory = SceneDriver { MemoryScene(context: $0, level: .easy) }
        let (a, b) = PictureScreenTests.pairs(memory.scene)[0]
        PictureScreenTests.tapCard(memory, a)
        PictureScreenTests.tapCard(memory, b)
        memory.frames(2)
        check(memory.stack, "memory, a pair found")
        let balloons = SceneDriver(seed: 2) { BalloonScene(context: $0, level: .easy) }
        var slowShown = false
        for frame in 0..<(60 * 60) where !slowShown && balloons.log.events("gameover").isEmpty {
            let items = balloons.scene.dumpItems().filter { $0["kind"]?.stringValue == "balloon" && ($0["frame"]?.arrayValue?[3].doubleValue ?? 0) >= 40 }
            if frame % 12 == 0, let target = items.first(where: { $0["type"]?.stringValue == "bonus" }) ?? items.first(where: { $0["type"]?.stringValue == "regular" }),
               let p = target.frameCenter {
                balloons.tap(p)
            } else {
                balloons.runFrame()
            }
            slowShown = balloons.log.events("pop").contains { $0["type"]?.stringValue == "bonus" }
        }
        balloons.frames(20)
        check(balloons.stack, "balloons, slow")
        #expect(drawn > 200)
    }
}
