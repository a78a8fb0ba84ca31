import FoundationEssentials
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
    /// `reduced-motion`: no confetti or shaking, shorter flips and glides.
    public var reducedMotion: Bool?
    public init() {}

    /// `other`'s values win where it has them.
    public func overridden(by other: ConfigValues) -> ConfigValues {
        var out = self
        if let v = other.fullscreen { out.fullscreen = v }
        if let v = other.kiosk { out.kiosk = v }
        if let v = other.mute { out.mute = v }
        if let v = other.volume { out.volume = v }
        if let v = other.dataDir { out.dataDir = v }
        if let v = other.voice { out.voice = v }
        if let v = other.language { out.language = v }
        if let v = other.reducedMotion { out.reducedMotion = v }
        return out
    }
}

/// Reads config files. A bad line is reported with its file and line and skipped; the
/// rest of the file still counts, and the game always starts.
public enum ConfigFile {
    public static let keys = ["fullscreen", "kiosk", "mute", "volume", "data-dir", "voice", "language", "reduced-motion"]

    public static func parse(_ text: String, file: String) -> (ConfigValues, [String]) {
        var values = ConfigValues()
        var problems: [String] = []
        for (index, raw) in TextFile.lines(text).enumerated() {
            let where_ = "\(file):\(index + 1)"
            let line = stripComment(String(raw)).trimmingWhitespace()
            if line.isEmpty { continue }
            if line.hasPrefix("[") {
                if line != "[kids-joy-center]" { problems.append("\(where_): unknown section \(line) (only [kids-joy-center] or none)") }
                continue
            }
            guard let eq = line.firstIndex(of: "=") else {
                problems.append("\(where_): expected 'key = value', got '\(line)'")
                continue
            }
            let key = line[..<eq].trimmingWhitespace().replacing("_", with: "-")
            let value = line[line.index(after: eq)...].trimmingWhitespace()
            switch key {
            case "fullscreen", "kiosk", "mute", "voice":
                guard let b = bool(value) else { problems.append("\(where_): \(key) must be true or false, got '\(value)'"); continue }
                switch key {
                case "fullscreen": values.fullscreen = b
                case "kiosk": values.kiosk = b
                case "mute": values.mute = b
                default: values.voice = b
                }
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
            case "reduced-motion":
                guard let b = bool(value) else { problems.append("\(where_): \(key) must be true or false, got '\(value)'"); continue }
                values.reducedMotion = b
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
    public static func load(_ path: String) -> (ConfigValues, [String])? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            return (ConfigValues(), ["\(path): cannot be read; using defaults"])
        }
        // CRLF and bytes that are not UTF-8 never void the file: the bad bytes are read as
        // U+FFFD, their lines reported, and every line still counts.
        let (text, badLines) = TextFile.decode(Array(data), file: path)
        let (values, problems) = parse(text, file: path)
        return (values, badLines + problems)
    }

    /// The layers: built-in defaults, the system file, then the user's file (or `--config`).
    public static func layered(systemPath: String = "/etc/kids-joy-center/config.toml", userPath: String?,
                               explicitPath: String?) -> (ConfigValues, [String]) {
        var values = ConfigValues()
        var problems: [String] = []
        if let explicitPath, !FileManager.default.fileExists(atPath: explicitPath) {
            problems.append("--config: \(explicitPath) does not exist; using defaults")
        }
        for path in [systemPath, explicitPath ?? userPath].compactMap({ $0 }) {
            if let (v, p) = load(path) {
                values = values.overridden(by: v)
                problems += p
            }
        }
        return (values, problems.map { TextEscaping.escaped($0) })
    }

    public static func userConfigPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
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

    private static func bool(_ s: String) -> Bool? {
        switch s { case "true": return true; case "false": return false; default: return nil }
    }

    private static func string(_ s: String) -> String? {
        guard s.count >= 2, let first = s.first, first == s.last, first == "\"" || first == "'" else { return nil }
        let inner = String(s.dropFirst().dropLast())
        guard first == "\"" else { return inner }
        return inner.replacing("\\\\", with: "\u{0}").replacing("\\\"", with: "\"").replacing("\u{0}", with: "\\")
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
    /// Layers the command line over the config files over the defaults.
    public mutating func apply(config: ConfigValues, commandLine cli: CommandLineChoices) {
        kiosk = cli.kiosk || (config.kiosk ?? false)
        if cli.windowed { fullscreen = false }
        else if cli.fullscreen { fullscreen = true }
        else { fullscreen = (config.fullscreen ?? false) || kiosk }
        mute = cli.mute || (config.mute ?? false)
        volume = config.volume ?? 1
        dataDir = cli.dataDir ?? config.dataDir
        voice = config.voice ?? true
        language = cli.language ?? config.language
        languageFixed = cli.language != nil
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
