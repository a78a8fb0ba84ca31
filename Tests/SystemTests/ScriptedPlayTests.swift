import Foundation
import Testing
@testable import GameCore
@testable import Scenes
@testable import Render
@testable import Platform
@testable import KidsJoyApp
@testable import SceneTests
@testable import RenderTests

/// The scripted-play contract of TESTING.md, end to end through the real app (headless).
@Suite @MainActor struct ScriptedPlayTests {
    static let homeScript = """
    0.2 tap-item game-balloons
    0.4 tap-item level-hard
    0.6 dump
    0.8 tap-item highscores
    1.2 dump
    1.4 tap 512 606
    1.6 quit
    """

    @Test func test_selectBalloonsHard_openAndCloseHighScores() throws {
        let log = try runScript(Self.homeScript)
        #expect(log.first?["event"]?.stringValue == "start")
        #expect(log.events("select").map { $0["value"]?.stringValue } == ["balloons", "hard"])
        #expect(log.events("select").map { $0["row"]?.stringValue } == ["game", "level"])
        let homeDump = log.events("dump")[0]
        #expect(homeDump["scene"]?.stringValue == "home")
        let items = homeDump["items"]!.arrayValue!
        let ids = Set(items.compactMap { $0["id"]?.stringValue })
        #expect(ids.isSuperset(of: ["game-memory", "game-sorting", "game-balloons", "level-easy", "level-medium",
                                          "level-hard", "play", "highscores", "mute"]))
        #expect(items.first { $0["id"]?.stringValue == "play" }?["enabled"]?.boolValue == true)
        #expect(log.events("highscores").count == 1)
        let popupDump = log.events("dump")[1]
        #expect(popupDump["stack"] == .strings(["home", "highscores"]))
        #expect(popupDump["items"]?.arrayValue?.first?["id"]?.stringValue == "close")
        #expect(log.events("scene").map { $0["action"]?.stringValue } == ["push", "push", "pop"])
        #expect(log.events("sound").contains { $0["name"]?.stringValue == "popup" })
        #expect(log.last?["event"]?.stringValue == "quit")
    }

    @Test func test_sameSeedAndScriptGiveTheSameLog() throws {
        let script = Self.homeScript + "\n" + """
        1.7 tap-item play
        2.5 dump
        3.0 key escape
        """
        let dirA = temporaryDirectory(), dirB = temporaryDirectory()
        let a = try runScript(script, seed: 9, dataDir: dirA).map { $0.serialized() }
        let b = try runScript(script, seed: 9, dataDir: dirB).map { $0.serialized() }
        #expect(a == b)
        #expect(a.count > 10)
    }

    @Test func test_touchTapCountsOnce() throws {
        let log = try runScript("0.2 touch-tap 248 224\n0.5 touch-tap 512 440\n0.6 dump\n")
        #expect(log.events("select").count == 2, "the synthesized mouse event is dropped")
        #expect(log.events("sound").filter { $0["name"]?.stringValue == "select" }.count == 2)
        let items = log.lastDumpItems()
        #expect(items.first { $0["id"]?.stringValue == "game-memory" }?["selected"]?.boolValue == true)
    }

    @Test func test_dragOffATileSelectsNothing_andLetterboxClicksAreIgnored() throws {
        let log = try runScript("0.2 drag 248 224 600 700 0.2\n0.6 tap -20 300\n0.8 dump\n")
        #expect(log.events("select").isEmpty)
    }

    @Test func test_keysDriveHomeWithoutAPointer() throws {
        let log = try runScript("0.1 key right\n0.2 key return\n0.3 key down\n0.4 key return\n0.5 key down\n0.6 key return\n0.8 dump\n")
        #expect(log.events("select").map { $0["value"]?.stringValue } == ["memory", "easy"])
        #expect(log.events("dump").last?["scene"]?.stringValue == "memory")
    }

    @Test func test_escapeOnHomeThenYesQuitsBeforeTheScriptEnds() throws {
        let log = try runScript("0.1 key escape\n0.5 key return\n5 dump\n")
        #expect(log.events("dump").isEmpty, "quit happened at 0.5 s")
        #expect(log.events("answer").first?["button"]?.stringValue == "yes")
    }

    @Test func test_homeScreenshotIs1024x768_andPlayChangesWhenEnabled() throws {
        let dir = temporaryDirectory()
        _ = try runScript("0.1 screenshot \(dir)/off.png\n0.2 tap-item game-memory\n0.4 tap-item level-easy\n0.9 screenshot \(dir)/on.png\n",
                          draw: true)
        let off = try PixelImage(path: dir + "/off.png"), on = try PixelImage(path: dir + "/on.png")
        #expect(off.width == 1024)
        #expect(off.height == 768)
        let play = HomeLayout.play
        let difference = off.meanDifference(on, in: play)
        #expect(difference > 10, "Play looks different once enabled")
        #expect(off.meanDifference(on, in: Rect(0, 0, 120, 60)) < 1, "the top bar did not change")
        // Real art is drawn: the Play area is not one flat colour.
        #expect(on.colourCount(in: play) > 50)
    }
}
