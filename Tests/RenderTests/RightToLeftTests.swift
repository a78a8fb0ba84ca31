import CSDL2
import Foundation
import Testing
@testable import GameCore
@testable import Scenes
@testable import Render
@testable import Platform
import Stage
@testable import TextCatalogs
import SystemIO
import TextCatalogs
@testable import SceneTests

/// Arabic: lines laid out in both directions, letters shaped by HarfBuzz in Scheherazade,
/// and every screen mirrored, taps and dumps included.
@Suite @MainActor struct RightToLeftTests {
    // MARK: - Shaping

    static func arabicCanvas() throws -> SoftwareCanvas {
        let canvas = try SoftwareCanvasTests.makeCanvas()
        canvas.arabicFontFiles = try FontLocator.arabic(assets: try AssetLocator.locate())
        return canvas
    }

    /// Joined letters are narrower than the same letters standing alone (HarfBuzz picks the
    /// initial, medial and final forms); without shaping they would be the same width.
    @Test func test_arabicLettersJoin() throws {
        let canvas = try Self.arabicCanvas()
        let style = TextStyle(size: 32)
        let word = canvas.measure("بببب", style).width
        let alone = canvas.measure("ب", style).width * 4
        #expect(word > 0)
        #expect(word < alone * 0.9, "joined \(word) px vs \(alone) px for the letters alone")
    }

    /// Issue #49: in "مرحبا Player 2!" the number reads with the Latin word before it (UAX #9
    /// rule W7), so the line's picture holds "Player 2" exactly as the Latin line "Player 2"
    /// is drawn alone. (The old layout drew "!2 Player مرحبا": "2", " " and "Player" apart.)
    @Test func test_playerTwoIsDrawnWholeInAnArabicLine() throws {
        let canvas = try Self.arabicCanvas()
        let style = TextStyle(size: 32)
        let black = SDL_Color(r: 0, g: 0, b: 0, a: 255)
        let line = try #require(canvas.renderLine("مرحبا Player 2!", style, outline: false, black))
        defer { SDL_FreeSurface(line) }
        let latin = try #require(canvas.renderLine("Player 2", style, outline: false, black))
        defer { SDL_FreeSurface(latin) }
        #expect(Self.alphaPosition(of: latin, in: line) != nil, "\"Player 2\" is not drawn whole in the Arabic line")
        let arabicAlone = try #require(canvas.renderLine("مرحبا", style, outline: false, black))
        defer { SDL_FreeSurface(arabicAlone) }
        let player = try #require(Self.alphaPosition(of: latin, in: line))
        #expect(player.x < Int(line.pointee.w) - Int(latin.pointee.w) - Int(arabicAlone.pointee.w) / 2,
                "the Arabic word (the sentence's start) is at the right of \"Player 2\"")
    }

    /// Where `small`'s coverage (alpha) appears unchanged inside `big`, if anywhere.
    static func alphaPosition(of small: UnsafeMutablePointer<SDL_Surface>, in big: UnsafeMutablePointer<SDL_Surface>) -> (x: Int, y: Int)? {
        func alphas(_ surface: UnsafeMutablePointer<SDL_Surface>) -> (values: [UInt8], width: Int, height: Int) {
            let argb = SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_ARGB8888.rawValue, 0)!
            defer { SDL_FreeSurface(argb) }
            SDL_LockSurface(argb)
            defer { SDL_UnlockSurface(argb) }
            let w = Int(argb.pointee.w), h = Int(argb.pointee.h), pitch = Int(argb.pointee.pitch) / 4
            let pixels = argb.pointee.pixels.assumingMemoryBound(to: UInt32.self)
            var values = [UInt8](repeating: 0, count: w * h)
            for y in 0..<h { for x in 0..<w { values[y * w + x] = UInt8(pixels[y * pitch + x] >> 24) } }
            return (values, w, h)
        }
        let s = alphas(small), b = alphas(big)
        guard s.width <= b.width, s.height <= b.height else { return nil }
        for oy in 0...(b.height - s.height) {
            for ox in 0...(b.width - s.width) {
                var same = true
                search: for y in 0..<s.height {
                    for x in 0..<s.width where s.values[y * s.width + x] != b.values[(oy + y) * b.width + ox + x] {
                        same = false
                        break search
                    }
                }
                if same { return (ox, oy) }
            }
        }
        return nil
    }

    /// Arabic is drawn with Scheherazade's glyphs, not Andika's empty boxes: the drawn word
    /// has ink in the shape of real letters (far fewer inked pixels than three boxes).
    @Test func test_arabicIsDrawnInTheArabicFont() throws {
        let shaped = try Self.arabicCanvas()
        let plain = try SoftwareCanvasTests.makeCanvas()
        #expect(shaped.measure("سهل", TextStyle(size: 40)) != plain.measure("سهل", TextStyle(size: 40)))
        for canvas in [shaped, plain] {
            canvas.clear(.white)
            canvas.text("سهل", TextStyle(size: 40), at: Point(512, 384), color: .black)
            canvas.endFrame()
        }
        func ink(_ c: SoftwareCanvas) -> Int {
            var n = 0
            for y in 334..<434 { for x in 412..<612 where c.frame[x, y] & 0xFF < 128 { n += 1 } }
            return n
        }
        #expect(ink(shaped) > 100)
        #expect(ink(shaped) != ink(plain))
    }

    /// No text of any catalog has a character the font of its run lacks (drawn as an empty
    /// box): Arabic letters are drawn in Scheherazade, everything else, digits included, in
    /// Andika. (Arabic's "New PIN: 4 to 8 digits" and "40 children" had Arabic-Indic digits,
    /// which Andika has not: the PIN screen read "from ▯ to ▯ digits".)
    @Test(arguments: Languages.codes + [Languages.pseudo])
    func test_everyCharacterOfEveryCatalogHasAGlyph(language: String) throws {
        _ = TTF_Init()
        let root = try AssetLocator.locate()
        let latin = try FontLocator.andika(assets: root), arabic = try FontLocator.arabic(assets: root)
        let paths: [String] = [latin.regular, latin.bold, arabic.regular, arabic.bold]
        let fonts = paths.map { path in TTF_OpenFont(path, 24) }
        defer { for f in fonts { TTF_CloseFont(f) } }
        #expect(fonts.allSatisfy { $0 != nil })
        let catalog = try TextFitTests.catalog(language)
        let texts = (Messages.all + GameRegistry.standard.messages).map { catalog.translation(of: $0) ?? $0.english }
        var missing: [String] = []
        for text in texts {
            // A right-to-left run (Arabic letters and the spaces and marks that read with them)
            // takes Scheherazade (`runFont`), the rest Andika; a line with no layout is Andika's.
            let runs = Bidi.needsLayout(text) ? Bidi.visualRuns(text) : [BidiRun(text, .leftToRight)]
            for run in runs {
                for scalar in run.text.unicodeScalars where !scalar.properties.isWhitespace && scalar.value >= 0x20 {
                    let (regular, bold) = run.direction == .rightToLeft ? (fonts[2], fonts[3]) : (fonts[0], fonts[1])
                    if TTF_GlyphIsProvided32(regular, scalar.value) == 0 || TTF_GlyphIsProvided32(bold, scalar.value) == 0 {
                        missing.append("U+\(String(scalar.value, radix: 16, uppercase: true)) in \"\(text)\"")
                    }
                }
            }
        }
        #expect(missing.isEmpty, "\(language): \(missing)")
    }

    @Test func test_aMissingArabicFontIsAClearError() throws {
        let empty = temporaryDirectory()
        do {
            _ = try FontLocator.arabic(assets: empty, folders: [empty])
            Issue.record("no error without the font")
        } catch let error as AppError {
            #expect("\(error)".contains("apt install fonts-sil-scheherazade"))
        }
    }

    // MARK: - Mirrored screens

    /// The Back arrow is drawn on the right in Arabic, pointing right (the way back when
    /// reading from the right): its orange disc is there, its white arrow head at the right.
    @Test func test_theBackArrowTurnsRound() throws {
        let canvas = try SoftwareCanvasTests.makeCanvas()
        canvas.arabicFontFiles = try FontLocator.arabic(assets: try AssetLocator.locate())
        let context = makeContext()
        context.catalog = try TextFitTests.catalog("ar")
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
        stack.rightToLeft = true
        stack.apply([.show(.game(.memory, .easy))])
        step(stack, seconds: 1)
        canvas.beginFrame()
        stack.draw(on: canvas)
        canvas.endFrame()
        // English draws the arrow's disc at x 14..54; mirrored it is at 970..1010.
        func isOrange(_ p: UInt32) -> Bool { p >> 16 & 0xFF > 200 && p >> 8 & 0xFF > 90 && p >> 8 & 0xFF < 190 && p & 0xFF < 90 }
        let disc = (972...1008).flatMap { x in (14...50).map { y in canvas.frame[x, y] } }.filter { isOrange($0) }.count
        #expect(disc > 300, "the orange disc of Back at the right (\(disc) px)")
        // The arrow's point: white pixels on the disc's right half outnumber its left half's.
        func isWhite(_ p: UInt32) -> Bool { p >> 16 & 0xFF > 230 && p >> 8 & 0xFF > 230 && p & 0xFF > 230 }
        let right = (992...1004).flatMap { x in (26...38).map { y in canvas.frame[x, y] } }.filter { isWhite($0) }.count
        let left = (976...988).flatMap { x in (26...38).map { y in canvas.frame[x, y] } }.filter { isWhite($0) }.count
        #expect(right != left, "the arrow is not symmetric left to right (\(left) vs \(right))")
    }

    /// The input a scene sees is mirrored back: a drag in Sorting logs `at` where the child
    /// let go, on the mirrored screen.
    @Test func test_mirroredCanvasMapsFramesPointsAndTextAlignment() {
        let recording = RecordingCanvas()
        let mirrored = MirroredCanvas(recording)
        mirrored.fill(Rect(10, 20, 100, 50), .black)
        mirrored.text("x", TextStyle(size: 20), at: Point(30, 40), align: .left, color: .black)
        #expect(MirroredCanvas.mirror(Rect(10, 20, 100, 50)) == Rect(914, 20, 100, 50))
        #expect(MirroredCanvas.mirror(.pointerDown(Point(30, 40))) == .pointerDown(Point(994, 40)))
        #expect(MirroredCanvas.mirror(JSON.object([("frame", .array([.int(10), .int(20), .int(100), .int(50)])), ("at", .array([.int(30), .int(40)]))]))
                == .object([("frame", .array([.int(914), .int(20), .int(100), .int(50)])), ("at", .array([.int(994), .int(40)]))]))
        #expect(recording.texts == ["x"])
    }
}
