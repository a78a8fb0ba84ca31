import GameCore
import Settings
import Platform
import Scenes
import Stage
import TextCatalogs
import SystemIO

/// How the app is put together (issue #49): every decision `GameApp.start()` makes, worked
/// out from plain values. Nothing here opens SDL, reads a file or a store, or looks at a
/// global: the functions take values and answer a value (warnings among them, as text), and
/// `start()` carries the answer out: it reads what it must, asks, then acts, in its order.
///
/// Two steps, because start-up reads in between: `display` from the options and the games
/// alone (before the window, the pictures and the sets), `compose` once the sets were read,
/// the stores opened and `--profile` resolved. On the main actor, as the games' registry is.
@MainActor
struct AppComposition {
    /// The settings, layered: the command line and the config files, with what the corner
    /// remembered (settings.json) above the config files, below the command line, never over
    /// a lock (`AppOptions.applyRemembered`). What follows from them alone is read from them.
    var options: AppOptions
    /// The language played, resolved (`Language.atStart`).
    var language: String
    /// The games Home offers: the config's `games` list in its order, or every game.
    var registry: GameRegistry
    /// The children's profiles are on (`profiles = true`, or `--profile` chose one).
    var profilesOn: Bool
    /// "Who's playing?" is asked at start (profiles on, no `--profile`) if children exist
    /// (`showsPicker(hasChildren:)`; the store is asked only then).
    var asksWhoIsPlaying: Bool
    /// What to say on standard error, each where start-up reaches it.
    var warnings: Warnings

    /// The top bar's mute starts on (`--mute`, `mute = true`, or locked so).
    var startsMuted: Bool { options.settings.mute }
    /// The language is drawn in Scheherazade: start-up fails without the Arabic font (else it
    /// is used when present, for the language list's own name of Arabic).
    var requiresArabicFont: Bool { Languages.row(language)?.font == .scheherazade }
    /// Windowed play takes each game's sets in turn; a script, a headless run or a benchmark
    /// plays the standard sets unless `sets` chose, so its log never depends on the sets installed.
    var rotatesSets: Bool { !options.headless && !Self.isScripted(options) }
    /// Session minutes, the gate's PIN, the levels, the locks and the sets chosen.
    var classroom: ClassroomSettings {
        var classroom = ClassroomSettings(sessionMinutes: options.settings.sessionMinutes, gatePIN: options.settings.gatePIN,
                                          levels: options.settings.levels, locked: options.locked)
        classroom.sets = options.settings.sets
        return classroom
    }
    /// The show-me demos of this run.
    var demos: Demos { Self.demos(for: options) }
    /// Switch scanning's interval in seconds (nil: no scanning, no focus shown).
    var scanInterval: Double? { options.settings.switchSeconds }
    /// A grown-up may choose the language in the game (not fixed, not locked).
    var languageChoosable: Bool { !options.languageFixed && !options.locked.contains(.language) }

    /// Warnings the composing found, in the order `start()` says them.
    struct Warnings: Equatable {
        /// The config's `games` names games this app does not know (said once Home's games are chosen).
        var games: [String] = []
        /// `sets` names sets none of the folders holds usably (said once the classroom is set).
        var sets: [String] = []
    }

    /// The show-me demos (TESTING decision 3).
    enum Demos: Equatable, Sendable {
        /// None: a headless or scripted run without `--demo`.
        case off
        /// Each game's the first time in this run; nothing read or saved (`--demo` headless or scripted).
        case firstTimeThisRun
        /// Each game's the first time ever: windowed play reads and saves what was seen (demos.json).
        case firstTimeRemembered
    }

    /// What is decided before anything opens: the pictures to load, the headless canvas and
    /// whether there is a sound device.
    struct Display {
        /// The shell's pictures, then those the games declare, each once, in that order.
        var images: [String]
        /// Headless: the canvas's size and the screen it is drawn for (nil: windowed, the
        /// window decides).
        var headlessCanvas: (size: Size, screen: (width: Int, height: Int)?)?
        /// Sounds are played (false: headless or a benchmark, a spoken line is logged as not heard).
        var audible: Bool
    }

    /// What is read at start-up before composing: every input of `compose` but the options
    /// and the games.
    struct Inputs {
        /// The corner's remembered settings (settings.json).
        var remembered: SettingLayer = [:]
        /// The language a grown-up chose in the game (settings.json), if any.
        var languageChosenInGame: String?
        /// The process's environment (the language's `auto`).
        var environment: [String: String] = [:]
        /// The content sets found (built in and installed).
        var library = SetLibrary.standard
        /// `--profile` chose a child.
        var profileChosen = false
    }

    // MARK: - Deciding

    /// Before anything opens: `imageFiles` is the listing of the assets' images folder (its
    /// `prefix-*` pictures are the files of that prefix).
    static func display(options: AppOptions, games: GameRegistry, imageFiles: [String]) -> Display {
        let images = AssetManifest.images(declared: games.declaredPictures, present: imageFiles)
        // The canvas takes the shape of the screen it is drawn for (issue 27).
        let canvas: (size: Size, screen: (width: Int, height: Int)?)? = options.headless
            ? (options.size.map { Canvas1024.size(forScreen: $0.width, $0.height) } ?? Canvas1024.standardSize,
               options.size.map { ($0.width, $0.height) })
            : nil
        return Display(images: images, headlessCanvas: canvas, audible: !options.headless && options.bench == nil)
    }

    /// Everything else, once the sets, the stores and `--profile` were read.
    static func compose(options given: AppOptions, games: GameRegistry, read found: Inputs) -> AppComposition {
        var options = given
        options.applyRemembered(found.remembered)
        let language = Language.atStart(options, chosenInGame: found.languageChosenInGame, environment: found.environment)
        let (registry, gameWarnings) = registry(games: options.settings.games, among: games)
        let profilesOn = options.settings.profiles || found.profileChosen
        return AppComposition(
            options: options,
            language: language,
            registry: registry,
            profilesOn: profilesOn,
            asksWhoIsPlaying: !found.profileChosen && profilesOn,
            warnings: Warnings(games: gameWarnings, sets: unknownSets(options.settings.sets, in: found.library)))
    }

    /// The games Home offers: the config's `games` list in its order (unknown ids said, and
    /// left out), or every game (no list, or none of it known).
    static func registry(games: [String]?, among standard: GameRegistry) -> (GameRegistry, warnings: [String]) {
        guard let games else { return (standard, []) }
        let unknown = games.filter { standard.entry(GameKind(rawValue: $0)) == nil }
        let warnings = unknown.isEmpty ? [] : [
            "config: games: unknown game \(unknown.map { "'\(TextEscaping.escaped($0))'" }.joined(separator: ", ")) (known: \(standard.ids.map(\.rawValue).joined(separator: ", ")))",
        ]
        let chosen = games.compactMap { standard.entry(GameKind(rawValue: $0)) }
        return (chosen.isEmpty ? standard : GameRegistry(chosen), warnings)
    }

    /// Demos: windowed play shows each game's the first time and remembers it (demos.json);
    /// a headless or scripted run shows them only with `--demo`, and never marks one seen.
    static func demos(for options: AppOptions) -> Demos {
        let scripted = isScripted(options)
        guard options.demo || (!options.headless && !scripted) else { return .off }
        // A scripted or headless run neither reads nor writes what was seen, so it replays the
        // same whatever the data folder holds.
        return scripted || options.headless ? .firstTimeThisRun : .firstTimeRemembered
    }

    /// The sets that cannot be used, named when `sets` chooses (nil: nothing to say).
    static func unknownSets(_ chosen: [String]?, in library: SetLibrary) -> [String] {
        guard let chosen else { return [] }
        let unknown = chosen.filter { library.set($0) == nil }
        guard !unknown.isEmpty else { return [] }
        return ["sets: no usable set \(unknown.map { "'\(TextEscaping.escaped($0))'" }.joined(separator: ", ")) (found: \(library.usable.map(\.id).joined(separator: ", ")))"]
    }

    /// A set's problems, each said with its id: the set is not used, the game plays the others.
    static func setProblems(in library: SetLibrary) -> [String] {
        library.entries.flatMap { entry in entry.problems.map { "set '\(entry.id)': \($0); the set is not used" } }
    }

    /// "Who's playing?" shows at start: it is asked, and children exist.
    func showsPicker(hasChildren: Bool) -> Bool { asksWhoIsPlaying && hasChildren }

    /// The `start` line's fields; `canvas` is the canvas's size once the screen is known.
    func startFields(canvas: JSON) -> [(String, JSON)] {
        [("seed", .uint(options.seed)), ("version", .string(AppInfo.version)), ("headless", .bool(options.headless)),
         ("language", .string(language)), ("canvas", canvas)]
    }

    /// A script (a file or text) or a benchmark plays: nothing depends on what a person did before.
    private static func isScripted(_ options: AppOptions) -> Bool {
        options.scriptPath != nil || options.scriptText != nil || options.bench != nil
    }
}
