import Foundation
import Testing
@testable import GameCore
@testable import Scenes
@testable import Runtime

/// "Who's playing?": a tap picks a child, three taps make one, 40 is the most, pages turn,
/// and the picker shows at start only when children exist and profiles are on.
@Suite @MainActor struct PickerTests {
    static func context() -> GameRuntime {
        let context = makeContext()
        context.profiles = context.scores as? any ProfileKeeping
        return context
    }

    static func picker(_ context: GameRuntime) -> SceneStack {
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
        stack.apply([.show(.picker)])
        return stack
    }

    @Test func threeTapsMakeAChildAndPlayAsHer() throws {
        let context = Self.context()
        let stack = Self.picker(context)
        let picker = try #require(stack.top as? PickerScene)
        #expect(picker.tiles == [.guest, .add])
        calmTap(stack, PickerScene.tileFrame(1, of: 2).center)   // 1: "+"
        calmTap(stack, PickerScene.animalFrame(Avatar.animals.firstIndex(of: "penguin")!).center) // 2: an animal
        calmTap(stack, PickerScene.colourFrame(Avatar.colours.firstIndex(of: "blue")!).center)    // 3: a colour
        #expect(stack.names == ["home"])
        let child = try #require(context.player.child)
        #expect(child.id == "child-1" && child.avatar == Avatar(animal: "penguin", colour: "blue") && child.nickname == nil)
        let made = try #require(context.log.events("profile").last)
        #expect(made["action"]?.stringValue == "created" && made["player"]?.stringValue == "child-1")
        #expect(context.profiles?.children.count == 1)
    }

    @Test func oneTapPicksAChildAndBackSteps() throws {
        let context = Self.context()
        let ana = try context.profiles!.addChild(nickname: "Ana", avatar: Avatar(animal: "fox", colour: "red")).get()
        let stack = Self.picker(context)
        calmTap(stack, PickerScene.tileFrame(2, of: 3).center) // "+" asks the gate once a child exists (issue 26)...
        let gate = try #require(stack.top as? AdultGateScene)
        for digit in gate.rules.answer { calmTap(stack, AdultGateScene.keyFrame(.digit(Int(String(digit))!))!.center) }
        calmTap(stack, AdultGateScene.keyFrame(.ok)!.center) // ...then opens the animals...
        #expect((stack.top as? PickerScene)?.stage == .animal)
        calmTap(stack, TopBar.backFrame.center)          // ...and Back returns to the tiles
        #expect((stack.top as? PickerScene)?.stage == .choose)
        calmTap(stack, PickerScene.tileFrame(1, of: 3).center)
        #expect(stack.names == ["home"] && context.player == .child(ana))
        #expect(context.log.events("profile").last?["nickname"]?.stringValue == "Ana")
        // And back to the guest.
        stack.apply([.show(.picker)])
        calmTap(stack, PickerScene.tileFrame(0, of: 3).center)
        #expect(context.player == .guest)
    }

    @Test func fortyChildrenFillFivePagesAndTheFortyFirstIsRefused() throws {
        let context = Self.context()
        for i in 1...40 { _ = context.profiles!.addChild(nickname: nil, avatar: Avatar.deterministic(for: "k\(i)")) }
        let stack = Self.picker(context)
        let picker = try #require(stack.top as? PickerScene)
        #expect(picker.tiles.count == 42 && picker.pages == 5)
        for _ in 0..<4 { calmTap(stack, PickerScene.nextFrame.center) }
        #expect(picker.page == 4)
        let items = picker.dumpItems().compactMap { $0["id"]?.stringValue }
        #expect(items.contains("player-child-40") && items.contains("add-child") && !items.contains("page-next"))
        calmTap(stack, PickerScene.tileFrame(1, of: 2).center) // "+" on the last page
        #expect(picker.stage == .choose, "no 41st child")
        #expect(context.log.events("hint").last?["kind"]?.stringValue == "full")
        #expect(context.log.events("sound").last?["name"]?.stringValue == "oops", "the tap is answered")
        calmTap(stack, PickerScene.previousFrame.center)
        #expect(picker.page == 3)
        #expect(context.profiles?.children.count == 40)
    }

    @Test func homeShowsThePlayerAndHerStickers() throws {
        let context = Self.context()
        let home = SceneStack(root: HomeScene(context: context), runtime: context)
        #expect(!(home.top as! HomeScene).dumpItems().contains { $0["id"]?.stringValue == "player" }, "a fresh Home is as before")
        let kid = try context.profiles!.addChild(nickname: nil, avatar: Avatar(animal: "owl", colour: "green")).get()
        context.player = .child(kid)
        for i in 0..<3 {
            context.scores.recordRound(RoundRecord(game: .memory, level: .easy, score: i, result: i == 0 ? "lost" : "won", reason: "all-found"),
                                       player: context.player)
        }
        let items = (home.top as! HomeScene).dumpItems()
        let player = try #require(items.first { $0["id"]?.stringValue == "player" })
        #expect(player["icon"]?.stringValue == "animal-owl" && player["player"]?.stringValue == "child-1")
        calmTap(home, ProfileBar.stickersFrame.center)
        let book = try #require(home.top as? StickerBookScene)
        #expect(home.names == ["home", "stickers"] && book.stickers == [1, 2, 3])
        #expect(book.dumpItems().count == 3)
        calmTap(home, TopBar.backFrame.center)
        calmTap(home, ProfileBar.playerFrame.center)
        #expect(home.names == ["home", "picker"])
    }
}

/// The high-score popup's tabs and game picker (TESTING decision 11).
@Suite @MainActor struct HighScoreTabsTests {
    @Test func everyoneShowsAvatarsMineShowsHerOwnAndEachGameItsTopFive() throws {
        let context = makeContext()
        context.profiles = context.scores as? any ProfileKeeping
        let owl = try context.profiles!.addChild(nickname: nil, avatar: Avatar(animal: "owl", colour: "green")).get()
        let fox = try context.profiles!.addChild(nickname: nil, avatar: Avatar(animal: "fox", colour: "red")).get()
        context.scores.recordRound(RoundRecord(game: .memory, level: .easy, score: 30, result: "won", reason: "all-found"), player: .child(owl))
        context.scores.recordRound(RoundRecord(game: .balloons, level: .hard, score: 90, result: "won", reason: "time"), player: .child(fox))
        context.scores.recordRound(RoundRecord(game: .sorting, level: .easy, score: 10, result: "won", reason: "all-placed"), player: .guest)
        context.player = .child(owl)
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
        stack.apply([.show(.highScores)])
        step(stack, seconds: 0.5)
        let popup = try #require(stack.top as? HighScoresPopup)
        #expect(popup.tab == .everyone && popup.game == nil)
        #expect(popup.entries.map(\.score) == [90, 30, 10])
        let canvas = RecordingCanvas()
        stack.draw(on: canvas)
        #expect(canvas.images.contains("animal-fox") && canvas.images.contains("animal-owl") && canvas.images.contains("guest"),
                "everyone's rows show avatars: \(canvas.images)")
        calmTap(stack, HighScoresPopup.tabFrame(.mine).center)
        #expect(popup.tab == .mine && popup.entries.map(\.score) == [30])
        calmTap(stack, HighScoresPopup.tabFrame(.everyone).center)
        calmTap(stack, HighScoresPopup.gameFrame(3, of: 4).center) // Balloons
        #expect(popup.game == .balloons && popup.entries.map(\.score) == [90])
        let last = try #require(context.log.events("highscores").last)
        #expect(last["tab"]?.stringValue == "everyone" && last["game"]?.stringValue == "balloons")
        #expect(last["entries"]?.arrayValue?.first?["player"]?.stringValue == "child-2")
    }

    @Test func withoutProfilesThereAreNoTabs() throws {
        let context = makeContext()
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
        stack.apply([.show(.highScores)])
        let ids = (stack.top as! HighScoresPopup).dumpItems().compactMap { $0["id"]?.stringValue }
        #expect(!ids.contains("tab-mine") && ids.contains("table-all") && ids.contains("close"))
    }
}
