import Foundation
import Testing
@testable import GameCore
@testable import Scenes
import Stage
@testable import Runtime

/// The Home screen: choosing a game and a level, Play, keys, mute, high scores, quitting.
@Suite @MainActor struct HomeSceneTests {
    private static func makeHome() -> (GameRuntime, HomeScene, SceneStack) {
        let context = makeContext()
        let home = HomeScene(context: context)
        return (context, home, SceneStack(root: home, runtime: context))
    }

    @Test func test_oneSelectionPerRow_andTappingAnotherMovesIt() {
        let (context, home, stack) = Self.makeHome()
        tap(stack, home.frame(of: .game(.memory)).center)
        #expect(home.selectedGame == .memory)
        tap(stack, home.frame(of: .game(.balloons)).center)
        #expect(home.selectedGame == .balloons)
        tap(stack, home.frame(of: .level(.hard)).center)
        tap(stack, home.frame(of: .level(.easy)).center)
        #expect(home.selectedLevel == .easy)
        let selected = home.dump().first { $0.0 == "items" }!.1.arrayValue!.filter { $0["selected"]?.boolValue == true }
        #expect(selected.compactMap { $0["id"]?.stringValue } == ["game-balloons", "level-easy"])
        #expect(context.log.events("select").map { $0["value"]?.stringValue } == ["memory", "balloons", "hard", "easy"])
    }

    @Test func test_tapNeedsPressAndReleaseOnTheSameTile() {
        let (_, home, stack) = Self.makeHome()
        stack.handle(.pointerDown(home.frame(of: .game(.memory)).center))
        stack.handle(.pointerUp(home.frame(of: .game(.sorting)).center))
        #expect(home.selectedGame == nil)
    }

    @Test func test_playIsDisabledUntilGameAndLevelAreChosen() {
        let (context, home, stack) = Self.makeHome()
        #expect(!home.playEnabled)
        tap(stack, HomeLayout.play.center)
        #expect(stack.names == ["home"], "a disabled Play does nothing")
        tap(stack, home.frame(of: .game(.memory)).center)
        tap(stack, HomeLayout.play.center)
        #expect(stack.names == ["home"])
        tap(stack, home.frame(of: .level(.medium)).center)
        #expect(home.playEnabled)
        tap(stack, HomeLayout.play.center)
        #expect(stack.names == ["home", "memory"])
        #expect(context.log.events("sound").contains { $0["name"]?.stringValue == "whoosh" })
        let game = stack.top as? GameScene
        #expect(game?.level == .medium)
    }

    @Test func test_backFromAGameKeepsTheSelection() {
        let (_, home, stack) = Self.makeHome()
        tap(stack, home.frame(of: .game(.sorting)).center)
        tap(stack, home.frame(of: .level(.hard)).center)
        tap(stack, HomeLayout.play.center)
        stack.handle(.key(.escape))
        #expect(stack.names == ["home", "sorting", "alert"], "Back asks first (issue 26)")
        stack.handle(.key(.return)) // the door
        #expect(stack.names == ["home"])
        #expect(home.selectedGame == .sorting)
        #expect(home.selectedLevel == .hard)
    }

    @Test func test_keyboardMovesFocusAndActivates() {
        let (_, home, stack) = Self.makeHome()
        stack.handle(.key(.right))
        #expect(home.focus == .game(.memory), "the first key shows the focus ring")
        stack.handle(.key(.right))
        stack.handle(.key(.return))
        #expect(home.selectedGame == .sorting)
        stack.handle(.key(.down))
        #expect(home.focus == .level(.medium))
        stack.handle(.key(.right))
        stack.handle(.key(.space))
        #expect(home.selectedLevel == .hard)
        stack.handle(.key(.down))
        #expect(home.focus == .highScores)
        stack.handle(.key(.left))
        #expect(home.focus == .play)
        stack.handle(.key(.return))
        #expect(stack.names == ["home", "sorting"])
    }

    /// Tab reaches every game the registry holds, the three levels, Play and High Scores, and
    /// comes round again.
    @Test func test_tabCyclesThroughEveryTarget() {
        let (context, home, stack) = Self.makeHome()
        let count = context.registry.ids.count + 3 + 2
        stack.handle(.key(.tab))
        var seen: [HomeScene.Target] = [home.focus!]
        for _ in 0..<(count - 1) { stack.handle(.key(.tab)); seen.append(home.focus!) }
        #expect(Set(seen).count == count)
        #expect(context.registry.ids.allSatisfy { seen.contains(.game($0)) })
        stack.handle(.key(.tab))
        #expect(home.focus == seen[0])
        stack.handle(.key(.tab, shift: true))
        #expect(home.focus == seen[count - 1])
    }

    @Test func test_escapeAsksToQuit_noStays_yesQuits() {
        let (context, _, stack) = Self.makeHome()
        stack.handle(.key(.escape))
        #expect(stack.names == ["home", "alert"])
        #expect(context.log.events("alert").last?["title"]?.stringValue == "Quit Kids Joy Center?")
        stack.handle(.key(.escape))
        #expect(stack.names == ["home"])
        #expect(!stack.quitRequested)
        stack.handle(.key(.escape))
        let yes = (stack.top as! AlertScene).buttonFrame(0)
        step(stack, seconds: 0.3)
        tap(stack, yes.center)
        #expect(stack.quitRequested)
    }

    @Test func test_kioskModeIgnoresEscapeOnHome() {
        let (context, _, stack) = Self.makeHome()
        context.kiosk = true
        stack.handle(.key(.escape))
        #expect(stack.names == ["home"])
    }

    /// Issue #26: the speaker is the child's: it mutes until the game quits and is not saved.
    /// (That the app's settings store keeps none of it: SettingsStoreMuteTests.)
    @Test func test_muteButtonAndKeyToggleForThisRunOnly() {
        let context = makeContext()
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
        tap(stack, TopBar.muteFrame.center)
        #expect(context.muted)
        context.play(.click)
        #expect(context.log.events("sound").last?["muted"]?.boolValue == true)
        #expect((context.soundPlayer as! SilentSoundPlayer).played.isEmpty, "muted sounds are logged, not played")
        stack.handle(.key(.m))
        #expect(!context.muted)
    }

    @Test func test_homeTargetsAreLargeAndInsideTheCanvas() {
        let (_, home, _) = Self.makeHome()
        for target in home.focusRows.flatMap({ $0 }) {
            let f = home.frame(of: target)
            #expect(min(f.width, f.height) >= 96, "\(target) is a main button")
            #expect(Canvas1024.bounds.contains(f))
        }
        #expect(TopBar.muteFrame.width >= 64)
        #expect(TopBar.muteFrame.height >= 64)
    }

    @Test func test_highScoresOpensAndCloses() {
        let (context, _, stack) = Self.makeHome()
        tap(stack, HomeLayout.highScores.center)
        #expect(stack.names == ["home", "highscores"])
        #expect(context.log.events("highscores").last != nil)
        step(stack, seconds: 0.3)
        tap(stack, HighScoresPopup.closeFrame.center)
        #expect(stack.names == ["home"])
    }
}
