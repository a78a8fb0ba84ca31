import Testing
@testable import GameCore
@testable import Scenes
import Stage
import TextCatalogs
@testable import Runtime

/// Issue 45, item 10, "the smaller ones" that need no pixels: confetti stays below the top
/// bar, and the small Arabic grown-ups' sign is lettered so its dots stay apart. (The sun and
/// the High Scores title are measured on the real pictures and fonts: RenderTests'
/// `SmallerOnesPictureTests`.)
@MainActor
@Suite struct SmallerOnesTests {
    /// A canvas keeping each picture's frame and each text's style and outline.
    final class StyleCanvas: Canvas {
        var images: [(String, Rect)] = []
        var texts: [(String, TextStyle, Color?)] = []
        func clear(_ color: Color) {}
        func fill(_ rect: Rect, _ color: Color) {}
        func fillRounded(_ rect: Rect, radius: Double, _ color: Color) {}
        func strokeRounded(_ rect: Rect, radius: Double, width: Double, _ color: Color) {}
        func fillCircle(center: Point, radius: Double, _ color: Color) {}
        func line(from a: Point, to b: Point, width: Double, _ color: Color) {}
        func image(_ name: String, in frame: Rect, _ options: ImageOptions) { images.append((name, frame)) }
        func imageSize(_ name: String) -> Size? { Size(100, 100) }
        func text(_ string: String, _ style: TextStyle, at: Point, align: TextAlign, color: Color, outline: Color?, alpha: Double) {
            texts.append((string, style, outline))
        }
        func measure(_ string: String, _ style: TextStyle) -> Size { Size(Double(string.count * style.size / 2), Double(style.size)) }
        func layer(_ id: String, _ draw: () -> Void) { draw() }
    }

    /// The win's confetti falls from under the top bar, over the whole celebration, at the
    /// 4:3 canvas and a wide and a tall one: no piece is ever drawn over the bar (where it
    /// crossed out the speaker).
    @Test(arguments: [[1024, 768], [2560, 1080], [800, 1280]])
    func test_confetti_neverFallsOverTheTopBar(screen: [Int]) throws {
        Canvas1024.use(Canvas1024.size(forScreen: screen[0], screen[1]), screen: (screen[0], screen[1]))
        defer { Canvas1024.use(Canvas1024.standardSize) }
        let game = SceneDriver { MemoryScene(context: $0, level: .easy) }
        game.stack.apply([.show(.alert(AlertContent(kind: .won, title: Messages.won, lines: [], buttons: [.yes, .no], celebrate: true,
                                                    result: .init(score: 30, stars: 3, rank: nil))))])
        var pieces = 0
        for _ in 0..<Int(Confetti.lifetime * 10) {
            game.step(0.1)
            let canvas = StyleCanvas()
            game.stack.draw(on: canvas)
            for (name, frame) in canvas.images where name == "confetti" || name == "star" {
                pieces += 1
                // A turned piece reaches to 0.71 of its size from its centre.
                #expect(frame.midY - frame.height * 0.71 >= TopBar.height - 1e-9, "\(name) at \(frame)")
            }
        }
        #expect(pieces > 500, "it does rain: \(pieces)")
    }

    /// The sign in Arabic: regular weight, no outline (in the other languages, bold and
    /// outlined as before); white on the bar's blue passes 4.5:1 without the outline.
    @Test func test_arabicGrownUpsSign_isLetteredLight() throws {
        let context = makeContext()
        context.catalog = try SceneAssets.catalog("ar")
        let canvas = StyleCanvas()
        HomeScene.drawGrownUpsSign(canvas, context)
        let lines = canvas.texts.filter { [context.text(Messages.homeGrownUps), context.text(Messages.homeHold)].contains($0.0) }
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { !$0.1.bold && $0.2 == nil }, "\(lines)")
        #expect(Contrast.ratio(.white, Theme.topBar) >= 4.5)
        let english = makeContext()
        let latin = StyleCanvas()
        HomeScene.drawGrownUpsSign(latin, english)
        #expect(latin.texts.count == 2 && latin.texts.allSatisfy { $0.1.bold && $0.2 != nil })
    }
}
