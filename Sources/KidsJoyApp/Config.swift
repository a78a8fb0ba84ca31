import GameCore
import Scenes

/// Settings from config files (a small TOML subset: `key = value` lines, `#` comments,
/// booleans, numbers and quoted strings). Every key is optional; later layers override.
public struct ConfigValues: Equatable, Sendable {
    public var fullscreen: Bool?
    public var kiosk: Bool?
    public var mute: Bool?
    public var volume: Double?
    public var dataDir: String?
    public var voice: Bool?
    public var language: String?
    /// Sound effects on or off (spoken lines are `voice`).
    public var effects: Bool?
    /// Children's profiles (the picker, `--profile`) on or off.
    public var profiles: Bool?
    /// The games Home shows, by id, in order.
    public var games: [String]?
    /// The levels Home shows.
    public var levels: [String]?
    public var relaxed: Bool?
    /// A session limit, 5 to 120 minutes.
    public var sessionMinutes: Int?
    /// A numeric PIN the adult gate asks for.
    public var gatePIN: String?
    /// Keys a system file's `[locked]` table set: no later layer, flag or the corner
    /// changes them.
    public var locked: Set<String> = []
    /// Where each locked key was locked (for messages).
    public var lockedBy: [String: String] = [:]
    /// `reduced-motion`: no confetti or shaking, shorter flips and glides.
    public var reducedMotion: Bool?
    /// `switch`: one-switch scanning, seconds a step (0: off; `true` is 1.5 s).
    public var switchScan: Double?
    public init() {}

    /// `other`'s values win where it has them, except for keys already locked.
    public func overridden(by other: ConfigValues) -> ConfigValues {
        var out = self
        func take<T>(_ key: String, _ path: WritableKeyPath<ConfigValues, T?>) {
            if let v = other[keyPath: path], !locked.contains(key) { out[keyPath: path] = v }
        }
        take("fullscreen", \.fullscreen)
        take("kiosk", \.kiosk)
        take("mute", \.mute)
        take("volume", \.volume)
        take("data-dir", \.dataDir)
        take("voice", \.voice)
        take("language", \.language)
        take("effects", \.effects)
        take("profiles", \.profiles)
        take("games", \.games)
        take("levels", \.levels)
        take("relaxed", \.relaxed)
        take("session-minutes", \.sessionMinutes)
        take("gate-pin", \.gatePIN)
        take("reduced-motion", \.reducedMotion)
        take("switch", \.switchScan)
        return out
    }

    /// Whether `key` has a value in these values.
    func has(_ key: String) -> Bool {
        switch key {
        case "fullscreen": return fullscreen != nil
        case "kiosk": return kiosk != nil
        case "mute": return mute != nil
        case "volume": return volume != nil
        case "data-dir": return dataDir != nil
        case "voice": return voice != nil
        case "language": return language != nil
        case "effects": return effects != nil
        case "profiles": return profiles != nil
        case "games": return games != nil
        case "levels": return levels != nil
        case "relaxed": return relaxed != nil
        case "session-minutes": return sessionMinutes != nil
        case "gate-pin": return gatePIN != nil
        case "reduced-motion": return reducedMotion != nil
        case "switch": return switchScan != nil
        default: return false
        }
    }
}

/// Reads config files. A bad line is reported with its file and line and skipped; the
/// rest of the file still counts, and the game always starts.
public enum ConfigFile {
    public static let keys = ["fullscreen", "kiosk", "mute", "volume", "data-dir", "voice", "language", "effects", "profiles",
                              "games", "levels", "relaxed", "session-minutes", "gate-pin",
                              "reduced-motion", "switch"]

    /// Reads a file's text. In a system file (`system`), keys under `[locked]` are set and
    /// locked; a user's file may not lock (its `[locked]` keys are read as plain settings,
    /// with a message).
    public static func parse(_ text: String, file: String, system: Bool = false) -> (ConfigValues, [String]) {
        var values = ConfigValues()
        var problems: [String] = []
        var inLocked = false
        for (index, raw) in TextFile.lines(text).enumerated() {
            let where_ = "\(file):\(index + 1)"
            let line = stripComment(String(raw)).trimmingWhitespace()
            if line.isEmpty { continue }
            if line.hasPrefix("[") {
                if line == "[locked]" {
                    inLocked = true
                    if !system { problems.append("\(where_): only a system file (/etc) may lock settings; the keys under [locked] count as plain settings here") }
                } else if line == "[kids-joy-center]" {
                    inLocked = false
                } else {
                    problems.append("\(where_): unknown section \(line) (only [kids-joy-center], [locked] or none)")
                }
                continue
            }
            guard let eq = line.firstIndex(of: "=") else {
                problems.append("\(where_): expected 'key = value', got '\(line)'")
                continue
            }
            let key = line[..<eq].trimmingWhitespace().replacingEvery("_", with: "-")
            let value = line[line.index(after: eq)...].trimmingWhitespace()
            let before = values.has(key)
            defer {
                if inLocked && system && keys.contains(key) && (values.has(key) || before) {
                    values.locked.insert(key)
                    values.lockedBy[key] = file
                }
            }
            switch key {
            case "fullscreen", "kiosk", "mute", "voice", "effects", "profiles", "relaxed", "reduced-motion":
                guard let b = bool(value) else { problems.append("\(where_): \(key) must be true or false, got '\(value)'"); continue }
                switch key {
                case "fullscreen": values.fullscreen = b
                case "kiosk": values.kiosk = b
                case "mute": values.mute = b
                case "effects": values.effects = b
                case "profiles": values.profiles = b
                case "relaxed": values.relaxed = b
                case "reduced-motion": values.reducedMotion = b
                default: values.voice = b
                }
            case "games", "levels":
                guard let list = stringList(value), !list.isEmpty else {
                    problems.append("\(where_): \(key) must be a list such as \(key == "games" ? "[\"memory\", \"balloons\"]" : "[\"easy\", \"medium\"]"), got '\(TextEscaping.escaped(value))'"); continue
                }
                if key == "levels" {
                    let unknown = list.filter { Level(rawValue: $0) == nil }
                    guard unknown.isEmpty else {
                        problems.append("\(where_): levels: unknown level \(unknown.map { "'\(TextEscaping.escaped($0))'" }.joined(separator: ", ")) (known: easy, medium, hard)"); continue
                    }
                    values.levels = list
                } else {
                    // Ids are checked against the registry when the game starts (a fourth game may be known).
                    values.games = list
                }
            case "switch":
                // One-switch scanning: false (off), true (1.5 s a step) or the seconds a step.
                if let b = bool(value) {
                    values.switchScan = b ? 1.5 : 0
                } else if let v = TextEscaping.number(value), v.isFinite, v >= 0.8, v <= 4 {
                    values.switchScan = v
                } else {
                    problems.append("\(where_): switch must be true, false or the seconds of a step from 0.8 to 4, got '\(TextEscaping.escaped(value))'"); continue
                }
            case "session-minutes":
                // 0 is no limit (the shipped /etc file's default).
                guard let n = Int(value), n == 0 || (5...120).contains(n) else {
                    problems.append("\(where_): session-minutes must be a whole number from 5 to 120 (0: no limit), got '\(TextEscaping.escaped(value))'"); continue
                }
                values.sessionMinutes = n
            case "gate-pin":
                let pin = string(value) ?? value
                // "" is no PIN (the shipped /etc file's default).
                guard pin.isEmpty || ((4...8).contains(pin.count) && pin.allSatisfy({ $0.isASCII && $0.isNumber })) else {
                    problems.append("\(where_): gate-pin must be 4 to 8 digits, such as \"2580\" (\"\": none)"); continue
                }
                values.gatePIN = pin
            case "volume":
                // TESTING decision 5: volume (0-100), a percentage. A fraction from 0.0 to 1.0
                // is still read when written with a decimal point (`0.8`); `1.5` is neither
                // (it once meant 1.5% in silence) and is refused.
                guard let v = TextEscaping.number(value), v.isFinite, v >= 0, v <= 100, !value.contains("e"), !value.contains("E") else {
                    problems.append("\(where_): volume must be a whole number from 0 to 100 (percent), or a fraction from 0.0 to 1.0, got '\(TextEscaping.escaped(value))'"); continue
                }
                if value.contains(".") {
                    guard v <= 1 else {
                        problems.append("\(where_): volume must be a whole number from 0 to 100 (percent), or a fraction from 0.0 to 1.0, got '\(TextEscaping.escaped(value))'"); continue
                    }
                    values.volume = v
                } else {
                    values.volume = v / 100
                }
            case "data-dir":
                guard let s = string(value), !s.isEmpty else { problems.append("\(where_): data-dir must be a quoted path, got '\(value)'"); continue }
                values.dataDir = DataDirectory.expandingHome(s)
            case "language":
                guard let s = string(value) ?? (value.isEmpty ? nil : value), let code = Language.code(s) else {
                    problems.append("\(where_): language: \(Language.unknown(value))"); continue
                }
                values.language = code
            default:
                problems.append("\(where_): unknown key '\(key)' (known: \(keys.joined(separator: ", ")))")
            }
        }
        // The lines are the user's: a NUL or CR in them is shown escaped.
        return (values, problems.map { TextEscaping.escaped($0) })
    }

    /// Loads one file if it exists: nil when missing.
    public static func load(_ path: String, system: Bool = false) -> (ConfigValues, [String])? {
        guard SystemFiles.exists(path) else { return nil }
        guard let data = SystemFiles.read(path) else {
            return (ConfigValues(), ["\(path): cannot be read; using defaults"])
        }
        // CRLF and bytes that are not UTF-8 never void the file: the bad bytes are read as
        // U+FFFD, their lines reported, and every line still counts.
        let (text, badLines) = TextFile.decode(Array(data), file: path)
        let (values, problems) = parse(text, file: path, system: system)
        return (values, badLines + problems)
    }

    /// The layers: built-in defaults, the system file, then the user's file (or `--config`).
    public static func layered(systemPath: String = "/etc/kids-joy-center/config.toml", userPath: String?,
                               explicitPath: String?) -> (ConfigValues, [String]) {
        layered(systemPaths: [systemPath], userPath: userPath, explicitPath: explicitPath)
    }

    /// The layers (TESTING decision 5), later wins: the system files in `systemPaths` order
    /// (see `systemPaths`), then the user's file or `--config`. A system file's `[locked]`
    /// keys win over every later layer: once locked, a key keeps its value.
    public static func layered(systemPaths: [String], userPath: String?, explicitPath: String?) -> (ConfigValues, [String]) {
        var values = ConfigValues()
        var problems: [String] = []
        if let explicitPath, !SystemFiles.exists(explicitPath) {
            problems.append("--config: \(explicitPath) does not exist; using defaults")
        }
        var layers = systemPaths.map { ($0, true) }
        if let user = explicitPath ?? userPath { layers.append((user, false)) }
        for (path, system) in layers {
            guard let (v, p) = load(path, system: system) else { continue }
            let lockedBefore = values.locked
            values = values.overridden(by: v)
            problems += p
            for key in v.locked where !lockedBefore.contains(key) {
                values.locked.insert(key)
                values.lockedBy[key] = path
            }
            for key in keys where lockedBefore.contains(key) && v.has(key) {
                problems.append("\(path): \(key) is locked by \(values.lockedBy[key] ?? "a system file"); this file's value is not used")
            }
        }
        return (values, problems.map { TextEscaping.escaped($0) })
    }

    /// The system files, in layer order (later wins): /etc/kids-joy-center/config.toml, then
    /// each `$XDG_CONFIG_DIRS/kids-joy-center/config.toml` (default /etc/xdg), the last
    /// listed first, so that the first directory listed wins among them. `root` prefixes
    /// every path (tests never touch the real /etc).
    public static func systemPaths(environment: [String: String] = SystemFiles.environment, root: String = "") -> [String] {
        var dirs = (environment["XDG_CONFIG_DIRS"] ?? "").split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        if dirs.isEmpty { dirs = ["/etc/xdg"] }
        var seen = Set<String>()
        dirs = dirs.filter { seen.insert($0).inserted }
        return [root + "/etc/kids-joy-center/config.toml"] + dirs.reversed().map { root + $0 + "/kids-joy-center/config.toml" }
    }

    public static func userConfigPath(environment: [String: String] = SystemFiles.environment) -> String {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") { return xdg + "/kids-joy-center/config.toml" }
        return DataDirectory.home(environment) + "/.config/kids-joy-center/config.toml"
    }

    private static func stripComment(_ line: String) -> String {
        var inString: Character? = nil
        for (i, c) in line.enumerated() {
            if let q = inString { if c == q { inString = nil } }
            else if c == "\"" || c == "'" { inString = c }
            else if c == "#" { return String(line.prefix(i)) }
        }
        return line
    }

    /// A TOML list of quoted strings: `["memory", "sorting"]`.
    static func stringList(_ s: String) -> [String]? {
        guard s.hasPrefix("["), s.hasSuffix("]") else { return nil }
        let inner = s.dropFirst().dropLast().trimmingWhitespace()
        if inner.isEmpty { return [] }
        var items: [String] = []
        for part in inner.split(separator: ",", omittingEmptySubsequences: false) {
            let item = part.trimmingWhitespace()
            if item.isEmpty { continue } // a trailing comma
            guard let text = string(item) else { return nil }
            items.append(text)
        }
        return items
    }

    private static func bool(_ s: String) -> Bool? {
        switch s { case "true": return true; case "false": return false; default: return nil }
    }

    private static func string(_ s: String) -> String? {
        guard s.count >= 2, let first = s.first, first == s.last, first == "\"" || first == "'" else { return nil }
        let inner = String(s.dropFirst().dropLast())
        guard first == "\"" else { return inner }
        return inner.replacingEvery("\\\\", with: "\u{0}").replacingEvery("\\\"", with: "\"").replacingEvery("\u{0}", with: "\\")
    }
}

/// What the command line said about the settings that config files can also set.
public struct CommandLineChoices: Sendable {
    public var fullscreen = false
    public var windowed = false
    public var kiosk = false
    public var mute = false
    public var dataDir: String?
    public var voice: Bool?
    public var language: String?
    public init() {}
}

extension AppOptions {
    /// Layers the command line over the config files over the defaults. A key a system file
    /// locked keeps its value whatever the flags say; answers a message for each flag that
    /// was overruled that way.
    @discardableResult
    public mutating func apply(config: ConfigValues, commandLine cli: CommandLineChoices) -> [String] {
        var notes: [String] = []
        let locked = config.locked
        func overruled(_ flag: String, _ key: String) {
            notes.append("\(flag) is not used: \(key) is locked by \(config.lockedBy[key] ?? "a system file")")
        }
        if locked.contains("kiosk") {
            kiosk = config.kiosk ?? false
            if cli.kiosk && !kiosk { overruled("--kiosk", "kiosk") }
        } else {
            kiosk = cli.kiosk || (config.kiosk ?? false)
        }
        if locked.contains("fullscreen") {
            fullscreen = (config.fullscreen ?? false) || kiosk
            if cli.windowed && fullscreen { overruled("--windowed", "fullscreen") }
            if cli.fullscreen && !fullscreen { overruled("--fullscreen", "fullscreen") }
        } else if cli.windowed && !(locked.contains("kiosk") && kiosk) { fullscreen = false }
        else if cli.fullscreen { fullscreen = true }
        else { fullscreen = (config.fullscreen ?? false) || kiosk }
        if locked.contains("mute") {
            mute = config.mute ?? false
            if cli.mute && !mute { overruled("--mute", "mute") }
        } else {
            mute = cli.mute || (config.mute ?? false)
        }
        volume = config.volume ?? 1
        if locked.contains("data-dir") {
            dataDir = config.dataDir
            if cli.dataDir != nil && cli.dataDir != dataDir { overruled("--data-dir", "data-dir") }
        } else {
            dataDir = cli.dataDir ?? config.dataDir
        }
        voice = config.voice ?? true
        if locked.contains("language") {
            language = config.language
            if cli.language != nil && cli.language != language { overruled("--language", "language") }
        } else {
            language = cli.language ?? config.language
        }
        effects = config.effects ?? true
        profiles = config.profiles ?? true
        if locked.contains("profiles") && !profiles && profile != nil {
            overruled("--profile", "profiles")
            profile = nil
        }
        relaxed = config.relaxed ?? false
        games = config.games
        levels = config.levels?.compactMap(Level.init(rawValue:))
        sessionMinutes = config.sessionMinutes.flatMap { $0 == 0 ? nil : $0 }
        gatePIN = config.gatePIN.flatMap { $0.isEmpty ? nil : $0 }
        self.locked = locked
        // A locked language is fixed like --language: the remembered choice does not change it.
        languageFixed = cli.language != nil || locked.contains("language")
        return notes
    }
}

/// Text files written by people (config files, scripts): any line ending, any bytes.
public enum TextFile {
    /// Decodes UTF-8 leniently: a byte that is not UTF-8 becomes U+FFFD, and each line
    /// holding one is reported as `file:line`. A leading byte-order mark is dropped.
    public static func decode(_ bytes: [UInt8], file: String) -> (text: String, problems: [String]) {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        var problems: [String] = []
        for (index, line) in body.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated()
        where String(validating: line, as: UTF8.self) == nil {
            problems.append("\(file):\(index + 1): bytes that are not UTF-8 text (read as \u{FFFD})")
        }
        return (String(decoding: body, as: UTF8.self), problems)
    }

    /// The lines of `text`, split at LF and CRLF (Swift sees "\r\n" as one character, so a
    /// plain split at "\n" never splits a Windows file).
    public static func lines(_ text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
    }
}
