import CSDL2
import Foundation
import Testing
@testable import GameCore
@testable import Scenes
@testable import Render
@testable import Platform
@testable import KidsJoyApp
import Stage
@testable import SceneTests
@testable import RenderTests

/// The @2x and @3x pictures (issue #17): lossless WebP files that decode to exactly the
/// pixels the QOI path gives for the same drawing; the nearest larger set is drawn (@3x on a
/// 2880×1800 laptop, @2x at 1920×1080, neither read at 1024×768); a bad file is warned about
/// and its image drawn from a smaller picture.
@Suite @MainActor struct ImageVariantTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("ImageFixtures").path

    static func samePixels(_ a: PixelBuffer, _ b: PixelBuffer) -> (same: Bool, differing: Int) {
        guard a.width == b.width, a.height == b.height else { return (false, -1) }
        let differing = (0..<(a.width * a.height)).count { a.pixels[$0] != b.pixels[$0] }
        return (differing == 0, differing)
    }

    /// The same picture as QOI and as WebP, both written by tools/make_images.py's
    /// `qoi_bytes` and `webp_bytes` (Tests/ImageFixtures: balloon-red@2x, byte for byte the game's
    /// @2x file, and its former @2x QOI; and a ramp with every alpha value under a colour
    /// ramp): the WebP decodes to the very same premultiplied pixels.
    @Test(arguments: ["balloon-red@2x", "ramp"])
    func test_aWebPDecodesToTheSamePixelsAsTheQOIOfTheSamePicture(_ name: String) throws {
        let qoi = try QOI.load(path: "\(Self.fixtures)/\(name).qoi")
        let webp = try WebPImage.load(path: "\(Self.fixtures)/\(name).webp")
        #expect(webp.width == qoi.width && webp.height == qoi.height)
        #expect(webp.opaque == qoi.opaque)
        let (same, differing) = Self.samePixels(webp, qoi)
        #expect(same, "\(name): \(differing) pixels differ")
        // Not trivially so: the pictures have colour and every kind of alpha.
        let alphas = Set((0..<(qoi.width * qoi.height)).map { qoi.pixels[$0] >> 24 })
        #expect(alphas.count > 60, "\(alphas.count) alpha values")
        // SDL_image gives these pictures as RGBA bytes: the decoder's own swap-and-premultiply
        // pass (not SDL's conversion) made the pixels compared here.
        let surface = try #require(IMG_Load("\(Self.fixtures)/\(name).webp"))
        defer { SDL_FreeSurface(surface) }
        #expect(surface.pointee.format.pointee.format == SDL_PIXELFORMAT_ABGR8888.rawValue)
    }

    /// Every @2x and @3x file: WebP, exactly 2 or 3 times its 1x picture's size, decoded by
    /// the fast path to what SDL's own conversion gives; the two sets name the same images.
    @Test func test_everyVariantFile_hasItsSize_andDecodesLikeSDLImage() throws {
        let images = try AssetLocator.locate() + "/images"
        let files = try FileManager.default.contentsOfDirectory(atPath: images)
        #expect(!files.contains { $0.contains("@") && !$0.hasSuffix(".webp") }, "@Nx files are WebP only")
        let names2 = Set(files.filter { $0.hasSuffix("@2x.webp") }.map { String($0.dropLast(8)) })
        let names3 = Set(files.filter { $0.hasSuffix("@3x.webp") }.map { String($0.dropLast(8)) })
        #expect(names2.count >= 50, "\(names2.count) @2x pictures")
        #expect(names2 == names3, "@3x exactly where @2x: \(names2.symmetricDifference(names3))")
        #expect(Set(AssetManifest.images(declared: GameRegistry.standard.declaredPictures, in: images)).isSuperset(of: names2))
        try WebPImage.prepare()
        for name in names2.sorted() {
            let one = try QOI.load(path: "\(images)/\(name).qoi")
            for scale in [2, 3] {
                let path = "\(images)/\(name)@\(scale)x.webp"
                let ours = try WebPImage.load(path: path)
                #expect(ours.width == scale * one.width && ours.height == scale * one.height, "\(path): \(ours.width)x\(ours.height)")
                guard let loaded = IMG_Load(path) else { Issue.record("SDL_image cannot read \(path)"); continue }
                defer { SDL_FreeSurface(loaded) }
                let theirs = try SoftwareCanvas.buffer(of: loaded, what: name)
                #expect(ours.opaque == theirs.opaque, "\(path)")
                #expect(Self.samePixels(ours, theirs).same, "\(path) differs from SDL's conversion")
            }
        }
    }

    @Test func test_aBadWebPIsRefusedWithAMessage() throws {
        func message(_ bytes: [UInt8]) -> String {
            do { _ = try WebPImage.decode(bytes, path: "/x/bad@3x.webp"); return "decoded" } catch { return "\(error)" }
        }
        let good = Array(try Data(contentsOf: URL(fileURLWithPath: "\(Self.fixtures)/balloon-red@2x.webp")))
        #expect(message(Array("not a picture at all, certainly not one".utf8)).contains("/x/bad@3x.webp: not a WebP image"))
        #expect(message(Array(good.prefix(40))).contains("cannot decode WebP image"))
        var flipped = good
        for i in stride(from: 40, to: flipped.count, by: 7) { flipped[i] ^= 0x5A }
        #expect(message(flipped).contains("/x/bad@3x.webp"), "\(message(flipped))")
        // A header claiming 16384x16384 (1 GiB decoded) is refused before decoding.
        var huge = good
        let bits: UInt32 = 16383 | 16383 << 14 | (UInt32(huge[24]) >> 4 & 0xF) << 28
        for k in 0..<4 { huge[21 + k] = UInt8(bits >> (8 * UInt32(k)) & 0xFF) }
        #expect(message(huge).contains("too large (16384x16384"), "\(message(huge))")
        do {
            _ = try WebPImage.load(path: "/nonexistent/kjc@2x.webp")
            Issue.record("a missing file loaded")
        } catch {
            #expect("\(error)".contains("/nonexistent/kjc@2x.webp"), "\(error)")
        }
    }

    /// The set drawn at each size: @3x at 2880×1800 (scale 2.34), @2x at 1920×1080 (1.41),
    /// nothing but the 1x pictures at 1024×768; @3x for a headless 3840×2160 (scale 2.81).
    @Test(arguments: [(1024, 768, 1), (1920, 1080, 2), (2880, 1800, 3), (3840, 2160, 3)])
    func test_theNearestLargerSetIsLoaded(_ w: Int, _ h: Int, _ scale: Int) throws {
        let app = try NativeResolutionTests.start("0.2 dump\n", size: (w, h))
        defer { app.shutdown() }
        let canvas: SoftwareCanvas = app.canvas
        #expect(canvas.imageScale == scale, "\(w)x\(h) (drawn at \(canvas.viewport.width)x\(canvas.viewport.height))")
        let variants = canvas.loadedImageKeys.filter { $0.contains("@") }
        if scale == 1 {
            #expect(variants.isEmpty, "a 1024x768 run reads no @Nx picture: \(variants.prefix(5))")
            #expect(canvas.imageStore.variantScale.isEmpty)
        } else {
            #expect(variants.count >= 50 && variants.allSatisfy { $0.hasSuffix("@\(scale)x") }, "\(variants.count): \(variants.prefix(5))")
            for name in ["card-back", "balloon-red", "balloon-star", "play", "mascot-happy"] {
                #expect(canvas.imageStore.variantScale[name] == scale, "\(name) drawn from @\(canvas.imageStore.variantScale[name] ?? 1)x")
            }
            #expect(canvas.imageStore.variantScale["animal-cat"] == nil, "emoji pictures have 1x only")
        }
        #expect(canvas.warnings.isEmpty, "\(canvas.warnings)")
    }

    /// An assets folder like the game's, with some @Nx files replaced by `broken` bytes (or
    /// removed, for nil): links to everything else.
    static func assets(breaking broken: [String: [UInt8]?]) throws -> String {
        let fm = FileManager.default
        let source = try AssetLocator.locate()
        let root = temporaryDirectory() + "/assets"
        try fm.createDirectory(atPath: root + "/images", withIntermediateDirectories: true)
        for entry in try fm.contentsOfDirectory(atPath: source) where entry != "images" {
            try fm.createSymbolicLink(atPath: "\(root)/\(entry)", withDestinationPath: "\(source)/\(entry)")
        }
        for file in try fm.contentsOfDirectory(atPath: source + "/images") {
            if let bytes = broken[file] {
                if let bytes { _ = fm.createFile(atPath: "\(root)/images/\(file)", contents: Data(bytes)) }
            } else {
                try fm.createSymbolicLink(atPath: "\(root)/images/\(file)", withDestinationPath: "\(source)/images/\(file)")
            }
        }
        return root
    }

    /// A corrupt @3x file: warned about (naming it), its image drawn from the @2x picture,
    /// the game goes on; a missing @3x: from the @2x, silently; a corrupt @2x at 1920x1080
    /// (where @2x is wanted): from the next larger set, @3x. At 1024×768 none of them is
    /// read, so nothing is said.
    @Test func test_aBrokenOrMissingVariantFallsBackToASmallerPictureWithAWarning() throws {
        let garbage = Array("this is not a picture".utf8)
        let root = try Self.assets(breaking: ["card-back@3x.webp": garbage, "balloon-red@2x.webp": garbage, "play@3x.webp": nil])
        func run(_ w: Int, _ h: Int) throws -> (canvas: SoftwareCanvas, screenshot: PixelImage) {
            var options = AppOptions()
            options.headless = true
            options.seed = 3
            options.assetsDir = root
            options.settings.dataDir = temporaryDirectory()
            let shot = temporaryDirectory() + "/memory.png"
            options.scriptText = NativeResolutionTests.enter(size: (w, h)) + "2 screenshot \(shot)\n"
            options.size = (width: w, height: h)
            let app = try GameApp(options: options, keepLogInMemory: true)
            try app.start()
            _ = app.run()
            defer { app.shutdown() }
            #expect(app.stack.top.name == "memory", "the game goes on")
            return (app.canvas, try PixelImage(path: shot))
        }
        let small = try run(1024, 768)
        #expect(small.canvas.warnings.isEmpty, "a 1024x768 run reads no @Nx file: \(small.canvas.warnings)")

        let laptop = try run(2880, 1800)
        #expect(laptop.canvas.warnings.count == 1, "\(laptop.canvas.warnings)")
        #expect(laptop.canvas.warnings.first?.contains("\(root)/images/card-back@3x.webp: not a WebP image; card-back is drawn from a smaller picture") == true,
                "\(laptop.canvas.warnings)")
        #expect(laptop.canvas.imageStore.variantScale["card-back"] == 2)
        #expect(laptop.canvas.imageStore.variantScale["play"] == 2, "no @3x file: the @2x is drawn")
        #expect(laptop.canvas.imageStore.variantScale["card-front"] == 3)
        // The card backs are drawn (from @2x): the board is not empty where they lie.
        let memory = try #require(Self.firstCard((2880, 1800)))
        let c = laptop.canvas.viewport.toReal(memory.center)
        #expect(laptop.screenshot[Int(c.x), Int(c.y)] != [0, 0, 0])

        let projector = try run(1920, 1080)
        #expect(projector.canvas.warnings.count == 1 && projector.canvas.warnings[0].contains("balloon-red@2x.webp"), "\(projector.canvas.warnings)")
        #expect(projector.canvas.imageStore.variantScale["balloon-red"] == 3, "drawn from the next larger set, @3x, scaled down")
        #expect(projector.canvas.imageStore.variantScale["card-back"] == 2)
    }

    /// With one set installed (a package that ships only @3x, or only @2x), that set is drawn
    /// at every scale above 1x: @3x scaled down at 1920x1080, @2x scaled up at 2880x1800.
    @Test func test_withOneSetInstalledItIsDrawnAtEveryScaleAbove1x() throws {
        let images = try FileManager.default.contentsOfDirectory(atPath: try AssetLocator.locate() + "/images")
        for (removed, size, scale) in [("@2x.webp", (1920, 1080), 3), ("@3x.webp", (2880, 1800), 2)] {
            var gone: [String: [UInt8]?] = [:]
            for file in images where file.hasSuffix(removed) { gone[file] = .some(nil) }
            var options = AppOptions()
            options.headless = true
            options.assetsDir = try Self.assets(breaking: gone)
            options.settings.dataDir = temporaryDirectory()
            options.scriptText = "0.2 dump\n"
            options.size = (width: size.0, height: size.1)
            let app = try GameApp(options: options, keepLogInMemory: true)
            try app.start()
            _ = app.run()
            defer { app.shutdown() }
            let canvas: SoftwareCanvas = app.canvas
            #expect(canvas.imageScale == scale, "without the \(removed) files at \(size)")
            #expect(canvas.imageStore.variantScale["card-back"] == scale && canvas.imageStore.variantScale["play"] == scale)
            #expect(canvas.warnings.isEmpty, "\(canvas.warnings)")
        }
    }

    /// The first card of Memory Easy, in logical units.
    /// The first Memory card (Easy) on a screen of `size` (nil: 1024x768).
    static func firstCard(_ size: (Int, Int)? = nil) -> Rect? {
        let old = Canvas1024.size
        if let size { Canvas1024.use(Canvas1024.size(forScreen: size.0, size.1)) }
        defer { Canvas1024.use(old) }
        return MemoryLayout.frames(for: .easy, in: GameHosting.playArea).first
    }

    /// At 2880×1800 the Memory cards' edges are drawn from @3x: as sharp as at 1024×768 from
    /// 1x, and sharper than the same board drawn from the @2x pictures scaled up.
    @Test func test_at2880x1800CardEdgesAreAsSharpAsAt1024x768() throws {
        let dir = temporaryDirectory()
        let script = "2 screenshot \(dir)/memory.png\n"
        func shot(_ size: (Int, Int)?, assets: String? = nil, _ file: String) throws -> (PixelImage, Viewport) {
            var options = AppOptions()
            options.headless = true
            options.seed = 3
            options.assetsDir = assets
            options.settings.dataDir = temporaryDirectory()
            options.scriptText = NativeResolutionTests.enter(size: size) + script.replacingOccurrences(of: "memory.png", with: file)
            options.size = size.map { (width: $0.0, height: $0.1) }
            let app = try GameApp(options: options, keepLogInMemory: true)
            try app.start()
            _ = app.run()
            defer { app.shutdown() }
            return (try PixelImage(path: "\(dir)/\(file)"), app.canvas.viewport)
        }
        // A band across the card's left edge, half-way down, and one across its top edge.
        func sharpness(_ image: PixelImage, _ v: Viewport) -> (Int, Int) {
            let card = Self.firstCard(v.width == 1024 ? nil : (v.width, v.height)) ?? Rect(0, 0, 1, 1)
            let left = v.toReal(Rect(card.minX - 6, card.midY - 20, 24, 40))
            let across = NativeResolutionTests.sharpestStep(image, in: IRect(rounding: left))
            let top = v.toReal(Rect(card.midX - 20, card.minY - 6, 40, 24))
            return (across, Self.sharpestColumnStep(image, in: IRect(rounding: top)))
        }
        let (oneX, v1) = try shot(nil, "1x.png")
        let (native, v3) = try shot((2880, 1800), "3x.png")
        var without3x: [String: [UInt8]?] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: try AssetLocator.locate() + "/images") where file.hasSuffix("@3x.webp") {
            without3x[file] = .some(nil)
        }
        let (from2x, v2) = try shot((2880, 1800), assets: try Self.assets(breaking: without3x), "2x.png")
        let s1 = sharpness(oneX, v1), s3 = sharpness(native, v3), s2 = sharpness(from2x, v2)
        print("card edge steps (left, top): 1x at 1024x768 \(s1), @3x at 2880x1800 \(s3), @2x scaled up at 2880x1800 \(s2)")
        #expect(s3.0 >= s1.0 - 12 && s3.1 >= s1.1 - 12, "@3x \(s3) vs 1x \(s1)")
        #expect(s3.0 > s2.0 && s3.1 > s2.1, "@3x \(s3) vs @2x scaled up \(s2)")
    }

    /// The largest luma step between vertical neighbours inside `r`.
    static func sharpestColumnStep(_ image: PixelImage, in r: IRect) -> Int {
        func luma(_ x: Int, _ y: Int) -> Int {
            let c = image[x, y]
            return (299 * c[0] + 587 * c[1] + 114 * c[2]) / 1000
        }
        var best = 0
        for y in max(r.y, 0)..<min(r.maxY, image.height) - 1 {
            for x in max(r.x, 0)..<min(r.maxX, image.width) { best = max(best, abs(luma(x, y + 1) - luma(x, y))) }
        }
        return best
    }
}
