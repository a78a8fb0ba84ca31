import Testing
@testable import GameCore
@testable import Scenes
import Stage
import TextCatalogs
@testable import Runtime

/// Issue 45, item 7: a high-score table with no score is a picture (an empty podium, the
/// trophy above it) and "Play to be here!", never five rows of dashes; a table with a
/// score is unchanged.
@MainActor
@Suite struct EmptyTableTests {
    static func open(_ context: GameRuntime) -> SceneStack {
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
        stack.apply([.show(.highScores)])
        step(stack, seconds: 0.5)
        return stack
    }

    /// The podium and the words are drawn where the rows go; no dash, no rank.
    static func expectPodium(_ stack: SceneStack) throws {
        let canvas = RecordingCanvas()
        stack.top.draw(on: canvas)
        #expect(!canvas.texts.contains(Messages.emptyCell.english), "no dashes: \(canvas.texts)")
        #expect(canvas.texts.filter { $0 == Messages.emptyTable.english }.count == 1)
        for rank in 1...5 { #expect(!canvas.texts.contains(String(rank)), "no rank \(rank)") }
        let images = canvas.calls.compactMap { call -> (String, Rect)? in if case .image(let n, let r) = call { return (n, r) } else { return nil } }
        let area = HighScoresPopup.emptyFrame
        #expect(images.contains { $0.0 == "trophy" && area.contains($0.1.center) }, "the trophy over the podium")
        for medal in 1...3 { #expect(images.contains { $0.0 == "medal-\(medal)" && area.contains($0.1.center) }, "step \(medal)") }
        // The picture is centred where the rows are.
        #expect(area.midX == HighScoresPopup.panelFrame.midX)
        #expect(HighScoresPopup.podiumTrophyFrame.midX == area.midX && HighScoresPopup.emptyTextCentre.x == area.midX)
        let steps = HighScoresPopup.podiumSteps.map(\.frame)
        #expect(((steps.map(\.minX).min()! + steps.map(\.maxX).max()!) / 2) == area.midX)
        // The dump: an `empty-table` picture naming its picture and words, and no dash rows.
        let items = dumpItems(of: stack.top)
        let rows = try #require(items.first { $0["id"]?.stringValue == "rows" }?["rows"]?.arrayValue)
        #expect(rows.isEmpty)
        let empty = try #require(items.first { $0["id"]?.stringValue == "empty-table" })
        #expect(empty["kind"]?.stringValue == "picture" && empty["icon"]?.stringValue == "trophy")
        #expect(empty["key"]?.stringValue == Messages.emptyTable.key)
        #expect(frameOf(empty) == area)
    }

    @Test func test_aFreshInstallsTableIsAnEmptyPodiumAndItsWords() throws {
        let context = makeContext()
        let stack = Self.open(context)
        #expect((stack.top as? HighScoresPopup)?.entries.isEmpty == true)
        try Self.expectPodium(stack)
    }

    @Test func test_aChildsOwnTabWithNoScoreIsTheEmptyPodium() throws {
        let context = makeContext()
        context.profiles = context.scores as? any ProfileKeeping
        let owl = try context.profiles!.addChild(nickname: nil, avatar: Avatar(animal: "owl", colour: "green")).get()
        let fox = try context.profiles!.addChild(nickname: nil, avatar: Avatar(animal: "fox", colour: "red")).get()
        context.scores.recordRound(RoundRecord(game: .balloons, level: .hard, score: 90, result: "won", reason: "time"), player: .child(fox))
        context.player = .child(owl)
        let stack = Self.open(context)
        // Everyone's table has the fox's score: rows as before.
        #expect(!dumpItems(of: stack.top).contains { $0["id"]?.stringValue == "empty-table" })
        calmTap(stack, HighScoresPopup.tabFrame(.mine).center)
        #expect((stack.top as? HighScoresPopup)?.tab == .mine)
        try Self.expectPodium(stack)
    }

    @Test func test_aTableWithOneScoreKeepsItsFiveRows() throws {
        let context = makeContext()
        _ = context.scores.record(game: .memory, level: .easy, score: 25)
        let stack = Self.open(context)
        let canvas = RecordingCanvas()
        stack.top.draw(on: canvas)
        #expect(!canvas.texts.contains(Messages.emptyTable.english))
        for label in ["1", "Memory", "Easy", "25", "2", "3", "4", "5"] { #expect(canvas.texts.contains(label), "\(label) is drawn") }
        // Rows 2 to 5: a dash each for game, level and score.
        #expect(canvas.texts.filter { $0 == "-" }.count == 12)
        let items = dumpItems(of: stack.top)
        #expect(!items.contains { $0["id"]?.stringValue == "empty-table" })
        let rows = try #require(items.first { $0["id"]?.stringValue == "rows" }?["rows"]?.arrayValue)
        #expect(rows.count == 5)
        #expect(rows.map { $0["score"]?.intValue } == [25, nil, nil, nil, nil])
        #expect(rows.dropFirst().allSatisfy { $0["score"]?.stringValue == "-" && $0["game"]?.stringValue == "-" })
    }
}
