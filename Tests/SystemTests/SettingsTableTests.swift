import Settings
import Foundation
import Testing
@testable import GameCore
@testable import Scenes
@testable import Storage
@testable import Runtime
@testable import KidsJoyApp
import Stage
import TextCatalogs
@testable import SceneTests

/// Issue #25 item 3 (one settings table, one precedence, locks win everywhere), item 6
/// (every JSON store checks its version), #28 items 5 and 11 (locks only from root-owned
/// files; settings.json values checked) and #26 item 6 (the speaker is the child's).
@Suite(.serialized) @MainActor struct SettingsTableTests {
    static func write(_ text: String, _ path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// A headless app on `dataDir`, its options from a command line (config files included).
    static func app(_ arguments: [String], dataDir: String, warn: @escaping (String) -> Void = { _ in }) throws -> GameApp {
        var options = try KidsJoyCenter.parse(["--headless", "--data-dir", dataDir] + arguments).options(warn: warn)
        options.scriptText = "0.1 dump\n"
        options.noDraw = true
        let app = try GameApp(options: options, keepLogInMemory: true)
        try app.start()
        return app
    }

    // MARK: The table

    @Test func everySettingIsDeclaredOnceAndEveryLayerUsesTheTable() throws {
        let keys = SettingsTable.keys
        #expect(Set(keys).count == keys.count, "each key once")
        #expect(ConfigFile.keys == keys)
        // Every flag of the table is an option of the command line, with its help.
        let options = KidsJoyCenter.spec.options
        for spec in SettingsTable.all {
            for flag in spec.flags {
                #expect(options.contains { $0.name == flag.name && $0.help == flag.help && ($0.value == nil) == (flag.valueName == nil) }, "--\(flag.name)")
            }
            // Every key is in the shipped, commented system config.
            let shipped = try String(contentsOfFile: packageRoot + "/packaging/config.toml", encoding: .utf8)
            #expect(shipped.contains("\n# \(spec.key) = "), "packaging/config.toml lists \(spec.key)")
        }
        // The corner shows exactly the table's switches, each with its explanation.
        #expect(Set(CornerScene.switches) == Set(SettingsTable.cornerSwitches.map(\.key)))
        #expect(CornerScene.switches == SettingsTable.cornerSwitches.map(\.key), "in the table's order")
        #expect(CornerScene.switches.starts(with: [.voice, .effects, .relaxed, .reducedMotion, .grow]))
        for spec in SettingsTable.cornerSwitches {
            #expect(spec.remembered && spec.lockable && spec.kind == .bool)
            // Its words are the catalogs', found by its key.
            let words = try #require(Messages.cornerSwitch(spec.key.name), "corner.\(spec.key) and corner.\(spec.key).about")
            #expect(Messages.all.contains(words.label) && Messages.all.contains(words.explanation))
        }
        // Every key has its row, once, in the order the keys are declared.
        #expect(keys == SettingKey.allCases)
        #expect(SettingsTable.spec(.grow).defaultValue == .bool(true))
        #expect(!SettingsTable.spec(.mute).remembered, "the speaker is not saved")
    }

    /// The one precedence: defaults < system < user < remembered < command line; a lock wins.
    @Test func precedenceIsOneOrder() {
        var config = ConfigValues()
        config[.reducedMotion] = .bool(false)
        config[.relaxed] = .bool(true)
        config[.voice] = .bool(false)
        var cli = CommandLineChoices()
        cli.set(.reducedMotion, .bool(true))
        let remembered: SettingLayer = [.reducedMotion: .bool(false), .relaxed: .bool(false), .voice: .bool(true)]
        let (v, notes) = AppOptions.resolve(config: config, remembered: remembered, commandLine: cli)
        #expect(v[.reducedMotion] == .bool(true), "the command line wins over the remembered choice")
        #expect(v[.relaxed] == .bool(false) && v[.voice] == .bool(true), "the remembered choice wins over the config")
        #expect(v[.grow] == .bool(true) && v[.effects] == .bool(true), "the defaults")
        #expect(notes.isEmpty)
        config.locked = [.relaxed, .reducedMotion]
        config.lockedBy = [.relaxed: "/etc/x", .reducedMotion: "/etc/x"]
        let (locked, said) = AppOptions.resolve(config: config, remembered: remembered, commandLine: cli)
        #expect(locked[.relaxed] == .bool(true) && locked[.reducedMotion] == .bool(false), "a lock wins over all of them")
        #expect(said == ["--reduced-motion is not used: reduced-motion is locked by /etc/x"])
    }

    // MARK: "Done when": less motion survives a restart

    @Test func lessMotionChosenInTheCornerSurvivesARestart() throws {
        let dir = temporaryDirectory()
        let config = dir + "/config.toml"
        // A config that says the opposite: the corner's remembered choice is above it.
        try Self.write("reduced-motion = false\ngrow = true\n", config)
        let first = try Self.app(["--config", config], dataDir: dir + "/data")
        #expect(!first.context.settings.reducedMotion && first.context.settings.grow)
        first.context.profiles = first.context.scores as? any ProfileKeeping
        let corner = CornerScene(context: first.context)
        first.stack.apply([.push(corner)])
        calmTap(first.stack, CornerScene.sectionFrame(.settings).center)
        calmTap(first.stack, CornerScene.toggleFrame(CornerScene.switches.firstIndex(of: .reducedMotion)!).center)
        calmTap(first.stack, CornerScene.toggleFrame(CornerScene.switches.firstIndex(of: .grow)!).center)
        #expect(first.context.settings.reducedMotion && !first.context.settings.grow)
        first.shutdown()
        let second = try Self.app(["--config", config], dataDir: dir + "/data")
        #expect(second.context.settings.reducedMotion, "less motion survives the restart (GameApp overwrote it before)")
        #expect(!second.context.settings.grow, "so does grow with the child")
        second.shutdown()
        // The command line still wins over the remembered choice.
        let third = try Self.app(["--config", config, "--reduced-motion"], dataDir: dir + "/data")
        #expect(third.context.settings.reducedMotion)
        third.shutdown()
    }

    // MARK: "Done when": a locked mute and the speaker

    @Test func aLockedMuteSpeakerDoesNotMuteAndShowsItsPadlock() throws {
        var config = ConfigValues()
        config[.mute] = .bool(false)
        config.locked = [.mute]
        config.lockedBy = [.mute: "/etc/kids-joy-center/config.toml"]
        var cli = CommandLineChoices()
        cli.set(.mute, .bool(true))
        var options = AppOptions()
        options.headless = true
        options.scriptText = "0.1 dump\n"
        options.noDraw = true
        options.settings.dataDir = temporaryDirectory()
        let notes = options.apply(config: config, commandLine: cli)
        options.settings.dataDir = temporaryDirectory()
        #expect(notes == ["--mute is not used: mute is locked by /etc/kids-joy-center/config.toml"])
        let app = try GameApp(options: options, keepLogInMemory: true)
        try app.start()
        defer { app.shutdown() }
        let context = app.context!, stack = app.stack!
        #expect(!context.muted, "--mute refused")
        tap(stack, TopBar.muteFrame.center)
        #expect(!context.muted, "a tap on the speaker does not mute")
        stack.handle(.key(.m))
        #expect(!context.muted, "nor does M")
        #expect(context.log.events("mute").isEmpty)
        let hints = context.log.events("hint").filter { $0["kind"]?.stringValue == "locked" }
        #expect(hints.count == 2 && hints.allSatisfy { $0["target"]?.stringValue == "mute" })
        #expect(context.log.events("sound").last?["name"]?.stringValue == Sound.nope.rawValue, "a soft no")
        let item = stack.dump().first { $0.0 == "items" }?.1.arrayValue?.first { $0["id"]?.stringValue == "mute" }
        #expect(item?["locked"] == .bool(true) && item?["badge"]?.stringValue == "lock", "\(String(describing: item))")
        // Drawn with its padlock (not only paler).
        let canvas = PadlockCanvas()
        TopBar.draw(on: canvas, title: nil, backLabel: "", showsBack: false, muted: false, muteLocked: true, pressed: nil)
        #expect(canvas.images.contains("lock"))
        let plain = PadlockCanvas()
        TopBar.draw(on: plain, title: nil, backLabel: "", showsBack: false, muted: false, pressed: nil)
        #expect(!plain.images.contains("lock"))
    }

    /// Issue #26: the speaker mutes until the game quits; a locked `mute = true` starts muted
    /// and the speaker cannot unmute it.
    @Test func theSpeakerIsThisRunsOnlyAndALockedMuteStaysMuted() throws {
        let dir = temporaryDirectory()
        let first = try Self.app([], dataDir: dir)
        tap(first.stack, TopBar.muteFrame.center)
        #expect(first.context.muted)
        first.shutdown()
        let second = try Self.app([], dataDir: dir)
        #expect(!second.context.muted, "the next child does not start in silence")
        second.shutdown()
        var config = ConfigValues()
        config[.mute] = .bool(true)
        config.locked = [.mute]
        var options = AppOptions()
        options.headless = true
        options.scriptText = "0.1 dump\n"
        options.noDraw = true
        options.apply(config: config, commandLine: CommandLineChoices())
        options.settings.dataDir = dir
        let app = try GameApp(options: options, keepLogInMemory: true)
        try app.start()
        defer { app.shutdown() }
        #expect(app.context.muted)
        tap(app.stack, TopBar.muteFrame.center)
        #expect(app.context.muted)
    }

    // MARK: "Done when": a path with a quote and a hash

    @Test func aQuotedPathKeepsItsQuoteAndHash() {
        let (values, problems) = ConfigFile.parse(##"data-dir = "/a\"#b"  # the class folder"##, file: "c.toml")
        #expect(problems.isEmpty, "\(problems)")
        #expect(values[.dataDir]?.text == ##"/a"#b"##)
        #expect(ConfigFile.parse(#"data-dir = '/x#y\z'"#, file: "c.toml").0[.dataDir]?.text == #"/x#y\z"#, "a literal string keeps its backslash")
        #expect(ConfigFile.parse(#"data-dir = "/a\\b""#, file: "c.toml").0[.dataDir]?.text == #"/a\b"#)
        // An escape TOML does not know, or a string left open: refused with file:line, never cut.
        let (bad, said) = ConfigFile.parse("kiosk = true\n" + #"data-dir = "/a\q#b""#, file: "c.toml")
        #expect(bad[.dataDir]?.text == nil && bad[.kiosk]?.bool == true)
        #expect(said.count == 1 && said[0].hasPrefix("c.toml:2:") && said[0].contains("escape"), "\(said)")
        let (open, why) = ConfigFile.parse(#"data-dir = "/a#b"#, file: "c.toml")
        #expect(open[.dataDir]?.text == nil && why.count == 1 && why[0].hasPrefix("c.toml:1:"), "\(why)")
        let (trailing, more) = ConfigFile.parse(#"data-dir = "/a" b"#, file: "c.toml")
        #expect(trailing[.dataDir]?.text == nil && more.count == 1, "\(more)")
    }

    // MARK: "Done when": a newer settings.json is left untouched

    @Test func aNewerSettingsFileIsLeftUntouched() throws {
        let dir = temporaryDirectory()
        let text = #"{"version": 99, "voice": false, "gate-pin": "2580", "hologram": true}"# + "\n"
        try Self.write(text, dir + "/settings.json")
        try Self.write(#"{"version": 7, "seen": []}"#, dir + "/demos.json")
        let warnings = Box<[String]>([])
        let store = SettingsStore(directory: dir, warn: { warnings.value.append($0) })
        #expect(store.keptNewer == 99 && store.remembered.isEmpty, "the game runs on its defaults")
        #expect(warnings.value.count == 1 && warnings.value[0].contains("newer version") && warnings.value[0].contains("99"), "\(warnings.value)")
        store.remember(.voice, true)
        store.setLanguage("fr")
        store.waitForPendingSaves()
        let after = try String(contentsOfFile: dir + "/settings.json", encoding: .utf8)
        #expect(after == text, "never written over")
        #expect(!FileManager.default.fileExists(atPath: dir + "/settings.json.bad"))
        let demos = DemoStore(directory: dir, warn: { warnings.value.append($0) })
        demos.save(["memory"])
        demos.waitForPendingSaves()
        #expect(demos.keptNewer == 7)
        let demosAfter = try String(contentsOfFile: dir + "/demos.json", encoding: .utf8)
        #expect(demosAfter == #"{"version": 7, "seen": []}"#)
        // The app says it on stderr (warn) and in the log, and starts on defaults.
        let app = try Self.app([], dataDir: dir)
        defer { app.shutdown() }
        let event = app.context.log.events("store").first
        #expect(event?["file"]?.stringValue == "settings.json" && event?["action"]?.stringValue == "kept-newer" && event?["version"] == .int(99))
        #expect(app.context.settings.voice && app.context.classroom.gatePIN == nil)
        // The high scores file of a newer version is not taken in, and kept.
        let (entries, problem) = HighScoreStore.decode(Array(#"{"version":3,"scores":[{"game":"memory","level":"easy","score":4}]}"#.utf8))
        #expect(entries.isEmpty && problem?.contains("newer version") == true)
    }

    // MARK: "Done when": locks only from root-owned files

    @Test(.enabled(if: getuid() == 0, "needs root to give files away"))
    func locksCountOnlyInRootOwnedFilesOthersCannotWrite() throws {
        let root = temporaryDirectory()
        let etc = root + "/etc/kids-joy-center/config.toml"
        try Self.write("[locked]\nkiosk = true\n", etc)
        // Root's and 0644: it locks.
        #expect(ConfigFile.layered(systemPaths: [etc], systemRoot: root, userPath: nil, explicitPath: nil).0.locked == [.kiosk])
        // Writable by others: a plain setting, with a message.
        chmod(etc, 0o666)
        let (open, said) = ConfigFile.layered(systemPaths: [etc], systemRoot: root, userPath: nil, explicitPath: nil)
        #expect(open.locked.isEmpty && open[.kiosk]?.bool == true)
        #expect(said.contains { $0.contains("writable by others") }, "\(said)")
        // Owned by a user: no lock.
        chmod(etc, 0o644)
        chown(etc, 1000, 1000)
        let (owned, why) = ConfigFile.layered(systemPaths: [etc], systemRoot: root, userPath: nil, explicitPath: nil)
        #expect(owned.locked.isEmpty && why.contains { $0.contains("owned by root") }, "\(why)")
        chown(etc, 0, 0)
        // A folder the user listed in XDG_CONFIG_DIRS adds settings but never locks...
        let user = root + "/mine/kids-joy-center/config.toml"
        try Self.write("language = \"fr\"\n[locked]\nrelaxed = true\nkiosk = false\n", user)
        let layers = [ConfigLayer(path: etc, system: true, mayLock: true, systemRoot: root)]
            + ConfigFile.systemLayers(environment: ["XDG_CONFIG_DIRS": root + "/mine"], root: root).dropFirst(2)
        #expect(layers.map(\.mayLock) == [true, false])
        let (v, problems) = ConfigFile.layered(layers: layers, userPath: nil, explicitPath: nil)
        #expect(v[.language]?.text == "fr" && v[.relaxed]?.bool == true, "its settings count")
        #expect(v.locked == [.kiosk] && v[.kiosk]?.bool == true, "...nor unlocks the school's")
        #expect(problems.contains { $0.contains("XDG_CONFIG_DIRS") }, "\(problems)")
        // XDG_CONFIG_DIRS=/tmp never drops /etc/xdg's locks: /etc/xdg is always read.
        let paths = ConfigFile.systemLayers(environment: ["XDG_CONFIG_DIRS": "/tmp"], root: root)
        #expect(paths[1] == ConfigLayer(path: root + "/etc/xdg/kids-joy-center/config.toml", system: true, mayLock: true, systemRoot: root))
    }

    // MARK: "Done when": --switch refused when locked

    @Test func everyLockedFlagIsRefusedSwitchIncluded() throws {
        var config = ConfigValues()
        config[.switchScan] = .number(0)
        config[.reducedMotion] = .bool(false)
        config[.kiosk] = .bool(false)
        config.locked = [.switchScan, .reducedMotion, .kiosk, .fullscreen]
        config.lockedBy = [.switchScan: "/etc/s", .reducedMotion: "/etc/s", .kiosk: "/etc/s", .fullscreen: "/etc/s"]
        let command = try KidsJoyCenter.parse(KidsJoyCenter.withSwitchDefault(["--headless", "--switch", "--reduced-motion", "--kiosk", "--windowed"]))
        #expect(command[.switchScan] == .number(1.5))
        var options = AppOptions()
        let notes = options.apply(config: config, commandLine: command.settings)
        #expect(options.settings.switchSeconds == nil && !options.settings.reducedMotion && !options.settings.kiosk && !options.settings.fullscreen)
        for flag in ["--switch", "--reduced-motion", "--kiosk"] {
            #expect(notes.contains { $0.hasPrefix("\(flag) is not used") && $0.contains("/etc/s") }, "\(flag): \(notes)")
        }
        // A kiosk locked on refuses --windowed too.
        var kiosk = ConfigValues()
        kiosk[.kiosk] = .bool(true)
        kiosk.locked = [.kiosk]
        var k = AppOptions()
        let said = k.apply(config: kiosk, commandLine: try KidsJoyCenter.parse(["--windowed"]).settings)
        #expect(k.settings.kiosk && k.settings.fullscreen && said.contains { $0.hasPrefix("--windowed is not used") }, "\(said)")
        // Unlocked, --switch wins over the config's.
        var free = ConfigValues()
        free[.switchScan] = .number(2)
        var o = AppOptions()
        o.apply(config: free, commandLine: try KidsJoyCenter.parse(["--switch", "3"]).settings)
        #expect(o.settings.switchSeconds == 3)
        o.apply(config: free, commandLine: CommandLineChoices())
        #expect(o.settings.switchSeconds == 2)
    }

    // MARK: "Done when": settings.json values are checked

    @Test func settingsValuesAreCheckedAndBadOnesIgnored() throws {
        let dir = temporaryDirectory()
        try Self.write("""
            {"version":2,"gate-pin":"12ab","session-minutes":1,"games":["memory","memory"],"levels":[],
             "voice":"yes","relaxed":true,"language":"klingon","effects":false,"effects":true}
            """, dir + "/settings.json")
        let warnings = Box<[String]>([])
        let store = SettingsStore(directory: dir, warn: { warnings.value.append($0) })
        #expect(store.classroom == SavedSettings(), "no bad value is used")
        #expect(store.switches == [.relaxed: true, .effects: false], "good values still count; the first of a repeated key")
        #expect(store.language == nil)
        for word in ["gate-pin", "session-minutes", "games", "levels", "voice", "language", "\"effects\" appears 2 times"] {
            #expect(warnings.value.contains { $0.contains(word) }, "\(word): \(warnings.value)")
        }
        for pin in ["123456789012", "12", "１２３４"] {
            try Self.write(#"{"version":2,"gate-pin":"\#(pin)","games":["balloons","hologram"]}"#, dir + "/settings.json")
            let s = SettingsStore(directory: dir, warn: { _ in })
            #expect(s.classroom.gatePIN == nil && s.classroom.games == nil, "\(pin)")
        }
        try Self.write(#"{"version":2,"gate-pin":"2580","session-minutes":0,"games":["balloons","memory"],"levels":["hard"]}"#, dir + "/settings.json")
        let good = SettingsStore(directory: dir, warn: { _ in }).classroom
        #expect(good.gatePIN == "2580" && good.sessionMinutes == 0 && good.games == ["balloons", "memory"] && good.levels == ["hard"])
        // The gate is never made impossible: a bad PIN leaves the question.
        try Self.write(#"{"version":2,"gate-pin":"abcd"}"#, dir + "/settings.json")
        let app = try Self.app([], dataDir: dir)
        defer { app.shutdown() }
        #expect(app.context.classroom.gatePIN == nil)
        // A config with a repeated game is refused the same way.
        #expect(ConfigFile.parse(#"games = ["memory", "memory"]"#, file: "c").1.first?.contains("twice") == true)
    }

    // MARK: Grow with the child

    @Test func growWithTheChildIsASettingLikeTheOthers() throws {
        #expect(ConfigFile.parse("grow = false\n", file: "c").0[.grow]?.bool == false)
        let dir = temporaryDirectory()
        try Self.write("grow = false\n", dir + "/c.toml")
        let app = try Self.app(["--config", dir + "/c.toml"], dataDir: dir + "/d")
        defer { app.shutdown() }
        #expect(!app.context.settings.grow)
        let context = makeContext(dataDir: temporaryDirectory())
        context.classroom.locked = [.grow]
        let corner = CornerScene(context: context)
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
        stack.apply([.push(corner)])
        calmTap(stack, CornerScene.sectionFrame(.settings).center)
        let item = corner.dumpItems().first { $0["id"]?.stringValue == "switch-grow" }
        // Issue 45, item 8: locked, it still shows its check, under the padlock badge.
        #expect(item?["on"] == .bool(true) && item?["locked"] == .bool(true) && item?["icon"]?.stringValue == "check" && item?["badge"]?.stringValue == "lock")
        calmTap(stack, CornerScene.toggleFrame(CornerScene.switches.firstIndex(of: .grow)!).center)
        #expect(context.settings.grow, "locked: a tap changes nothing")
        #expect(context.log.events("hint").last?["target"]?.stringValue == "switch-grow")
        #expect(context.log.events("sound").last?["name"]?.stringValue == Sound.nope.rawValue)
    }
}

/// Records the images drawn (the padlock on the speaker).
final class PadlockCanvas: Canvas {
    var images: [String] = []
    func clear(_ color: Color) {}
    func fill(_ rect: Rect, _ color: Color) {}
    func fillRounded(_ rect: Rect, radius: Double, _ color: Color) {}
    func strokeRounded(_ rect: Rect, radius: Double, width: Double, _ color: Color) {}
    func fillCircle(center: Point, radius: Double, _ color: Color) {}
    func line(from a: Point, to b: Point, width: Double, _ color: Color) {}
    func image(_ name: String, in frame: Rect, _ options: ImageOptions) { images.append(name) }
    func imageSize(_ name: String) -> Size? { nil }
    func text(_ string: String, _ style: TextStyle, at: Point, align: TextAlign, color: Color, outline: Color?, alpha: Double) {}
    func measure(_ string: String, _ style: TextStyle) -> Size { Size(Double(string.count) * 10, 20) }
    func layer(_ id: String, _ draw: () -> Void) { draw() }
}
