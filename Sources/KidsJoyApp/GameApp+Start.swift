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
    /// Reads what start-up needs (the assets, the sets, the stores, `--profile`), asks
    /// `AppComposition` what to make of it, and carries that out: the window or the headless
    /// canvas, the pictures, the sound, the context, the stack.
    public func start() throws {
        // Pictures of 64 kB and more (sprites, layers, backgrounds) get their own memory
        // mappings, returned when freed. Left to itself, glibc raises this threshold after the
        // first 3 MB layer is freed, and the sprites and texts that come and go then scatter
        // over the heap, which never shrinks: peak memory grew by 9 MB in a Balloons game.
        SDLSystem.mapAllocations(above: 64 * 1024)
        let assets = try AssetLocator.locate(override: options.assetsDir)
        // The shell's pictures and the games' own, each game's because its module declares them.
        let display = AppComposition.display(options: options, games: games, imageFiles: SystemFiles.list(assets + "/images") ?? [])
        let images = display.images
        let missing = AssetLocator.missingFiles(in: assets, images: images)
        guard missing.isEmpty else {
            throw AppError.fatal("missing asset file\(missing.count > 1 ? "s" : ""): \(missing.prefix(5).joined(separator: ", "))"
                                 + (missing.count > 5 ? " and \(missing.count - 5) more" : "") + "; reinstall the game or run tools/make-assets")
        }
        // SIGTERM, SIGINT, SIGHUP and SIGQUIT are the game's own (StopSignals), in every mode.
        SDLSystem.setHints()
        if let headless = display.headlessCanvas {
            Canvas1024.use(headless.size, screen: headless.screen)
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
        for problem in AppComposition.setProblems(in: found.library) { warn(problem) }
        canvas.prepareBackgrounds(SceneBackgrounds.all, pictures: games.picturesAhead)
        if let size = options.size { try canvas.resize(width: size.width, height: size.height) }
        try syncOutputSize()
        session.window?.setIcon(path: assets + "/images/" + AssetManifest.windowIcon)

        let player: any SoundPlayer
        if !display.audible {
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
        // Everything decided from what was read: the settings layered with what the corner
        // remembered, the language, Home's games, the classroom, profiles, demos.
        let plan = AppComposition.compose(options: options, games: games, read: AppComposition.Inputs(
            remembered: settings.remembered, languageChosenInGame: settings.language, environment: SystemFiles.environment,
            library: found.library, profileChosen: chosen != nil))
        let options = plan.options
        // The top bar's mute is this run's: `--mute` or `mute = true` (or locked) start muted.
        if plan.startsMuted { settings.overrideMuted(true) }
        let language = plan.language
        // Arabic letters need Scheherazade: required to play in a language the table draws in
        // it, otherwise used when present (the language list names Arabic in its own script).
        canvas.arabicFontFiles = plan.requiresArabicFont ? try FontLocator.arabic(assets: assets) : try? FontLocator.arabic(assets: assets)
        for warning in plan.warnings.games { warn(warning) }
        context = GameRuntime(log: log, random: RandomSource(seed: options.seed), scores: scores, settingsStore: settings,
                              soundPlayer: player, kiosk: options.settings.kiosk, registry: plan.registry, allGames: games,
                              catalog: Language.catalog(assets: assets, language: language, warn: { [weak self] in self?.warn($0) }),
                              voices: Language.voices(assets: assets, language: language, warn: { [weak self] in self?.warn($0) })
                                .adding(SetFolders.clips(found.library, language: language)))
        context.sets = found.library
        context.rotatesSets = plan.rotatesSets
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
        context.classroom = plan.classroom
        for warning in plan.warnings.sets { warn(warning) }
        if plan.profilesOn { context.profiles = scores }
        context.switchMemory = settings
        context.reports = ReportSaver(app: self, store: scores)
        if let chosen { context.player = chosen.player }

        var demoStore: DemoStore?
        context.demos = Self.demoMemory(plan.demos, directory: dataDir, store: &demoStore, warn: { [weak self] in self?.warn($0) })
        log.emit("start", plan.startFields(canvas: Canvas1024.json))
        // A store file of a newer version is left untouched: said on stderr and here.
        for (file, version) in [(SettingsStore.fileName, settings.keptNewer), (DemoStore.fileName, demoStore?.keptNewer)] {
            if let version { log.emit("store", [("file", .string(file)), ("action", "kept-newer"), ("version", .int(version))]) }
        }
        if let chosen { log.emit("profile", [("action", .string(chosen.action))] + chosen.player.logFields) }
        logWindow()
        stack = SceneStack(root: HomeScene(context: context), runtime: context)
        stack.rightToLeft = context.rightToLeft
        if let seconds = plan.scanInterval {
            stack.focus.scanInterval = seconds
            stack.focus.visible = true
        }
        languageSwitcher = AppLanguages(app: self, assets: assets, current: language, canChoose: plan.languageChoosable)
        context.languages = languageSwitcher
        // "Who's playing?" at start once children exist (profiles on, no --profile).
        if plan.asksWhoIsPlaying, plan.showsPicker(hasChildren: !scores.children.isEmpty) {
            stack.apply([.show(.picker)])
        }
    }

    /// Demos: windowed play shows each game's the first time and remembers it (demos.json);
    /// a headless or scripted run shows them only with `--demo`, and never marks one seen
    /// (`AppComposition.demos`).
    static func demoMemory(options: AppOptions, directory: String, warn: @escaping (String) -> Void) -> DemoMemory {
        var store: DemoStore?
        return demoMemory(AppComposition.demos(for: options), directory: directory, store: &store, warn: warn)
    }

    /// The demos decided, carried out: only windowed play reads (and later writes) demos.json.
    static func demoMemory(_ demos: AppComposition.Demos, directory: String, store made: inout DemoStore?,
                           warn: @escaping (String) -> Void) -> DemoMemory {
        switch demos {
        case .off: return DemoMemory(mode: .off)
        case .firstTimeThisRun: return DemoMemory(mode: .firstTime)
        case .firstTimeRemembered:
            let store = DemoStore(directory: directory, warn: warn)
            made = store
            return DemoMemory(mode: .firstTime, seen: store.seen, save: { store.save($0) })
        }
    }
}
