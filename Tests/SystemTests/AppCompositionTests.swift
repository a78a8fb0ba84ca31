import Testing
import GameCore
@testable import KidsJoyApp
import Scenes
import Platform
import Settings
import Stage

/// The app's composing (issue #49): `AppComposition` decides from plain values what
/// `GameApp.start()` then carries out. No SDL, no files, no stores: each test steps it.
@Suite @MainActor struct AppCompositionTests {
    /// Options as the command line and the config files make them (`AppOptions.apply`).
    static func options(config text: String = "", system: String = "", commandLine: [(SettingKey, SettingValue, String)] = [],
                        headless: Bool = false, script: String? = nil) -> AppOptions {
        var config = ConfigFile.parse(text, file: "config.toml").0
        if !system.isEmpty {
            let locked = ConfigFile.parse(system, file: "/etc/kids-joy-center/config.toml", system: true).0
            config = locked
        }
        var cli = CommandLineChoices()
        for (key, value, flag) in commandLine { cli.set(key, value, flag: flag) }
        var o = AppOptions()
        o.headless = headless
        o.scriptText = script
        o.apply(config: config, commandLine: cli)
        return o
    }

    static func compose(_ options: AppOptions, remembered: SettingLayer = [:], chosenInGame: String? = nil,
                        environment: [String: String] = [:], library: SetLibrary = .standard,
                        profileChosen: Bool = false, games: GameRegistry = .standard) -> AppComposition {
        AppComposition.compose(options: options, games: games, read: AppComposition.Inputs(
            remembered: remembered, languageChosenInGame: chosenInGame, environment: environment,
            library: library, profileChosen: profileChosen))
    }

    // MARK: - Home's games

    @Test func anUnknownGameInTheConfigIsSaidAndLeftOut() {
        let plan = Self.compose(Self.options(config: "games = [\"balloons\", \"chess\", \"memory\"]\n"))
        #expect(plan.registry.ids == [.balloons, .memory], "the config's order, without the unknown id")
        #expect(plan.warnings.games == ["config: games: unknown game 'chess' (known: memory, sorting, balloons)"])
        #expect(plan.warnings.sets.isEmpty)
    }

    @Test func noKnownGameInTheListOffersEveryGame() {
        let (registry, warnings) = AppComposition.registry(games: ["chess", "go\u{1B}"], among: .standard)
        #expect(registry.ids == [.memory, .sorting, .balloons])
        #expect(warnings == ["config: games: unknown game 'chess', 'go\\u{1B}' (known: memory, sorting, balloons)"],
                "both ids are named, the control character escaped")
        let all = Self.compose(Self.options())
        #expect(all.registry.ids == [.memory, .sorting, .balloons] && all.warnings.games.isEmpty, "no list: every game, nothing said")
    }

    // MARK: - Layers

    @Test func aRememberedSettingIsAboveTheConfigBelowTheCommandLineNeverOverALock() {
        let remembered: SettingLayer = [.sessionMinutes: .int(30), .levels: .list(["easy"]), .gatePIN: .text("4321")]
        // Over the config file.
        let plain = Self.compose(Self.options(config: "session-minutes = 10\nlevels = [\"hard\"]\n"), remembered: remembered)
        #expect(plain.options.settings.sessionMinutes == 30)
        #expect(plain.classroom.sessionMinutes == 30 && plain.classroom.levels == [.easy] && plain.classroom.gatePIN == "4321")
        // Under the command line.
        let given = Self.compose(Self.options(config: "session-minutes = 10\n", commandLine: [(.sessionMinutes, .int(20), "session-minutes")]),
                                 remembered: remembered)
        #expect(given.classroom.sessionMinutes == 20)
        #expect(given.classroom.levels == [.easy], "the other remembered settings still count")
        // Never over a lock.
        let locked = Self.compose(Self.options(system: "[locked]\nsession-minutes = 15\nlevels = [\"medium\"]\n"), remembered: remembered)
        #expect(locked.classroom.sessionMinutes == 15 && locked.classroom.levels == [.medium])
        #expect(locked.classroom.locked == [.sessionMinutes, .levels])
        #expect(locked.classroom.gatePIN == "4321", "an unlocked key still takes what was remembered")
        // The options given are not changed: the plan holds the layered ones.
        let options = Self.options(config: "session-minutes = 10\n")
        _ = Self.compose(options, remembered: remembered)
        #expect(options.settings.sessionMinutes == 10)
    }

    @Test func muteStartsMuted() {
        let plain = Self.compose(Self.options()).startsMuted
        let flag = Self.compose(Self.options(commandLine: [(.mute, .bool(true), "mute")])).startsMuted
        let config = Self.compose(Self.options(config: "mute = true\n")).startsMuted
        let locked = Self.compose(Self.options(system: "[locked]\nmute = true\n")).startsMuted
        #expect(!plain)
        #expect(flag, "--mute")
        #expect(config && locked)
    }

    // MARK: - Sets

    @Test func headlessAndScriptedRunsDoNotRotateSetsWindowedPlayDoes() {
        var bench = Self.options()
        bench.bench = "home"
        let windowed = Self.compose(Self.options()).rotatesSets
        let headless = Self.compose(Self.options(headless: true)).rotatesSets
        let scripted = Self.compose(Self.options(script: "1 quit\n")).rotatesSets
        let benchmark = Self.compose(bench).rotatesSets
        #expect(windowed)
        #expect(!headless)
        #expect(!scripted, "a windowed script plays the standard sets")
        #expect(!benchmark)
    }

    @Test func unknownSetsWarnAndNameTheUsableOnes() {
        let plan = Self.compose(Self.options(config: "sets = [\"animals\", \"dinosaurs\", \"ships\"]\n"))
        #expect(plan.classroom.sets == ["animals", "dinosaurs", "ships"], "the choice is kept as given")
        #expect(plan.warnings.sets == ["sets: no usable set 'dinosaurs', 'ships' (found: animals, vehicles)"])
        #expect(plan.warnings.games.isEmpty)
        let known = Self.compose(Self.options(config: "sets = [\"vehicles\"]\n"))
        #expect(known.warnings.sets.isEmpty && known.classroom.sets == ["vehicles"])
        let none = Self.compose(Self.options())
        #expect(none.warnings.sets.isEmpty && none.classroom.sets == nil)
        // A set with a problem is not usable, and named with it.
        let broken = SetEntry(id: "fruit", source: .user, path: "/home/a/sets/fruit", set: nil, game: .memory, itemCount: 0,
                              problems: [SetProblem("/home/a/sets/fruit/set.toml", line: 3, "no items")])
        let library = SetLibrary(SetLibrary.standard.entries + [broken])
        #expect(AppComposition.setProblems(in: library) == ["set 'fruit': /home/a/sets/fruit/set.toml:3: no items; the set is not used"])
        #expect(AppComposition.setProblems(in: .standard).isEmpty)
        let fruit = Self.compose(Self.options(config: "sets = [\"fruit\"]\n"), library: library)
        #expect(fruit.warnings.sets == ["sets: no usable set 'fruit' (found: animals, vehicles)"])
    }

    // MARK: - Demos

    @Test func demosAreOffOrFirstTimeByTheRunsMode() {
        #expect(AppComposition.demos(for: Self.options()) == .firstTimeRemembered, "windowed play remembers what was seen")
        #expect(AppComposition.demos(for: Self.options(headless: true)) == .off)
        #expect(AppComposition.demos(for: Self.options(script: "1 quit\n")) == .off, "a windowed script too")
        var demo = Self.options(headless: true)
        demo.demo = true
        #expect(AppComposition.demos(for: demo) == .firstTimeThisRun, "--demo shows them, nothing is read or saved")
        demo.headless = false
        demo.scriptPath = "play.txt"
        #expect(AppComposition.demos(for: demo) == .firstTimeThisRun)
        var bench = Self.options()
        bench.bench = "memory"
        #expect(AppComposition.demos(for: bench) == .off)
        let composed = Self.compose(Self.options()).demos
        #expect(composed == .firstTimeRemembered)
    }

    // MARK: - Profiles

    @Test func thePickerShowsAtStartOnlyWithProfilesOnNoProfileAndChildren() {
        let on = Self.compose(Self.options())
        #expect(on.profilesOn && on.asksWhoIsPlaying, "profiles are on by default")
        #expect(on.showsPicker(hasChildren: true))
        #expect(!on.showsPicker(hasChildren: false), "no child yet: Home")
        let chosen = Self.compose(Self.options(config: "profiles = true\n"), profileChosen: true)
        #expect(chosen.profilesOn && !chosen.asksWhoIsPlaying && !chosen.showsPicker(hasChildren: true))
        let off = Self.compose(Self.options(config: "profiles = false\n"))
        #expect(!off.profilesOn && !off.asksWhoIsPlaying && !off.showsPicker(hasChildren: true))
        let profileFlag = Self.compose(Self.options(config: "profiles = false\n"), profileChosen: true)
        #expect(profileFlag.profilesOn, "--profile turns profiles on for the run")
        #expect(!profileFlag.showsPicker(hasChildren: true))
    }

    // MARK: - Language

    @Test func arabicRequiresTheArabicFont() {
        let arabic = Self.compose(Self.options(commandLine: [(.language, .text("ar"), "language")], headless: true))
        #expect(arabic.language == "ar" && arabic.requiresArabicFont)
        #expect(!arabic.languageChoosable, "--language fixes it")
        let english = Self.compose(Self.options(headless: true))
        #expect(english.language == "en" && !english.requiresArabicFont)
        // Windowed, the language a grown-up chose in the game, then the environment's.
        let chosen = Self.compose(Self.options(), chosenInGame: "ar").requiresArabicFont
        let headless = Self.compose(Self.options(headless: true), chosenInGame: "ar").requiresArabicFont
        #expect(chosen)
        #expect(!headless, "a headless run ignores it")
        let french = Self.compose(Self.options(), environment: ["LANG": "fr_FR.UTF-8"])
        #expect(french.language == "fr" && !french.requiresArabicFont && french.languageChoosable)
        let locked = Self.compose(Self.options(system: "[locked]\nlanguage = \"de\"\n"))
        #expect(locked.language == "de" && !locked.languageChoosable)
    }

    @Test func theStartLineAndTheSwitchInterval() {
        var options = Self.options(config: "switch = 1.5\n", headless: true)
        options.seed = 42
        let plan = Self.compose(options)
        #expect(plan.scanInterval == 1.5)
        let none = Self.compose(Self.options()).scanInterval
        #expect(none == nil)
        let fields = plan.startFields(canvas: .array([.int(1024), .int(768)]))
        #expect(fields.map(\.0) == ["seed", "version", "headless", "language", "canvas"])
        #expect(fields[0].1 == .uint(42) && fields[2].1 == .bool(true) && fields[3].1 == .string("en"))
        #expect(fields[1].1 == .string(AppInfo.version))
    }

    // MARK: - Before anything opens

    @Test func theDisplayIsDecidedFromTheOptionsAndTheImagesFolder() {
        // The folder's listing: a game's `prefix-*` takes the pictures of that prefix, sorted.
        let files = ["logo.qoi", "vehicle-car.qoi", "zone-land.qoi", "vehicle-bus.qoi", "balloon-notes.txt", "balloon-red.qoi", "animal-yeti.qoi"]
        let windowed = AppComposition.display(options: Self.options(), games: .standard, imageFiles: files)
        #expect(windowed.headlessCanvas == nil && windowed.audible)
        #expect(windowed.images.starts(with: AssetManifest.shellImages))
        #expect(Array(windowed.images.dropFirst(AssetManifest.shellImages.count))
                == ["game-memory", "card-back", "card-front", "animal-yeti", "game-sorting", "vehicle-bus", "vehicle-car", "zone-land",
                    "game-balloons", "balloon-red", "burst", "snail"], "the games' own, each once, in their modules' order")
        let memoryOnly = AppComposition.display(options: Self.options(), games: GameRegistry([GameEntry(MemoryGame.self)]), imageFiles: files)
        #expect(!memoryOnly.images.contains("vehicle-bus"), "only the games this app has")
        var headless = Self.options(headless: true)
        let standard = AppComposition.display(options: headless, games: .standard, imageFiles: files)
        #expect(standard.headlessCanvas?.size == Canvas1024.standardSize && standard.headlessCanvas?.screen == nil)
        #expect(!standard.audible)
        headless.size = (1920, 1080)
        let wide = AppComposition.display(options: headless, games: .standard, imageFiles: files)
        #expect(wide.headlessCanvas?.size == Size(1365, 768))
        #expect(wide.headlessCanvas?.screen?.width == 1920 && wide.headlessCanvas?.screen?.height == 1080)
        var bench = Self.options()
        bench.bench = "home"
        let benchmark = AppComposition.display(options: bench, games: .standard, imageFiles: files).audible
        #expect(!benchmark)
    }
}
