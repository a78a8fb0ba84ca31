import CSDL2
import Foundation
import Testing
@testable import GameCore
@testable import Scenes
@testable import Render
@testable import Platform
@testable import SceneTests

/// The QOI decoder the game's pictures are read with. Main actor: SDL_image (the reference
/// decoder) is only called from one thread at a time.
@Suite @MainActor struct QOITests {
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
    @Test func test_decode_everyChunkType() throws {
        let diff: UInt8 = 0x79                // DIFF 01 11 10 01: r+1, g+0, b-1
        let luma: [UInt8] = [0xA5, 0xA8]      // LUMA: g+5 (37 = 5 + 32), then r-g = +2, b-g = 0 (bias 8)
        let firstSlot: UInt8 = 7              // (100·3 + 150·5 + 200·7 + 255·11) % 64
        var data = header(8, 1)
        data += [0xFE, 100, 150, 200]     // RGB
        data += [diff]
        data += luma
        data += [0xFF, 10, 20, 30, 128]   // RGBA, half transparent
        data += [UInt8(0xC0 | 1)]         // RUN of 2
        data += [firstSlot]               // INDEX of the first colour
        data += [0xC0]                    // RUN of 1
        data += end
        let image = try QOI.decode(data)
        #expect(image.width == 8)
        #expect(image.height == 1)
        #expect(!image.opaque)
        #expect(image[0, 0] == 0xFF64_96C8)
        #expect(image[1, 0] == 0xFF65_96C7)
        #expect(image[2, 0] == 0xFF6C_9BCC)
        let half = Pixels.premultiply(0x800A_141E)
        #expect(image[3, 0] == half)
        #expect(image[4, 0] == half)
        #expect(image[5, 0] == half)
        #expect(image[6, 0] == 0xFF64_96C8)
        #expect(image[7, 0] == 0xFF64_96C8)
    }

    @Test func test_decode_rejectsBadInputWithAMessage() {
        #expect(throws: (any Error).self) { try QOI.decode(Array("not an image at all, really".utf8)) }
        #expect(throws: (any Error).self, "an empty image") { try QOI.decode(header(0, 5) + end) }
        #expect(throws: (any Error).self) { try QOI.decode(header(4, 4, channels: 7) + end) }
        do {
            _ = try QOI.decode(header(100, 100) + [0xFE, 1, 2, 3] + end)
            Issue.record("a truncated image decoded")
        } catch {
            #expect("\(error)".contains("ends early"), "\(error)")
        }
        do {
            _ = try QOI.load(path: "/nonexistent/kjc.qoi")
            Issue.record("a missing file loaded")
        } catch {
            #expect("\(error)".contains("/nonexistent/kjc.qoi"), "\(error)")
        }
    }

    /// Every game image decodes to exactly what SDL_image's own QOI reader gives.
    @Test func test_everyAsset_matchesSDLImage() throws {
        let root = try AssetLocator.locate()
        for name in AssetManifest.images(declared: GameRegistry.standard.declaredPictures, in: root + "/images") {
            let path = "\(root)/images/\(name).qoi"
            let ours = try QOI.load(path: path)
            guard let loaded = IMG_Load(path) else { Issue.record("SDL_image cannot read \(path)"); return }
            defer { SDL_FreeSurface(loaded) }
            let theirs = try SoftwareCanvas.buffer(of: loaded, what: name)
            #expect(ours.width == theirs.width, "\(name)")
            #expect(ours.height == theirs.height, "\(name)")
            #expect(ours.opaque == theirs.opaque, "\(name)")
            let same = (0..<(ours.width * ours.height)).allSatisfy { ours.pixels[$0] == theirs.pixels[$0] }
            #expect(same, "\(name) differs from SDL_image's decoding")
        }
    }
}
