import Foundation
import Testing
@testable import GameCore
@testable import Scenes
@testable import Render
@testable import Platform
@testable import KidsJoyApp
@testable import SceneTests

/// The config files (system, user, --config) and how they layer with the command line.
@Suite struct ConfigFileTests {
    @Test func test_parsesKeysAndReportsBadLinesWithFileAndLine() {
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
        #expect(values[.fullscreen]?.bool == true)
        #expect(values[.kiosk]?.bool == false)
        #expect(values[.mute]?.bool == nil, "a bad value is skipped")
        #expect(values[.volume]?.number == 0.5)
        #expect(values[.dataDir]?.text == "/srv/kids # scores")
        #expect(problems.count == 3)
        #expect(problems[0].hasPrefix("config.toml:4:"), "\(problems[0])")
        #expect(problems[1].hasPrefix("config.toml:7:") && problems[1].contains("colour"), "\(problems[1])")
        #expect(problems[2].hasPrefix("config.toml:8:"), "\(problems[2])")
    }

    @Test func test_volumeAcceptsPercent() {
        #expect(ConfigFile.parse("volume = 80", file: "f").0[.volume]?.number == 0.8)
        #expect(ConfigFile.parse("volume = 300", file: "f").0[.volume]?.number == nil)
    }

    @Test func test_layersSystemThenUserThenCommandLine() throws {
        let dir = temporaryDirectory()
        let system = dir + "/system.toml", user = dir + "/user.toml", explicit = dir + "/explicit.toml"
        try "kiosk = true\nfullscreen = true\nvolume = 0.3\n".write(toFile: system, atomically: true, encoding: .utf8)
        try "fullscreen = false\nvolume = 0.9\n".write(toFile: user, atomically: true, encoding: .utf8)
        try "mute = true\n".write(toFile: explicit, atomically: true, encoding: .utf8)
        let (layered, problems) = ConfigFile.layered(systemPath: system, userPath: user, explicitPath: nil)
        #expect(problems.isEmpty)
        #expect(layered[.kiosk]?.bool == true)
        #expect(layered[.fullscreen]?.bool == false, "the user's file overrides the system's")
        #expect(layered[.volume]?.number == 0.9)
        let (withExplicit, _) = ConfigFile.layered(systemPath: system, userPath: user, explicitPath: explicit)
        #expect(withExplicit[.mute]?.bool == true)
        #expect(withExplicit[.volume]?.number == 0.3, "--config replaces the user's file")

        var options = AppOptions()
        var cli = CommandLineChoices()
        cli[flag: "windowed"] = true
        cli.set(.dataDir, .text("/tmp/cli"))
        options.apply(config: layered, commandLine: cli)
        #expect(options.settings.kiosk)
        #expect(!options.settings.fullscreen, "--windowed wins over the files")
        #expect(options.settings.dataDir == "/tmp/cli")
        var defaults = AppOptions()
        defaults.apply(config: layered, commandLine: CommandLineChoices())
        #expect(defaults.settings.fullscreen, "kiosk implies fullscreen")
    }

    @Test func test_missingExplicitConfigIsReported() {
        let (_, problems) = ConfigFile.layered(systemPath: "/nonexistent", userPath: nil, explicitPath: "/nope/config.toml")
        #expect(problems.count == 1)
    }

    @Test(.enabled(if: GameBinary.isBuilt, "build the app first")) func test_badConfigStillStartsTheGame() throws {
        let dir = temporaryDirectory()
        try "kiosk = yes please\n".write(toFile: dir + "/c.toml", atomically: true, encoding: .utf8)
        let r = try GameBinary.run(["--headless", "--config", dir + "/c.toml", "--data-dir", dir, "--script", "-", "--log", "-"],
                                         stdin: "0.1 key escape\n0.3 dump\n")
        #expect(r.status == 0)
        #expect(r.stderr.contains("c.toml:1:"), "\(r.stderr)")
        #expect(r.stdout.contains("\"scene\":\"alert\""), "not in kiosk mode: Esc asks to quit")
    }
}
