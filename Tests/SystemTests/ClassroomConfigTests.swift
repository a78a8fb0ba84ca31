import Foundation
import Testing
@testable import GameCore
@testable import Scenes
@testable import KidsJoyApp
@testable import SceneTests

/// Classroom settings (TESTING decision 5): /etc, then $XDG_CONFIG_DIRS (the first listed
/// wins), then the user's file, then flags; a system file's [locked] keys win over all of
/// them. Every system path is under a temporary root: the real /etc is never touched.
@Suite struct ClassroomConfigTests {
    static func write(_ text: String, _ path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    @Test func systemPathsInLayerOrder() {
        #expect(ConfigFile.systemPaths(environment: [:], root: "/r") == ["/r/etc/kids-joy-center/config.toml", "/r/etc/xdg/kids-joy-center/config.toml"])
        #expect(ConfigFile.systemPaths(environment: ["XDG_CONFIG_DIRS": "/a:relative:/b:/a:/etc/xdg"], root: "") ==
                ["/etc/kids-joy-center/config.toml", "/etc/xdg/kids-joy-center/config.toml", "/b/kids-joy-center/config.toml", "/a/kids-joy-center/config.toml"],
                "/etc/xdg always, then the first listed comes last (wins); relative and repeated entries are dropped")
        #expect(ConfigFile.systemLayers(environment: ["XDG_CONFIG_DIRS": "/a"], root: "").map(\.mayLock) == [true, true, false],
                "only /etc's two files may lock")
    }

    @Test func layersLaterWinsAndTheFirstXDGDirectoryWinsAmongThem() throws {
        let root = temporaryDirectory()
        try Self.write("language = \"es\"\nfullscreen = true\n", root + "/etc/kids-joy-center/config.toml")
        try Self.write("language = \"fr\"\n", root + "/a/kids-joy-center/config.toml")
        try Self.write("language = \"de\"\nvolume = 30\n", root + "/b/kids-joy-center/config.toml")
        let paths = ConfigFile.systemPaths(environment: ["XDG_CONFIG_DIRS": root + "/a:" + root + "/b"], root: "")
            .map { $0.hasPrefix("/etc/") ? root + $0 : $0 }
        let (values, problems) = ConfigFile.layered(systemPaths: paths, userPath: nil, explicitPath: nil)
        #expect(problems.isEmpty, "\(problems)")
        #expect(values[.language]?.text == "fr", "the first XDG directory wins")
        #expect(values[.volume]?.number == 0.3 && values[.fullscreen]?.bool == true)
        try Self.write("language = \"pt-BR\"\n", root + "/user.toml")
        #expect(ConfigFile.layered(systemPaths: paths, userPath: root + "/user.toml", explicitPath: nil).0[.language]?.text == "pt-BR",
                "the user's file wins over unlocked system keys")
    }

    /// The issue's "done when": [locked] keys in a system file win over the user's file,
    /// later system files and the flags.
    @Test func lockedKeysInASystemFileWin() throws {
        let root = temporaryDirectory()
        let etc = root + "/etc/kids-joy-center/config.toml", xdg = root + "/xdg/kids-joy-center/config.toml"
        try Self.write("""
            fullscreen = false
            [locked]
            kiosk = true
            language = "fr"
            session-minutes = 30
            gate-pin = "2580"
            games = ["memory", "balloons"]
            profiles = false
            data-dir = "/srv/class"
            """, etc)
        try Self.write("language = \"es\"\n[locked]\nsession-minutes = 90\nrelaxed = true\n", xdg)
        try Self.write("kiosk = false\nlanguage = \"de\"\nfullscreen = true\nsession-minutes = 120\n[locked]\ngate-pin = \"1111\"\n", root + "/user.toml")
        let (values, problems) = ConfigFile.layered(systemPaths: [etc, xdg], systemRoot: root, userPath: root + "/user.toml", explicitPath: nil)
        #expect(values[.kiosk]?.bool == true && values[.language]?.text == "fr" && values[.sessionMinutes]?.int == 30 && values[.gatePIN]?.text == "2580")
        #expect(values[.games]?.list == ["memory", "balloons"] && values[.profiles]?.bool == false && values[.dataDir]?.text == "/srv/class")
        #expect(values[.fullscreen]?.bool == true, "an unlocked key still layers")
        #expect(values[.relaxed]?.bool == true && values.locked.contains(.relaxed), "a later system file may lock a key not locked yet")
        #expect(values.locked == [.kiosk, .language, .sessionMinutes, .gatePIN, .games, .profiles, .dataDir, .relaxed])
        #expect(problems.contains { $0.contains("user.toml") && $0.contains("only a system file") }, "\(problems)")
        #expect(problems.contains { $0.contains("session-minutes is locked by \(etc)") }, "\(problems)")
        // The flags lose to the locks too.
        var options = AppOptions()
        options.profile = "Ana"
        var cli = CommandLineChoices()
        cli[flag: "kiosk"] = false
        cli[flag: "windowed"] = true
        cli.set(.language, .text("es"))
        cli.set(.dataDir, .text("/tmp/elsewhere"))
        let notes = options.apply(config: values, commandLine: cli)
        #expect(options.settings.kiosk && options.settings.fullscreen, "kiosk is locked on: --windowed does not leave it")
        #expect(options.settings.language == "fr" && options.settings.dataDir == "/srv/class" && options.settings.sessionMinutes == 30 && options.settings.gatePIN == "2580")
        #expect(!options.settings.profiles && options.profile == nil)
        #expect(options.locked.contains(.language))
        #expect(notes.contains { $0.contains("--language") && $0.contains("locked") }, "\(notes)")
        #expect(notes.contains { $0.contains("--data-dir") }, "\(notes)")
        #expect(notes.contains { $0.contains("--profile") }, "\(notes)")
    }

    @Test func newKeysAreReadAndBadValuesNamed() {
        let (v, problems) = ConfigFile.parse("""
            effects = false
            profiles = true
            relaxed = true
            games = ["sorting", "memory",]
            levels = ["easy", "medium"]
            session-minutes = 45
            gate-pin = 123456
            """, file: "c.toml")
        #expect(problems.isEmpty, "\(problems)")
        #expect(v[.effects]?.bool == false && v[.profiles]?.bool == true && v[.relaxed]?.bool == true)
        #expect(v[.games]?.list == ["sorting", "memory"] && v[.levels]?.list == ["easy", "medium"] && v[.sessionMinutes]?.int == 45 && v[.gatePIN]?.text == "123456")
        let (bad, said) = ConfigFile.parse("""
            session-minutes = 3
            gate-pin = "12a4"
            levels = ["easy", "insane"]
            games = "memory"
            """, file: "c.toml")
        #expect(bad == ConfigValues())
        #expect(said.count == 4 && said[0].hasPrefix("c.toml:1:") && said[2].contains("insane") && said[3].contains("list"), "\(said)")
    }

    /// Headless runs read config files only with --config or --system-config: a games list in
    /// an $XDG_CONFIG_DIRS file changes Home only with --system-config.
    @Test(.enabled(if: GameProcess.built, "build the app first"))
    func headlessReadsSystemFilesOnlyWithSystemConfig() throws {
        let root = temporaryDirectory()
        try Self.write("games = [\"balloons\", \"memory\"]\n[locked]\neffects = false\n", root + "/xdg/kids-joy-center/config.toml")
        func homeGames(_ extra: [String]) throws -> ([String], String) {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: GameProcess.binary)
            p.arguments = ["--headless", "--data-dir", root + "/data", "--script", "-", "--log", "-"] + extra
            var env = ProcessInfo.processInfo.environment
            env["XDG_CONFIG_DIRS"] = root + "/xdg"
            env["XDG_CONFIG_HOME"] = root + "/home-config"
            env["SDL_AUDIODRIVER"] = "dummy"
            p.environment = env
            let input = Pipe(), out = Pipe()
            p.standardInput = input
            p.standardOutput = out
            try p.run()
            input.fileHandleForWriting.write(Data("0.1 tap-item play\n0.5 dump\n".utf8))
            try input.fileHandleForWriting.close()
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            let dump = text.split(separator: "\n").compactMap { JSON.parse(String($0)) }.last { $0["event"]?.stringValue == "dump" }
            let ids = dump?["items"]?.arrayValue?.compactMap { $0["id"]?.stringValue }.filter { $0.hasPrefix("game-") } ?? []
            return (ids, text)
        }
        let (plain, plainLog) = try homeGames([])
        #expect(plain == ["game-memory", "game-sorting", "game-balloons"], "a plain headless run reads no system file")
        let plainSounds = plainLog.split(separator: "\n").filter { $0.contains(#""event":"sound""#) }
        #expect(!plainSounds.isEmpty && plainSounds.allSatisfy { $0.contains(#""muted":false"#) })
        let (ids, log) = try homeGames(["--system-config"])
        #expect(ids == ["game-balloons", "game-memory"])
        let sounds = log.split(separator: "\n").filter { $0.contains(#""event":"sound""#) }
        #expect(!sounds.isEmpty && sounds.allSatisfy { $0.contains(#""muted":true"#) }, "effects off: every sound is silent and logged muted")
    }
}

/// The config file the Debian package installs reads without a word, and its commented
/// [locked] example, uncommented, locks what it says.
@Suite struct ShippedConfigTests {
    static var root: String { URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path }

    @Test func shippedConfigUncommentedReadsCleanly() throws {
        let text = try String(contentsOfFile: Self.root + "/packaging/config.toml", encoding: .utf8)
        let uncommented = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            line.range(of: "^# [a-z-]+ = ", options: .regularExpression) != nil || line == "# [locked]" ? String(line.dropFirst(2)) : String(line)
        }.joined(separator: "\n")
        let (values, problems) = ConfigFile.parse(uncommented.replacingOccurrences(of: "\"$XDG_DATA_HOME/kids-joy-center\"", with: "\"/srv/kjc\""),
                                                  file: "config.toml", system: true)
        #expect(problems.isEmpty, "\(problems)")
        #expect(values.locked.isSuperset(of: [.kiosk, .gatePIN, .sessionMinutes]))
        var options = AppOptions()
        options.apply(config: values, commandLine: CommandLineChoices())
        #expect(options.settings.sessionMinutes == 30 && options.settings.gatePIN == "2468")
        var defaults = AppOptions()
        defaults.apply(config: ConfigFile.parse("session-minutes = 0\ngate-pin = \"\"\n", file: "c").0, commandLine: CommandLineChoices())
        #expect(defaults.settings.sessionMinutes == nil && defaults.settings.gatePIN == nil, "0 and \"\" mean none")
    }
}
