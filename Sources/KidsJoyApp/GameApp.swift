import CSDL2
import Glibc
import GameCore
import Platform
import Render
import Runtime
import Scenes

/// The program: SDL start-up, assets, the scene stack and the frame loop, windowed or
/// headless. One fixed update step of 1/60 s; headless runs that step as fast as it can
/// with a simulated clock, so a script gives the same log every time.
@MainActor
public final class GameApp {
    let options: AppOptions
    let script: [ScriptCommand]
    let log: EventLog
    private let logWriter: LogWriter?
    private var window: OpaquePointer?
    private var renderer: OpaquePointer?
    /// Windowed: the texture the canvas's frame is uploaded to each drawn frame.
    private var frameTexture: OpaquePointer?
    private(set) var canvas: SoftwareCanvas!
    private var soundPlayer: SDLSoundPlayer?
    public private(set) var context: GameRuntime!
    public private(set) var stack: SceneStack!
    private var translator = InputTranslator()
    private var warned = Set<String>()
    /// Which frame the loop is on (headless: time = frame / 60).
    private(set) var frame = 0
    private var fullscreen = false
    /// Fullscreen with or without a window manager (see FullscreenWindow).
    private var fullscreenWindow: FullscreenWindow?
    /// Set when an event arrived: the windowed loop redraws even if nothing animates.
    private var dirty = true
    /// Without a GPU the frame goes straight into the window's own surface (no renderer),
    /// and only the rectangles that changed are sent to the display.
    private var useWindowSurface = false
    /// Set by window events (exposed, resized): the next present sends the whole frame.
    private var presentWhole = true
    /// Drawables above this many pixels (beyond a 3840×2160 screen: 5K and more) are drawn at
    /// half their width and height and shown doubled. A 3840×2160 screen is drawn natively:
    /// `make bench` measured every scene there within the 12 ms p99 the issue allows (README,
    /// "Screens and resolutions").
    static let halfSizeAbove = 9_000_000
    /// True while the canvas draws at half the drawable's size (see `halfSizeAbove`).
    private(set) var pixelDoubling = false
    /// Windowed: frames presented, frames skipped (nothing changed) and pixels sent.
    public private(set) var presented = (frames: 0, skipped: 0, pixels: 0)

    /// The games this app knows (the standard three; a test may register a game module of
    /// its own, issue #25). The config's `games` list chooses among them.
    public let games: GameRegistry

    /// Checks the options, reads the script and opens the log: nothing runs if any is bad.
    public init(options: AppOptions, keepLogInMemory: Bool = false, games: GameRegistry = .standard) throws {
        self.options = options
        self.games = games
        if let text = options.scriptText {
            script = try ScriptParser.parse(text, file: "<script>")
        } else if let path = options.scriptPath {
            let bytes: [UInt8]
            if path == "-" {
                bytes = try Self.readStandardInput()
            } else {
                switch SystemFiles.load(path, limit: SystemFiles.Limit.script) {
                case .data(let data): bytes = data
                case .failed(let why): throw AppError.usage("--script: \(why)")
                }
            }
            let name = path == "-" ? "<stdin>" : path
            // Bytes that are not UTF-8 are read leniently and their lines named; a bad verb or
            // number on such a line is still an error of its own.
            let (text, badLines) = TextFile.decode(bytes, file: name)
            script = try ScriptParser.parse(text, file: name)
            badLines.forEach { writeStandardError("kids-joy-center: \($0)\n") }
        } else {
            script = []
        }
        if let logPath = options.logPath, let scriptPath = options.scriptPath {
            try Self.checkLogIsNotScript(log: logPath, script: scriptPath)
        }
        logWriter = try options.logPath.map { try LogWriter(path: $0) }
        log = EventLog(writer: logWriter, keepInMemory: keepLogInMemory)
    }

    /// Starts and joins one thread: nil when that works, else the error number.
    nonisolated static func threadStartError() -> Int32? {
        var thread = pthread_t()
        let result = pthread_create(&thread, nil, { _ in nil }, nil)
        guard result == 0 else { return result }
        pthread_join(thread, nil)
        return nil
    }

    /// Everything on standard input, as bytes.
    static func readStandardInput() throws -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            bytes += chunk[0..<n]
            if bytes.count > SystemFiles.Limit.script {
                throw AppError.usage("--script: standard input is more than the \(SystemFiles.Limit.script) bytes a script may be")
            }
        }
        return bytes
    }

    /// `--log` opened for writing truncates what it names: naming the script's own file
    /// (through another path, a link or stdin/stdout) would destroy the script. Files are
    /// compared by identity (device and inode), not by name; `-` never conflicts with itself,
    /// and a character device (/dev/null) is no file to lose.
    static func checkLogIsNotScript(log: String, script: String) throws {
        if log == "-" && script == "-" { return }
        func identity(_ path: String, standardStream fd: Int32) -> stat? {
            var info = stat()
            let ok = path == "-" ? fstat(fd, &info) == 0 : stat(path, &info) == 0
            return ok ? info : nil
        }
        guard let l = identity(log, standardStream: STDOUT_FILENO),
              let s = identity(script, standardStream: STDIN_FILENO) else { return }
        if l.st_dev == s.st_dev && l.st_ino == s.st_ino && (l.st_mode & S_IFMT) != S_IFCHR {
            throw AppError.usage("--log \(log) is the same file as --script \(script): the log would overwrite the script")
        }
    }

    /// The stores the context was given (a quit waits for their saves).
    private var scoreStore: HighScoreStore?
    private var settingsStore: SettingsStore?
    private var languageSwitcher: AppLanguages?

    /// Prints a message on stderr once per run.
    /// Saves the language a grown-up chose (settings.json), for the next windowed start.
    func rememberLanguage(_ code: String) { settingsStore?.setLanguage(code) }

    func warn(_ message: String) {
        guard warned.insert(message).inserted else { return }
        writeStandardError("kids-joy-center: \(message)\n")
    }

    // MARK: - Start-up

    public func start() throws {
        // Pictures of 64 kB and more (sprites, layers, backgrounds) get their own memory
        // mappings, returned when freed. Left to itself, glibc raises this threshold after the
        // first 3 MB layer is freed, and the sprites and texts that come and go then scatter
        // over the heap, which never shrinks: peak memory grew by 9 MB in a Balloons game.
        kjc_mmap_threshold(64 * 1024)
        let assets = try AssetLocator.locate(override: options.assetsDir)
        let missing = AssetLocator.missingFiles(in: assets)
        guard missing.isEmpty else {
            throw AppError.fatal("missing asset file\(missing.count > 1 ? "s" : ""): \(missing.prefix(5).joined(separator: ", "))"
                                 + (missing.count > 5 ? " and \(missing.count - 5) more" : "") + "; reinstall the game or run tools/make-assets")
        }
        // SIGTERM and SIGINT are the game's own (StopSignals), in every mode.
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
        SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0")
        SDL_SetHint(SDL_HINT_MOUSE_TOUCH_EVENTS, "0")
        SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "1")
        SDL_SetHint(SDL_HINT_VIDEO_ALLOW_SCREENSAVER, "1")
        if options.headless {
            // The canvas takes the shape of the screen it is drawn for (issue 27).
            Canvas1024.use(options.size.map { Canvas1024.size(forScreen: $0.width, $0.height) } ?? Canvas1024.standardSize,
                           screen: options.size.map { ($0.width, $0.height) })
            // Headless, the canvas's own picture is the screen: no renderer at all.
            guard SDL_Init(SDL_INIT_EVENTS) == 0 else { throw AppError.fatal("SDL_Init: \(String(cString: SDL_GetError()))") }
        } else {
            try openWindow()
        }
        guard IMG_Init(Int32(IMG_INIT_PNG.rawValue)) & Int32(IMG_INIT_PNG.rawValue) != 0 else {
            throw AppError.fatal("SDL_image cannot read PNG: \(String(cString: SDL_GetError()))")
        }
        guard TTF_Init() == 0 else { throw AppError.fatal("SDL_ttf: \(String(cString: SDL_GetError()))") }
        // Pictures decode on every core and saves run in the background: with no thread to be
        // had (a process limit reached), Dispatch would wait forever for one. Say so instead.
        if let error = Self.threadStartError() {
            throw AppError.fatal("cannot start a thread (\(String(cString: strerror(error)))): too many processes or threads for this user (see ulimit -u)")
        }
        canvas = SoftwareCanvas(fonts: try FontLocator.andika(assets: assets))
        canvas.warn = { [weak self] in self?.warn($0) }
        try canvas.loadImages(from: assets + "/images", names: AssetManifest.images, keepCompressed: AssetManifest.backgrounds)
        canvas.prepareBackgrounds(SceneBackgrounds.all)
        if let size = options.size { try canvas.resize(width: size.width, height: size.height) }
        try syncOutputSize()
        if let window, let icon = IMG_Load(assets + "/images/" + AssetManifest.windowIcon) {
            SDL_SetWindowIcon(window, icon)
            SDL_FreeSurface(icon)
        }

        let player: any SoundPlayer
        if options.headless || options.bench != nil {
            // No audio device: a spoken line is logged as not heard (decision 8).
            player = SilentSoundPlayer(audible: false)
        } else {
            let sdlPlayer = try SDLSoundPlayer(soundDirectory: assets + "/sounds", volume: options.volume, warn: { [weak self] in self?.warn($0) })
            soundPlayer = sdlPlayer
            player = sdlPlayer
        }
        let dataDir = DataDirectory.resolve(override: options.dataDir, warn: { [weak self] in self?.warn($0) })
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
        if options.mute { settings.overrideMuted(true) }
        // The language: `--language`, else (in a window) the one a grown-up chose in the
        // game, else the config's, else the default (TESTING decision 4).
        let language = Language.atStart(options, chosenInGame: settings.language, environment: SystemFiles.environment)
        // Arabic letters need Scheherazade: required to play in Arabic, otherwise used when
        // present (the language list names Arabic in its own script).
        canvas.arabicFontFiles = TextDirection.of(language: language) == .rightToLeft
            ? try FontLocator.arabic(assets: assets) : try? FontLocator.arabic(assets: assets)
        context = GameRuntime(log: log, random: RandomSource(seed: options.seed), scores: scores, settings: settings,
                              soundPlayer: player, kiosk: options.kiosk, registry: registryFor(games: options.games),
                              catalog: Language.catalog(assets: assets, language: language, warn: { [weak self] in self?.warn($0) }),
                              voices: Language.voices(assets: assets, language: language, warn: { [weak self] in self?.warn($0) }))
        context.warn = { [weak self] in self?.warn($0) }
        for spec in SettingsTable.cornerSwitches { context.setSwitch(spec.key, options.switchValue(spec.key)) }
        // The store's `save` and `database` events (rounds waiting for a lock, damage set aside).
        // Entry ids are random and set-aside names carry a date: neither goes into the log
        // (the same script and seed give the same log, line for line).
        scores.onEvent = { [weak self] name, fields in self?.log.emit(name, fields.filter { $0.0 != "entry" && $0.0 != "path" }) }
        context.classroom = ClassroomSettings(sessionMinutes: options.sessionMinutes, gatePIN: options.gatePIN,
                                              levels: options.levels, locked: options.locked)
        if options.profiles || chosen != nil { context.profiles = scores }
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
        stack = SceneStack(root: HomeScene(context: context), log: log)
        stack.rightToLeft = context.rightToLeft
        if let seconds = options.switchSeconds {
            stack.focus.scanInterval = seconds
            stack.focus.visible = true
        }
        languageSwitcher = AppLanguages(app: self, assets: assets, current: language, canChoose: !options.languageFixed && !options.locked.contains("language"))
        context.languages = languageSwitcher
        // "Who's playing?" at start once children exist (profiles on, no --profile).
        if chosen == nil, context.profiles != nil, !scores.children.isEmpty {
            stack.apply([.show(.picker)])
        }

        // The tap guard counts real time in a window (the log's clock), frames headless.
        stack.clock = { [log] in log.time }
    }

    /// The games Home offers: the config's `games` list in its order (unknown ids said
    /// once), or every game.
    func registryFor(games chosen: [String]?) -> GameRegistry {
        Self.registry(games: chosen, among: games, warn: { [weak self] in self?.warn($0) })
    }

    static func registry(games: [String]?, among standard: GameRegistry = .standard, warn: ((String) -> Void)? = nil) -> GameRegistry {
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

    private func openWindow() throws {
        let env = SystemFiles.environment
        if env["DISPLAY"].map({ $0.isEmpty }) ?? true, env["WAYLAND_DISPLAY"].map({ $0.isEmpty }) ?? true, env["SDL_VIDEODRIVER"] == nil {
            throw AppError.fatal("no display found (DISPLAY and WAYLAND_DISPLAY are not set). Start it from a desktop session, or run a script without a window: kids-joy-center --headless --script FILE")
        }
        // The game draws every pixel itself and shows one picture a frame. Without a GPU (no
        // /dev/dri: a virtual machine, Xvfb, an old kiosk) OpenGL is Mesa's llvmpipe, which
        // takes 90 ms to start and a core to run: SDL's plain software renderer then shows
        // the picture instead (SDL_RENDER_DRIVER, if set, still decides).
        if env["SDL_RENDER_DRIVER"] == nil && !Self.hasGPU() {
            SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software")
            SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
            useWindowSurface = true
        }
        // The window's X11 class and Wayland app id are the desktop file's id, so docks and
        // task bars show the game's icon (SDL 2.26 reads these from the environment).
        setenv("SDL_VIDEO_X11_WMCLASS", AppInfo.desktopID, 0)
        setenv("SDL_VIDEO_WAYLAND_WMCLASS", AppInfo.desktopID, 0)
        SDL_SetHint(SDL_HINT_APP_NAME, AppInfo.name)
        guard SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0 else {
            throw AppError.fatal("cannot open the display (\(String(cString: SDL_GetError()))). Run with --headless to play a script without a window")
        }
        // Game controllers (hot-plug: each one arrives as a device-added event, also those
        // plugged in before start). Without the subsystem the game still plays with the rest.
        if SDL_InitSubSystem(SDL_INIT_GAMECONTROLLER) != 0 {
            warn("game controllers cannot be used (\(String(cString: SDL_GetError())))")
        }
        // With no server at DISPLAY (a dead `:99`), SDL falls back to a driver that shows
        // nothing (offscreen, dummy) and the game would run forever with no window: unless
        // SDL_VIDEODRIVER asked for that driver, that is a display that cannot be opened.
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
        let asked = (env["SDL_VIDEODRIVER"] ?? "").lowercased().split(separator: ",").map { $0.trimmingWhitespace() }
        if ["offscreen", "dummy", "evdev"].contains(driver.lowercased()) && !asked.contains(driver.lowercased()) {
            let display = env["DISPLAY"].flatMap { $0.isEmpty ? nil : $0 } ?? env["WAYLAND_DISPLAY"] ?? ""
            SDL_Quit()
            throw AppError.fatal("cannot open the display \(TextEscaping.escaped(display)) (no display server answers there; SDL fell back to its '\(driver)' driver, which shows nothing). Run with --headless to play a script without a window")
        }
        var flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        fullscreen = options.fullscreen || options.kiosk
        if fullscreen { flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue }
        // The window fits its screen (issue 27): 90% of the usable area at most, the screen's
        // shape, or the size a grown-up dragged it to on this screen before; the canvas takes
        // the shape of what is shown (the screen when fullscreen).
        var display = SDL_Rect(x: 0, y: 0, w: 1024, h: 768), usable = SDL_Rect()
        _ = SDL_GetDisplayBounds(0, &display)
        if SDL_GetDisplayUsableBounds(0, &usable) != 0 || usable.w <= 0 || usable.h <= 0 { usable = display }
        screenSize = (Int(display.w), Int(display.h))
        windowSizes = WindowSizes(directory: DataDirectory.resolve(override: options.dataDir))
        let firstFit = WindowFit.place(screen: (Int(display.w), Int(display.h)), usable: (Int(usable.x), Int(usable.y), Int(usable.w), Int(usable.h)),
                                  remembered: windowSizes?.remembered(screen: Int(display.w), Int(display.h)))
        guard let w = SDL_CreateWindow(AppInfo.name, Int32(firstFit.x), Int32(firstFit.y), Int32(firstFit.width), Int32(firstFit.height), flags) else {
            throw AppError.fatal("cannot open a window (\(String(cString: SDL_GetError()))). Run with --headless to play a script without a window")
        }
        var fit = firstFit
        if !fullscreen {
            // A window manager's frame (title bar, borders) counts too: the whole framed window
            // stays in the usable area (SDL knows the frame once the window manager said it).
            var top: Int32 = 0, left: Int32 = 0, bottom: Int32 = 0, right: Int32 = 0
            SDL_PumpEvents()
            if SDL_GetWindowBordersSize(w, &top, &left, &bottom, &right) == 0, top + left + bottom + right > 0 {
                let inner = (x: Int(usable.x + left), y: Int(usable.y + top), w: Int(usable.w - left - right), h: Int(usable.h - top - bottom))
                fit = WindowFit.place(screen: (Int(display.w), Int(display.h)), usable: inner,
                                      remembered: windowSizes?.remembered(screen: Int(display.w), Int(display.h)))
                SDL_SetWindowSize(w, Int32(fit.width), Int32(fit.height))
                SDL_SetWindowPosition(w, Int32(fit.x), Int32(fit.y))
            }
        }
        let screen = fullscreen ? (width: Int(display.w), height: Int(display.h)) : (width: fit.width, height: fit.height)
        Canvas1024.use(Canvas1024.size(forScreen: screen.width, screen.height), screen: screen)
        window = w
        SDL_SetWindowMinimumSize(w, 320, 240)
        if !useWindowSurface {
            var r = SDL_CreateRenderer(w, -1, SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue)
            if r == nil { r = SDL_CreateRenderer(w, -1, SDL_RENDERER_SOFTWARE.rawValue) }
            guard let r else { throw AppError.fatal("cannot create a renderer: \(String(cString: SDL_GetError()))") }
            renderer = r
        }
        if options.kiosk { SDL_ShowCursor(SDL_DISABLE) }
        fullscreenWindow = FullscreenWindow(window: w, fullscreen: fullscreen, windowed: SDL_Rect(x: Int32(fit.x), y: Int32(fit.y), w: Int32(fit.width), h: Int32(fit.height)))
    }

    /// Windowed: makes the canvas draw at the window's real drawable size (high-DPI screens
    /// included) and the frame texture match it; the input translator follows.
    private func syncOutputSize() throws {
        guard let window else { return }
        var w: Int32 = 0, h: Int32 = 0, pw: Int32 = 0, ph: Int32 = 0
        if let renderer {
            guard SDL_GetRendererOutputSize(renderer, &w, &h) == 0 else { return }
        } else if let surface = windowSurface() {
            // The window's own surface is what is shown: draw at its size (SDL's framebuffer
            // has the window's size in points where the drawable is larger, e.g. on Wayland).
            w = surface.pointee.w
            h = surface.pointee.h
        } else {
            SDL_GetWindowSizeInPixels(window, &w, &h)
        }
        guard w > 0, h > 0 else { return }
        SDL_GetWindowSize(window, &pw, &ph)
        translator.pixelsPerPoint = (Double(w) / Double(max(pw, 1)), Double(h) / Double(max(ph, 1)))
        // Input and script coordinates map through the drawable's own size.
        translator.viewport = Viewport(width: Int(w), height: Int(h))
        presentWhole = true
        pixelDoubling = Int(w) * Int(h) > Self.halfSizeAbove
        let drawW = pixelDoubling ? w / 2 : w, drawH = pixelDoubling ? h / 2 : h
        guard canvas.frame.width != Int(drawW) || canvas.frame.height != Int(drawH) || (renderer != nil && frameTexture == nil) else { return }
        try canvas.resize(width: Int(drawW), height: Int(drawH))
        dirty = true
        guard let renderer else { return }
        if let frameTexture { SDL_DestroyTexture(frameTexture) }
        guard let t = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), drawW, drawH) else {
            throw AppError.fatal("cannot create the frame texture: \(String(cString: SDL_GetError()))")
        }
        SDL_SetTextureBlendMode(t, SDL_BLENDMODE_NONE)
        frameTexture = t
        dirty = true
    }

    /// Whether the machine has a graphics device (a DRM card or render node).
    static func hasGPU() -> Bool {
        let devices = SystemFiles.list("/dev/dri") ?? []
        return devices.contains { $0.hasPrefix("card") || $0.hasPrefix("renderD") }
    }

    /// The display's size, and the window sizes chosen on screens of each size.
    private var screenSize: (Int, Int)?
    private var windowSizes: WindowSizes?
    private var windowSizeChanged = false

    /// A window resized by hand (not by fullscreen): its size is remembered for this screen.
    private func rememberDraggedSize(_ e: SDL_WindowEvent) {
        guard e.event == UInt8(SDL_WINDOWEVENT_RESIZED.rawValue), !fullscreen, fullscreenWindow?.isOn == false,
              let screen = screenSize, e.data1 > 0, e.data2 > 0 else { return }
        let size = (w: Int(e.data1), h: Int(e.data2))
        if let old = windowSizes?.remembered(screen: screen.0, screen.1), old == size { return }
        windowSizes?.remember(screen: screen.0, screen.1, window: size)
        windowSizeChanged = true
    }

    public func shutdown() {
        // A quit while "Save report" writes: it stops, and no half-written folder stays.
        (context?.reports as? ReportSaver)?.cancelAll()
        if windowSizeChanged, let windowSizes {
            do { try windowSizes.save() } catch { warn("cannot remember the window's size in \(windowSizes.path): \(error)") }
        }
        // Saves run in the background: a quit waits for every one asked for.
        scoreStore?.waitForPendingSaves()
        scoreStore?.close()
        settingsStore?.waitForPendingSaves()
        log.flush()
        soundPlayer?.close()
        canvas?.keepOwnPixels()
        canvas?.destroy()
        if let frameTexture { SDL_DestroyTexture(frameTexture) }
        if let renderer { SDL_DestroyRenderer(renderer) }
        if let window { SDL_DestroyWindow(window) }
        renderer = nil; frameTexture = nil; window = nil
        // The canvas's shape was this run's: what runs next in the process (tests) starts at 4:3.
        Canvas1024.use(Canvas1024.standardSize)
        TTF_Quit()
        IMG_Quit()
        SDL_Quit()
    }

    // MARK: - Frame pieces

    /// Reads SDL's queue and hands translated input to the top scene.
    private func pumpEvents() -> Bool {
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            dirty = true
            if event.type == SDL_WINDOWEVENT.rawValue {
                do { try syncOutputSize() } catch { warn("\(error)") }
                rememberDraggedSize(event.window)
            }
            if event.type == SDL_QUIT.rawValue {
                if context.kiosk { log.emit("ignored", [("what", "quit"), ("why", "kiosk")]); continue }
                return false
            }
            guard let input = translator.translate(event) else { continue }
            if case .key(.f11, _) = input {
                // A kiosk stays fullscreen.
                if context.kiosk { log.emit("ignored", [("what", "fullscreen"), ("why", "kiosk")]) } else { toggleFullscreen() }
                continue
            }
            stack.handle(input)
            if stack.quitRequested { return false }
        }
        return !stack.quitRequested
    }

    private func toggleFullscreen() {
        fullscreen.toggle()
        log.emit("fullscreen", [("on", .bool(fullscreen))])
        if fullscreen { fullscreenWindow?.enter() } else { fullscreenWindow?.leave() }
        logWindow()
    }

    /// Logs the window's size as SDL reports it (what the picture is laid out for).
    private func logWindow() {
        guard let fullscreenWindow else { return }
        let size = fullscreenWindow.size
        log.emit("window", [("fullscreen", .bool(fullscreenWindow.isOn)), ("borderless", .bool(fullscreenWindow.isBorderless)),
                            ("width", .int(size.width)), ("height", .int(size.height))])
    }

    private var screensaverInhibited = false

    /// The screen saver is kept off while a game runs (a child watching balloons is not
    /// idle) and allowed again on Home.
    private func updateScreensaver() {
        // Games that wait for another program's lock: a try every half second, never a wait.
        scoreStore?.frameBegins()
        scoreStore?.pump()
        let playing = stack.scenes.contains { $0 is GameScene }
        guard playing != screensaverInhibited else { return }
        screensaverInhibited = playing
        if window != nil { if playing { SDL_DisableScreenSaver() } else { SDL_EnableScreenSaver() } }
        log.emit("screensaver", [("inhibited", .bool(playing))])
    }

    func drawFrame() {
        canvas.beginFrame()
        stack.draw(on: canvas)
        canvas.endFrame()
    }

    /// Windowed: shows the frame, drawn at the window's real pixel size, 1:1. Only the
    /// rectangles the canvas redrew are sent (all of it after a window event); a frame that
    /// changed nothing is not presented at all.
    private func present() {
        guard let window else { return }
        let frame = canvas.frame
        let rects = presentWhole ? [frame.bounds] : canvas.damage
        guard !rects.isEmpty else { presented.skipped += 1; return }
        presentWhole = false
        presented.frames += 1
        let k = pixelDoubling ? 2 : 1
        presented.pixels += rects.reduce(0) { $0 + $1.area } * k * k
        let canvasRects = rects.map { SDL_Rect(x: Int32($0.x), y: Int32($0.y), w: Int32($0.w), h: Int32($0.h)) }
        let sdlRects = rects.map { SDL_Rect(x: Int32($0.x * k), y: Int32($0.y * k), w: Int32($0.w * k), h: Int32($0.h * k)) }
        if let renderer, let frameTexture {
            // (Doubled by the renderer, filtered, when the texture is half the window's size.)
            for (r, var sr) in zip(rects, canvasRects) {
                SDL_UpdateTexture(frameTexture, &sr, frame.pixels + r.y * frame.width + r.x, Int32(frame.width * 4))
            }
            SDL_RenderCopy(renderer, frameTexture, nil, nil)
            SDL_RenderPresent(renderer)
            return
        }
        let borrowed = !canvas.frame.ownsPixels
        guard let surface = windowSurface() else { presentWhole = true; return }
        // The pixels drawn into are gone with the old surface: the next frame is drawn whole.
        if borrowed && canvas.frame.ownsPixels { return }
        let format = surface.pointee.format.pointee
        let xrgb = format.BytesPerPixel == 4 && format.Rmask == 0x00FF_0000 && format.Gmask == 0x0000_FF00 && format.Bmask == 0x0000_00FF
        if !canvas.frame.ownsPixels {
            // Drawn straight into the window's pixels: only sent.
        } else if xrgb, k == 1, surface.pointee.w == Int32(frame.width), surface.pointee.h == Int32(frame.height),
                  surface.pointee.pitch == Int32(frame.width * 4), let pixels = surface.pointee.pixels {
            // The window's pixels have the frame's size and layout: from now on the canvas
            // draws into them (this once, the whole frame is copied and sent).
            canvas.drawInto(pixels.assumingMemoryBound(to: UInt32.self))
            let whole = SDL_Rect(x: 0, y: 0, w: Int32(frame.width), h: Int32(frame.height))
            _ = withUnsafePointer(to: whole) { SDL_UpdateWindowSurfaceRects(window, $0, 1) }
            return
        } else if surface.pointee.w >= Int32(frame.width * k) && surface.pointee.h >= Int32(frame.height * k) && xrgb,
           let pixels = surface.pointee.pixels {
            // XRGB8888 (X11's usual surface): the frame's opaque ARGB rows copy as they are
            // (each pixel twice across and down when doubling).
            SDL_LockSurface(surface)
            let pitch = Int(surface.pointee.pitch)
            for r in rects {
                for y in r.y..<r.maxY {
                    let source = frame.pixels + y * frame.width + r.x
                    if k == 1 {
                        (pixels + y * pitch + r.x * 4).copyMemory(from: source, byteCount: r.w * 4)
                    } else {
                        let row = (pixels + 2 * y * pitch).assumingMemoryBound(to: UInt32.self) + 2 * r.x
                        for x in 0..<r.w { row[2 * x] = source[x]; row[2 * x + 1] = source[x] }
                        (pixels + (2 * y + 1) * pitch + 2 * r.x * 4).copyMemory(from: row, byteCount: 2 * r.w * 4)
                    }
                }
            }
            SDL_UnlockSurface(surface)
        } else if k == 1,  let source = SDL_CreateRGBSurfaceWithFormatFrom(frame.pixels, Int32(frame.width), Int32(frame.height), 32,
                                                                  Int32(frame.width * 4), SDL_PIXELFORMAT_ARGB8888.rawValue) {
            SDL_SetSurfaceBlendMode(source, SDL_BLENDMODE_NONE)
            for var r in canvasRects {
                var d = r
                SDL_UpperBlit(source, &r, surface, &d)
            }
            SDL_FreeSurface(source)
        }
        _ = sdlRects.withUnsafeBufferPointer { SDL_UpdateWindowSurfaceRects(window, $0.baseAddress, Int32($0.count)) }
    }

    /// The window's own surface. The canvas may be drawing into its pixels: when SDL has made
    /// a new one (resized, full screen), the old pixels are gone and the canvas is told so.
    private func windowSurface() -> UnsafeMutablePointer<SDL_Surface>? {
        guard let window else { return nil }
        let surface = SDL_GetWindowSurface(window)
        if !canvas.frame.ownsPixels && surface?.pointee.pixels.map({ UnsafeMutableRawPointer(canvas.frame.pixels) == $0 }) != true {
            canvas.dropBorrowedPixels()
            presentWhole = true
            dirty = true
        }
        return surface
    }

    /// A screenshot that could not be written (a full disk, a folder in the way): said, and
    /// the run's exit status is 1.
    private var failedScreenshot = false
    private var anyScreenshotFailed = false

    /// The PNG made in memory, then written by the one rule for files the user names (every
    /// write checked, a link or device written through, partial output removed).
    private func saveScreenshot(_ path: String) throws {
        try OutputFile.write(try canvas.pngData(), to: path)
    }

    private func screenshotFailed(_ error: any Error) {
        warn("screenshot failed: \(error)")
        failedScreenshot = true
        anyScreenshotFailed = true
    }

    /// Runs a screenshot, dump or quit line. Returns false for quit.
    private func runControl(_ command: ScriptCommand) -> Bool {
        switch command.action {
        case .screenshot(let path):
            // 1024×768 (the logical canvas at its own size) unless headless --size was given.
            let real = canvas.viewport
            let logical = options.size == nil && !real.isIdentity
            do {
                if logical { try canvas.resize(width: Int(Canvas1024.width), height: Int(Canvas1024.height), keepImages: true) }
                drawFrame()
                try saveScreenshot(path)
            } catch { screenshotFailed(error) }
            if logical {
                do { try canvas.resize(width: real.width, height: real.height) } catch { warn("\(error)") }
                dirty = true
            }
            log.emit("screenshot", [("path", .string(path))] + (failedScreenshot ? [("failed", .bool(true))] : []))
            failedScreenshot = false
        case .screenshotNative(let path):
            drawFrame()
            do { try saveScreenshot(path) } catch { screenshotFailed(error) }
            log.emit("screenshot", [("path", .string(path)), ("native", .bool(true)),
                                    ("width", .int(canvas.frame.width)), ("height", .int(canvas.frame.height))]
                     + (failedScreenshot ? [("failed", .bool(true))] : []))
            failedScreenshot = false
        case .dump:
            log.emit("dump", [("scene", .string(stack.top.name)), ("stack", .strings(stack.names))] + stack.dump()
                     + [("canvas", Canvas1024.json)])
        case .quit:
            return false
        default: break
        }
        return true
    }

    // MARK: - Loops

    /// Runs until quit (or, headless, the end of the script). Returns the exit status.
    public func run() -> Int32 {
        options.headless ? runHeadless() : runWindowed()
        // Memory and frame timing differ from run to run: only on request, so the same seed
        // and script still give the same log line for line.
        var fields: [(String, JSON)] = []
        if let signal = StopSignals.received { fields.append(("signal", .string(StopSignals.name(signal)))) }
        if options.processStats { fields.append(("peakRSSkB", .int(ProcessStats.peakRSSkB()))) }
        if options.processStats && !options.headless {
            fields += [("frames", .int(frameTimes.count)), ("framesOver16ms", .int(frameTimes.filter { $0 > 1000.0 / 60 }.count)),
                       ("maxFrameMs", .double(frameTimes.max() ?? 0)),
                       ("lateFrames", .int(presentIntervals.filter { $0 > 1.5 * 1000.0 / 60 }.count)),
                       ("maxIntervalMs", .double(presentIntervals.max() ?? 0)),
                       ("presented", .int(presented.frames)), ("unchangedFrames", .int(presented.skipped)),
                       ("uploadedPixels", .int(presented.pixels)), ("redrawnPixels", .int(canvas.redrawnPixels)),
                       ("width", .int(canvas.frame.width)), ("height", .int(canvas.frame.height))]
        }
        log.emit("quit", fields)
        return anyScreenshotFailed ? 1 : 0
    }

    /// Windowed: frames in a row that changed nothing, and steps not drawn since the last frame.
    private var stillFrames = 0
    private var skippedSteps = 0
    static let stillFramesBeforeSlowing = 6

    /// Windowed: how long each drawn frame's work took (update, draw, present), in ms.
    private(set) var frameTimes: [Double] = []
    /// Windowed: ms between consecutive presented frames while something moves.
    private(set) var presentIntervals: [Double] = []
    private var lastPresent: Double?

    private func runHeadless() {
        let player = ScriptPlayer(commands: script)
        var endFrame: Int? = script.isEmpty ? 0 : nil
        while StopSignals.received == nil {
            log.time = Double(frame) / 60
            player.pushScheduled(frame: frame)
            var keepGoing = true
            for command in player.due(at: log.time, frame: frame) {
                // Input pushed before a control line takes effect before it.
                if !pumpEvents() { keepGoing = false; break }
                if !runControl(command) { keepGoing = false; break }
            }
            if !keepGoing || !pumpEvents() { break }
            stack.step()
            if stack.quitRequested { break }
            updateScreensaver()
            if !options.noDraw { drawFrame() }
            if options.quitAfterFirstFrame { break }
            if endFrame == nil && player.isFinished { endFrame = frame + 1 }
            if let end = endFrame, frame >= end { break }
            frame += 1
        }
    }

    private func runWindowed() {
        let player = ScriptPlayer(commands: script)
        player.windowID = window.map { SDL_GetWindowID($0) } ?? 0
        // Script coordinates are logical: to real pixels by the canvas's viewport, then to the
        // window's points (fewer than pixels on a high-DPI screen).
        player.toWindow = { [unowned self] p in
            let real = translator.viewport.toReal(p)
            return Point(real.x / translator.pixelsPerPoint.x, real.y / translator.pixelsPerPoint.y)
        }
        player.toWindowNormalized = { [unowned self] p in
            let real = translator.viewport.toReal(p)
            return Point(real.x / Double(translator.viewport.width), real.y / Double(translator.viewport.height))
        }
        let frequency = Double(SDL_GetPerformanceFrequency())
        func seconds() -> Double { Double(SDL_GetPerformanceCounter()) / frequency }
        let started = seconds()
        var previous = started
        var accumulator = 0.0
        var running = true
        while running && StopSignals.received == nil {
            // Sleep until input when nothing moves: an idle Home costs no CPU. The wait gets
            // no event pointer, so the event that wakes it stays queued, in order. (Taking it
            // and pushing it back put it behind the events that came with it and behind SDL's
            // poll sentinel, so it could wake the wait again and again, unhandled, and each
            // push ran SDL's renderer watch on it again: window coordinates were mapped to the
            // canvas twice, and in a resized window the click landed elsewhere.)
            if !stack.needsFrames && player.isFinished {
                _ = SDL_WaitEventTimeout(nil, 1000)
                previous = seconds()
                accumulator = 0
            } else if !stack.needsFrames, let next = player.nextTime {
                let wait = next - (seconds() - started)
                if wait > 0.02 {
                    _ = SDL_WaitEventTimeout(nil, Int32(min(wait, 1) * 1000))
                    previous = seconds()
                    accumulator = 0
                }
            }
            if StopSignals.received != nil { break }
            let now = seconds()
            accumulator += min(now - previous, 0.25)
            previous = now
            let scriptTime = now - started
            // Windowed, the log's clock is real seconds since start (idle frames are skipped).
            log.time = (scriptTime * 1000).rounded() / 1000
            player.pushScheduled(frame: frame)
            for command in player.due(at: scriptTime, frame: frame) {
                if !pumpEvents() || !runControl(command) { running = false; break }
            }
            if !running || !pumpEvents() { break }
            var steps = 0
            let workStart = seconds()
            while accumulator >= GameClock.step && steps < 15 {
                stack.step()
                accumulator -= GameClock.step
                steps += 1
                if stack.quitRequested { running = false; break }
            }
            if steps == 0 && !dirty {
                // A script's dump or screenshot on a still screen often runs in a turn that
                // draws nothing (the next wait resets the accumulator): flush here too, or
                // its line waits in the buffer until the next input.
                log.flush()
                // Pace to the next step when vsync does not block (e.g. under Xvfb). A still
                // screen (see below) wakes for four steps at a time, or at once for input: the
                // rules step the same, the loop and its event polling run a quarter as often.
                let nextLine = player.nextTime.map { $0 - (seconds() - started) } ?? .infinity
                if stillFrames >= Self.stillFramesBeforeSlowing && nextLine > 4 * GameClock.step {
                    let wait = 4 * GameClock.step - accumulator
                    if wait > 0.002 { _ = SDL_WaitEventTimeout(nil, Int32(wait * 1000)) } else if wait > 0 { usleep(UInt32(wait * 1_000_000)) }
                } else {
                    // To the microsecond: SDL_Delay's whole milliseconds woke the loop up to 1 ms
                    // early, and it then spun to the step, reading X's socket on every turn
                    // (20 reads a frame, a sixth of a Balloons game's CPU).
                    let wait = GameClock.step - accumulator
                    if wait > 0 { usleep(UInt32(wait * 1_000_000)) }
                }
                continue
            }
            // A screen that has drawn nothing new for 0.1 s (a board waiting for a tap,
            // its clock turning once a second) is looked at every fourth step only, until input
            // or a change: the rules still step 60 times a second; a change shows at most
            // 50 ms late, and from then on every frame is drawn again.
            if !dirty && stillFrames >= Self.stillFramesBeforeSlowing && steps < 4 {
                skippedSteps += steps
                if skippedSteps < 4 {
                    log.flush()
                    continue
                }
            }
            skippedSteps = 0
            let wasDirty = dirty
            dirty = false
            updateScreensaver()
            drawFrame()
            stillFrames = canvas.damage.isEmpty && !wasDirty ? stillFrames + 1 : 0
            let workEnd = seconds()
            present()
            // The first frame belongs to the start (its fonts, pictures and text are made
            // then; "start to first frame" measures it), not to the frames a child watches.
            if stack.needsFrames && frame > 0 {
                frameTimes.append((workEnd - workStart) * 1000)
                let presented = seconds()
                if let last = lastPresent { presentIntervals.append((presented - last) * 1000) }
                lastPresent = presented
            } else {
                lastPresent = nil
            }
            // A windowed log is read live (demos, end-to-end tests): flush each frame.
            log.flush()
            frame += 1
            if options.quitAfterFirstFrame { break }
            // The sound effects are decoded once the first frame shows, not before it.
            if frame == 1 { soundPlayer?.loadEffects() }
        }
    }
}

/// The in-game language choice: loads the catalog and voices, turns the screens round for a
/// right-to-left language, and remembers the choice in settings.json.
@MainActor
final class AppLanguages: LanguageSwitching {
    private unowned let app: GameApp
    private let assets: String
    private(set) var current: String
    let canChoose: Bool

    init(app: GameApp, assets: String, current: String, canChoose: Bool) {
        self.app = app
        self.assets = assets
        self.current = current
        self.canChoose = canChoose
    }

    func choose(_ code: String) {
        guard canChoose, code != current, Language.supported.contains(code) else { return }
        if TextDirection.of(language: code) == .rightToLeft && app.canvas.arabicFontFiles == nil {
            do {
                app.canvas.arabicFontFiles = try FontLocator.arabic(assets: assets)
            } catch {
                app.warn("\(error); staying in \(current)")
                return
            }
        }
        current = code
        app.context.catalog = Language.catalog(assets: assets, language: code, warn: { [weak app] in app?.warn($0) })
        app.context.voice.library = Language.voices(assets: assets, language: code, warn: { [weak app] in app?.warn($0) })
        app.stack.rightToLeft = app.context.rightToLeft
        app.rememberLanguage(code)
    }
}
