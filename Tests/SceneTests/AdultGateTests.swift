import Foundation
import XCTest
@testable import GameCore
@testable import Scenes
@testable import Render
@testable import Platform
@testable import KidsJoyApp

final class ConfigTests: XCTestCase {
    func test_parsesKeysAndReportsBadLinesWithFileAndLine() {
        let text = """
        # school settings
        fullscreen = true
        kiosk = false   # comment
        mute = maybe
        volume = 0.5
        data-dir = "/srv/kids # scores"
        colour = "blue"
        nonsense
        """
        let (values, problems) = ConfigFile.parse(text, file: "config.toml")
        XCTAssertEqual(values.fullscreen, true)
        XCTAssertEqual(values.kiosk, false)
        XCTAssertNil(values.mute, "a bad value is skipped")
        XCTAssertEqual(values.volume, 0.5)
        XCTAssertEqual(values.dataDir, "/srv/kids # scores")
        XCTAssertEqual(problems.count, 3)
        XCTAssertTrue(problems[0].hasPrefix("config.toml:4:"), problems[0])
        XCTAssertTrue(problems[1].hasPrefix("config.toml:7:") && problems[1].contains("colour"), problems[1])
        XCTAssertTrue(problems[2].hasPrefix("config.toml:8:"), problems[2])
    }

    func test_volumeAcceptsPercent() {
        XCTAssertEqual(ConfigFile.parse("volume = 80", file: "f").0.volume, 0.8)
        XCTAssertNil(ConfigFile.parse("volume = 300", file: "f").0.volume)
    }

    func test_layersSystemThenUserThenCommandLine() throws {
        let dir = temporaryDirectory()
        let system = dir + "/system.toml", user = dir + "/user.toml", explicit = dir + "/explicit.toml"
        try "kiosk = true\nfullscreen = true\nvolume = 0.3\n".write(toFile: system, atomically: true, encoding: .utf8)
        try "fullscreen = false\nvolume = 0.9\n".write(toFile: user, atomically: true, encoding: .utf8)
        try "mute = true\n".write(toFile: explicit, atomically: true, encoding: .utf8)
        let (layered, problems) = ConfigFile.layered(systemPath: system, userPath: user, explicitPath: nil)
        XCTAssertTrue(problems.isEmpty)
        XCTAssertEqual(layered.kiosk, true)
        XCTAssertEqual(layered.fullscreen, false, "the user's file overrides the system's")
        XCTAssertEqual(layered.volume, 0.9)
        let (withExplicit, _) = ConfigFile.layered(systemPath: system, userPath: user, explicitPath: explicit)
        XCTAssertEqual(withExplicit.mute, true)
        XCTAssertEqual(withExplicit.volume, 0.3, "--config replaces the user's file")

        var options = AppOptions()
        var cli = CommandLineChoices()
        cli.windowed = true
        cli.dataDir = "/tmp/cli"
        options.apply(config: layered, commandLine: cli)
        XCTAssertTrue(options.kiosk)
        XCTAssertFalse(options.fullscreen, "--windowed wins over the files")
        XCTAssertEqual(options.dataDir, "/tmp/cli")
        var defaults = AppOptions()
        defaults.apply(config: layered, commandLine: CommandLineChoices())
        XCTAssertTrue(defaults.fullscreen, "kiosk implies fullscreen")
    }

    func test_missingExplicitConfigIsReported() {
        let (_, problems) = ConfigFile.layered(systemPath: "/nonexistent", userPath: nil, explicitPath: "/nope/config.toml")
        XCTAssertEqual(problems.count, 1)
    }

    func test_badConfigStillStartsTheGame() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: CommandLineTests.binary))
        let dir = temporaryDirectory()
        try "kiosk = yes please\n".write(toFile: dir + "/c.toml", atomically: true, encoding: .utf8)
        let r = try CommandLineTests.run(["--headless", "--config", dir + "/c.toml", "--data-dir", dir, "--script", "-", "--log", "-"],
                                         stdin: "0.1 key escape\n0.3 dump\n")
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.stderr.contains("c.toml:1:"), r.stderr)
        XCTAssertTrue(r.stdout.contains("\"scene\":\"alert\""), "not in kiosk mode: Esc asks to quit")
    }
}

final class AdultGateTests: XCTestCase {
    @MainActor static func openGate(kiosk: Bool = true) -> (GameContext, SceneStack) {
        let context = makeContext()
        context.kiosk = kiosk
        let stack = SceneStack(root: HomeScene(context: context), log: context.log)
        stack.handle(.pointerDown(TopBar.logoFrame.center))
        step(stack, seconds: HomeScene.gateHoldSeconds)
        stack.handle(.pointerUp(TopBar.logoFrame.center))
        return (context, stack)
    }

    @MainActor static func type(_ stack: SceneStack, _ number: Int) {
        let gate = stack.top as! AdultGateScene
        for ch in String(number) { tap(stack, AdultGateScene.keyFrame(.digit(Int(String(ch))!))!.center) }
        tap(stack, AdultGateScene.keyFrame(.ok)!.center)
        _ = gate
    }

    func test_holdShorterThanThreeSecondsDoesNothing() {
        MainActor.assumeIsolated {
            let context = makeContext()
            let stack = SceneStack(root: HomeScene(context: context), log: context.log)
            stack.handle(.pointerDown(TopBar.logoFrame.center))
            step(stack, seconds: 2.9)
            stack.handle(.pointerUp(TopBar.logoFrame.center))
            step(stack, seconds: 1)
            XCTAssertEqual(stack.names, ["home"])
        }
    }

    func test_holdingThreeSecondsOpensTheGate() {
        MainActor.assumeIsolated {
            let (context, stack) = Self.openGate()
            XCTAssertEqual(stack.names, ["home", "gate"])
            XCTAssertEqual(context.log.events("gate").first?["action"]?.stringValue, "open")
        }
    }

    func test_wrongAnswerClosesTheGate() {
        MainActor.assumeIsolated {
            let (context, stack) = Self.openGate()
            let gate = stack.top as! AdultGateScene
            Self.type(stack, gate.a + gate.b + 1)
            XCTAssertEqual(stack.names, ["home"])
            XCTAssertFalse(stack.quitRequested)
            XCTAssertEqual(context.log.events("gate").last?["action"]?.stringValue, "wrong")
        }
    }

    func test_rightAnswerThenQuitQuitsEvenInKioskMode() {
        MainActor.assumeIsolated {
            let (_, stack) = Self.openGate(kiosk: true)
            let gate = stack.top as! AdultGateScene
            Self.type(stack, gate.a + gate.b)
            XCTAssertEqual(gate.stage, .unlocked)
            tap(stack, AdultGateScene.choiceFrame(.quit)!.center)
            XCTAssertTrue(stack.quitRequested)
        }
    }

    func test_rightAnswerThenResetAsksAndClearsScores() {
        MainActor.assumeIsolated {
            let (context, stack) = Self.openGate()
            context.scores.record(game: .memory, level: .easy, score: 20)
            let gate = stack.top as! AdultGateScene
            Self.type(stack, gate.a + gate.b)
            tap(stack, AdultGateScene.choiceFrame(.reset)!.center)
            XCTAssertEqual(stack.names, ["home", "gate", "alert"])
            step(stack, seconds: 0.3)
            let yes = (stack.top as! AlertScene).buttonFrame(0)
            tap(stack, yes.center)
            XCTAssertEqual(stack.names, ["home"])
            XCTAssertTrue(context.scores.table.entries.isEmpty)
            XCTAssertTrue(HighScoreStore(directory: (context.scores as! HighScoreStore).directory, warn: { _ in }).table.entries.isEmpty)
        }
    }

    func test_kioskIgnoresQuitPathsInScriptedPlay() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: CommandLineTests.binary))
        let dir = temporaryDirectory()
        try "kiosk = true\n".write(toFile: dir + "/kiosk.toml", atomically: true, encoding: .utf8)
        let r = try CommandLineTests.run(["--headless", "--config", dir + "/kiosk.toml", "--data-dir", dir, "--script", "-", "--log", "-"],
                                         stdin: "0.1 key escape\n0.3 dump\n")
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.stdout.contains("\"event\":\"ignored\""), r.stdout)
        XCTAssertTrue(r.stdout.contains("\"stack\":[\"home\"]"))
    }
}

final class PauseTests: XCTestCase {
    func test_pauseStopsTheGameClockAndResumeContinues() {
        MainActor.assumeIsolated {
            let context = makeContext()
            let stack = SceneStack(root: HomeScene(context: context), log: context.log)
            let game = context.makeGame(.memory, .easy) as! GameScene
            stack.apply([.push(game)])
            step(stack, seconds: 2)
            XCTAssertEqual(game.clock.now, 2.0, accuracy: 1e-9)
            stack.handle(.focusLost)
            XCTAssertTrue(game.isPaused)
            step(stack, seconds: 5)
            XCTAssertEqual(game.clock.now, 2.0, accuracy: 1e-9, "the clock stands still while paused")
            tap(stack, Point(512, 400))
            XCTAssertFalse(game.isPaused)
            step(stack, seconds: 1)
            XCTAssertEqual(game.clock.now, 3.0, accuracy: 1e-9, "continues from the same time")
            XCTAssertEqual(context.log.events("pause").count, 1)
            XCTAssertEqual(context.log.events("resume").count, 1)
        }
    }

    func test_pauseButtonInTheTopBar() {
        MainActor.assumeIsolated {
            let context = makeContext()
            let stack = SceneStack(root: HomeScene(context: context), log: context.log)
            let game = context.makeGame(.sorting, .hard) as! GameScene
            stack.apply([.push(game)])
            tap(stack, TopBar.pauseFrame.center)
            XCTAssertTrue(game.isPaused)
            let items = game.dump().first { $0.0 == "items" }!.1.arrayValue!
            XCTAssertEqual(items.first { $0["id"]?.stringValue == "pause" }?["paused"]?.boolValue, true)
            tap(stack, TopBar.pauseFrame.center)
            XCTAssertFalse(game.isPaused)
            XCTAssertGreaterThanOrEqual(TopBar.pauseFrame.width, 64)
        }
    }
}
