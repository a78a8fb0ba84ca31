import XCTest
@testable import GameCore
@testable import Scenes
@testable import Render
@testable import Platform
@testable import KidsJoyApp

final class HomeTests: XCTestCase {
    @MainActor private static func makeHome() -> (GameContext, HomeScene, SceneStack) {
        let context = makeContext()
        let home = HomeScene(context: context)
        return (context, home, SceneStack(root: home, log: context.log))
    }

    func test_oneSelectionPerRow_andTappingAnotherMovesIt() {
        MainActor.assumeIsolated {
            let (context, home, stack) = Self.makeHome()
            tap(stack, home.frame(of: .game(.memory)).center)
            XCTAssertEqual(home.selectedGame, .memory)
            tap(stack, home.frame(of: .game(.balloons)).center)
            XCTAssertEqual(home.selectedGame, .balloons)
            tap(stack, home.frame(of: .level(.hard)).center)
            tap(stack, home.frame(of: .level(.easy)).center)
            XCTAssertEqual(home.selectedLevel, .easy)
            let selected = home.dump().first { $0.0 == "items" }!.1.arrayValue!.filter { $0["selected"]?.boolValue == true }
            XCTAssertEqual(selected.compactMap { $0["id"]?.stringValue }, ["game-balloons", "level-easy"])
            XCTAssertEqual(context.log.events("select").map { $0["value"]?.stringValue }, ["memory", "balloons", "hard", "easy"])
        }
    }

    func test_tapNeedsPressAndReleaseOnTheSameTile() {
        MainActor.assumeIsolated {
            let (_, home, stack) = Self.makeHome()
            stack.handle(.pointerDown(home.frame(of: .game(.memory)).center))
            stack.handle(.pointerUp(home.frame(of: .game(.sorting)).center))
            XCTAssertNil(home.selectedGame)
        }
    }

    func test_playIsDisabledUntilGameAndLevelAreChosen() {
        MainActor.assumeIsolated {
            let (context, home, stack) = Self.makeHome()
            XCTAssertFalse(home.playEnabled)
            tap(stack, HomeLayout.play.center)
            XCTAssertEqual(stack.names, ["home"], "a disabled Play does nothing")
            tap(stack, home.frame(of: .game(.memory)).center)
            tap(stack, HomeLayout.play.center)
            XCTAssertEqual(stack.names, ["home"])
            tap(stack, home.frame(of: .level(.medium)).center)
            XCTAssertTrue(home.playEnabled)
            tap(stack, HomeLayout.play.center)
            XCTAssertEqual(stack.names, ["home", "memory"])
            XCTAssertTrue(context.log.events("sound").contains { $0["name"]?.stringValue == "whoosh" })
            let game = stack.top as? GameScene
            XCTAssertEqual(game?.level, .medium)
        }
    }

    func test_backFromAGameKeepsTheSelection() {
        MainActor.assumeIsolated {
            let (_, home, stack) = Self.makeHome()
            tap(stack, home.frame(of: .game(.sorting)).center)
            tap(stack, home.frame(of: .level(.hard)).center)
            tap(stack, HomeLayout.play.center)
            stack.handle(.key(.escape))
            XCTAssertEqual(stack.names, ["home"])
            XCTAssertEqual(home.selectedGame, .sorting)
            XCTAssertEqual(home.selectedLevel, .hard)
        }
    }

    func test_keyboardMovesFocusAndActivates() {
        MainActor.assumeIsolated {
            let (_, home, stack) = Self.makeHome()
            stack.handle(.key(.right))
            XCTAssertEqual(home.focus, .game(.memory), "the first key shows the focus ring")
            stack.handle(.key(.right))
            stack.handle(.key(.return))
            XCTAssertEqual(home.selectedGame, .sorting)
            stack.handle(.key(.down))
            XCTAssertEqual(home.focus, .level(.medium))
            stack.handle(.key(.right))
            stack.handle(.key(.space))
            XCTAssertEqual(home.selectedLevel, .hard)
            stack.handle(.key(.down))
            XCTAssertEqual(home.focus, .highScores)
            stack.handle(.key(.left))
            XCTAssertEqual(home.focus, .play)
            stack.handle(.key(.return))
            XCTAssertEqual(stack.names, ["home", "sorting"])
        }
    }

    func test_tabCyclesThroughEveryTarget() {
        MainActor.assumeIsolated {
            let (_, home, stack) = Self.makeHome()
            stack.handle(.key(.tab))
            var seen: [HomeScene.Target] = [home.focus!]
            for _ in 0..<7 { stack.handle(.key(.tab)); seen.append(home.focus!) }
            XCTAssertEqual(Set(seen).count, 8)
            stack.handle(.key(.tab))
            XCTAssertEqual(home.focus, seen[0])
            stack.handle(.key(.tab, shift: true))
            XCTAssertEqual(home.focus, seen[7])
        }
    }

    func test_escapeAsksToQuit_noStays_yesQuits() {
        MainActor.assumeIsolated {
            let (context, _, stack) = Self.makeHome()
            stack.handle(.key(.escape))
            XCTAssertEqual(stack.names, ["home", "alert"])
            XCTAssertEqual(context.log.events("alert").last?["title"]?.stringValue, "Quit Kids Joy Center?")
            stack.handle(.key(.escape))
            XCTAssertEqual(stack.names, ["home"])
            XCTAssertFalse(stack.quitRequested)
            stack.handle(.key(.escape))
            let yes = (stack.top as! AlertScene).buttonFrame(0)
            step(stack, seconds: 0.3)
            tap(stack, yes.center)
            XCTAssertTrue(stack.quitRequested)
        }
    }

    func test_kioskModeIgnoresEscapeOnHome() {
        MainActor.assumeIsolated {
            let (context, _, stack) = Self.makeHome()
            context.kiosk = true
            stack.handle(.key(.escape))
            XCTAssertEqual(stack.names, ["home"])
        }
    }

    func test_muteButtonAndKeyToggleAndRemember() {
        MainActor.assumeIsolated {
            let dir = temporaryDirectory()
            let context = makeContext(dataDir: dir)
            let stack = SceneStack(root: HomeScene(context: context), log: context.log)
            tap(stack, TopBar.muteFrame.center)
            XCTAssertTrue(context.muted)
            context.play(.click)
            XCTAssertEqual(context.log.events("sound").last?["muted"]?.boolValue, true)
            XCTAssertTrue((context.soundPlayer as! SilentSoundPlayer).played.isEmpty, "muted sounds are logged, not played")
            XCTAssertTrue(SettingsStore(directory: dir, warn: { _ in }).muted, "the choice is remembered")
            stack.handle(.key(.m))
            XCTAssertFalse(context.muted)
            XCTAssertFalse(SettingsStore(directory: dir, warn: { _ in }).muted)
        }
    }

    func test_homeTargetsAreLargeAndInsideTheCanvas() {
        MainActor.assumeIsolated {
            let (_, home, _) = Self.makeHome()
            for target in HomeScene.focusRows.flatMap({ $0 }) {
                let f = home.frame(of: target)
                XCTAssertGreaterThanOrEqual(min(f.width, f.height), 96, "\(target) is a main button")
                XCTAssertTrue(Canvas1024.bounds.contains(f))
            }
            XCTAssertGreaterThanOrEqual(TopBar.muteFrame.width, 64)
            XCTAssertGreaterThanOrEqual(TopBar.muteFrame.height, 64)
        }
    }

    func test_highScoresOpensAndCloses() {
        MainActor.assumeIsolated {
            let (context, _, stack) = Self.makeHome()
            tap(stack, HomeLayout.highScores.center)
            XCTAssertEqual(stack.names, ["home", "highscores"])
            XCTAssertNotNil(context.log.events("highscores").last)
            step(stack, seconds: 0.3)
            tap(stack, HighScoresPopup.closeFrame.center)
            XCTAssertEqual(stack.names, ["home"])
        }
    }
}
