import Testing
@testable import GameCore
@testable import Scenes
@testable import Render
import Stage
import TextCatalogs
@testable import SceneTests

/// Issue 45, item 10, measured on the real pictures and fonts: the Balloons sun lies fully in
/// the sky (below the top bar, inside the screen) at every shape, and the High Scores title
/// keeps clear of its trophy in every language ("Mejores puntos" touched it).
@Suite(.serialized) @MainActor struct SmallerOnesPictureTests {
    /// The sun's pixels (its yellow disc and rays) in a sky picture: their bounding box in the
    /// picture's pixels, searched in the top third (the sky; the hills along the bottom have
    /// yellow flowers). The sky is blue and the clouds white: there only the sun is this yellow.
    static func sunBox(_ name: String) throws -> Rect {
        let image = try QOI.load(path: SceneAssets.folder + "/images/" + name + ".qoi")
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<image.height / 3 {
            for x in 0..<image.width {
                let p = image.pixels[y * image.width + x]
                let r = Int(p >> 16 & 0xFF), g = Int(p >> 8 & 0xFF), b = Int(p & 0xFF)
                guard r > 235 && g > 150 && b < 150 else { continue }
                minX = min(minX, x); minY = min(minY, y); maxX = max(maxX, x); maxY = max(maxY, y)
            }
        }
        #expect(maxX >= 0, "\(name) has a sun")
        return Rect(Double(minX), Double(minY), Double(maxX - minX + 1), Double(maxY - minY + 1))
    }

    @Test(arguments: [[1024, 768], [1280, 800], [1920, 1080], [2560, 1080], [800, 1280]])
    func test_balloonsSun_isFullyInTheSky(screen: [Int]) throws {
        Canvas1024.use(Canvas1024.size(forScreen: screen[0], screen[1]), screen: (screen[0], screen[1]))
        defer { Canvas1024.use(Canvas1024.standardSize) }
        let name = SceneBackgrounds.name("bg-balloons")
        let picture: Size
        switch Canvas1024.shape {
        case .standard: picture = Canvas1024.standardSize
        case .wide: picture = SceneBackgrounds.wideSize
        case .portrait: picture = SceneBackgrounds.portraitSize
        }
        let box = try Self.sunBox(name)
        let frame = BalloonPlay.backgroundFrame
        let sx = frame.width / picture.width, sy = frame.height / picture.height
        let sun = Rect(frame.x + box.x * sx, frame.y + box.y * sy, box.width * sx, box.height * sy)
        #expect(sun.minY >= TopBar.height + 4, "\(screen): the sun \(sun) under a \(TopBar.height)-unit bar")
        #expect(sun.minX >= 0 && sun.maxX <= Canvas1024.width && sun.maxY <= Canvas1024.height, "\(screen): \(sun)")
    }

    @Test(arguments: Languages.codes)
    func test_highScoresTitle_keepsClearOfItsTrophy(language: String) throws {
        let canvas = try RightToLeftTests.arabicCanvas()
        let title = try TextFitTests.catalog(language).text(Messages.highScoresTitle, [:])
        let panel = HighScoresPopup.panelFrame
        let style = canvas.fitting(title, Theme.bigText, width: panel.width - 80 - HighScoresPopup.titleTrophySize - HighScoresPopup.titleGap)
        let width = canvas.measure(title, style).width
        let heading = HighScoresPopup.titleLayout(titleWidth: width, panel: panel)
        #expect(heading.textX - heading.trophy.maxX >= 16, "\(language): \"\(title)\"")
        #expect(heading.trophy.minX >= panel.minX + 40 && heading.textX + width <= panel.maxX - 40, "\(language): inside the panel")
        // Trophy and words are centred together.
        #expect(abs((heading.trophy.minX + heading.textX + width) / 2 - panel.midX) < 1e-9)
    }
}
