import Foundation
import Testing
@testable import GameCore
@testable import KidsJoyApp
@testable import SceneTests

/// Scripts name what they tap (issue #44, item 5): `tap-item ID` and `drag-item ID ID
/// [SECONDS]` press on the item's centre as the current dump places it, so a script does not
/// move when Home's layout does; `key-down`/`key-up` hold a key (issue #46's switch hold).
@Suite struct TapItemTests {
    @Test func test_parsesTheItemVerbs() throws {
        let commands = try ScriptParser.parse("0 tap-item game-memory\n1 drag-item vehicle-0 zone-air\n2 drag-item card-1 card.2 1.5\n3 key-down space\n4 key-up space\n",
                                              file: "s.txt")
        #expect(commands.map(\.action) == [.tapItem("game-memory"), .dragItem(from: "vehicle-0", to: "zone-air", seconds: 0.5),
                                           .dragItem(from: "card-1", to: "card.2", seconds: 1.5), .keyDown(.space), .keyUp(.space)])
    }

    @Test func test_badItemLinesNameFileAndLine() {
        for (line, says) in [("0 tap-item", "takes one item id"), ("0 tap-item a b", "takes one item id"),
                             ("0 tap-item a/b", "is not an item id"), ("0 drag-item a", "takes two item ids"),
                             ("0 drag-item a b -1", "is not a number of seconds"), ("0 drag-item a b 9999", "too long"),
                             ("0 key-down q", "unknown key")] {
            #expect(throws: (any Error).self, "\(line)") { try ScriptParser.parse("\n" + line + "\n", file: "s.txt") }
            do { _ = try ScriptParser.parse("\n" + line + "\n", file: "s.txt") } catch {
                #expect("\(error)".contains("s.txt:2:") && "\(error)".contains(says), "\(line): \(error)")
            }
        }
    }

    /// Home → Memory Hard → Play by ids: the same log as the coordinates of those tiles.
    @Test(.enabled(if: GameBinary.isBuilt, "build the app first"))
    func test_tapItemPlaysAsTheTapsAtTheCentresDo() throws {
        let dir = temporaryDirectory()
        func run(_ script: String) throws -> [String] {
            try script.write(toFile: dir + "/s.txt", atomically: true, encoding: .utf8)
            let r = try GameBinary.run(["--headless", "--no-draw", "--seed", "3", "--script", dir + "/s.txt", "--log", "-",
                                        "--data-dir", dir + "/data-\(UUID().uuidString.prefix(6))"])
            #expect(r.status == 0, "\(r.stderr)")
            return r.stdout.split(separator: "\n").map(String.init)
        }
        let byID = try run("0.2 tap-item game-memory\n0.4 tap-item level-hard\n0.6 tap-item play\n1 dump\n")
        let byPlace = try run("0.2 tap 248 224\n0.4 tap 776 440\n0.6 tap 512 646\n1 dump\n")
        #expect(byID == byPlace)
        #expect(byID.contains { $0.contains("\"scene\":\"memory\"") })
    }

    /// An id that is not on the screen ends the run: exit 2, the line and what is there.
    @Test(.enabled(if: GameBinary.isBuilt, "build the app first"))
    func test_unknownItemIsAScriptErrorWithItsLine() throws {
        let dir = temporaryDirectory()
        try "0.2 tap-item game-memory\n0.5 tap-item card-3\n1 dump\n".write(toFile: dir + "/s.txt", atomically: true, encoding: .utf8)
        let r = try GameBinary.run(["--headless", "--no-draw", "--script", dir + "/s.txt", "--log", dir + "/log.jsonl", "--data-dir", dir])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("s.txt:2: no item 'card-3' on the screen (home: ") && r.stderr.contains("game-memory"), "\(r.stderr)")
        let log = try String(contentsOfFile: dir + "/log.jsonl", encoding: .utf8)
        #expect(log.contains("\"event\":\"quit\"") && !log.contains("\"event\":\"dump\""), "the run stopped at the line")
    }
}
