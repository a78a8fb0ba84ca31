import CSDL2
import Foundation
import Testing
@testable import GameCore
@testable import Scenes
@testable import Render
@testable import Platform
import Stage
@testable import SceneTests

/// The software canvas: its cached layers and sprites, shapes, text and screenshots.
@Suite @MainActor struct SoftwareCanvasTests {
    /// A canvas with every game image loaded. SDL_ttf counts TTF_Init calls and only closes
    /// when TTF_Quit balances them: this one is never balanced, so the in-process app of
    /// another test (`runScript`, which quits SDL_ttf) cannot close it under a canvas.
    static func makeCanvas() throws -> SoftwareCanvas {
        _ = TTF_Init()
        let root = try AssetLocator.locate()
        let canvas = SoftwareCanvas(fonts: try FontLocator.andika(assets: root), letterbox: Theme.background, warmUpText: Theme.bodyText)
        try canvas.loadImages(from: root + "/images", names: AssetManifest.images(declared: GameRegistry.standard.declaredPictures, in: root + "/images"))
        return canvas
    }

    /// A picture made apart from the frame (the saved report's charts, issue #46 item 7): the
    /// same pixels as the same drawing in a frame, and the screen untouched (the next frame of
    /// the same list changes nothing, where a chart drawn into the frame had to be drawn over).
    @Test func test_picture_isDrawnApartFromTheFrame() throws {
        let canvas = try Self.makeCanvas()
        func screen() {
            canvas.fill(Rect(0, 0, 1024, 768), Theme.background)
            canvas.fillRounded(Rect(100, 100, 300, 200), radius: 20, .white)
        }
        func chart() {
            canvas.fill(Rect(0, 0, 1024, 768), Color(240, 240, 250))
            canvas.text("Ana", Theme.headingText, at: Point(200, 60), align: .left, color: Theme.ink)
            canvas.line(from: Point(100, 600), to: Point(900, 300), width: 4, Theme.focus)
            canvas.fillCircle(center: Point(500, 450), radius: 5, Theme.focus)
        }
        canvas.beginFrame(); screen(); canvas.endFrame()
        let before = canvas.copyOfFrame()
        let unchanged = canvas.unchangedFrames
        let picture = canvas.picture(chart)
        #expect(picture !== canvas.frame)
        #expect(Array(UnsafeBufferPointer(start: canvas.frame.pixels, count: 1024 * 768))
                == Array(UnsafeBufferPointer(start: before.pixels, count: 1024 * 768)), "the screen is as it was")
        canvas.beginFrame(); screen(); canvas.endFrame()
        #expect(canvas.unchangedFrames == unchanged + 1, "nothing to draw again")
        // Listed here, drawn on another thread (the report's worker): the same picture.
        let recipe = canvas.recipe(chart)
        let elsewhere = DispatchQueue.global().sync { recipe.drawn() }
        canvas.beginFrame(); chart(); canvas.endFrame()
        for drawn in [picture, elsewhere] {
            #expect(Array(UnsafeBufferPointer(start: drawn.pixels, count: 1024 * 768))
                    == Array(UnsafeBufferPointer(start: canvas.frame.pixels, count: 1024 * 768)), "the same pixels as in a frame")
        }
    }

    @Test func test_layer_isRedrawnOnlyWhenWhatItDrawsChanges() throws {
        let canvas = try Self.makeCanvas()
        for blue in [30, 30, 30, 40, 40, 30] {
            canvas.layer("test") {
                canvas.clear(Color(10, 20, UInt8(blue)))
            }
            canvas.endFrame()
        }
        #expect(canvas.layerRedraws == 3)
        #expect(canvas.frame[500, 400] == 0xFF0A_141E, "the layer is copied to the frame")
    }

    /// A sprite asked for again the next frame (a swaying balloon) is kept; a big picture
    /// whose angle changes every frame is resampled and never fills the cache; a small one
    /// (a spinning sparkle) is kept at angle steps, made once a step and copied from then on;
    /// and sprites of a scene that is gone are freed after five seconds.
    @Test func test_spriteCache_keepsSteadyAndSmallSpritesAndFreesIdleOnes() throws {
        let canvas = try Self.makeCanvas()
        for frame in 0..<120 {
            canvas.image("balloon-red", in: Rect(100, 100, 96, 144), ImageOptions(rotation: Double(frame * 3)))
            canvas.endFrame()
        }
        #expect(canvas.cachedSpriteCount == 0, "a big picture turning every frame is not cached")
        // A 40-pixel sparkle spinning 3° a frame: one turn makes its sprites, the second only copies them.
        let step = 360 / Set((0..<360).map { SoftwareCanvas.steppedDegrees(Double($0), width: 40, height: 40) }).count
        for frame in 0..<120 {
            canvas.image("sparkle", in: Rect(100, 100, 40, 40), ImageOptions(rotation: Double(frame * 3)))
            canvas.endFrame()
        }
        let oneTurn = canvas.cachedSpriteCount
        #expect(oneTurn > 0 && oneTurn <= 360 / step)
        for frame in 0..<120 {
            canvas.image("sparkle", in: Rect(100, 100, 40, 40), ImageOptions(rotation: Double(frame * 3) + 360))
            canvas.endFrame()
        }
        #expect(canvas.cachedSpriteCount == oneTurn, "the second turn makes no new sprite")
        // A big picture drawn with `keep` (a pop's burst, in fixed steps) is kept from its first use.
        canvas.image("burst", in: Rect(100, 100, 180, 180), ImageOptions(alpha: 0.5, tint: Color(255, 0, 0), keep: true))
        canvas.endFrame()
        #expect(canvas.cachedSpriteCount == oneTurn + 1)
        for _ in 0..<3 {
            canvas.image("balloon-red", in: Rect(100, 100, 96, 144), ImageOptions(rotation: 3))
            canvas.endFrame()
        }
        #expect(canvas.cachedSpriteCount == oneTurn + 2)
        for _ in 0..<(SoftwareCanvas.idleFrames + 60) { canvas.endFrame() }
        #expect(canvas.cachedSpriteCount == 0)
    }

    /// When the cache is full, small sprites (a spinning sparkle's hundreds) are let go
    /// before a big one in use (a balloon swaying): the balloons are not resampled again.
    @Test func test_spriteCache_evictsSmallSpritesBeforeBigOnes() throws {
        let canvas = try Self.makeCanvas()
        let names = ["red", "blue", "green", "yellow", "orange", "purple", "pink", "brown"]
        // Eight balloons swaying slowly through nine angles: each angle's sprite comes back
        // after up to 160 frames.
        func balloons(_ frame: Int) {
            for (i, name) in names.enumerated() {
                canvas.image("balloon-\(name)", in: Rect(Double(i * 100), 100, 96, 144),
                             ImageOptions(rotation: Double((frame / 20 + i) % 9 - 4)))
            }
        }
        for frame in 0..<200 { balloons(frame); canvas.endFrame() }
        func balloonSprites() -> Set<SoftwareCanvas.SpriteKey> { Set(canvas.spriteCache.sprites.keys.filter { $0.name.hasPrefix("balloon-") }) }
        let kept = balloonSprites()
        #expect(kept.count == names.count * 9)
        // Three sparkles a frame at every size and angle: far more than the cache holds.
        var evicted = false
        for frame in 200..<600 {
            balloons(frame)
            let before = canvas.spriteCache.spriteBytes
            for k in 0..<3 {
                let size = 28 + 2 * ((frame + k * 7) % 16)
                canvas.image("sparkle", in: Rect(500, 500, Double(size), Double(size)), ImageOptions(rotation: Double(frame * 7 + k * 100)))
            }
            if canvas.spriteCache.spriteBytes < before { evicted = true }
            canvas.endFrame()
        }
        #expect(evicted, "the sparkles filled the cache")
        let lost = kept.subtracting(balloonSprites()).count
        #expect(lost == 0, "\(lost) of \(kept.count) balloon sprites were let go for sparkles")
    }

    /// The pop burst's sizes are made ahead on the worker (`GameModule.picturesAhead`): a
    /// star burst on a 2560x1080 screen then makes none of its 24 sprites while it grows (it
    /// made one a frame, 23 late frames in a row), and they are the sprites made on demand,
    /// pixel for pixel.
    @Test func test_burstSizesAreMadeAheadAndAreTheOnesMadeOnDemand() throws {
        let ahead = try Self.makeCanvas(), onDemand = try Self.makeCanvas()
        for canvas in [ahead, onDemand] { try canvas.resize(width: 2560, height: 1080) }
        ahead.prepareBackgrounds([], pictures: BalloonGame.picturesAhead)
        ahead.waitForBackgroundsMadeAhead()
        #expect(ahead.madeAheadKeys.isEmpty, "nothing before the first frame: start-up's comes first")
        ahead.endFrame()
        ahead.waitForBackgroundsMadeAhead()
        // 24 sizes of the pop's burst and 24 of the star's, less the last steps that snap to
        // the same even size.
        let keys = Set(ahead.madeAheadKeys)
        #expect(keys.count > 40 && keys.count <= 2 * Int(PopEffect.burstSteps), "\(keys.count)")
        #expect(keys.allSatisfy { $0.name == "burst@2x" && $0.degrees == 0 })
        for style in [PopEffect.Style.magic, .pop] {
            var effect = PopEffect(center: Point(400, 300), tint: Color(255, 200, 40), style: style, seed: 3)
            let made = onDemand.cachedSpriteCount
            var frames = 0
            while effect.age < PopEffect.burstDuration {
                for canvas in [ahead, onDemand] {
                    canvas.clear(.white)
                    effect.draw(on: canvas)
                    canvas.endFrame()
                }
                frames += 1
                effect.age = Double(frames) / 60
            }
            #expect(frames == Int(PopEffect.burstSteps))
            #expect(onDemand.cachedSpriteCount - made >= frames / 2, "on demand, the \(style) burst made its sprites as it grew")
            #expect(onDemand.picturesMadeAhead == 0)
        }
        let bursts = ahead.spriteCache.sprites.filter { $0.key.name.hasPrefix("burst") }
        #expect(ahead.picturesMadeAhead == keys.count && bursts.count == keys.count,
                "every size the bursts grew through was taken from the worker, none made on demand")
        #expect(ahead.madeAheadKeys.isEmpty, "every size was used")
        for (key, sprite) in bursts {
            let other = try #require(onDemand.spriteCache.sprites[key]?.buffer, "\(key)")
            #expect(memcmp(sprite.buffer.pixels, other.pixels, sprite.buffer.byteCount) == 0, "\(key): the same pixels")
        }
    }

    /// A small sprite's angle steps move none of its pixels more than one pixel: the corner
    /// of a w × h picture is sqrt(w² + h²) / 2 from its centre.
    @Test func test_steppedDegrees_moveNoPixelMoreThanOne() {
        for (w, h) in [(8, 8), (20, 30), (40, 40), (64, 64)] {
            let radius = Double(w * w + h * h).squareRoot() / 2
            for tenth in stride(from: -3600, through: 7200, by: 7) {
                let exact = Double(tenth) / 10
                let stepped = SoftwareCanvas.steppedDegrees(exact, width: w, height: h)
                #expect((0..<360).contains(stepped))
                var off = abs(Double(stepped) - exact).truncatingRemainder(dividingBy: 360)
                off = min(off, 360 - off)
                #expect(off * .pi / 180 * radius <= 1.0001, "\(w)x\(h) at \(exact)°: \(stepped)°")
            }
        }
        #expect(SoftwareCanvas.steppedDegrees(4, width: 40, height: 40) == 4, "40 px: steps of 4°")
        #expect(SoftwareCanvas.steppedDegrees(-4, width: 40, height: 40) == 356, "as 0..<360")
    }

    @Test func test_shapesAndText_drawWhereAsked() throws {
        let canvas = try Self.makeCanvas()
        canvas.clear(.white)
        canvas.fillRounded(Rect(100, 100, 200, 100), radius: 30, Color(255, 0, 0))
        #expect(canvas.frame[200, 150] == 0xFFFF_0000)
        #expect(canvas.frame[101, 101] == 0xFFFF_FFFF, "the corner is rounded off")
        canvas.fillCircle(center: Point(500, 500), radius: 40, Color(0, 0, 255, 128))
        let c = canvas.frame[500, 500]
        #expect(abs(Int(c >> 16 & 0xFF) - 127) <= 1)
        #expect(c & 0xFF == 255)
        canvas.line(from: Point(600, 100), to: Point(700, 100), width: 4, .black)
        #expect(canvas.frame[650, 100] == 0xFF00_0000)
        #expect(canvas.frame[650, 110] == 0xFFFF_FFFF)
        canvas.text("Hello", Theme.headingText, at: Point(512, 700), color: .black)
        let dark = (450..<575).contains { x in (690..<710).contains { y in canvas.frame[x, y] & 0xFF < 100 } }
        #expect(dark, "the text is drawn")
        canvas.image("logo", in: Rect(0, 0, 520, 110))
        #expect(canvas.frame[260, 55] != 0xFFFF_FFFF)
    }

    @Test func test_screenshot_savesTheFrame() throws {
        let canvas = try Self.makeCanvas()
        canvas.clear(Color(0, 128, 255))
        canvas.fill(Rect(0, 0, 10, 10), Color(255, 0, 0))
        let path = temporaryDirectory() + "/shot.png"
        try canvas.screenshot(to: path)
        let image = try PixelImage(path: path)
        #expect(image.width == 1024)
        #expect(image.height == 768)
        #expect(image.pixel(5, 5) == 0xFFFF_0000)
        #expect(image.pixel(500, 500) == 0xFF00_80FF)
    }
}
