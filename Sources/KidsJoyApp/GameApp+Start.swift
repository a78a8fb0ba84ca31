import Glibc
import GameCore
import Settings
import Platform
import Render
import Scenes
import Stage
import TextCatalogs
import SystemIO
import Storage
import Runtime

// MARK: - Start-up

extension GameApp {
    public func start() throws {
        // Pictures of 64 kB and more (sprites, layers, backgrounds) get their own memory
        // mappings, returned when freed. Left to itself, glibc raises this threshold after the
        // first 3 MB layer is freed, and the sprites and texts that come and go then scatter
        // over the heap, which never shrinks: peak memory grew by 9 MB in a Balloons game.
        SDLSystem.mapAllocations(above: 64 * 1024)
        let assets = try AssetLocator.locate(override: options.assetsDir)
        // The shell's pictures and the games' own, each game's because its module declares them.
        let images = AssetManifest.images(declared: games.declaredPictures, in: assets + "/images")
        let missing = AssetLocator.missingFiles(in: assets, images: images)
        guard missing.isEmpty else {
            throw AppError.fatal("missing asset file\(missing.count > 1 ? "s" : ""): \(missing.prefix(5).joined(separator: ", "))"
                                 + (missing.count > 5 ? " and \(missing.count - 5) more" : "") + "; reinstall the game or run tools/make-assets")
        }
        // SIGTERM, SIGINT, SIGHUP and SIGQUIT are the game's own (StopSignals), in every mode.
        SDLSystem.setHints()
        if options.headless {
            // The canvas takes the shape of the screen it is drawn for (issue 27).
            Canvas1024.use(options.size.map { Canvas1024.size(forScreen: $0.width, $0.height) } ?? Canvas1024.standardSize,
                           screen: options.size.map { ($0.width, $0.height) })
            // Headless, the canvas's own picture is the screen: no renderer at all.
            try SDLSystem.startEventsOnly()
        } else {
            try openWindow()
        }
        try SDLSystem.startImagesAndText()
        // Pictures decode on every core and saves run in the background: with no thread to be
        // had (a process limit reached), Dispatch would wait forever for one. Say so instead.
        if let error = Self.threadStartError() {
            throw AppError.fatal("cannot start a thread (\(String(cString: strerror(error)))): too many processes or threads for this user (see ulimit -u)")
        }
        canvas = SoftwareCanvas(fonts: try FontLocator.andika(assets: assets), letterbox: Theme.background, warmUpText: Theme.bodyText)
        canvas.warn = { [weak self] in self?.warn($0) }
        try canvas.loadImages(from: assets + "/images", names: images, keepCompressed: AssetManifest.backgrounds)
        // The content sets (issue 44): their pictures join the game's; a set that cannot be
        // used is named (file and line) and the game plays the others.
        let found = SetFolders.read(SetFolders.searchFolders(assets: assets))
        for (name, picture) in found.pictures.sorted(by: { $0.key < $1.key }) { canvas.addImage(name, picture) }
        for entry in found.library.entries where !entry.problems.isEmpty {
            for problem in entry.problems { warn("set '\(entry.id)': \(problem); the set is not used") }
        }
        canvas.prepareBackgrounds(SceneBackgrounds.all, pictures: games.picturesAhead)
        if let size = options.size { try canvas.resize(width: size.width, height: size.height) }
        try syncOutputSize()
        session.window?.setIcon(path: assets + "/images/" + AssetManifest.windowIcon)

        let player: any SoundPlayer
        if options.headless || options.bench != nil {
            // No audio device: a spoken line is logged as not heard (decision 8).
            player = SilentSoundPlayer(audible: false)
        } else {
            let sdlPlayer = try SDLSoundPlayer(soundDirectory: assets + "/sounds", volume: options.settings.volume, warn: { [weak self] in self?.warn($0) })
            session.soundPlayer = sdlPlayer
            player = sdlPlayer
        }
        let dataDir = DataDirectory.resolve(override: options.settings.dataDir, warn: { [weak self] in self?.warn($0) })
        let scores = HighScoreStore(directory: dataDir, knownGames: games.ids, warn: { [weak self] in self?.warn($0) })
        let settings = SettingsStore(directory: dataDir, warn: { [weak self] in self?.warn($0) })
        scoreStore = scores
        settingsStore = settings
        // `--profile NAME` before anything runs: a 41st child is a usage error.
        let chosen = try options.profile.map { try ProfileChoice.resolve($0, in: scores) }
        // What the corner remembered (settings.json) takes its place in the layers: above
        // the config files, below the command line, never over a lock (SettingsTable).
        var options = options
        options.applyRemembered(settings.remembered)
        // The top bar's mute is this run's: `--mute` or `mute = true` (or locked) start muted.
        if options.settings.mute { settings.overrideMuted(true) }
        // The language: `--language`, else (in a window) the one a grown-up chose in the
        // game, else the config's, else the default (TESTING decision 4).
        let language = Language.atStart(options, chosenInGame: settings.language, environment: SystemFiles.environment)
        // Arabic letters need Scheherazade: required to play in a language the table draws in
        // it, otherwise used when present (the language list names Arabic in its own script).
        canvas.arabicFontFiles = Languages.row(language)?.font == .scheherazade
            ? try FontLocator.arabic(assets: assets) : try? FontLocator.arabic(assets: assets)
        context = GameRuntime(log: log, random: RandomSource(seed: options.seed), scores: scores, settingsStore: settings,
                              soundPlayer: player, kiosk: options.settings.kiosk, registry: registryFor(games: options.settings.games), allGames: games,
                              catalog: Language.catalog(assets: assets, language: language, warn: { [weak self] in self?.warn($0) }),
                              voices: Language.voices(assets: assets, language: language, warn: { [weak self] in self?.warn($0) })
                                .adding(SetFolders.clips(found.library, language: language)))
        context.sets = found.library
        // Windowed play takes each game's sets in turn; a script (or a headless run) plays the
        // standard sets unless `sets` chose, so its log never depends on the sets installed.
        context.rotatesSets = !options.headless && options.scriptPath == nil && options.scriptText == nil && options.bench == nil
        context.warn = { [weak self] in self?.warn($0) }
        context.settings = options.settings
        // The store's `save` and `database` events (rounds waiting for a lock, damage set aside).
        // Entry ids are random and set-aside names carry a date: neither goes into the log
        // (the same script and seed give the same log, line for line).
        scores.onEvent = { [weak self] name, fields in
            self?.log.emit(name, fields.filter { $0.0 != "entry" && $0.0 != "path" })
            // A round saved: it is in the outbox too, the server's worker pushes it soon.
            if name == "save" { self?.syncWorker?.poke() }
        }
        startSync(scores)
        context.classroom = ClassroomSettings(sessionMinutes: options.settings.sessionMinutes, gatePIN: options.settings.gatePIN,
                                              levels: options.settings.levels, locked: options.locked)
        context.classroom.sets = options.settings.sets
        if let chosen = options.settings.sets {
            let unknown = chosen.filter { found.library.set($0) == nil }
            if !unknown.isEmpty {
                warn("sets: no usable set \(unknown.map { "'\(TextEscaping.escaped($0))'" }.joined(separator: ", ")) (found: \(found.library.usable.map(\.id).joined(separator: ", ")))")
            }
        }
        if options.settings.profiles || chosen != nil { context.profiles = scores }
        context.switchMemory = settings
        context.reports = ReportSaver(app: self, store: scores)
        if let chosen { context.player = chosen.player }

        var demoStore: DemoStore?
        context.demos = Self.demoMemory(options: options, directory: dataDir, store: &demoStore, warn: { [weak self] in self?.warn($0) })
        log.emit("start", [("seed", .uint(options.seed)), ("version", .string(AppInfo.version)),
                           ("headless", .bool(options.headless)), ("language", .string(language)),
                           ("canvas", Canvas1024.json)])
        // A store file of a newer version is left untouched: said on stderr and here.
        for (file, version) in [(SettingsStore.fileName, settings.keptNewer), (DemoStore.fileName, demoStore?.keptNewer)] {
            if let version { log.emit("store", [("file", .string(file)), ("action", "kept-newer"), ("version", .int(version))]) }
        }
        if let chosen { log.emit("profile", [("action", .string(chosen.action))] + chosen.player.logFields) }
        logWindow()
        stack = SceneStack(root: HomeScene(context: context), runtime: context)
        stack.rightToLeft = context.rightToLeft
        if let seconds = options.settings.switchSeconds {
            stack.focus.scanInterval = seconds
            stack.focus.visible = true
        }
        languageSwitcher = AppLanguages(app: self, assets: assets, current: language, canChoose: !options.languageFixed && !options.locked.contains(.language))
        context.languages = languageSwitcher
        // "Who's playing?" at start once children exist (profiles on, no --profile).
        if chosen == nil, context.profiles != nil, !scores.children.isEmpty {
            stack.apply([.show(.picker)])
        }
    }

    /// The games Home offers: the config's `games` list in its order (unknown ids said
    /// once), or every game.
    func registryFor(games chosen: [String]?) -> GameRegistry {
        Self.registry(games: chosen, among: games, warn: { [weak self] in self?.warn($0) })
    }

    static func registry(games: [String]?, among standard: GameRegistry, warn: ((String) -> Void)? = nil) -> GameRegistry {
        guard let games else { return standard }
        let unknown = games.filter { standard.entry(GameKind(rawValue: $0)) == nil }
        if !unknown.isEmpty {
            warn?("config: games: unknown game \(unknown.map { "'\(TextEscaping.escaped($0))'" }.joined(separator: ", ")) (known: \(standard.ids.map(\.rawValue).joined(separator: ", ")))")
        }
        let chosen = games.compactMap { standard.entry(GameKind(rawValue: $0)) }
        return chosen.isEmpty ? standard : GameRegistry(chosen)
    }

    /// Demos: windowed play shows each game's the first time and remembers it (demos.json);
    /// a headless or scripted run shows them only with `--demo`, and never marks one seen.
    static func demoMemory(options: AppOptions, directory: String, warn: @escaping (String) -> Void) -> DemoMemory {
        var store: DemoStore?
        return demoMemory(options: options, directory: directory, store: &store, warn: warn)
    }

    static func demoMemory(options: AppOptions, directory: String, store made: inout DemoStore?, warn: @escaping (String) -> Void) -> DemoMemory {
        let scripted = options.scriptPath != nil || options.scriptText != nil || options.bench != nil
        let showing = options.demo || (!options.headless && !scripted)
        guard showing else { return DemoMemory(mode: .off) }
        // A scripted or headless run neither reads nor writes what was seen, so it replays the
        // same whatever the data folder holds.
        guard !scripted && !options.headless else { return DemoMemory(mode: .firstTime) }
        let store = DemoStore(directory: directory, warn: warn)
        made = store
        return DemoMemory(mode: .firstTime, seen: store.seen, save: { store.save($0) })
    }
}
