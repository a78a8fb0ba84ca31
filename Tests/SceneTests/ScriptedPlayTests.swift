import CSDL2
import Foundation
import XCTest
@testable import GameCore
@testable import Scenes
@testable import Render
@testable import Platform
@testable import KidsJoyApp

/// The scripted-play contract of TESTING.md, end to end through the real app (headless).
final class ScriptedPlayTests: XCTestCase {
    static let homeScript = """
    0.2 tap 776 224
    0.4 tap 776 440
    0.6 dump
    0.8 tap 804 652
    1.2 dump
    1.4 tap 512 606
    1.6 quit
    """

    func test_selectBalloonsHard_openAndCloseHighScores() throws {
        try MainActor.assumeIsolated {
            let log = try runScript(Self.homeScript)
            XCTAssertEqual(log.first?["event"]?.stringValue, "start")
            XCTAssertEqual(log.events("select").map { $0["value"]?.stringValue }, ["balloons", "hard"])
            XCTAssertEqual(log.events("select").map { $0["row"]?.stringValue }, ["game", "level"])
            let homeDump = log.events("dump")[0]
            XCTAssertEqual(homeDump["scene"]?.stringValue, "home")
            let items = homeDump["items"]!.arrayValue!
            let ids = Set(items.compactMap { $0["id"]?.stringValue })
            XCTAssertTrue(ids.isSuperset(of: ["game-memory", "game-sorting", "game-balloons", "level-easy", "level-medium",
                                              "level-hard", "play", "highscores", "mute"]))
            XCTAssertEqual(items.first { $0["id"]?.stringValue == "play" }?["enabled"]?.boolValue, true)
            XCTAssertEqual(log.events("highscores").count, 1)
            let popupDump = log.events("dump")[1]
            XCTAssertEqual(popupDump["stack"], .strings(["home", "highscores"]))
            XCTAssertEqual(popupDump["items"]?.arrayValue?.first?["id"]?.stringValue, "close")
            XCTAssertEqual(log.events("scene").map { $0["action"]?.stringValue }, ["push", "push", "pop"])
            XCTAssertTrue(log.events("sound").contains { $0["name"]?.stringValue == "popup" })
            XCTAssertEqual(log.last?["event"]?.stringValue, "quit")
        }
    }

    func test_sameSeedAndScriptGiveTheSameLog() throws {
        try MainActor.assumeIsolated {
            let script = Self.homeScript + "\n" + """
            1.7 tap 512 646
            2.5 dump
            3.0 key escape
            """
            let dirA = temporaryDirectory(), dirB = temporaryDirectory()
            let a = try runScript(script, seed: 9, dataDir: dirA).map { $0.serialized() }
            let b = try runScript(script, seed: 9, dataDir: dirB).map { $0.serialized() }
            XCTAssertEqual(a, b)
            XCTAssertGreaterThan(a.count, 10)
        }
    }

    func test_touchTapCountsOnce() throws {
        try MainActor.assumeIsolated {
            let log = try runScript("0.2 touch-tap 248 224\n0.5 touch-tap 512 440\n0.6 dump\n")
            XCTAssertEqual(log.events("select").count, 2, "the synthesized mouse event is dropped")
            XCTAssertEqual(log.events("sound").filter { $0["name"]?.stringValue == "select" }.count, 2)
            let items = log.lastDumpItems()
            XCTAssertEqual(items.first { $0["id"]?.stringValue == "game-memory" }?["selected"]?.boolValue, true)
        }
    }

    func test_dragOffATileSelectsNothing_andLetterboxClicksAreIgnored() throws {
        try MainActor.assumeIsolated {
            let log = try runScript("0.2 drag 248 224 600 700 0.2\n0.6 tap -20 300\n0.8 dump\n")
            XCTAssertTrue(log.events("select").isEmpty)
        }
    }

    func test_keysDriveHomeWithoutAPointer() throws {
        try MainActor.assumeIsolated {
            let log = try runScript("0.1 key right\n0.2 key return\n0.3 key down\n0.4 key return\n0.5 key down\n0.6 key return\n0.8 dump\n")
            XCTAssertEqual(log.events("select").map { $0["value"]?.stringValue }, ["memory", "easy"])
            XCTAssertEqual(log.events("dump").last?["scene"]?.stringValue, "memory")
        }
    }

    func test_escapeOnHomeThenYesQuitsBeforeTheScriptEnds() throws {
        try MainActor.assumeIsolated {
            let log = try runScript("0.1 key escape\n0.5 key return\n5 dump\n")
            XCTAssertTrue(log.events("dump").isEmpty, "quit happened at 0.5 s")
            XCTAssertEqual(log.events("answer").first?["button"]?.stringValue, "yes")
        }
    }

    func test_homeScreenshotIs1024x768_andPlayChangesWhenEnabled() throws {
        try MainActor.assumeIsolated {
            let dir = temporaryDirectory()
            _ = try runScript("0.1 screenshot \(dir)/off.png\n0.2 tap 248 224\n0.4 tap 248 440\n0.9 screenshot \(dir)/on.png\n",
                              draw: true)
            let off = try PixelImage(path: dir + "/off.png"), on = try PixelImage(path: dir + "/on.png")
            XCTAssertEqual(off.width, 1024)
            XCTAssertEqual(off.height, 768)
            let play = HomeLayout.play
            let difference = off.meanDifference(on, in: play)
            XCTAssertGreaterThan(difference, 10, "Play looks different once enabled")
            XCTAssertLessThan(off.meanDifference(on, in: Rect(0, 0, 120, 60)), 1, "the top bar did not change")
            // Real art is drawn: the Play area is not one flat colour.
            XCTAssertGreaterThan(on.colourCount(in: play), 50)
        }
    }
}

/// A decoded PNG for pixel assertions.
struct PixelImage {
    let width: Int
    let height: Int
    let pixels: [UInt32]

    init(path: String) throws {
        guard let loaded = IMG_Load(path) else { throw AppError.fatal("cannot load \(path)") }
        defer { SDL_FreeSurface(loaded) }
        guard let s = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else { throw AppError.fatal("convert") }
        defer { SDL_FreeSurface(s) }
        width = Int(s.pointee.w)
        height = Int(s.pointee.h)
        let pitch = Int(s.pointee.pitch) / 4
        let raw = s.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        var out = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height { for x in 0..<width { out[y * width + x] = raw[y * pitch + x] } }
        pixels = out
    }

    func pixel(_ x: Int, _ y: Int) -> UInt32 { pixels[y * width + x] }

    /// Mean absolute channel difference over a rectangle.
    func meanDifference(_ other: PixelImage, in r: Rect) -> Double {
        var total = 0.0, count = 0.0
        for y in Int(r.minY)..<Int(r.maxY) {
            for x in Int(r.minX)..<Int(r.maxX) {
                let a = pixel(x, y), b = other.pixel(x, y)
                for shift in [0, 8, 16] {
                    total += abs(Double((a >> UInt32(shift)) & 0xFF) - Double((b >> UInt32(shift)) & 0xFF))
                }
                count += 3
            }
        }
        return total / count
    }

    func colourCount(in r: Rect) -> Int {
        var set = Set<UInt32>()
        for y in Int(r.minY)..<Int(r.maxY) { for x in Int(r.minX)..<Int(r.maxX) { set.insert(pixel(x, y)) } }
        return set.count
    }
}
