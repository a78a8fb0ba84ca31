import GameCore
import Settings
import Platform
import Render
import Glibc
import Scenes
import TextCatalogs
import SystemIO

/// The command line of `kids-joy-center` (CommandLineParser.swift: the grammar, help and
/// completions).
struct KidsJoyCenter {
    static let spec = CommandSpec(
        command: "kids-joy-center",
        abstract: "Kids Joy Center: Memory, Sorting and Balloons games for young children.",
        discussion: """
            FILES
              /etc/kids-joy-center/config.toml,
              $XDG_CONFIG_DIRS/kids-joy-center/config.toml
                  system settings (a [locked] table wins over everything after it)
              ~/.config/kids-joy-center/config.toml
                  your settings (--config FILE replaces it)
              ~/.local/share/kids-joy-center/
                  high scores and settings (--data-dir DIR)

            COMMANDS
              kids-joy-center report [--data-dir DIR] [--csv FILE] [--server]
                  print each child's progress per game (see report --help)
              kids-joy-center server init [--server CONNINFO]
                  make or update the school server's schema (see server --help)

            ENVIRONMENT
              XDG_CONFIG_HOME, XDG_CONFIG_DIRS, XDG_DATA_HOME
                  where the files above are
              KIDS_JOY_CENTER_ASSETS
                  the folder of pictures and sounds
              SDL_AUDIODRIVER, SDL_VIDEODRIVER
                  SDL's drivers (e.g. dummy)

            EXIT STATUS
              0 done; 1 a missing file, no display or another failure; 2 a bad option,
              script line or setting.

            See kids-joy-center(6) for the whole manual.
            """,
        options: [
            .flag("headless", "Run without a window or sound: render offscreen, simulated clock (for scripts and tests)."),
            .option("seed", "N", "Seed of the random generator (0 to 18446744073709551615); the same seed and script give the same log. Default: 1 with --script, else a random seed.",
                    unconditional: true),
            .option("script", "FILE", "Play timed input from FILE ('-' for stdin).", completion: .file),
            .option("log", "FILE", "Write the JSON Lines event log to FILE ('-' for stdout).", completion: .file),
            .flag("describe-games", "Print the registry of games and every level's numbers as JSON, then exit."),
            .flag("describe-languages", "Print the languages table (code, name, direction, font, voice) as JSON, then exit."),
            .flag("describe-sets", "Print every content set found (built in, /usr/share, /etc, $XDG_DATA_HOME) and its problems as JSON, then exit."),
            .option("profile", "NAME", "Play as the child whose nickname or id (child-N) is NAME; a new child with that nickname if there is none."),
            .flag("demo", "Show each game's show-me demo the first time it opens, also headless or with --script (never remembered as seen)."),
        ] + settingOptions + [
            .option("config", "FILE", "Read settings from FILE instead of ~/.config/kids-joy-center/config.toml.", completion: .file),
            .flag("system-config", "With --headless: read every config layer (/etc, $XDG_CONFIG_DIRS, your file) as a windowed run does."),
            .option("size", "WxH", "With --headless: draw at W×H real pixels (screenshots get that size; script coordinates stay 1024×768 units)."),
            // Developers' options, not in --help.
            .flag("no-draw", "Headless: skip drawing frames that no screenshot needs (fast soak runs).", hidden: true),
            .option("assets", "DIR", "Use the Assets folder DIR.", hidden: true, completion: .directory),
            .option("stress-record", "COUNT", "Record COUNT rising scores into --data-dir, printing each once saved (crash tests).", hidden: true),
            .option("bench", "SCENE", "With --headless: measure SCENE (home, memory-hard, sorting-hard, balloons-hard, save-report) and print one JSON line.", hidden: true),
            .option("bench-frames", "N", "Frames a benchmark runs.", hidden: true),
            .option("bench-csv", "FILE", "Write every benchmark frame's times to FILE (CSV).", hidden: true),
            .flag("bench-profile", "Add the time spent in each kind of drawing call to the benchmark line.", hidden: true),
            .flag("process-stats", "Add peak memory and frame timing to the log's quit event.", hidden: true),
            .flag("quit-after-first-frame", "Quit once the first frame is shown (start-up timing).", hidden: true),
            .flag("describe-manual", "Print what the manual page must cover (every option, config key and exit status) as JSON, then exit.", hidden: true),
        ],
        version: "\(AppInfo.command) \(AppInfo.version)",
        subcommands: [ReportCommand.spec, ServerCommand.spec]
    )

    var headless = false
    /// Read as text (and taken even when it starts with a dash), so that `--seed -1` gets a
    /// clear message rather than "missing value".
    var seed: String?
    var script: String?
    var log: String?
    /// `--describe-*`: print a table as JSON, then exit.
    var describe = DescribeFlags()
    var profile: String?
    var demo = false
    /// The settings the command line gave (SettingsTable's flags), already checked.
    var settings = CommandLineChoices()
    var config: String?
    var systemConfig = false
    var size: String?
    var assets: String?
    var stressRecord: Int?
    /// `--bench SCENE` and its companions.
    var benchmark = BenchOptions()
    /// `--no-draw`, `--process-stats`, `--quit-after-first-frame`.
    var developer = DeveloperOptions()

    /// What `--describe-games`, `-languages`, `-sets` and `-manual` ask for.
    struct DescribeFlags {
        var games = false
        var languages = false
        var sets = false
        var manual = false
    }

    /// Parses and checks a command line (without the program's name).
    static func parse(_ arguments: [String]) throws(CommandLineError) -> KidsJoyCenter {
        let p = try spec.parse(arguments)
        var c = KidsJoyCenter()
        c.headless = p.flag("headless")
        c.seed = p.value("seed")
        c.script = p.value("script")
        c.log = p.value("log")
        c.describe.games = p.flag("describe-games")
        c.describe.languages = p.flag("describe-languages")
        c.describe.sets = p.flag("describe-sets")
        c.describe.manual = p.flag("describe-manual")
        c.profile = p.value("profile")
        c.demo = p.flag("demo")
        if p.flag("fullscreen") && p.flag("windowed") { throw .usage("--fullscreen and --windowed cannot be used together") }
        c.settings = try settingChoices(p)
        c.config = p.value("config")
        c.systemConfig = p.flag("system-config")
        c.size = p.value("size")
        c.developer.noDraw = p.flag("no-draw")
        c.assets = p.value("assets")
        c.stressRecord = try p.integer("stress-record")
        c.benchmark.scene = p.value("bench")
        c.benchmark.frames = try p.integer("bench-frames") ?? 3000
        c.benchmark.csv = p.value("bench-csv")
        c.benchmark.profile = p.flag("bench-profile")
        c.developer.processStats = p.flag("process-stats")
        c.developer.quitAfterFirstFrame = p.flag("quit-after-first-frame")
        try c.validate()
        return c
    }

    static let seedMessage = "--seed takes a whole number from 0 to 18446744073709551615"

    /// `--seed`, or the default: 1 for scripted runs and benchmarks (TESTING decision 14), so
    /// they replay; otherwise a seed from the system's randomness (getrandom), so every
    /// game a child plays differs. The `start` event logs it either way.
    var resolvedSeed: UInt64 {
        if let seed, let n = UInt64(seed) { return n }
        if script != nil || benchmark.scene != nil { return 1 }
        var system = SystemRandomNumberGenerator()
        return system.next()
    }

    /// `--size`'s two numbers, if well formed (16 to 8192 each).
    static func parseSize(_ text: String) -> (width: Int, height: Int)? {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (16...8192).contains(w), (16...8192).contains(h) else { return nil }
        return (w, h)
    }

    func validate() throws(CommandLineError) {
        if let seed, UInt64(seed) == nil { throw .usage("\(Self.seedMessage), got '\(seed)'") }
        if benchmark.scene != nil && !headless { throw .usage("--bench needs --headless") }
        if benchmark.frames < 1 { throw .usage("--bench-frames must be at least 1") }
        if developer.noDraw && !headless { throw .usage("--no-draw needs --headless") }
        if let size {
            guard headless else { throw .usage("--size needs --headless (a window draws at its own size)") }
            guard Self.parseSize(size) != nil else { throw .usage("--size takes WIDTHxHEIGHT, each 16 to 8192 pixels (e.g. 1920x1080), got '\(size)'") }
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
        o.size = size.flatMap(Self.parseSize)
        o.assetsDir = assets
        o.benchmark = benchmark
        o.developer = developer
        o.profile = profile
        var config = ConfigValues()
        // TESTING decision 5: headless runs read config only with --config (that file alone)
        // or --system-config (every layer, as a windowed run).
        if !headless || self.config != nil || systemConfig {
            let everyLayer = !headless || systemConfig
            let (values, problems) = ConfigFile.layered(
                layers: everyLayer ? ConfigFile.systemLayers() : [],
                userPath: everyLayer ? ConfigFile.userConfigPath() : nil, explicitPath: self.config)
            config = values
            problems.forEach(warn)
        }
        // Every setting layered (SettingsTable: defaults < config < remembered < command
        // line; a lock wins); the app layers settings.json in once it has read it.
        o.apply(config: config, commandLine: settings).forEach(warn)
        return o
    }

    /// What the command line gave a setting (nil: nothing), by key.
    subscript(key: SettingKey) -> SettingValue? { settings.values[key] }
    /// A flag that sets a fixed value (`--windowed`): given or not.
    subscript(flag name: String) -> Bool { settings[flag: name] }

    /// SettingsTable's flags as command-line options.
    static var settingOptions: [CommandSpec.Option] {
        SettingsTable.all.flatMap { spec in
            spec.flags.map { f -> CommandSpec.Option in
                guard let valueName = f.valueName else { return .flag(f.name, f.help) }
                let completion: CommandSpec.Option.Completion
                switch f.completion {
                case .none: completion = .none
                case .file: completion = .file
                case .directory: completion = .directory
                case .words(let w): completion = .words(w)
                }
                return .option(f.name, valueName, f.help, completion: completion)
            }
        }
    }

    /// The settings the parsed flags give, each value read as SettingsTable's kind says.
    static func settingChoices(_ p: CommandSpec.Parsed) throws(CommandLineError) -> CommandLineChoices {
        var choices = CommandLineChoices()
        for spec in SettingsTable.all {
            for f in spec.flags {
                if let value = f.sets {
                    if p.flag(f.name) { choices.set(spec.key, value, flag: f.name) }
                } else if let text = p.value(f.name) {
                    switch SettingReader.commandLine(spec, flag: f, text) {
                    case .success(let v): choices.set(spec.key, v, flag: f.name)
                    case .failure(let why): throw .usage(why.message)
                    }
                }
            }
        }
        return choices
    }
}

extension KidsJoyCenter {
    /// A setting's flag that may stand alone (TESTING: `--switch [SECONDS]`) means its
    /// `alone` value (1.5 s) then.
    static func withSwitchDefault(_ arguments: [String]) -> [String] {
        var out: [String] = []
        let alone = Dictionary(SettingsTable.all.flatMap { $0.flags.compactMap { f in f.alone.map { ("--" + f.name, $0) } } },
                               uniquingKeysWith: { a, _ in a })
        for (i, a) in arguments.enumerated() {
            out.append(a)
            if let value = alone[a] {
                let next = i + 1 < arguments.count ? arguments[i + 1] : nil
                if next == nil || Double(next!) == nil && next!.hasPrefix("-") { out.append(value) }
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

/// A command line that ends without a game: help, version or completions printed (status 0),
/// or a bad option said in one line with where to look (status 2).
func finish(_ ending: CommandLineError, help: String) -> Int32 {
    switch ending {
    case .help(let text), .completion(let text):
        printOutput(text.hasSuffix("\n") ? String(text.dropLast()) : text)
        return 0
    case .version(let line):
        printOutput(line)
        return 0
    case .usage(let message):
        report("\(message)\nSee '\(help)'.")
        return 2
    }
}

@MainActor
func runProgram() -> Int32 {
    hardenStandardStreams()
    StopSignals.install()
    // `server init` (the school's server) is a command of its own too.
    if CommandLine.arguments.dropFirst().first == "server" {
        let server: ServerCommand
        do {
            server = try ServerCommand.parse(Array(CommandLine.arguments.dropFirst(2)))
        } catch {
            return finish(error, help: "kids-joy-center server --help")
        }
        return server.run(warn: { writeStandardError("kids-joy-center: \($0)\n") })
    }
    // `report` is a command of its own (the game's options stay as they were).
    if CommandLine.arguments.dropFirst().first == "report" {
        let report: ReportCommand
        do {
            report = try ReportCommand.parse(Array(CommandLine.arguments.dropFirst(2)))
        } catch {
            return finish(error, help: "kids-joy-center report --help")
        }
        return report.run(warn: { writeStandardError("kids-joy-center: \($0)\n") })
    }
    let command: KidsJoyCenter
    do {
        command = try KidsJoyCenter.parse(KidsJoyCenter.withSwitchDefault(Array(CommandLine.arguments.dropFirst())))
    } catch {
        return finish(error, help: "kids-joy-center --help")
    }
    if command.describe.games {
        printOutput(AppGames.registry.json.serialized())
        return 0
    }
    if command.describe.manual {
        printOutput(ManualDescription.json(game: KidsJoyCenter.spec).serialized())
        return 0
    }
    if command.describe.languages {
        printOutput(Languages.described)
        return 0
    }
    if command.describe.sets {
        do {
            let assets = try AssetLocator.locate(override: command.assets)
            let found = SetFolders.read(SetFolders.searchFolders(assets: assets))
            printOutput(SetFolders.describe(found.library).serialized())
            return 0
        } catch {
            return fail(error)
        }
    }
    if let count = command.stressRecord {
        return StressRecorder.run(count: count, dataDir: command[.dataDir]?.text)
    }
    let app: GameApp
    do {
        app = try GameApp(options: command.options(warn: report))
        try app.start()
    } catch {
        return fail(error)
    }
    defer { app.shutdown() }
    if let scene = command.benchmark.scene {
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
