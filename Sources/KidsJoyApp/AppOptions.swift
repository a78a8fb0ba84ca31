import GameCore
import Settings
/// Everything the command line and the config files decide for one run: the settings (one
/// `Settings` value, SettingsTable's keys, layered by `apply`) and the run's own options
/// (headless, a script, a benchmark, ...), which are not settings.
public struct AppOptions: Sendable {
    /// Every setting, resolved: defaults < config files < what the corner remembered < the
    /// command line, locks over all (`apply`, `applyRemembered`).
    public var settings = Settings()
    public var headless = false
    public var seed: UInt64 = 1
    public var scriptPath: String?
    /// A script given as text (tests), instead of a file.
    public var scriptText: String?
    public var logPath: String?
    /// `--demo`: show-me demos in a headless or scripted run (TESTING.md, decision 3).
    public var demo = false
    /// The language is fixed for this run (`--language`, or a locked system setting): the
    /// in-game choice neither overrides it nor can change it.
    public var languageFixed = false
    /// Headless only: skip drawing frames nobody looks at (screenshots still draw).
    public var noDraw = false
    public var assetsDir: String?
    /// Headless `--size WxH`: the real pixel size drawn (nil: 1024×768).
    public var size: (width: Int, height: Int)?
    /// `--bench SCENE`: run a fixed workload and print frame timings.
    public var bench: String?
    public var benchFrames = 3000
    /// Where the benchmark writes every frame's times (CSV), for plots.
    public var benchCSV: String?
    /// Time each kind of drawing call (`--bench-profile`).
    public var benchProfile = false
    /// Add peak memory (and, windowed, frame timing) to the `quit` log event.
    public var processStats = false
    /// Quit right after the first frame is presented (start-up timing).
    public var quitAfterFirstFrame = false
    /// `--profile NAME`: play as that child (made when missing).
    public var profile: String?
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
