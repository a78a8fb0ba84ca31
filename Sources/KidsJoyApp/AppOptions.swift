import GameCore
import Scenes
/// Everything the command line (and later the config files) decide for one run.
public struct AppOptions: Sendable {
    public var headless = false
    public var seed: UInt64 = 1
    public var scriptPath: String?
    /// A script given as text (tests), instead of a file.
    public var scriptText: String?
    public var logPath: String?
    public var dataDir: String?
    public var mute = false
    /// `--demo`: show-me demos in a headless or scripted run (TESTING.md, decision 3).
    public var demo = false
    public var fullscreen = false
    public var kiosk = false
    public var volume: Double = 1
    /// Spoken lines on (the `voice` setting); effects are separate.
    public var voice = true
    /// The language asked for (`--language`, else the config's `language`): a code or
    /// `auto`; nil = the default (`Language.resolve`).
    public var language: String?
    /// The language is fixed for this run (`--language`, or a locked system setting): the
    /// in-game choice neither overrides it nor can change it.
    public var languageFixed = false
    /// One-switch scanning: seconds per step (nil: off).
    public var switchSeconds: Double?
    /// `--reduced-motion` or the config key: no confetti or shaking, shorter flips and glides.
    public var reducedMotion = false
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
    /// Children's profiles on (the `profiles` setting): the picker and the avatars.
    public var profiles = true
    /// Relaxed mode (the `relaxed` setting).
    public var relaxed = false
    /// Sound effects on (the `effects` setting).
    public var effects = true
    /// The games and levels Home shows (nil: all).
    public var games: [String]?
    public var levels: [Level]?
    /// The content sets the games play (the `sets` setting; nil: each game's sets in turn).
    public var sets: [String]?
    /// The session limit in minutes (nil: none).
    public var sessionMinutes: Int?
    /// The adult gate's PIN (nil: none).
    public var gatePIN: String?
    /// Grow with the child (the `grow` setting).
    public var grow = true
    /// The school's server (the `server` setting, a libpq connection string; nil: none, and
    /// the game opens no socket).
    public var server: String?
    /// Settings a system file locked (the corner shows them locked).
    public var locked: Set<String> = []
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
