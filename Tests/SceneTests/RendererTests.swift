import CSDL2
import Foundation
import XCTest
@testable import GameCore
@testable import Scenes
@testable import Render
@testable import Platform
@testable import KidsJoyApp

/// The game's own software renderer: the pixel operations (blending, modulation, coverage
/// masks, resampling), the QOI decoder, and the canvas's caches.
final class PixelTests: XCTestCase {
    /// Straight-alpha channels of a premultiplied pixel, rounded.
    private func channels(_ p: UInt32) -> [Int] {
        [Int(p >> 24), Int((p >> 16) & 0xFF), Int((p >> 8) & 0xFF), Int(p & 0xFF)]
    }

    private func assertClose(_ got: UInt32, _ want: [Int], tolerance: Int = 1, file: StaticString = #filePath, line: UInt = #line) {
        let c = channels(got)
        for i in 0..<4 where abs(c[i] - want[i]) > tolerance {
            XCTFail("pixel \(c) is not within \(tolerance) of \(want)", file: file, line: line)
            return
        }
    }

    func test_premultiply_scalesColourByAlpha() {
        XCTAssertEqual(Pixels.pixel(Color(255, 128, 0, 255)), 0xFFFF_8000)
        assertClose(Pixels.pixel(Color(255, 128, 0, 128)), [128, 128, 64, 0])
        XCTAssertEqual(Pixels.pixel(Color(200, 100, 50, 0)), 0)
    }

    /// Every row width from 1 to 11 runs the four-pixel SIMD loop and the scalar tail; both
    /// must give the reference result of the "over" operator.
    func test_blend_overOperator_matchesReferenceAtEveryRowWidth() {
        for width in 1...11 {
            let dst = PixelBuffer(width: width, height: 1, opaque: true)
            let src = PixelBuffer(width: width, height: 1)
            for x in 0..<width {
                dst[x, 0] = 0xFF00_00FF                                 // opaque blue
                src[x, 0] = Pixels.pixel(Color(255, 0, 0, UInt8(x * 25))) // red, alpha rising
            }
            Pixels.draw(src, to: dst, x: 0, y: 0)
            for x in 0..<width {
                let a = Double(x * 25) / 255
                assertClose(dst[x, 0], [255, Int((255 * a).rounded()), 0, Int((255 * (1 - a)).rounded())])
            }
        }
    }

    func test_blend_transparentLeavesDestinationAndOpaqueReplacesIt() {
        let dst = PixelBuffer(width: 8, height: 1, opaque: true)
        for x in 0..<8 { dst[x, 0] = 0xFF12_3456 }
        let src = PixelBuffer(width: 8, height: 1)
        for x in 0..<4 { src[x, 0] = 0xFFAA_BBCC }
        Pixels.draw(src, to: dst, x: 0, y: 0)
        for x in 0..<4 { XCTAssertEqual(dst[x, 0], 0xFFAA_BBCC) }
        for x in 4..<8 { XCTAssertEqual(dst[x, 0], 0xFF12_3456) }
    }

    func test_modulation_fadesAndTints() {
        let white = PixelBuffer(width: 5, height: 1, opaque: true)
        for x in 0..<5 { white[x, 0] = 0xFFFF_FFFF }
        let dst = PixelBuffer(width: 5, height: 1, opaque: true)
        Pixels.draw(white, to: dst, x: 0, y: 0, Modulation(alpha: 128))
        for x in 0..<5 { assertClose(dst[x, 0], [255, 128, 128, 128]) }
        Pixels.fill(dst, dst.bounds, 0xFF00_0000)
        Pixels.draw(white, to: dst, x: 0, y: 0, Modulation(alpha: 255, tint: Color(255, 100, 0)))
        for x in 0..<5 { assertClose(dst[x, 0], [255, 255, 100, 0]) }
    }

    func test_fill_isClippedToTheTarget() {
        let dst = PixelBuffer(width: 10, height: 10, opaque: true)
        Pixels.fill(dst, IRect(-5, -5, 10, 10), 0xFFFF_0000)
        Pixels.fill(dst, IRect(8, 8, 100, 100), Pixels.pixel(Color(0, 255, 0, 128)))
        Pixels.fill(dst, IRect(20, 20, 5, 5), 0xFF00_00FF)  // wholly outside: nothing
        XCTAssertEqual(dst[0, 0], 0xFFFF_0000)
        XCTAssertEqual(dst[4, 4], 0xFFFF_0000)
        XCTAssertEqual(dst[5, 5], 0xFF00_0000)
        assertClose(dst[9, 9], [255, 0, 128, 0])
        // A picture drawn half off every edge.
        let src = PixelBuffer(width: 4, height: 4, opaque: true)
        for y in 0..<4 { for x in 0..<4 { src[x, y] = 0xFFFF_FFFF } }
        Pixels.draw(src, to: dst, x: -2, y: 8)
        XCTAssertEqual(dst[0, 9], 0xFFFF_FFFF)
        XCTAssertEqual(dst[2, 9], 0xFF00_0000)
    }

    func test_disc_coverageIsFullInsideEmptyOutsideAndSymmetric() {
        let mask = CoverageMask.disc(radius: 20)
        XCTAssertEqual(mask.values[20 * 40 + 20], 255)
        XCTAssertEqual(mask.values[0], 0)
        for y in 0..<40 {
            for x in 0..<40 {
                XCTAssertEqual(mask.values[y * 40 + x], mask.values[y * 40 + (39 - x)])
                XCTAssertEqual(mask.values[y * 40 + x], mask.values[(39 - y) * 40 + x])
            }
        }
        let ring = CoverageMask.disc(radius: 20, width: 4)
        XCTAssertEqual(ring.values[20 * 40 + 20], 0, "a ring is empty in the middle")
        XCTAssertEqual(ring.values[20 * 40 + 1], 255)
        let dst = PixelBuffer(width: 40, height: 40, opaque: true)
        Pixels.fill(dst, mask: mask, from: IRect(0, 0, 40, 40), x: 0, y: 0, 0xFFFF_FFFF)
        XCTAssertEqual(dst[20, 20], 0xFFFF_FFFF)
        XCTAssertEqual(dst[0, 0], 0xFF00_0000)
    }

    func test_transformed_turnsClockwiseAndScales() {
        // Left half red, right half blue; turned 90° clockwise, red is on top.
        let src = PixelBuffer(width: 20, height: 10, opaque: true)
        for y in 0..<10 { for x in 0..<20 { src[x, y] = x < 10 ? 0xFFFF_0000 : 0xFF00_00FF } }
        let turned = Pixels.transformed(src, width: 20, height: 10, degrees: 90)
        XCTAssertEqual(turned.width, 12)
        XCTAssertEqual(turned.height, 22)
        XCTAssertFalse(turned.opaque)
        assertClose(turned[6, 5], [255, 255, 0, 0])
        assertClose(turned[6, 16], [255, 0, 0, 255])
        XCTAssertEqual(turned[0, 0] >> 24, 0, "the corners around are transparent")
        // Twice the size, unturned: the inside keeps its colours.
        let big = Pixels.transformed(src, width: 40, height: 20, degrees: 0)
        XCTAssertEqual(big.width, 42)
        XCTAssertEqual(big.height, 22)
        assertClose(big[10, 11], [255, 255, 0, 0])
        assertClose(big[31, 11], [255, 0, 0, 255])
    }

    func test_halved_averagesFourPixels() {
        let src = PixelBuffer(width: 4, height: 2, opaque: true)
        src[0, 0] = 0xFF00_0000; src[1, 0] = 0xFFFF_FFFF; src[0, 1] = 0xFFFF_FFFF; src[1, 1] = 0xFF00_0000
        for x in 2..<4 { src[x, 0] = 0xFF64_6464; src[x, 1] = 0xFF64_6464 }
        let half = Pixels.halved(src)
        XCTAssertEqual(half.width, 2)
        XCTAssertEqual(half.height, 1)
        assertClose(half[0, 0], [255, 128, 128, 128])
        XCTAssertEqual(half[1, 0], 0xFF64_6464)
    }
}

final class QOITests: XCTestCase {
    private func bigEndian(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }
    private func header(_ w: UInt32, _ h: UInt32, channels: UInt8 = 4) -> [UInt8] {
        var bytes: [UInt8] = [0x71, 0x6F, 0x69, 0x66]
        bytes += bigEndian(w)
        bytes += bigEndian(h)
        bytes += [channels, 0]
        return bytes
    }
    private let end: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 1]

    /// One image using every chunk type, written by hand from the specification.
    func test_decode_everyChunkType() throws {
        let diff: UInt8 = 0x79                // DIFF 01 11 10 01: r+1, g+0, b-1
        let luma: [UInt8] = [0xA5, 0xA8]      // LUMA: g+5 (37 = 5 + 32), then r-g = +2, b-g = 0 (bias 8)
        let firstSlot: UInt8 = 7              // (100·3 + 150·5 + 200·7 + 255·11) % 64
        var data = header(8, 1)
        data += [0xFE, 100, 150, 200]     // RGB
        data += [diff]
        data += luma
        data += [0xFF, 10, 20, 30, 128]   // RGBA, half transparent
        data += [0xC0 | 1]                // RUN of 2
        data += [firstSlot]               // INDEX of the first colour
        data += [0xC0]                    // RUN of 1
        data += end
        let image = try QOI.decode(data)
        XCTAssertEqual(image.width, 8)
        XCTAssertEqual(image.height, 1)
        XCTAssertFalse(image.opaque)
        XCTAssertEqual(image[0, 0], 0xFF64_96C8)
        XCTAssertEqual(image[1, 0], 0xFF65_96C7)
        XCTAssertEqual(image[2, 0], 0xFF6C_9BCC)
        let half = Pixels.premultiply(0x800A_141E)
        XCTAssertEqual(image[3, 0], half)
        XCTAssertEqual(image[4, 0], half)
        XCTAssertEqual(image[5, 0], half)
        XCTAssertEqual(image[6, 0], 0xFF64_96C8)
        XCTAssertEqual(image[7, 0], 0xFF64_96C8)
    }

    func test_decode_rejectsBadInputWithAMessage() {
        XCTAssertThrowsError(try QOI.decode(Array("not an image at all, really".utf8)))
        XCTAssertThrowsError(try QOI.decode(header(0, 5) + end), "an empty image")
        XCTAssertThrowsError(try QOI.decode(header(4, 4, channels: 7) + end))
        XCTAssertThrowsError(try QOI.decode(header(100, 100) + [0xFE, 1, 2, 3] + end)) { error in
            XCTAssertTrue("\(error)".contains("ends early"), "\(error)")
        }
        XCTAssertThrowsError(try QOI.load(path: "/nonexistent/kjc.qoi")) { error in
            XCTAssertTrue("\(error)".contains("/nonexistent/kjc.qoi"), "\(error)")
        }
    }

    /// Every game image decodes to exactly what SDL_image's own QOI reader gives.
    func test_everyAsset_matchesSDLImage() throws {
        let root = try AssetLocator.locate()
        for name in AssetManifest.images {
            let path = "\(root)/images/\(name).qoi"
            let ours = try QOI.load(path: path)
            guard let loaded = IMG_Load(path) else { return XCTFail("SDL_image cannot read \(path)") }
            defer { SDL_FreeSurface(loaded) }
            let theirs = try SoftwareCanvas.buffer(of: loaded, what: name)
            XCTAssertEqual(ours.width, theirs.width, name)
            XCTAssertEqual(ours.height, theirs.height, name)
            XCTAssertEqual(ours.opaque, theirs.opaque, name)
            let same = (0..<(ours.width * ours.height)).allSatisfy { ours.pixels[$0] == theirs.pixels[$0] }
            XCTAssertTrue(same, "\(name) differs from SDL_image's decoding")
        }
    }
}

final class SoftwareCanvasTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        _ = TTF_Init()
    }

    @MainActor
    static func makeCanvas() throws -> SoftwareCanvas {
        let root = try AssetLocator.locate()
        let canvas = SoftwareCanvas(assetRoot: root)
        try canvas.loadImages(from: root + "/images", names: AssetManifest.images)
        return canvas
    }

    func test_layer_isRedrawnOnlyWhenWhatItDrawsChanges() throws {
        try MainActor.assumeIsolated {
            let canvas = try Self.makeCanvas()
            for blue in [30, 30, 30, 40, 40, 30] {
                canvas.layer("test") {
                    canvas.clear(Color(10, 20, UInt8(blue)))
                }
                canvas.endFrame()
            }
            XCTAssertEqual(canvas.layerRedraws, 3)
            XCTAssertEqual(canvas.frame[500, 400], 0xFF0A_141E, "the layer is copied to the frame")
        }
    }

    /// A sprite asked for again the next frame (a swaying balloon) is kept; one whose angle
    /// changes every frame (a spinning sparkle) is resampled and never fills the cache; and
    /// sprites of a scene that is gone are freed after five seconds.
    func test_spriteCache_keepsSteadySpritesOnlyAndFreesIdleOnes() throws {
        try MainActor.assumeIsolated {
            let canvas = try Self.makeCanvas()
            for frame in 0..<120 {
                canvas.image("sparkle", in: Rect(100, 100, 40, 40), ImageOptions(rotation: Double(frame * 3)))
                canvas.endFrame()
            }
            XCTAssertEqual(canvas.cachedSpriteCount, 0)
            for _ in 0..<3 {
                canvas.image("balloon-red", in: Rect(100, 100, 96, 144), ImageOptions(rotation: 3))
                canvas.endFrame()
            }
            XCTAssertEqual(canvas.cachedSpriteCount, 1)
            for _ in 0..<(SoftwareCanvas.idleFrames + 60) { canvas.endFrame() }
            XCTAssertEqual(canvas.cachedSpriteCount, 0)
        }
    }

    func test_shapesAndText_drawWhereAsked() throws {
        try MainActor.assumeIsolated {
            let canvas = try Self.makeCanvas()
            canvas.clear(.white)
            canvas.fillRounded(Rect(100, 100, 200, 100), radius: 30, Color(255, 0, 0))
            XCTAssertEqual(canvas.frame[200, 150], 0xFFFF_0000)
            XCTAssertEqual(canvas.frame[101, 101], 0xFFFF_FFFF, "the corner is rounded off")
            canvas.fillCircle(center: Point(500, 500), radius: 40, Color(0, 0, 255, 128))
            let c = canvas.frame[500, 500]
            XCTAssertLessThanOrEqual(abs(Int(c >> 16 & 0xFF) - 127), 1)
            XCTAssertEqual(c & 0xFF, 255)
            canvas.line(from: Point(600, 100), to: Point(700, 100), width: 4, .black)
            XCTAssertEqual(canvas.frame[650, 100], 0xFF00_0000)
            XCTAssertEqual(canvas.frame[650, 110], 0xFFFF_FFFF)
            canvas.text("Hello", Theme.headingText, at: Point(512, 700), color: .black)
            let dark = (450..<575).contains { x in (690..<710).contains { y in canvas.frame[x, y] & 0xFF < 100 } }
            XCTAssertTrue(dark, "the text is drawn")
            canvas.image("logo", in: Rect(0, 0, 520, 110))
            XCTAssertNotEqual(canvas.frame[260, 55], 0xFFFF_FFFF)
        }
    }

    func test_screenshot_savesTheFrame() throws {
        try MainActor.assumeIsolated {
            let canvas = try Self.makeCanvas()
            canvas.clear(Color(0, 128, 255))
            canvas.fill(Rect(0, 0, 10, 10), Color(255, 0, 0))
            let path = temporaryDirectory() + "/shot.png"
            try canvas.screenshot(to: path)
            let image = try PixelImage(path: path)
            XCTAssertEqual(image.width, 1024)
            XCTAssertEqual(image.height, 768)
            XCTAssertEqual(image.pixel(5, 5), 0xFFFF_0000)
            XCTAssertEqual(image.pixel(500, 500), 0xFF00_80FF)
        }
    }
}
