import CSDL2
import Testing
@testable import GameCore
@testable import Scenes
@testable import Render
@testable import Platform
import Stage
@testable import SceneTests

/// The renderer decides when a kept picture is stale, so a picture kept for one screen is
/// never shown under another. Guards the bug where scenes chose the layer keys: Sorting
/// Easy, Back, then Sorting Hard within a few seconds showed Easy's 8 slot tiles under
/// Hard's 12 vehicles (both levels, with nothing placed, had key 0).
@Suite @MainActor struct RenderCacheTests {
    /// Home's targets (from its dump) and each level's row of vehicles.
    static let sortingTile = (512, 224), playButton = (512, 646), backButton = (75, 32)
    static let levels: [String: (tap: (Int, Int), vehicles: Int)] = [
        "easy": ((248, 440), 8), "medium": ((512, 440), 10), "hard": ((776, 440), 12),
    ]
    /// The sky behind the row, and the slot tiles: white, alpha 90, 2 px larger than a slot.
    static let sky = Color(150, 205, 250)
    static let tileAlpha = 90

    /// Beneath an overlay, a game's background is a layer inside a layer: a change inside
    /// redraws both, a change outside only the outer one, no change nothing; and at most two
    /// full-screen pictures are kept, each freed after 5 s unused.
    @Test func layersInsideLayers_redrawWhatChanged_andStayBounded() throws {
        _ = TTF_Init()
        let root = try AssetLocator.locate()
        let canvas = SoftwareCanvas(fonts: try FontLocator.andika(assets: root), letterbox: Theme.background, warmUpText: Theme.bodyText)
        try canvas.loadImages(from: root + "/images", names: AssetManifest.images(declared: GameRegistry.standard.declaredPictures, in: root + "/images"))
        var background = Color(10, 20, 30), dim = Color(0, 0, 0, 0)
        func drawFrame() {
            canvas.beginFrame()
            canvas.layer("beneath-overlay") {
                canvas.layer("game-background") { canvas.clear(background) }
                canvas.fill(Canvas1024.bounds, dim)
            }
            canvas.endFrame()
        }
        var redraws: [Int] = []
        for change in [0, 0, 1, 1, 2, 0, 2] {
            if change == 1 { background.b &+= 10 }
            if change == 2 { dim.a &+= 100 }
            drawFrame()
            redraws.append(canvas.layerRedraws)
        }
        #expect(redraws == [2, 2, 4, 6, 7, 7, 8])
        #expect(canvas.frame[500, 400] == Self.pixel(Color(10, 20, 50), dimmedBy: Color(0, 0, 0, 200)))

        canvas.beginFrame()
        canvas.layer("third") { canvas.clear(.white) }
        canvas.endFrame()
        #expect(canvas.cachedLayerCount == 2)
        #expect(canvas.frame[500, 400] == 0xFFFF_FFFF)
        for _ in 0...(SoftwareCanvas.idleFrames + 60) { canvas.endFrame() }
        #expect(canvas.cachedLayerCount == 0)
    }

    static func pixel(_ color: Color, dimmedBy dim: Color) -> UInt32 {
        let a = UInt32(dim.a)
        func channel(_ c: UInt8) -> UInt32 { (UInt32(c) * (255 - a) + 127) / 255 }
        return 0xFF00_0000 | channel(color.r) << 16 | channel(color.g) << 8 | channel(color.b)
    }

    /// A dump frame `[x, y, width, height]`.
    static func rect(_ json: JSON?) -> Rect? {
        guard let v = json?.arrayValue?.compactMap(\.intValue), v.count == 4 else { return nil }
        return Rect(Double(v[0]), Double(v[1]), Double(v[2]), Double(v[3]))
    }

    /// A premultiplied ARGB pixel over an opaque colour, as RGB.
    static func over(_ pixel: UInt32, _ under: Color) -> [Int] {
        let a = Int(pixel >> 24)
        return [(Int(pixel >> 16 & 0xFF), Int(under.r)), (Int(pixel >> 8 & 0xFF), Int(under.g)), (Int(pixel & 0xFF), Int(under.b))]
            .map { $0.0 + $0.1 * (255 - a) / 255 }
    }

    static func close(_ rgb: [Int], _ expected: [Int], _ tolerance: Int) -> Bool {
        zip(rgb, expected).allSatisfy { abs($0 - $1) <= tolerance }
    }
}
