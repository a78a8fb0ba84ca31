import Foundation
import Testing
@testable import GameCore
@testable import Scenes
@testable import KidsJoyApp
@testable import SceneTests

/// Pads and several fingers reach the game through the same SDL translation as a real
/// device (the script pushes SDL controller and touch events).
@Suite @MainActor struct AnyHandInputTests {
    @Test func test_newVerbsParseAndBadOnesAreClearErrors() throws {
        let ok = try ScriptParser.parse("1 pad a\n1 pad START\n2 finger-down 0 10 20\n2 finger-move 1 30 40\n3 finger-up 9 5 5\n4 key pause\n", file: "s")
        #expect(ok.map(\.action) == [.pad(.a), .pad(.start), .finger(.down, id: 0, Point(10, 20)), .finger(.move, id: 1, Point(30, 40)),
                                      .finger(.up, id: 9, Point(5, 5)), .key(.pause)])
        for (line, message) in [("1 pad x", "'pad' takes one button"), ("1 pad", "'pad' takes one button"),
                                ("1 finger-down 0 10", "takes ID X Y"), ("1 finger-down -1 10 10", "finger ID -1"),
                                ("1 finger-up 1.5 10 10", "finger ID 1.5"), ("1 finger-move 0 200000 1", "out of range")] {
            #expect(throws: (any Error).self) { try ScriptParser.parse(line + "\n", file: "s") }
            do { _ = try ScriptParser.parse(line + "\n", file: "s") } catch {
                #expect("\(error)".contains("s:1") && "\(error)".contains(message), "\(line): \(error)")
            }
        }
    }

    /// One-switch scanning as a setting: the config key `switch` (true: 1.5 s a step, false:
    /// off, or the seconds), bounded like the flag.
    @Test func test_switchIsAConfigKey() {
        #expect(ConfigFile.parse("switch = true\n", file: "c").0[.switchScan]?.number == 1.5)
        #expect(ConfigFile.parse("switch = 2.5\n", file: "c").0[.switchScan]?.number == 2.5)
        #expect(ConfigFile.parse("switch = false\n", file: "c").0[.switchScan]?.number == 0)
        let (bad, problems) = ConfigFile.parse("switch = 9\n", file: "c")
        #expect(bad[.switchScan]?.number == nil)
        #expect(problems.first?.contains("c:1") == true && problems.first?.contains("0.8 to 4") == true, "\(problems)")
    }

    /// A pad plays: the d-pad and A choose on Home (its focus ring), Start pauses and goes
    /// on, B is Back.
    @Test func test_aPadChoosesPausesAndGoesBack() throws {
        let lines = try runScript("0.5 pad right\n0.7 pad a\n1 pad down\n1.2 pad a\n1.4 pad down\n1.6 pad a\n2.5 pad start\n3 dump\n4 pad start\n4.5 dump\n5 pad b\n5.2 pad a\n5.5 dump\n")
        #expect(lines.events("select").map { $0["value"]?.stringValue } == ["memory", "easy"])
        let dumps = lines.events("dump")
        #expect(dumps.map { $0["scene"]?.stringValue } == ["memory", "memory", "home"])
        #expect(lines.events("pause").count >= 1)
        let paused = dumps[0]["items"]?.arrayValue?.first { $0["id"]?.stringValue == "pause" }
        #expect(paused?["paused"]?.boolValue == true)
        let going = dumps[1]["items"]?.arrayValue?.first { $0["id"]?.stringValue == "pause" }
        #expect(going?["paused"]?.boolValue == false)
    }

    /// Home takes one tap from one finger: a second finger on another tile is ignored.
    @Test func test_homeTakesOneFingerOnly() throws {
        let memory = "248 224", hard = "776 440"
        let lines = try runScript("0.5 finger-down 0 \(memory)\n0.5 finger-down 1 \(hard)\n0.6 finger-up 1 \(hard)\n0.6 finger-up 0 \(memory)\n1 dump\n")
        #expect(lines.events("select").map { $0["value"]?.stringValue } == ["memory"])
    }
}
