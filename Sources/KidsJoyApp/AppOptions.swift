import GameCore
import Settings
/// Everything the command line and the config files decide for one run: the settings (one
/// `Settings` value, SettingsTable's keys, layered by `apply`) and the run's own options
/// (headless, a script, a benchmark, ...), which are not settings.
public struct AppOptions: Sendable {
    /// Every setting, resolved: defaults < config files < what the corner remembered < the
    /// command line, locks over all (`apply`, `applyRemembered`).
    public var settings = Settings()
    /// What this run plays and where it writes (headless, the seed, the script, the log, ...).
    public var run = RunOptions()
    /// `--bench SCENE` and its companions.
    public var benchmark = BenchOptions()
    /// Developers' switches (not in --help).
    public var developer = DeveloperOptions()
    /// Where the settings came from: the layers, the locks, a fixed language.
    public var sources = SettingSources()
    public init() {}

    // The groups' fields, by their old names (the command line, the app and the tests set them).
    public var headless: Bool { get { run.headless } set { run.headless = newValue } }
    public var seed: UInt64 { get { run.seed } set { run.seed = newValue } }
    public var scriptPath: String? { get { run.scriptPath } set { run.scriptPath = newValue } }
    public var scriptText: String? { get { run.scriptText } set { run.scriptText = newValue } }
    public var logPath: String? { get { run.logPath } set { run.logPath = newValue } }
    public var demo: Bool { get { run.demo } set { run.demo = newValue } }
    public var profile: String? { get { run.profile } set { run.profile = newValue } }
    public var assetsDir: String? { get { run.assetsDir } set { run.assetsDir = newValue } }
    public var size: (width: Int, height: Int)? { get { run.size } set { run.size = newValue } }
    public var bench: String? { get { benchmark.scene } set { benchmark.scene = newValue } }
    public var benchFrames: Int { get { benchmark.frames } set { benchmark.frames = newValue } }
    public var benchCSV: String? { get { benchmark.csv } set { benchmark.csv = newValue } }
    public var benchProfile: Bool { get { benchmark.profile } set { benchmark.profile = newValue } }
    public var noDraw: Bool { get { developer.noDraw } set { developer.noDraw = newValue } }
    public var processStats: Bool { get { developer.processStats } set { developer.processStats = newValue } }
    public var quitAfterFirstFrame: Bool { get { developer.quitAfterFirstFrame } set { developer.quitAfterFirstFrame = newValue } }
    public var languageFixed: Bool { get { sources.languageFixed } set { sources.languageFixed = newValue } }
    public var locked: Set<SettingKey> { get { sources.locked } set { sources.locked = newValue } }
    public var configLayer: ConfigValues { get { sources.configLayer } set { sources.configLayer = newValue } }
    public var commandLineLayer: CommandLineChoices { get { sources.commandLineLayer } set { sources.commandLineLayer = newValue } }
}

/// What one run plays and where it writes: none of it is a setting.
public struct RunOptions: Sendable {
    public var headless = false
    public var seed: UInt64 = 1
    public var scriptPath: String?
    /// A script given as text (tests), instead of a file.
    public var scriptText: String?
    public var logPath: String?
    /// `--demo`: show-me demos in a headless or scripted run (TESTING.md, decision 3).
    public var demo = false
    /// `--profile NAME`: play as that child (made when missing).
    public var profile: String?
    public var assetsDir: String?
    /// Headless `--size WxH`: the real pixel size drawn (nil: 1024×768).
    public var size: (width: Int, height: Int)?
    public init() {}
}

/// `--bench SCENE`: run a fixed workload and print frame timings (the command line's and the app's).
public struct BenchOptions: Sendable {
    public var scene: String?
    public var frames = 3000
    /// Where the benchmark writes every frame's times (CSV), for plots.
    public var csv: String?
    /// Time each kind of drawing call (`--bench-profile`).
    public var profile = false
    public init() {}
}

/// Developers' switches (the command line's and the app's).
public struct DeveloperOptions: Sendable {
    /// Headless only: skip drawing frames nobody looks at (screenshots still draw).
    public var noDraw = false
    /// Add peak memory (and, windowed, frame timing) to the `quit` log event.
    public var processStats = false
    /// Quit right after the first frame is presented (start-up timing).
    public var quitAfterFirstFrame = false
    public init() {}
}

/// Where the settings came from.
public struct SettingSources: Sendable {
    /// The language is fixed for this run (`--language`, or a locked system setting): the
    /// in-game choice neither overrides it nor can change it.
    public var languageFixed = false
    /// Settings a system file locked (the corner shows them locked).
    public var locked: Set<SettingKey> = []
    /// The layers the settings came from (the app layers settings.json in between).
    public var configLayer = ConfigValues()
    public var commandLineLayer = CommandLineChoices()
    public init() {}
}

public enum AppInfo {
    public static let name = "Kids Joy Center"
    public static let command = "kids-joy-center"
    public static let version = "1.0.0"
    /// The desktop file's id: also the window's X11 class and Wayland app id.
    public static let desktopID = "io.github.kidsjoycenter.KidsJoyCenter"
}
