import Testing
@testable import GameCore
@testable import Scenes
@testable import Render
@testable import Platform
@testable import KidsJoyApp
import SystemIO
@testable import SceneTests

@Suite struct ScriptParserTests {
    @Test func test_parsesEveryVerb() throws {
        let text = """
        # a comment
        0 tap 10 20
        0.5 down 1 2   # trailing comment
        0.5 move 3 4
        0.6 up 5 6

        1 drag 1 2 3 4 0.5
        1 touch-tap 7 8
        2 key escape
        2 screenshot /tmp/x.png
        3 dump
        4 quit
        """
        let commands = try ScriptParser.parse(text, file: "s.txt")
        #expect(commands.map(\.action) == [
            .tap(Point(10, 20)), .down(Point(1, 2)), .move(Point(3, 4)), .up(Point(5, 6)),
            .drag(from: Point(1, 2), to: Point(3, 4), seconds: 0.5), .touchTap(Point(7, 8)), .key(.escape),
            .screenshot(path: "/tmp/x.png"), .dump, .quit,
        ])
        #expect(commands.first?.line == 2)
    }

    @Test func test_badLinesNameFileAndLine() {
        let cases: [(String, String)] = [
            ("0 tap 1\n", "s.txt:1:"),
            ("0 tap 1 2\nabc tap 1 2\n", "s.txt:2:"),
            ("1 tap 1 2\n0.5 tap 1 2\n", "s.txt:2:"),
            ("0 jump 1 2\n", "unknown verb"),
            ("0 key hyperspace\n", "unknown key"),
            ("0 tap x 2\n", "not a number"),
            ("0 drag 1 2 3 4 -1\n", "negative"),
            ("0\n", "missing a verb"),
        ]
        for (text, expected) in cases {
            let error: any Error
            do {
                _ = try ScriptParser.parse(text, file: "s.txt")
                Issue.record("no error for \(text)")
                continue
            } catch let thrown {
                error = thrown
            }
            guard case AppError.usage(let message) = error else { Issue.record("not a usage error"); continue }
            #expect(message.contains(expected), "\(message) should contain \(expected)")
            #expect((error as? AppError)?.exitCode == 2)
        }
    }
}
