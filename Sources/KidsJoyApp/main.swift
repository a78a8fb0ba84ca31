import ArgumentParser
import GameCore
import Platform
import Render
import Glibc
import Scenes

/// The command line of `kids-joy-center`.
struct KidsJoyCenter: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kids-joy-center",
        abstract: "Kids Joy Center: Memory, Sorting and Balloons games for young children.",
        discussion: """
            FILES
              /etc/kids-joy-center/config.toml, $XDG_CONFIG_DIRS/kids-joy-center/config.toml
                  system settings (a [locked] table wins over everything after it)
              ~/.config/kids-joy-center/config.toml   your settings (--config FILE replaces it)
              ~/.local/share/kids-joy-center/          high scores and settings (--data-dir DIR)

            COMMANDS
              kids-joy-center report [--data-dir DIR] [--csv FILE]
                  print each child's progress per game (see report --help)

            ENVIRONMENT
              XDG_CONFIG_HOME, XDG_CONFIG_DIRS, XDG_DATA_HOME   where the files above are
              KIDS_JOY_CENTER_ASSETS                           the folder of pictures and sounds
              SDL_AUDIODRIVER, SDL_VIDEODRIVER                 SDL's drivers (e.g. dummy)

            EXIT STATUS
              0 done; 1 a missing file, no display or another failure; 2 a bad option,
              script line or setting.

            See kids-joy-center(6) for the whole manual.
            """,
        version: "\(AppInfo.command) \(AppInfo.version)"
    )

    @Flag(help: "Run without a window or sound: render offscreen, simulated clock (for scripts and tests).")
    var headless = false

    /// Read as text (and taken even when it starts with a dash), so that `--seed -1` gets a
    /// clear message rather than "missing value".
    @Option(parsing: .unconditional,
            help: ArgumentHelp("Seed of the random generator (0 to 18446744073709551615); the same seed and script give the same log. Default: 1 with --script, else a random seed.", valueName: "N"))
    var seed: String?

    static let seedMessage = "--seed takes a whole number from 0 to 18446744073709551615"

    /// `--seed`, or the default: 1 for scripted runs and benchmarks (TESTING decision 14), so
    /// they replay; otherwise a seed from the system's randomness (getrandom), so every
    /// game a child plays differs. The `start` event logs it either way.
    var resolvedSeed: UInt64 {
        if let seed, let n = UInt64(seed) { return n }
        if script != nil || bench != nil { return 1 }
        var system = SystemRandomNumberGenerator()
        return system.next()
    }

    @Option(help: ArgumentHelp("Play timed input from FILE ('-' for stdin).", valueName: "FILE"))
    var script: String?

    @Option(help: ArgumentHelp("Write the JSON Lines event log to FILE ('-' for stdout).", valueName: "FILE"))
    var log: String?

    @Option(name: .customLong("data-dir"), help: ArgumentHelp("Keep high scores and settings in DIR.", valueName: "DIR"))
    var dataDir: String?

    @Flag(name: .customLong("describe-games"), help: "Print the registry of games and every level's numbers as JSON, then exit.")
    var describeGames = false

    @Option(help: ArgumentHelp("Language: en, es, fr, de, pt-BR, ar, qps (pseudo) or auto (LANGUAGE, LC_ALL, LC_MESSAGES, LANG). Default: en headless, auto in a window.", valueName: "CODE"))
    var language: String?

    @Option(help: ArgumentHelp("Play as the child whose nickname or id (child-N) is NAME; a new child with that nickname if there is none.", valueName: "NAME"))
    var profile: String?

    @Flag(help: "Show each game's show-me demo the first time it opens, also headless or with --script (never remembered as seen).")
    var demo = false

    @Option(name: .customLong("switch"), help: ArgumentHelp("One-switch scanning: the focus ring steps by itself every SECONDS (0.8 to 4; '--switch' alone: 1.5) and any key, mouse button or pad button taps what it shows (M, F11 and Escape keep their meaning).", valueName: "SECONDS"))
    var switchSeconds: String?

    @Flag(name: .customLong("reduced-motion"), help: "Reduced motion: no confetti or shaking, shorter flips and glides (also the config key reduced-motion = true).")
    var reducedMotion = false

    @Flag(help: "Start muted (this run only).")
    var mute = false

    @Flag(help: "Start fullscreen (F11 toggles).")
    var fullscreen = false

    @Flag(help: "Start in a window (overrides a fullscreen setting).")
    var windowed = false

    @Flag(help: "Kiosk mode: fullscreen, no cursor, quitting only through the adult gate (hold the logo 3 s).")
    var kiosk = false

    @Option(help: ArgumentHelp("Read settings from FILE instead of ~/.config/kids-joy-center/config.toml.", valueName: "FILE"))
    var config: String?

    @Flag(name: .customLong("system-config"), help: "With --headless: read every config layer (/etc, $XDG_CONFIG_DIRS, your file) as a windowed run does.")
    var systemConfig = false

    @Option(help: ArgumentHelp("With --headless: draw at W×H real pixels (screenshots get that size; script coordinates stay 1024×768 units).", valueName: "WxH"))
    var size: String?

    /// `--size`'s two numbers, if well formed (16 to 8192 each).
    static func parseSize(_ text: String) -> (width: Int, height: Int)? {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (16...8192).contains(w), (16...8192).contains(h) else { return nil }
        return (w, h)
    }

    @Flag(name: .customLong("no-draw"), help: ArgumentHelp("Headless: skip drawing frames that no screenshot needs (fast soak runs).", visibility: .hidden))
    var noDraw = false

    @Option(name: .customLong("assets"), help: ArgumentHelp("Use the Assets folder DIR.", valueName: "DIR", visibility: .hidden))
    var assets: String?

    @Option(name: .customLong("stress-record"), help: ArgumentHelp("Record COUNT rising scores into --data-dir, printing each once saved (crash tests).", visibility: .hidden))
    var stressRecord: Int?

    @Option(help: ArgumentHelp("With --headless: measure SCENE (home, memory-hard, sorting-hard, balloons-hard) and print one JSON line.", valueName: "SCENE", visibility: .hidden))
    var bench: String?

    @Option(name: .customLong("bench-frames"), help: ArgumentHelp("Frames a benchmark runs.", visibility: .hidden))
    var benchFrames: Int = 3000

    @Option(name: .customLong("bench-csv"), help: ArgumentHelp("Write every benchmark frame's times to FILE (CSV).", valueName: "FILE", visibility: .hidden))
    var benchCSV: String?

    @Flag(name: .customLong("bench-profile"), help: ArgumentHelp("Add the time spent in each kind of drawing call to the benchmark line.", visibility: .hidden))
    var benchProfile = false

    @Flag(name: .customLong("process-stats"), help: ArgumentHelp("Add peak memory and frame timing to the log's quit event.", visibility: .hidden))
    var processStats = false

    @Flag(name: .customLong("quit-after-first-frame"), help: ArgumentHelp("Quit once the first frame is shown (start-up timing).", visibility: .hidden))
    var quitAfterFirstFrame = false

    func validate() throws {
        if let seed, UInt64(seed) == nil { throw ValidationError("\(Self.seedMessage), got '\(seed)'") }
        if bench != nil && !headless { throw ValidationError("--bench needs --headless") }
        if benchFrames < 1 { throw ValidationError("--bench-frames must be at least 1") }
        if fullscreen && windowed { throw ValidationError("--fullscreen and --windowed cannot be used together") }
        if noDraw && !headless { throw ValidationError("--no-draw needs --headless") }
        if let size {
            guard headless else { throw ValidationError("--size needs --headless (a window draws at its own size)") }
            guard Self.parseSize(size) != nil else { throw ValidationError("--size takes WIDTHxHEIGHT, each 16 to 8192 pixels (e.g. 1920x1080), got '\(size)'") }
        }
        if let language, Language.code(language) == nil { throw ValidationError("--language: \(Language.unknown(language))") }
        if let switchSeconds {
            guard let s = Double(switchSeconds), s.isFinite, FocusRing.scanRange.contains(s) else {
                throw ValidationError("--switch: the step must be a number of seconds from 0.8 to 4, got '\(switchSeconds)'")
            }
        }
    }

    /// The options after layering: defaults, /etc, the user's config (or --config), then
    /// the command line. Headless runs read config files only when --config names one, so
    /// a script replays the same everywhere.
    func options(warn: (String) -> Void) -> AppOptions {
        var o = AppOptions()
        o.headless = headless
        o.seed = resolvedSeed
        o.scriptPath = script
        o.demo = demo
        o.logPath = log
        o.noDraw = noDraw
        o.size = size.flatMap(Self.parseSize)
        o.assetsDir = assets
        o.bench = bench
        o.benchFrames = benchFrames
        o.benchCSV = benchCSV
        o.benchProfile = benchProfile
        o.processStats = processStats
        o.quitAfterFirstFrame = quitAfterFirstFrame
        o.profile = profile
        o.switchSeconds = switchSeconds.flatMap(Double.init)
        var config = ConfigValues()
        // TESTING decision 5: headless runs read config only with --config (that file alone)
        // or --system-config (every layer, as a windowed run).
        if !headless || self.config != nil || systemConfig {
            let everyLayer = !headless || systemConfig
            let (values, problems) = ConfigFile.layered(
                systemPaths: everyLayer ? ConfigFile.systemPaths() : [],
                userPath: everyLayer ? ConfigFile.userConfigPath() : nil, explicitPath: self.config)
            config = values
            problems.forEach(warn)
        }
        var cli = CommandLineChoices()
        cli.fullscreen = fullscreen
        cli.windowed = windowed
        cli.kiosk = kiosk
        cli.mute = mute
        cli.dataDir = dataDir
        cli.language = language.flatMap(Language.code)
        o.apply(config: config, commandLine: cli).forEach(warn)
        o.reducedMotion = reducedMotion || (config.reducedMotion ?? false)
        // --switch wins; else the config's `switch` (0: off).
        if switchSeconds == nil, let s = config.switchScan, s > 0 { o.switchSeconds = s }
        return o
    }
}

extension KidsJoyCenter {
    /// `--switch` may stand alone (TESTING: `--switch [SECONDS]`): then it means 1.5 s.
    static func withSwitchDefault(_ arguments: [String]) -> [String] {
        var out: [String] = []
        for (i, a) in arguments.enumerated() {
            out.append(a)
            if a == "--switch" {
                let next = i + 1 < arguments.count ? arguments[i + 1] : nil
                if next == nil || Double(next!) == nil && next!.hasPrefix("-") { out.append(String(FocusRing.defaultScanInterval)) }
            }
        }
        return out
    }
}

/// Prints a message for the user on standard error.
func report(_ message: String) {
    writeStandardError("kids-joy-center: \(message)\n")
}

/// Reports an error and answers the exit status: 2 for bad input, 1 for the rest.
func fail(_ error: any Error) -> Int32 {
    report("\(error)")
    return (error as? AppError)?.exitCode ?? 1
}

@MainActor
func runProgram() -> Int32 {
    hardenStandardStreams()
    StopSignals.install()
    // `report` is a command of its own (the game's options stay as they were).
    if CommandLine.arguments.dropFirst().first == "report" {
        do {
            let report = try ReportCommand.parse(Array(CommandLine.arguments.dropFirst(2)))
            return report.run(warn: { writeStandardError("kids-joy-center: \($0)\n") })
        } catch {
            if ReportCommand.exitCode(for: error) == .success {
                printOutput(ReportCommand.fullMessage(for: error))
                return 0
            }
            writeStandardError("kids-joy-center: \(ReportCommand.message(for: error))\nSee 'kids-joy-center report --help'.\n")
            return 2
        }
    }
    let command: KidsJoyCenter
    do {
        command = try KidsJoyCenter.parse(KidsJoyCenter.withSwitchDefault(Array(CommandLine.arguments.dropFirst())))
    } catch {
        if KidsJoyCenter.exitCode(for: error) == .success {
            printOutput(KidsJoyCenter.fullMessage(for: error))
            return 0
        }
        report("\(KidsJoyCenter.message(for: error))\nSee 'kids-joy-center --help'.")
        return 2
    }
    if command.describeGames {
        printOutput(GameRegistry.standard.json.serialized())
        return 0
    }
    if let count = command.stressRecord {
        return StressRecorder.run(count: count, dataDir: command.dataDir)
    }
    let app: GameApp
    do {
        app = try GameApp(options: command.options(warn: report))
        try app.start()
    } catch {
        return fail(error)
    }
    defer { app.shutdown() }
    if let scene = command.bench {
        do {
            printOutput(try app.runBench(scene))
            return 0
        } catch {
            return fail(error)
        }
    }
    return app.run()
}

Glibc.exit(runProgram())
