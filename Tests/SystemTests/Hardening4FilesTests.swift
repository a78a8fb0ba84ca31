import CSDL2
import Foundation
import Testing
@testable import GameCore
@testable import Platform
@testable import Runtime
@testable import Scenes
import Stage
@testable import Storage
import SystemIO
@testable import KidsJoyApp
@testable import SceneTests

// Issue #46, "Hardening 4" (signals, locks, report files, voices, messages): each test below
// failed before its fix. The binary's tests need it built (`swift build`).

/// A folder standing in for "/" in lock tests: root's and 0755 (the /tmp above it is the test
/// machine's, outside the check). Every folder made under it is 0755 too.
private func trustedRoot(_ name: String = #function) -> String {
    let root = temporaryDirectory(name)
    chmod(root, 0o755)
    return root
}

private func write(_ text: String, _ path: String) throws {
    let folder = (path as NSString).deletingLastPathComponent
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    chmod(path, 0o644)
}

private func mode(_ path: String) -> mode_t {
    var info = stat()
    return stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
}

// MARK: - 3. SIGHUP and SIGQUIT stop cleanly

/// SIGHUP (a closed terminal, a session's end) and SIGQUIT (Ctrl+\) killed the game at once
/// (exit 129, no `quit` line, saves lost); now they stop it as SIGTERM does.
@Suite(.enabled(if: GameBinary.isBuilt, "build the app first"))
struct HangUpSignalTests {
    @Test func test_sighupStopsAKioskCleanly() throws { try StopSignalTests().stop(with: SIGHUP, extra: ["--kiosk"]) }
    @Test func test_sighupStopsAPlainRunCleanly() throws { try StopSignalTests().stop(with: SIGHUP, extra: []) }
    @Test func test_sigquitStopsAPlainRunCleanly() throws { try StopSignalTests().stop(with: SIGQUIT, extra: []) }

    /// A game started under `nohup` (SIGHUP handed down ignored) keeps running when its
    /// terminal goes, as every program does; SIGTERM still stops it cleanly.
    @Test func test_aHangUpIgnoredAtStartStaysIgnored() throws {
        let dir = temporaryDirectory()
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // Dumps to watch it go on, then a day of nothing (it runs until it is stopped).
        let script = (1...3000).map { "\($0) dump" }.joined(separator: "\n") + "\n86400 quit\n"
        try script.write(toFile: dir + "/s.txt", atomically: true, encoding: .utf8)
        p.arguments = ["--ignore-signal=HUP", "--default-signal=TERM", GameBinary.path, "--headless", "--no-draw",
                       "--script", dir + "/s.txt", "--log", dir + "/log.jsonl", "--data-dir", dir]
        p.environment = ProcessInfo.processInfo.environment.merging(["SDL_AUDIODRIVER": "dummy"]) { $1 }
        p.standardError = FileHandle.nullDevice
        try p.run()
        defer { if p.isRunning { kill(p.processIdentifier, SIGKILL) }; p.waitUntilExit() }
        func dumps() -> Int { ((try? String(contentsOfFile: dir + "/log.jsonl", encoding: .utf8)) ?? "").components(separatedBy: "\"event\":\"dump\"").count - 1 }
        let deadline = Date().addingTimeInterval(LiveLog.timeout)
        while p.isRunning && dumps() < 5 && Date() < deadline { usleep(10_000) }
        kill(p.processIdentifier, SIGHUP)
        // It goes on: more dumps come after the hang-up.
        let after = dumps()
        while p.isRunning && dumps() < after + 20 && Date() < deadline { usleep(10_000) }
        #expect(p.isRunning, "the hang-up stopped a game started with it ignored")
        kill(p.processIdentifier, SIGTERM)
        while p.isRunning && Date() < deadline { usleep(10_000) }
        #expect(!p.isRunning && p.terminationStatus == 0)
        let last = ((try? String(contentsOfFile: dir + "/log.jsonl", encoding: .utf8)) ?? "").split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.contains("\"event\":\"quit\"") && last.contains("SIGTERM"), "\(last)")
    }
}

extension HeavyTests {
    /// The same in a real window (Xvfb), where SDL's own handlers used to be in the way.
    @Suite struct WindowedHangUpTests {
        @Test(.enabled(if: WindowedEndToEndTests.hasXTools, "Xvfb and xdotool are needed: `make test-deps`"),
              .enabled(if: GameBinary.isBuilt, "build the app first"))
        func test_sighupStopsAWindowedKioskCleanly() throws {
            let tools = try WindowedEndToEndTests.xTools()
            let session = try WindowSession(xvfb: tools.xvfb, xdotool: tools.xdotool, directory: temporaryDirectory())
            defer { session.stop() }
            _ = try session.launchGame(script: "0.5 dump\n300 quit\n", arguments: ["--kiosk"])
            _ = try session.log.wait("the first dump") { $0.is("dump") }
            session.send(SIGHUP)
            #expect(try session.waitForExit() == 0)
            let last = try String(contentsOfFile: session.log.path, encoding: .utf8).split(separator: "\n").last.map(String.init) ?? ""
            #expect(last.contains("\"event\":\"quit\"") && last.contains("\"signal\":\"SIGHUP\""), "\(last)")
        }
    }
}

// MARK: - 4. F11 and a locked fullscreen

/// F11 changed a `[locked] fullscreen` (the packaged config's own example) in silence; now it
/// answers with the soft "no" of every locked control and logs why.
@Suite(.serialized) @MainActor struct LockedFullscreenTests {
    @Test(.enabled(if: getuid() == 0, "the lock needs a root-owned file"))
    func test_f11AnswersALockedFullscreenWithASoftNo() throws {
        let root = trustedRoot()
        try write("[locked]\nfullscreen = true\n", root + "/etc/kids-joy-center/config.toml")
        let (config, problems) = ConfigFile.layered(layers: ConfigFile.systemLayers(environment: [:], root: root), userPath: nil, explicitPath: nil)
        #expect(problems.isEmpty && config.locked == [.fullscreen], "\(problems)")
        var cli = CommandLineChoices()
        cli.set(.dataDir, .text(temporaryDirectory()))
        let lines = try runApp("0.2 key f11\n0.4 key f11\n0.6 dump\n") { options in
            options.apply(config: config, commandLine: cli)
        }.lines
        #expect(lines.events("fullscreen").isEmpty, "F11 changed a locked fullscreen: \(lines.events("fullscreen"))")
        let ignored = lines.events("ignored")
        #expect(ignored.count == 2 && ignored.allSatisfy { $0["what"]?.stringValue == "fullscreen" && $0["why"]?.stringValue == "locked" }, "\(ignored)")
        let hints = lines.events("hint").filter { $0["kind"]?.stringValue == "locked" && $0["target"]?.stringValue == "fullscreen" }
        #expect(hints.count == 2)
        #expect(lines.events("sound").filter { $0["name"]?.stringValue == "nope" }.count == 2, "\(lines.events("sound"))")
        // Not locked: F11 still toggles.
        let free = try runApp("0.2 key f11\n0.4 dump\n").lines
        #expect(free.events("fullscreen").count == 1 && free.events("ignored").isEmpty)
    }
}

// MARK: - 5. `report` on a folder it cannot enter

@Suite(.serialized) @MainActor struct ReportFolderTests {
    /// 5: a data folder this account cannot enter said "No games recorded yet" and exited 0.
    @Test(.enabled(if: GameProcess.built && GameProcess.canSwitchUser, "needs root and setpriv to be another user"))
    func test_reportOnAFolderItCannotEnterIsAnError() throws {
        let dir = temporaryDirectory()
        let data = dir + "/data", out = temporaryDirectory() + "/out"
        try ProgressReport.makeSample(in: data, children: 2, games: 3)
        chmod(data, 0o700) // root's: `nobody` cannot enter it
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o777])
        let r = try GameProcess.run(["report", "--data-dir", data, "--csv", out + "/report.csv"], as: (65534, 65534))
        #expect(r.status == 1, "\(r.stdout) \(r.stderr)")
        #expect(r.stderr.contains(data) && r.stderr.contains("permission denied"), "\(r.stderr)")
        #expect(!r.stdout.contains("No games recorded yet"), "\(r.stdout)")
        #expect(!FileManager.default.fileExists(atPath: out + "/report.csv"))
    }

    /// 5: a file where the data folder should be is an error too (for root as for anyone).
    @Test(.enabled(if: GameBinary.isBuilt)) func test_reportOnAFileInsteadOfAFolderIsAnError() throws {
        let dir = temporaryDirectory()
        _ = FileManager.default.createFile(atPath: dir + "/data", contents: Data("x".utf8))
        let r = try GameBinary.run(["report", "--data-dir", dir + "/data"])
        #expect(r.status == 1 && r.stderr.contains(dir + "/data") && r.stderr.contains("not a directory"), "\(r.output)")
        // A folder that is not there yet is still "no games yet".
        let none = try GameBinary.run(["report", "--data-dir", dir + "/none"])
        #expect(none.status == 0 && none.stdout.contains("No games recorded yet"), "\(none.output)")
    }

}

// MARK: - 6. `report --csv`: the file's mode; dates

@Suite(.serialized) @MainActor struct ReportCSVTests {
    /// 6: a replaced CSV keeps its mode, a new one is 0600, a write-protected one is refused.
    @Test(.enabled(if: GameBinary.isBuilt)) func test_csvKeepsItsModeAndAWriteProtectedOneIsRefused() throws {
        let dir = temporaryDirectory()
        try ProgressReport.makeSample(in: dir, children: 2, games: 3)
        let fresh = dir + "/new.csv"
        #expect(try GameBinary.run(["report", "--data-dir", dir, "--csv", fresh]).status == 0)
        #expect(mode(fresh) == 0o600, "a new CSV: \(String(mode(fresh), radix: 8))")
        let teacher = dir + "/teacher.csv"
        try "old\n".write(toFile: teacher, atomically: true, encoding: .utf8)
        chmod(teacher, 0o640)
        #expect(try GameBinary.run(["report", "--data-dir", dir, "--csv", teacher]).status == 0)
        #expect(mode(teacher) == 0o640, "a replaced CSV: \(String(mode(teacher), radix: 8))")
        #expect(try String(contentsOfFile: teacher, encoding: .utf8).hasPrefix("player,"))
        // A teacher's file replaced by root (sudo) stays the teacher's, owner and group.
        if getuid() == 0 {
            chown(teacher, 65534, 65534)
            #expect(try GameBinary.run(["report", "--data-dir", dir, "--csv", teacher]).status == 0)
            var info = stat()
            #expect(stat(teacher, &info) == 0 && info.st_uid == 65534 && info.st_gid == 65534 && mode(teacher) == 0o640,
                    "owner \(info.st_uid):\(info.st_gid), mode \(String(mode(teacher), radix: 8))")
        }
        // Write-protected: refused, exit 1, untouched; through a link too.
        let kept = dir + "/kept.csv"
        try "keep me\n".write(toFile: kept, atomically: true, encoding: .utf8)
        chmod(kept, 0o444)
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.csv", withDestinationPath: kept)
        for path in [kept, dir + "/link.csv"] {
            let r = try GameBinary.run(["report", "--data-dir", dir, "--csv", path])
            #expect(r.status == 1 && r.stderr.contains(path) && r.stderr.contains("write-protected"), "\(r.stderr)")
            #expect(try String(contentsOfFile: kept, encoding: .utf8) == "keep me\n" && mode(kept) == 0o444)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.contains(".tmp-") }.isEmpty)
    }

    /// 6: an imported score whose date was missing or impossible showed as 1970-01-01 in
    /// "Save report"'s games.csv; its cell is empty now.
    @Test func test_anImportedDateThatCannotBeShownIsAnEmptyCell() throws {
        let dir = temporaryDirectory()
        let old = #"{"version":1,"scores":[{"id":"a","game":"memory","level":"easy","score":5,"recorded":-1e300},"# +
            #"{"id":"b","game":"memory","level":"easy","score":6},{"id":"c","game":"memory","level":"easy","score":7,"recorded":1700000000}]}"#
        try old.write(toFile: dir + "/highscores.json", atomically: true, encoding: .utf8)
        let store = HighScoreStore(directory: dir, warn: { _ in })
        defer { store.close() }
        let csv = try ReportSaver.gamesCSV(try #require(store.database))
        let rows = csv.split(separator: "\n").dropFirst()
        #expect(rows.count == 3 && !csv.contains("1970"), "\(csv)")
        #expect(rows.filter { $0.hasSuffix(",") }.count == 2, "\(csv)")
        #expect(rows.contains { $0.hasSuffix(",2023-11-14T22:13:20Z") }, "\(csv)")
        #expect(ReportSaver.isoDate(0) == "1970-01-01T00:00:00Z", "a round the game recorded keeps its date")
    }
}

// MARK: - 8. A lock counts only where no user can move the file away

@Suite(.serialized, .enabled(if: getuid() == 0, "needs root to give files and folders away"))
struct LockFolderTests {
    static func locked(_ root: String) -> (Set<SettingKey>, [String]) {
        let (values, problems) = ConfigFile.layered(layers: ConfigFile.systemLayers(environment: [:], root: root), userPath: nil, explicitPath: nil)
        return (values.locked, problems)
    }

    @Test func test_aLockCountsOnlyWhenEveryFolderAboveIsRootsAlone() throws {
        let root = trustedRoot()
        let etc = root + "/etc", folder = etc + "/kids-joy-center"
        try write("[locked]\nkiosk = true\n", folder + "/config.toml")
        #expect(Self.locked(root).0 == [.kiosk], "\(Self.locked(root).1)")
        // A folder others may write (plain or sticky like /tmp), or its group: no lock.
        for (path, bits) in [(etc, 0o777), (etc, 0o1777), (folder, 0o775), (root, 0o777)] as [(String, mode_t)] {
            chmod(path, bits)
            let (keys, said) = Self.locked(root)
            #expect(keys.isEmpty, "\(path) \(String(bits, radix: 8))")
            #expect(said.contains { $0.contains(path + " is writable by") }, "\(said)")
            chmod(path, 0o755)
        }
        // A folder owned by a user: no lock.
        chown(folder, 1000, 1000)
        let (keys, said) = Self.locked(root)
        #expect(keys.isEmpty && said.contains { $0.contains(folder + " is owned by user 1000") }, "\(said)")
        chown(folder, 0, 0)
        #expect(Self.locked(root).0 == [.kiosk])
        // A link to a root-owned file in a folder others may write: the real path counts.
        let open = temporaryDirectory()
        chmod(open, 0o777)
        try write("[locked]\nkiosk = true\n", open + "/config.toml")
        chmod(open, 0o777)
        try FileManager.default.removeItem(atPath: folder + "/config.toml")
        try FileManager.default.createSymbolicLink(atPath: folder + "/config.toml", withDestinationPath: open + "/config.toml")
        let (linked, why) = Self.locked(root)
        #expect(linked.isEmpty && why.contains { $0.contains(open + " is writable by others") }, "\(why)")
    }

    /// A link on the way, in a folder a user may write, to root's own folder: the user could
    /// point the link elsewhere, so no lock (the named path and the real path were both root's).
    @Test func test_aLinkOnTheWayInAFolderAUserMayWriteMeansNoLock() throws {
        let root = trustedRoot()
        let open = root + "/srv/open", real = root + "/srv/real"
        try write("[locked]\nkiosk = true\n", real + "/config.toml")
        try FileManager.default.createDirectory(atPath: open, withIntermediateDirectories: true)
        chmod(open, 0o777)
        try FileManager.default.createSymbolicLink(atPath: open + "/link", withDestinationPath: real)
        try FileManager.default.createDirectory(atPath: root + "/etc", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        try FileManager.default.createSymbolicLink(atPath: root + "/etc/kids-joy-center", withDestinationPath: open + "/link")
        let (keys, said) = Self.locked(root)
        #expect(keys.isEmpty, "\(said)")
        #expect(said.contains { $0.contains(open + " is writable by others") }, "\(said)")
        // The same link in root's own folder: the lock counts.
        chmod(open, 0o755)
        #expect(Self.locked(root).0 == [.kiosk], "\(Self.locked(root).1)")
        #expect(ConfigFile.linksOnTheWay(root + "/etc/kids-joy-center/config.toml") == [root + "/etc/kids-joy-center", open + "/link"])
    }

    /// The game's own check walks up to the real "/": a folder others may write anywhere
    /// above the file (here one above the trusted test root) means no lock.
    @Test func test_theCheckWalksUpToTheRealRoot() throws {
        let open = temporaryDirectory()
        chmod(open, 0o777)
        let file = open + "/inner/etc/kids-joy-center/config.toml"
        try write("[locked]\nkiosk = true\n", file)
        let (values, problems) = ConfigFile.layered(layers: [ConfigLayer(path: file, system: true, mayLock: true)], userPath: nil, explicitPath: nil)
        #expect(values.locked.isEmpty && values[.kiosk]?.bool == true)
        #expect(problems.contains { $0.contains(open + " is writable by others") }, "\(problems)")
        // The same file with the trusted folder below `open` as the system root: it locks.
        let (trusted, _) = ConfigFile.layered(systemPaths: [file], systemRoot: open + "/inner", userPath: nil, explicitPath: nil)
        #expect(trusted.locked == [.kiosk])
        // The walk ends at the top, also for a relative path.
        #expect(ConfigFile.parentFolder("/etc/") == "/" && ConfigFile.parentFolder("/") == "/" && ConfigFile.parentFolder("a.toml") == ".")
    }
}

// MARK: - 9. Voices are Ogg Vorbis only, and a bad one is said once

@Suite(.serialized) @MainActor struct OggOnlyVoiceTests {
    /// A WAV file: SDL_mixer's sniffing would play it (a tracker module the same way).
    static func wav() -> Data {
        var d = Data()
        func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { d.append(contentsOf: $0) } }
        func u16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { d.append(contentsOf: $0) } }
        let samples = 22_050
        d.append(contentsOf: Array("RIFF".utf8)); u32(UInt32(36 + samples * 2)); d.append(contentsOf: Array("WAVE".utf8))
        d.append(contentsOf: Array("fmt ".utf8)); u32(16); u16(1); u16(1); u32(22_050); u32(44_100); u16(2); u16(16)
        d.append(contentsOf: Array("data".utf8)); u32(UInt32(samples * 2)); d.append(Data(count: samples * 2))
        return d
    }

    @Test func test_aVoiceThatIsNotOggIsNotPlayedAndSaidOncePerFile() throws {
        let assets = temporaryDirectory()
        let folder = assets + "/voices/en"
        try write("key\tduration\ttext\nvoice.home.greeting\t1.0\tHello!\nvoice.home.play\t1.0\tPlay!\n", folder + "/index.tsv")
        try Self.wav().write(to: URL(fileURLWithPath: folder + "/voice.home.greeting.ogg"))
        try Data(repeating: 0x55, count: 4096).write(to: URL(fileURLWithPath: folder + "/voice.home.play.ogg"))
        let library = VoiceLibraryLoader.load(assets: assets, language: "en", warn: { _ in })
        let greeting = try #require(library.clip("voice.home.greeting")), play = try #require(library.clip("voice.home.play"))
        SDL_SetHint(SDL_HINT_AUDIODRIVER, "dummy")
        var warnings: [String] = []
        let player = try SDLSoundPlayer(soundDirectory: assets + "/sounds", warn: { warnings.append($0) })
        defer { player.close(); SDL_QuitSubSystem(SDL_INIT_AUDIO) }
        for _ in 0..<3 {
            #expect(!player.playVoice(greeting), "a WAV named .ogg is no voice")
            #expect(!player.playVoice(play), "nor is noise")
        }
        let said = warnings.filter { $0.contains("cannot play voice") }
        #expect(said.count == 2, "one warning per file, once: \(said)")
        #expect(said.contains { $0.contains("voice.home.greeting.ogg") } && said.contains { $0.contains("voice.home.play.ogg") })
    }
}

// MARK: - 10. A key repeated in one file

@Suite struct RepeatedKeyTests {
    @Test func test_aPlainLineAfterALockedOneDoesNotUnlockIt() {
        let (values, problems) = ConfigFile.parse("[locked]\nkiosk = true\n[kids-joy-center]\nkiosk = false\n", file: "/etc/c.toml", system: true)
        #expect(values[.kiosk]?.bool == true && values.locked == [.kiosk])
        #expect(problems.count == 1 && problems[0].hasPrefix("/etc/c.toml:4:") && problems[0].contains("line 2"), "\(problems)")
        // A second locked line does not change it either.
        let (twice, said) = ConfigFile.parse("[locked]\nvolume = 20\nvolume = 90\n", file: "f", system: true)
        #expect(twice[.volume]?.number == 0.2 && said.count == 1 && said[0].hasPrefix("f:3:"), "\(said)")
    }

    @Test func test_aPlainKeySetTwiceIsNamedAndALockedOneAfterAPlainOneIsTheShippedLayout() {
        let (values, problems) = ConfigFile.parse("volume = 20\nmute = false\nvolume = 30\n", file: "f")
        #expect(values[.volume]?.number == 0.3)
        #expect(problems.count == 1 && problems[0].hasPrefix("f:3:") && problems[0].contains("volume") && problems[0].contains("line 1"), "\(problems)")
        let (shipped, quiet) = ConfigFile.parse("kiosk = false\n[locked]\nkiosk = true\n", file: "f", system: true)
        #expect(shipped[.kiosk]?.bool == true && shipped.locked == [.kiosk] && quiet.isEmpty, "\(quiet)")
    }
}

// MARK: - 12. Messages that say why

@Suite @MainActor struct ReasonMessageTests {
    @Test func test_aConfigThatIsAFIFOOrTooBigSaysWhy() throws {
        let dir = temporaryDirectory()
        #expect(mkfifo(dir + "/fifo.toml", 0o600) == 0)
        let (_, fifo) = try #require(ConfigFile.load(dir + "/fifo.toml"))
        #expect(fifo.count == 1 && fifo[0].contains("not a regular file"), "\(fifo)")
        // 6 MB: over the 4 MB cap the schools' guide names (the code let 16 MB through in silence).
        let big = dir + "/big.toml"
        try ("kiosk = true\n# " + String(repeating: "x", count: 6 << 20) + "\n").write(toFile: big, atomically: true, encoding: .utf8)
        let (values, said) = try #require(ConfigFile.load(big))
        #expect(values == ConfigValues(), "an over-cap config is not used")
        #expect(said.count == 1 && said[0].contains(big) && said[0].contains("larger than 4 MB"), "\(said)")
        #expect(SystemFiles.Limit.text == 4 << 20)
    }

    @Test func test_aVoiceIndexOverItsCapSaysSoNotNoRecording() throws {
        let assets = temporaryDirectory()
        let folder = assets + "/voices/en"
        try write("voice.home.greeting\t1.0\tHello!\n" + String(repeating: "#\n", count: 5 << 19), folder + "/index.tsv")
        var warnings: [String] = []
        let library = VoiceLibraryLoader.load(assets: assets, language: "en", warn: { warnings.append($0) })
        #expect(warnings.count == 1 && warnings[0].contains("index.tsv") && warnings[0].contains("larger than 4 MB"), "\(warnings)")
        let channel = VoiceChannel(log: EventLog(writer: nil, keepInMemory: true), library: library, player: { SilentSoundPlayer(audible: false) },
                                   silenced: { false }, text: { _, _ in "" }, warn: { warnings.append($0) })
        channel.say(Message("voice.home.greeting", "Hello!"))
        #expect(warnings.count == 1, "no 'no voice recording' after the index's own message: \(warnings)")
    }

    @Test func test_aFailedSaveIsSaidInPlainWords() {
        #expect("cannot save the report (\(ProfileFailure.storage("no space left on device")))" == "cannot save the report (no space left on device)")
        #expect("\(ProfileFailure.full)".contains("40") && !"\(ProfileFailure.nicknameTaken)".contains("nicknameTaken"))
    }
}
