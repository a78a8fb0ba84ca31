import CSDL2
import Foundation
import Testing
@testable import GameCore
@testable import Scenes
@testable import Render
@testable import Platform
import Stage
@testable import SceneTests

/// The pixel operations of the game's own software renderer: premultiplied blending,
/// modulation, coverage masks, resampling.
@Suite struct PixelTests {
    /// Straight-alpha channels of a premultiplied pixel, rounded.
    private func channels(_ p: UInt32) -> [Int] {
        [Int(p >> 24), Int((p >> 16) & 0xFF), Int((p >> 8) & 0xFF), Int(p & 0xFF)]
    }

    private func assertClose(_ got: UInt32, _ want: [Int], tolerance: Int = 1,
                             sourceLocation: SourceLocation = #_sourceLocation) {
        let c = channels(got)
        for i in 0..<4 where abs(c[i] - want[i]) > tolerance {
            Issue.record("pixel \(c) is not within \(tolerance) of \(want)", sourceLocation: sourceLocation)
            return
        }
    }

    @Test func test_premultiply_scalesColourByAlpha() {
        #expect(Pixels.pixel(Color(255, 128, 0, 255)) == 0xFFFF_8000)
        assertClose(Pixels.pixel(Color(255, 128, 0, 128)), [128, 128, 64, 0])
        #expect(Pixels.pixel(Color(200, 100, 50, 0)) == 0)
    }

    /// Every row width from 1 to 11 runs the four-pixel SIMD loop and the scalar tail; both
    /// must give the reference result of the "over" operator.
    @Test func test_blend_overOperator_matchesReferenceAtEveryRowWidth() {
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

    @Test func test_blend_transparentLeavesDestinationAndOpaqueReplacesIt() {
        let dst = PixelBuffer(width: 8, height: 1, opaque: true)
        for x in 0..<8 { dst[x, 0] = 0xFF12_3456 }
        let src = PixelBuffer(width: 8, height: 1)
        for x in 0..<4 { src[x, 0] = 0xFFAA_BBCC }
        Pixels.draw(src, to: dst, x: 0, y: 0)
        for x in 0..<4 { #expect(dst[x, 0] == 0xFFAA_BBCC) }
        for x in 4..<8 { #expect(dst[x, 0] == 0xFF12_3456) }
    }

    @Test func test_modulation_fadesAndTints() {
        let white = PixelBuffer(width: 5, height: 1, opaque: true)
        for x in 0..<5 { white[x, 0] = 0xFFFF_FFFF }
        let dst = PixelBuffer(width: 5, height: 1, opaque: true)
        Pixels.draw(white, to: dst, x: 0, y: 0, Modulation(alpha: 128))
        for x in 0..<5 { assertClose(dst[x, 0], [255, 128, 128, 128]) }
        Pixels.fill(dst, dst.bounds, 0xFF00_0000)
        Pixels.draw(white, to: dst, x: 0, y: 0, Modulation(alpha: 255, tint: Color(255, 100, 0)))
        for x in 0..<5 { assertClose(dst[x, 0], [255, 255, 100, 0]) }
    }

    @Test func test_fill_isClippedToTheTarget() {
        let dst = PixelBuffer(width: 10, height: 10, opaque: true)
        Pixels.fill(dst, IRect(-5, -5, 10, 10), 0xFFFF_0000)
        Pixels.fill(dst, IRect(8, 8, 100, 100), Pixels.pixel(Color(0, 255, 0, 128)))
        Pixels.fill(dst, IRect(20, 20, 5, 5), 0xFF00_00FF)  // wholly outside: nothing
        #expect(dst[0, 0] == 0xFFFF_0000)
        #expect(dst[4, 4] == 0xFFFF_0000)
        #expect(dst[5, 5] == 0xFF00_0000)
        assertClose(dst[9, 9], [255, 0, 128, 0])
        // A picture drawn half off every edge.
        let src = PixelBuffer(width: 4, height: 4, opaque: true)
        for y in 0..<4 { for x in 0..<4 { src[x, y] = 0xFFFF_FFFF } }
        Pixels.draw(src, to: dst, x: -2, y: 8)
        #expect(dst[0, 9] == 0xFFFF_FFFF)
        #expect(dst[2, 9] == 0xFF00_0000)
    }

    @Test func test_disc_coverageIsFullInsideEmptyOutsideAndSymmetric() {
        let mask = CoverageMask.disc(radius: 20)
        #expect(mask.values[20 * 40 + 20] == 255)
        #expect(mask.values[0] == 0)
        for y in 0..<40 {
            for x in 0..<40 {
                #expect(mask.values[y * 40 + x] == mask.values[y * 40 + (39 - x)])
                #expect(mask.values[y * 40 + x] == mask.values[(39 - y) * 40 + x])
            }
        }
        let ring = CoverageMask.disc(radius: 20, width: 4)
        #expect(ring.values[20 * 40 + 20] == 0, "a ring is empty in the middle")
        #expect(ring.values[20 * 40 + 1] == 255)
        let dst = PixelBuffer(width: 40, height: 40, opaque: true)
        Pixels.fill(dst, mask: mask, from: IRect(0, 0, 40, 40), x: 0, y: 0, 0xFFFF_FFFF)
        #expect(dst[20, 20] == 0xFFFF_FFFF)
        #expect(dst[0, 0] == 0xFF00_0000)
    }

    @Test func test_transformed_turnsClockwiseAndScales() {
        // Left half red, right half blue; turned 90° clockwise, red is on top.
        let src = PixelBuffer(width: 20, height: 10, opaque: true)
        for y in 0..<10 { for x in 0..<20 { src[x, y] = x < 10 ? 0xFFFF_0000 : 0xFF00_00FF } }
        let turned = Pixels.transformed(src, width: 20, height: 10, degrees: 90)
        #expect(turned.width == 12)
        #expect(turned.height == 22)
        #expect(!turned.opaque)
        assertClose(turned[6, 5], [255, 255, 0, 0])
        assertClose(turned[6, 16], [255, 0, 0, 255])
        #expect(turned[0, 0] >> 24 == 0, "the corners around are transparent")
        // Twice the size, unturned: the inside keeps its colours.
        let big = Pixels.transformed(src, width: 40, height: 20, degrees: 0)
        #expect(big.width == 42)
        #expect(big.height == 22)
        assertClose(big[10, 11], [255, 255, 0, 0])
        assertClose(big[31, 11], [255, 0, 0, 255])
    }

    @Test func test_halved_averagesFourPixels() {
        let src = PixelBuffer(width: 4, height: 2, opaque: true)
        src[0, 0] = 0xFF00_0000; src[1, 0] = 0xFFFF_FFFF; src[0, 1] = 0xFFFF_FFFF; src[1, 1] = 0xFF00_0000
        for x in 2..<4 { src[x, 0] = 0xFF64_6464; src[x, 1] = 0xFF64_6464 }
        let half = Pixels.halved(src)
        #expect(half.width == 2)
        #expect(half.height == 1)
        assertClose(half[0, 0], [255, 128, 128, 128])
        #expect(half[1, 0] == 0xFF64_6464)
    }
}
