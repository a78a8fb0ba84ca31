import Glibc
import Platform
import Render
import Runtime
import Scenes
import Stage
import SystemIO
import Storage
import Server

/// The program: SDL start-up, assets, the scene stack and the frame loop, windowed or
/// headless. One fixed update step of 1/60 s; headless runs that step as fast as it can
/// with a simulated clock, so a script gives the same log every time.
///
/// One file a job: GameApp+Start (start-up: assets, stores, the context and the stack, as
/// `AppComposition` decided them), +Loop (the headless and windowed loops), +Input (the
/// event queue to the scenes), +Window (the window, its size, fullscreen and presenting a frame), +Screenshots (a
/// script's screenshot, dump and quit lines), +Shutdown (quitting); Bench, the benchmark.
@MainActor
public final class GameApp {
    let options: AppOptions
    let script: [ScriptCommand]
    let log: EventLog
    var canvas: SoftwareCanvas!
    public internal(set) var context: GameRuntime!
    public internal(set) var stack: SceneStack!
    private var warned = Set<String>()
    /// The window and what lives with it (GameApp+Window).
    var session = WindowSession()
    /// The frame loop's clock, pace and timings (GameApp+Loop).
    var loop = FrameLoop()
    /// What went wrong playing the script (the exit status).
    var outcome = ScriptOutcome()
    /// Drawables above this many pixels (beyond a 3840×2160 screen: 5K and more) are drawn at
    /// half their width and height and shown doubled. A 3840×2160 screen is drawn natively:
    /// `make bench` measured every scene there within the 12 ms p99 the issue allows (docs/screens.md,
    /// "Screens and resolutions").
    static let halfSizeAbove = 9_000_000
    /// Windowed: frames presented, frames skipped (nothing changed) and pixels sent.
    public var presented: (frames: Int, skipped: Int, pixels: Int) { session.presented }

    /// The games this app knows (the standard three; a test may register a game module of
    /// its own, issue #25). The config's `games` list chooses among them.
    public let games: GameRegistry

    /// Checks the options, reads the script and opens the log: nothing runs if any is bad.
    public init(options: AppOptions, keepLogInMemory: Bool = false, games: GameRegistry = AppGames.registry) throws {
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
        let logWriter = try options.logPath.map { try LogWriter(path: $0) }
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
    var scoreStore: HighScoreStore?
    /// The school's server's worker (nil: no server named, and no socket is ever opened).
    var syncWorker: SyncWorker?
    var settingsStore: SettingsStore?
    var languageSwitcher: AppLanguages?

    static let stillFramesBeforeSlowing = 6

    /// Prints a message on stderr once per run.
    /// Saves the language a grown-up chose (settings.json), for the next windowed start.
    func rememberLanguage(_ code: String) { settingsStore?.setLanguage(code) }

    func warn(_ message: String) {
        guard warned.insert(message).inserted else { return }
        writeStandardError("kids-joy-center: \(message)\n")
    }
}

/// The window session (GameApp+Window): the window and the sound that lives with it, the
/// screen and the window's remembered sizes, fullscreen, the kiosk's watch, the input
/// translator's mapping and what was presented. Headless runs leave it as it is made.
@MainActor
struct WindowSession {
    /// Windowed: the window, and how a frame reaches it (Platform).
    var window: GameWindow?
    var soundPlayer: SDLSoundPlayer?
    var translator = InputTranslator()
    var fullscreen = false
    /// Kiosk mode's watch over the window (KioskWatch).
    var kioskWatch = KioskWatch()
    /// True while the canvas draws at half the drawable's size (see `GameApp.halfSizeAbove`).
    var pixelDoubling = false
    /// The display's size, and the window sizes chosen on screens of each size.
    var screenSize: (Int, Int)?
    var windowSizes: WindowSizes?
    var windowSizeChanged = false
    /// A screen of a new shape (a resized window, a turned tablet, `resize` in a script)
    /// waiting for the games that placed everything for the old one to leave.
    var pendingScreen: (Int, Int)?
    var screensaverInhibited = false
    /// Windowed: frames presented, frames skipped (nothing changed) and pixels sent.
    var presented = (frames: 0, skipped: 0, pixels: 0)
}

/// The frame loop's state (GameApp+Loop): which frame it is on, whether it must draw, how
/// still the screen is, and the frame times reported at quit.
@MainActor
struct FrameLoop {
    /// Which frame the loop is on (headless: time = frame / 60).
    var frame = 0
    /// Set when an event arrived: the windowed loop redraws even if nothing animates.
    var dirty = true
    /// Windowed: frames in a row that changed nothing, and steps not drawn since the last frame.
    var stillFrames = 0
    var skippedSteps = 0
    /// Windowed: a press, a key or a window change was read since the last frame, so the
    /// next one is drawn without waiting for the pace (`FramePacer`). Input is not read
    /// during the pace's sleep: one that comes then waits for its end, at most 1/30 s.
    var answerNow = false
    /// The pace of the last frame drawn (how long the interval to the next may be).
    var lastPace = FramePace.smooth
    /// Windowed: how long each drawn frame's work took (update, draw, present), in ms.
    var frameTimes: [Double] = []
    /// Windowed: the longest ms between consecutive presented frames while something moves
    /// (only the longest is reported; the late ones are counted in `lateFrames`).
    var maxIntervalMs = 0.0
    /// Frames presented later than one and a half intervals of their pace after the one before.
    var lateFrames = 0
    /// Frames presented at the calm pace, and the seconds since the frame before each.
    var calmFrames = 0
    var calmSeconds = 0.0
    var lastPresent: Double?
}

/// What went wrong playing a script.
struct ScriptOutcome {
    /// A screenshot that could not be written (a full disk, a folder in the way): said, and
    /// the run's exit status is 1.
    var failedScreenshot = false
    var anyScreenshotFailed = false
    /// A script line could not be played (`tap-item` with an id not on the screen): exit 2.
    var scriptFailed = false
}
