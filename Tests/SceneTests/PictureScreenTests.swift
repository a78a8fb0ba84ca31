import Testing
@testable import GameCore
@testable import Scenes
@testable import KidsJoyApp

/// Issue 14, "Play without reading": the high-score popup, the end screens, the quit panel
/// and the pause screen say everything with pictures; words are small captions.
@MainActor
@Suite struct PictureScreenTests {
    // MARK: - The high-score popup

    /// The popup over Home with four recorded scores (ranks 1 to 4), fully scaled in.
    static func popup() -> (GameContext, SceneStack) {
        let context = makeContext()
        _ = context.scores.record(game: .balloons, level: .hard, score: 132)
        _ = context.scores.record(game: .memory, level: .medium, score: 40)
        _ = context.scores.record(game: .sorting, level: .easy, score: 34)
        _ = context.scores.record(game: .memory, level: .easy, score: 25)
        let stack = SceneStack(root: HomeScene(context: context), log: context.log)
        stack.apply([.show(.highScores)])
        step(stack, seconds: 0.5)
        return (context, stack)
    }

    @Test func test_popupRowsShowMedalsGamePicturesAndLevelStarsBesideTheirFourLabels() throws {
        let (_, stack) = Self.popup()
        let canvas = RecordingCanvas()
        stack.top.draw(on: canvas)
        let images = canvas.calls.compactMap { call -> (String, Rect)? in if case .image(let n, let r) = call { return (n, r) } else { return nil } }
        // A medal for each of ranks 1 to 3, on the row of that rank; none for rank 4.
        for rank in 1...3 {
            let medal = try #require(images.first { $0.0 == "medal-\(rank)" })
            #expect(HighScoresPopup.rowFrame(rank - 1).contains(medal.1.center))
        }
        #expect(!images.contains { $0.0.hasPrefix("medal-") && HighScoresPopup.rowFrame(3).contains($0.1.center) })
        // Each recorded row: its game's picture and its level's stars.
        let expected: [(String, String)] = [("game-balloons", "level-hard"), ("game-memory", "level-medium"),
                                            ("game-sorting", "level-easy"), ("game-memory", "level-easy")]
        for (row, (game, level)) in expected.enumerated() {
            let frame = HighScoresPopup.rowFrame(row)
            #expect(images.contains { $0.0 == game && frame.contains($0.1.center) }, "row \(row + 1) shows \(game)")
            #expect(images.contains { $0.0 == level && frame.contains($0.1.center) }, "row \(row + 1) shows \(level)")
        }
        // The four labels of every row stay (SPEC 7): rank, game, level, score; dashes for row 5.
        for label in ["1", "Balloons", "Hard", "132", "2", "Medium", "40", "3", "Sorting", "34", "4", "25", "5", "-"] {
            #expect(canvas.texts.contains(label), "\(label) is drawn")
        }
        #expect(canvas.texts.filter { $0 == "-" }.count == 3)
    }

    @Test func test_popupClosesWithABigCrossWhoseIdAndCentreAreKept() throws {
        let (context, stack) = Self.popup()
        let canvas = RecordingCanvas()
        stack.top.draw(on: canvas)
        let cross = try #require(canvas.calls.compactMap { call -> Rect? in
            if case .image("close", let r) = call { return r } else { return nil }
        }.first)
        #expect(cross.width >= 64 && cross.height >= 64)
        #expect(HighScoresPopup.closeFrame.contains(cross.center))
        // The dump's `close` keeps its frame centre (Decision 6) and names its picture and words.
        let close = try #require(dumpItems(of: stack.top).first { $0["id"]?.stringValue == "close" })
        #expect(close["icon"]?.stringValue == "close")
        #expect(close["key"]?.stringValue == Messages.close.key)
        #expect(frameOf(close).center == Point(512, 606))
        tap(stack, Point(512, 606))
        #expect(stack.names == ["home"])
        _ = context
    }

    @Test func test_popupDumpRowsNameTheirPictures() throws {
        let (_, stack) = Self.popup()
        let items = dumpItems(of: stack.top)
        let rows = try #require(items.first { $0["id"]?.stringValue == "rows" }?["rows"]?.arrayValue)
        #expect(rows.map { $0["medal"]?.stringValue } == ["medal-1", "medal-2", "medal-3", nil, nil])
        #expect(rows.map { $0["gameIcon"]?.stringValue } == ["game-balloons", "game-memory", "game-sorting", "game-memory", nil])
        #expect(rows.map { $0["levelIcon"]?.stringValue } == ["level-hard", "level-medium", "level-easy", "level-easy", nil])
    }
}

/// An item's `frame` [x, y, w, h] from a dump.
func frameOf(_ item: JSON) -> Rect {
    let v = (item["frame"]?.arrayValue ?? []).compactMap(\.doubleValue)
    return v.count == 4 ? Rect(v[0], v[1], v[2], v[3]) : Rect(0, 0, 0, 0)
}

/// The `items` of a scene's dump.
@MainActor
func dumpItems(of scene: any Scene) -> [JSON] {
    scene.dump().first { $0.0 == "items" }?.1.arrayValue ?? []
}
