import Glibc
import GameCore
import Scenes
import Storage
import SystemIO

/// Settings from config files (a small TOML subset: `key = value` lines, `#` comments,
/// booleans, numbers, quoted strings and lists of them). Every key is optional; later layers
/// override. The keys, their kinds and ranges are SettingsTable's.
public struct ConfigValues: Equatable, Sendable {
    /// Each key's value, as SettingsTable's kind reads it.
    public var values: [String: SettingValue] = [:]
    /// Keys a trusted system file's `[locked]` table set: no later layer, flag, remembered
    /// choice or on-screen control changes them.
    public var locked: Set<String> = []
    /// Where each locked key was locked (for messages).
    public var lockedBy: [String: String] = [:]
    public init() {}

    public subscript(key: String) -> SettingValue? {
        get { values[key] }
        set { values[key] = newValue }
    }

    // Typed views of the table's keys.
    public var fullscreen: Bool? { get { values["fullscreen"]?.bool } set { values["fullscreen"] = newValue.map(SettingValue.bool) } }
    public var kiosk: Bool? { get { values["kiosk"]?.bool } set { values["kiosk"] = newValue.map(SettingValue.bool) } }
    public var mute: Bool? { get { values["mute"]?.bool } set { values["mute"] = newValue.map(SettingValue.bool) } }
    /// A fraction from 0 to 1.
    public var volume: Double? { get { values["volume"]?.number } set { values["volume"] = newValue.map(SettingValue.number) } }
    public var dataDir: String? { get { values["data-dir"]?.text } set { values["data-dir"] = newValue.map(SettingValue.text) } }
    public var voice: Bool? { get { values["voice"]?.bool } set { values["voice"] = newValue.map(SettingValue.bool) } }
    public var language: String? { get { values["language"]?.text } set { values["language"] = newValue.map(SettingValue.text) } }
    public var effects: Bool? { get { values["effects"]?.bool } set { values["effects"] = newValue.map(SettingValue.bool) } }
    public var profiles: Bool? { get { values["profiles"]?.bool } set { values["profiles"] = newValue.map(SettingValue.bool) } }
    public var games: [String]? { get { values["games"]?.list } set { values["games"] = newValue.map(SettingValue.list) } }
    public var levels: [String]? { get { values["levels"]?.list } set { values["levels"] = newValue.map(SettingValue.list) } }
    public var relaxed: Bool? { get { values["relaxed"]?.bool } set { values["relaxed"] = newValue.map(SettingValue.bool) } }
    public var grow: Bool? { get { values["grow"]?.bool } set { values["grow"] = newValue.map(SettingValue.bool) } }
    /// 0 is no limit.
    public var sessionMinutes: Int? { get { values["session-minutes"]?.int } set { values["session-minutes"] = newValue.map(SettingValue.int) } }
    /// "" is no PIN.
    public var gatePIN: String? { get { values["gate-pin"]?.text } set { values["gate-pin"] = newValue.map(SettingValue.text) } }
    public var reducedMotion: Bool? { get { values["reduced-motion"]?.bool } set { values["reduced-motion"] = newValue.map(SettingValue.bool) } }
    /// `switch`: one-switch scanning, seconds a step (0: off; `true` is 1.5 s).
    public var switchScan: Double? { get { values["switch"]?.number } set { values["switch"] = newValue.map(SettingValue.number) } }

    /// `other`'s values win where it has them, except for keys already locked.
    public func overridden(by other: ConfigValues) -> ConfigValues {
        var out = self
        for (key, value) in other.values where !locked.contains(key) { out.values[key] = value }
        return out
    }

    /// Whether `key` has a value in these values.
    func has(_ key: String) -> Bool { values[key] != nil }
}

/// Why a setting's value is not used (a message for the user).
struct SettingProblem: Error, CustomStringConvertible, ExpressibleByStringInterpolation {
    let message: String
    init(_ message: String) { self.message = message }
    init(stringLiteral value: String) { message = value }
    init(stringInterpolation: DefaultStringInterpolation) { message = String(stringInterpolation: stringInterpolation) }
    var description: String { message }
}

/// How each kind of setting is read and checked: the same rules for a config file, the
/// command line and settings.json (only the spelling of the value differs).
enum SettingReader {
    /// A config file's value text (TOML: quoted or not) for `spec`; the message names the key.
    static func config(_ spec: SettingSpec, _ raw: String) -> Result<SettingValue, SettingProblem> {
        let key = spec.key
        let scalar: TOMLScalar
        switch TOMLScalar.read(raw) {
        case .success(let s): scalar = s
        case .failure(let why): return .failure("\(key): \(why)")
        }
        switch spec.kind {
        case .bool:
            guard case .bare(let word) = scalar, let b = bool(word) else { return .failure("\(key) must be true or false, got '\(raw)'") }
            return .success(.bool(b))
        case .games, .levels:
            let example = spec.kind == .games ? "[\"memory\", \"balloons\"]" : "[\"easy\", \"medium\"]"
            guard case .list(let list) = scalar, !list.isEmpty else {
                return .failure("\(key) must be a list such as \(example), got '\(TextEscaping.escaped(raw))'")
            }
            return check(spec, .list(list))
        case .seconds(let range, let whenTrue):
            if case .bare(let word) = scalar, let b = bool(word) { return .success(.number(b ? whenTrue : 0)) }
            guard case .bare(let word) = scalar, let v = TextEscaping.number(word), v.isFinite, range.contains(v) else {
                return .failure("\(key) must be true, false or the seconds of a step from \(short(range.lowerBound)) to \(short(range.upperBound)), got '\(TextEscaping.escaped(raw))'")
            }
            return .success(.number(v))
        case .minutes(let range):
            guard case .bare(let word) = scalar, let n = Int(word) else {
                return .failure("\(key) must be a whole number from \(range.lowerBound) to \(range.upperBound) (0: no limit), got '\(TextEscaping.escaped(raw))'")
            }
            return check(spec, .int(n))
        case .pin:
            let pin: String
            switch scalar { case .string(let s), .bare(let s): pin = s; case .list: pin = raw }
            return check(spec, .text(pin))
        case .volume:
            // TESTING decision 5: volume (0-100), a percentage. A fraction from 0.0 to 1.0
            // is still read when written with a decimal point (`0.8`); `1.5` is neither
            // (it once meant 1.5% in silence) and is refused.
            let message: SettingProblem = "\(key) must be a whole number from 0 to 100 (percent), or a fraction from 0.0 to 1.0, got '\(TextEscaping.escaped(raw))'"
            guard case .bare(let word) = scalar, let v = TextEscaping.number(word), v.isFinite, v >= 0, v <= 100,
                  !word.contains("e"), !word.contains("E") else { return .failure(message) }
            if word.contains(".") {
                guard v <= 1 else { return .failure(message) }
                return .success(.number(v))
            }
            return .success(.number(v / 100))
        case .path:
            guard case .string(let s) = scalar, !s.isEmpty else { return .failure("\(key) must be a quoted path, got '\(raw)'") }
            return check(spec, .text(DataDirectory.expandingHome(s)))
        case .language:
            let word: String
            switch scalar { case .string(let s), .bare(let s): word = s; case .list: word = raw }
            guard !word.isEmpty, let code = Language.code(word) else { return .failure("\(key): \(Language.unknown(raw))") }
            return .success(.text(code))
        }
    }

    /// A command-line value (`--switch 2`, `--data-dir DIR`) for `spec`; nil: fine as typed.
    static func commandLine(_ spec: SettingSpec, flag: SettingFlag, _ text: String) -> Result<SettingValue, SettingProblem> {
        switch spec.kind {
        case .seconds(let range, _):
            guard let s = Double(text), s.isFinite, range.contains(s) else {
                return .failure("--\(flag.name): the step must be a number of seconds from \(short(range.lowerBound)) to \(short(range.upperBound)), got '\(text)'")
            }
            return .success(.number(s))
        case .language:
            guard let code = Language.code(text) else { return .failure("--\(flag.name): \(Language.unknown(text))") }
            return .success(.text(code))
        case .path:
            return .success(.text(text))
        default:
            return check(spec, .text(text)).mapError { "--\(flag.name): \($0)" }
        }
    }

    /// The range and shape checks every layer shares (a value from settings.json is checked
    /// here too: a bad one is ignored with a message, never made the gate impossible).
    static func check(_ spec: SettingSpec, _ value: SettingValue) -> Result<SettingValue, SettingProblem> {
        let key = spec.key
        switch (spec.kind, value) {
        case (.bool, .bool): return .success(value)
        case (.minutes(let range), .int(let n)):
            // 0 is no limit (the shipped /etc file's default).
            guard n == 0 || range.contains(n) else {
                return .failure("\(key) must be a whole number from \(range.lowerBound) to \(range.upperBound) (0: no limit), got '\(n)'")
            }
            return .success(value)
        case (.pin(let digits), .text(let pin)):
            // "" is no PIN (the shipped /etc file's default).
            guard pin.isEmpty || (digits.contains(pin.count) && pin.allSatisfy({ $0.isASCII && $0.isNumber })) else {
                return .failure("\(key) must be \(digits.lowerBound) to \(digits.upperBound) digits, such as \"2580\" (\"\": none)")
            }
            return .success(value)
        case (.levels, .list(let list)):
            let unknown = list.filter { Level(rawValue: $0) == nil }
            guard unknown.isEmpty else {
                return .failure("\(key): unknown level \(unknown.map { "'\(TextEscaping.escaped($0))'" }.joined(separator: ", ")) (known: easy, medium, hard)")
            }
            return noRepeats(key, list).map { _ in value }
        case (.games, .list(let list)):
            // Ids are checked against the registry when the game starts (a fourth game may be known).
            return noRepeats(key, list).map { _ in value }
        case (.path, .text(let s)):
            return s.isEmpty ? .failure("\(key) must be a path") : .success(value)
        case (.language, .text(let s)):
            return Language.code(s).map { .success(.text($0)) } ?? .failure("\(key): \(Language.unknown(s))")
        case (.seconds(let range, _), .number(let v)):
            return v == 0 || range.contains(v) ? .success(value) : .failure("\(key) must be 0 or from \(short(range.lowerBound)) to \(short(range.upperBound)) seconds")
        case (.volume, .number(let v)):
            return v >= 0 && v <= 1 ? .success(value) : .failure("\(key) must be from 0 to 1")
        default:
            return .failure("\(key) has a value of the wrong kind")
        }
    }

    static func noRepeats(_ key: String, _ list: [String]) -> Result<Void, SettingProblem> {
        var seen = Set<String>()
        let twice = list.filter { !seen.insert($0).inserted }
        guard twice.isEmpty else { return .failure("\(key): \(twice.map { "'\(TextEscaping.escaped($0))'" }.joined(separator: ", ")) listed twice") }
        return list.isEmpty ? .failure("\(key): an empty list") : .success(())
    }

    static func bool(_ s: String) -> Bool? {
        switch s { case "true": return true; case "false": return false; default: return nil }
    }

    /// 4.0 → "4", 0.8 → "0.8".
    static func short(_ d: Double) -> String { d == d.rounded() ? String(Int(d)) : String(d) }
}

/// A TOML value as the config files write it: a quoted string (basic, with escapes, or
/// literal), a list of quoted strings, or a bare word (true, 80, 0.8, pt_BR).
enum TOMLScalar: Equatable {
    case string(String), list([String]), bare(String)

    static func read(_ raw: String) -> Result<TOMLScalar, SettingProblem> {
        let chars = Array(raw)
        guard let first = chars.first else { return .success(.bare("")) }
        if first == "\"" || first == "'" {
            switch quoted(chars, from: 0) {
            case .failure(let why): return .failure(why)
            case .success(let (text, end)):
                guard end == chars.count else { return .failure("unexpected text after the closing quote: '\(TextEscaping.escaped(String(chars[end...])))'") }
                return .success(.string(text))
            }
        }
        if first == "[" {
            guard chars.last == "]" else { return .success(.bare(raw)) }
            var items: [String] = []
            var i = 1
            let end = chars.count - 1
            while true {
                while i < end, chars[i] == " " || chars[i] == "\t" { i += 1 }
                if i >= end { break }
                guard chars[i] == "\"" || chars[i] == "'" else { return .success(.bare(raw)) }
                switch quoted(chars, from: i) {
                case .failure(let why): return .failure(why)
                case .success(let (text, next)):
                    items.append(text)
                    i = next
                }
                while i < end, chars[i] == " " || chars[i] == "\t" { i += 1 }
                if i >= end { break }
                guard chars[i] == "," else { return .success(.bare(raw)) }
                i += 1 // a trailing comma is fine
            }
            return .success(.list(items))
        }
        return .success(.bare(raw))
    }

    /// The string that starts at `start` (a quote) and the index after its closing quote.
    static func quoted(_ chars: [Character], from start: Int) -> Result<(String, Int), SettingProblem> {
        let quote = chars[start]
        var out = ""
        var i = start + 1
        while i < chars.count {
            let c = chars[i]
            if c == quote { return .success((out, i + 1)) }
            if c == "\\" && quote == "\"" {
                guard i + 1 < chars.count else { break }
                let e = chars[i + 1]
                i += 2
                switch e {
                case "\"": out.append("\"")
                case "\\": out.append("\\")
                case "n": out.append("\n")
                case "t": out.append("\t")
                case "r": out.append("\r")
                case "b": out.append("\u{8}")
                case "f": out.append("\u{C}")
                case "u", "U":
                    let n = e == "u" ? 4 : 8
                    guard i + n <= chars.count, let v = UInt32(String(chars[i..<i + n]), radix: 16), let scalar = Unicode.Scalar(v) else {
                        return .failure("a bad \\\(e) escape in a quoted string")
                    }
                    out.unicodeScalars.append(scalar)
                    i += n
                default: return .failure("an unknown escape '\\\(TextEscaping.escaped(String(e)))' in a quoted string (write \\\\ for a backslash)")
                }
                continue
            }
            out.append(c)
            i += 1
        }
        return .failure("a quoted string is not closed")
    }
}

/// One config file in the layers, and whether its `[locked]` table may lock.
public struct ConfigLayer: Equatable, Sendable {
    public let path: String
    /// A system layer (below the user's file).
    public let system: Bool
    /// Its place may lock (the system config and /etc/xdg, not `$XDG_CONFIG_DIRS` entries a
    /// user set); the file must also be owned by root and not writable by others.
    public let mayLock: Bool
    public init(path: String, system: Bool, mayLock: Bool) { self.path = path; self.system = system; self.mayLock = mayLock }
}

/// Reads config files. A bad line is reported with its file and line and skipped; the
/// rest of the file still counts, and the game always starts.
public enum ConfigFile {
    public static let keys = SettingsTable.keys

    /// Reads a file's text. In a file that may lock (`system`), keys under `[locked]` are
    /// set and locked; in another file its `[locked]` keys are read as plain settings, with
    /// a message.
    public static func parse(_ text: String, file: String, system: Bool = false, whyNoLock: String? = nil) -> (ConfigValues, [String]) {
        var values = ConfigValues()
        var problems: [String] = []
        var inLocked = false
        for (index, raw) in TextFile.lines(text).enumerated() {
            let where_ = "\(file):\(index + 1)"
            let line: String
            switch stripComment(String(raw)) {
            case .success(let l): line = l.trimmingWhitespace()
            case .failure(let why):
                problems.append("\(where_): \(why); the line is not used")
                continue
            }
            if line.isEmpty { continue }
            if line.hasPrefix("[") {
                if line == "[locked]" {
                    inLocked = true
                    if !system { problems.append("\(where_): \(whyNoLock ?? "only a system file (/etc) may lock settings"); the keys under [locked] count as plain settings here") }
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
            guard let spec = SettingsTable.spec(key) else {
                problems.append("\(where_): unknown key '\(key)' (known: \(keys.joined(separator: ", ")))")
                continue
            }
            let before = values.has(key)
            switch SettingReader.config(spec, value) {
            case .success(let v): values[key] = v
            case .failure(let why): problems.append("\(where_): \(why)")
            }
            if inLocked && system && spec.lockable && (values.has(key) || before) {
                values.locked.insert(key)
                values.lockedBy[key] = file
            }
        }
        // The lines are the user's: a NUL or CR in them is shown escaped.
        return (values, problems.map { TextEscaping.escaped($0) })
    }

    /// Loads one file if it exists: nil when missing.
    public static func load(_ path: String, system: Bool = false, whyNoLock: String? = nil) -> (ConfigValues, [String])? {
        guard SystemFiles.exists(path) else { return nil }
        guard let data = SystemFiles.read(path) else {
            return (ConfigValues(), ["\(path): cannot be read; using defaults"])
        }
        // CRLF and bytes that are not UTF-8 never void the file: the bad bytes are read as
        // U+FFFD, their lines reported, and every line still counts.
        let (text, badLines) = TextFile.decode(Array(data), file: path)
        let (values, problems) = parse(text, file: path, system: system, whyNoLock: whyNoLock)
        return (values, badLines + problems)
    }

    /// The layers: built-in defaults, the system file, then the user's file (or `--config`).
    public static func layered(systemPath: String = "/etc/kids-joy-center/config.toml", userPath: String?,
                               explicitPath: String?) -> (ConfigValues, [String]) {
        layered(systemPaths: [systemPath], userPath: userPath, explicitPath: explicitPath)
    }

    /// The layers with `systemPaths` as places that may lock (each file still must be owned by
    /// root and not writable by others).
    public static func layered(systemPaths: [String], userPath: String?, explicitPath: String?) -> (ConfigValues, [String]) {
        layered(layers: systemPaths.map { ConfigLayer(path: $0, system: true, mayLock: true) }, userPath: userPath, explicitPath: explicitPath)
    }

    /// The layers (TESTING decision 5), later wins: the system layers in order (see
    /// `systemLayers`), then the user's file or `--config`. A trusted system file's
    /// `[locked]` keys win over every later layer: once locked, a key keeps its value.
    public static func layered(layers systemLayers: [ConfigLayer], userPath: String?, explicitPath: String?) -> (ConfigValues, [String]) {
        var values = ConfigValues()
        var problems: [String] = []
        if let explicitPath, !SystemFiles.exists(explicitPath) {
            problems.append("--config: \(explicitPath) does not exist; using defaults")
        }
        var layers = systemLayers
        if let user = explicitPath ?? userPath { layers.append(ConfigLayer(path: user, system: false, mayLock: false)) }
        for layer in layers {
            let why = layer.system ? lockRefusal(layer) : nil
            guard let (v, p) = load(layer.path, system: layer.system && why == nil, whyNoLock: why) else { continue }
            let lockedBefore = values.locked
            values = values.overridden(by: v)
            problems += p
            for key in v.locked where !lockedBefore.contains(key) {
                values.locked.insert(key)
                values.lockedBy[key] = layer.path
            }
            for key in keys where lockedBefore.contains(key) && v.has(key) {
                problems.append("\(layer.path): \(key) is locked by \(values.lockedBy[key] ?? "a system file"); this file's value is not used")
            }
        }
        return (values, problems.map { TextEscaping.escaped($0) })
    }

    /// Why a system layer's `[locked]` table does not lock (nil: it does). Issue #28: a lock
    /// counts only in a file a user cannot replace: the system config or /etc/xdg's, owned
    /// by root, not writable by group or others.
    static func lockRefusal(_ layer: ConfigLayer) -> String? {
        guard layer.mayLock else {
            return "a [locked] table counts only in /etc/kids-joy-center/config.toml and /etc/xdg/kids-joy-center/config.toml, not in a $XDG_CONFIG_DIRS folder"
        }
        var info = stat()
        guard stat(layer.path, &info) == 0 else { return "the file cannot be checked" }
        guard info.st_uid == 0 else { return "a [locked] table counts only in a file owned by root" }
        guard info.st_mode & 0o022 == 0 else { return "a [locked] table counts only in a file that only root may write (this one is writable by others)" }
        return nil
    }

    /// The system files, in layer order (later wins): /etc/kids-joy-center/config.toml and
    /// /etc/xdg/kids-joy-center/config.toml (both always read; they may lock), then each
    /// other `$XDG_CONFIG_DIRS/kids-joy-center/config.toml`, the last listed first, so that
    /// the first directory listed wins among them (they add settings, never lock). `root`
    /// prefixes the /etc paths (tests never touch the real /etc).
    public static func systemLayers(environment: [String: String] = SystemFiles.environment, root: String = "") -> [ConfigLayer] {
        let xdg = "/etc/xdg"
        var dirs = (environment["XDG_CONFIG_DIRS"] ?? "").split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        var seen: Set<String> = [xdg]
        dirs = dirs.filter { seen.insert($0).inserted }
        return [ConfigLayer(path: root + "/etc/kids-joy-center/config.toml", system: true, mayLock: true),
                ConfigLayer(path: root + xdg + "/kids-joy-center/config.toml", system: true, mayLock: true)]
            + dirs.reversed().map { ConfigLayer(path: $0 + "/kids-joy-center/config.toml", system: true, mayLock: false) }
    }

    /// The system files' paths, in layer order (see `systemLayers`).
    public static func systemPaths(environment: [String: String] = SystemFiles.environment, root: String = "") -> [String] {
        systemLayers(environment: environment, root: root).map(\.path)
    }

    public static func userConfigPath(environment: [String: String] = SystemFiles.environment) -> String {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") { return xdg + "/kids-joy-center/config.toml" }
        return DataDirectory.home(environment) + "/.config/kids-joy-center/config.toml"
    }

    /// The line without its comment: a `#` inside a quoted string (with its escapes) is text.
    static func stripComment(_ line: String) -> Result<String, SettingProblem> {
        var inString: Character? = nil
        var escaped = false
        for (i, c) in line.enumerated() {
            if let q = inString {
                if escaped { escaped = false } else if c == "\\" && q == "\"" { escaped = true } else if c == q { inString = nil }
            } else if c == "\"" || c == "'" {
                inString = c
            } else if c == "#" {
                return .success(String(line.prefix(i)))
            }
        }
        if inString != nil { return .failure("a quoted string is not closed") }
        return .success(line)
    }

    /// A TOML list of quoted strings: `["memory", "sorting"]`.
    static func stringList(_ s: String) -> [String]? {
        if case .success(.list(let items)) = TOMLScalar.read(s) { return items }
        return nil
    }
}

/// What the command line said about the settings (SettingsTable's flags): each key's value
/// and the flag that gave it.
public struct CommandLineChoices: Sendable {
    public var values: [String: SettingValue] = [:]
    public var flags: [String: String] = [:]
    public init() {}

    /// Sets `key` as flag `--flag` said.
    public mutating func set(_ key: String, _ value: SettingValue, flag: String) {
        values[key] = value
        flags[key] = flag
    }

    private mutating func setFlag(_ key: String, _ on: Bool, _ value: SettingValue, _ flag: String) {
        if on { set(key, value, flag: flag) } else if flags[key] == flag { values[key] = nil; flags[key] = nil }
    }

    // The flags by name (tests and callers that set one).
    public var fullscreen: Bool { get { flags["fullscreen"] == "fullscreen" } set { setFlag("fullscreen", newValue, .bool(true), "fullscreen") } }
    public var windowed: Bool { get { flags["fullscreen"] == "windowed" } set { setFlag("fullscreen", newValue, .bool(false), "windowed") } }
    public var kiosk: Bool { get { values["kiosk"] == .bool(true) } set { setFlag("kiosk", newValue, .bool(true), "kiosk") } }
    public var mute: Bool { get { values["mute"] == .bool(true) } set { setFlag("mute", newValue, .bool(true), "mute") } }
    public var reducedMotion: Bool { get { values["reduced-motion"] == .bool(true) } set { setFlag("reduced-motion", newValue, .bool(true), "reduced-motion") } }
    public var dataDir: String? {
        get { values["data-dir"]?.text }
        set { if let newValue { set("data-dir", .text(newValue), flag: "data-dir") } else { values["data-dir"] = nil } }
    }
    public var language: String? {
        get { values["language"]?.text }
        set { if let newValue { set("language", .text(newValue), flag: "language") } else { values["language"] = nil } }
    }
    public var switchSeconds: Double? {
        get { values["switch"]?.number }
        set { if let newValue { set("switch", .number(newValue), flag: "switch") } else { values["switch"] = nil } }
    }
}

extension AppOptions {
    /// Every layer of every setting, lowest first: SettingsTable's defaults < the config
    /// files (system, then the user's) < what the corner remembered (settings.json) < the
    /// command line. A locked key keeps the value its system file gave, whatever the later
    /// layers say; answers a message for each flag that was overruled that way.
    public static func resolve(config: ConfigValues, remembered: [String: SettingValue] = [:],
                               commandLine cli: CommandLineChoices) -> (values: [String: SettingValue], notes: [String]) {
        var out: [String: SettingValue] = [:]
        var notes: [String] = []
        for spec in SettingsTable.all {
            let key = spec.key
            if config.locked.contains(key) {
                out[key] = config[key] ?? spec.defaultValue
                if let given = cli.values[key], given != out[key] {
                    notes.append("--\(cli.flags[key] ?? key) is not used: \(key) is locked by \(config.lockedBy[key] ?? "a system file")")
                }
                continue
            }
            let fromMemory = spec.remembered ? remembered[key] : nil
            out[key] = cli.values[key] ?? fromMemory ?? config[key] ?? spec.defaultValue
        }
        return (out, notes)
    }

    /// Layers the command line over the remembered choices over the config files over the
    /// defaults (`resolve`), then sets the options from the result. Keeps the layers, so the
    /// app can layer settings.json in once it has read it.
    @discardableResult
    public mutating func apply(config: ConfigValues, remembered: [String: SettingValue] = [:], commandLine cli: CommandLineChoices) -> [String] {
        configLayer = config
        commandLineLayer = cli
        let (v, said) = Self.resolve(config: config, remembered: remembered, commandLine: cli)
        var notes = said
        let locked = config.locked
        kiosk = v["kiosk"]?.bool ?? false
        // Kiosk is fullscreen, unless --windowed (and kiosk is not locked on).
        if locked.contains("fullscreen") {
            fullscreen = (v["fullscreen"]?.bool ?? false) || kiosk
        } else if cli.windowed && !(locked.contains("kiosk") && kiosk) {
            fullscreen = false
        } else if cli.windowed {
            fullscreen = true
            notes.append("--windowed is not used: kiosk is locked by \(config.lockedBy["kiosk"] ?? "a system file")")
        } else if cli.fullscreen {
            fullscreen = true
        } else {
            fullscreen = (v["fullscreen"]?.bool ?? false) || kiosk
        }
        mute = v["mute"]?.bool ?? false
        volume = v["volume"]?.number ?? 1
        dataDir = v["data-dir"]?.text
        voice = v["voice"]?.bool ?? true
        language = v["language"]?.text
        effects = v["effects"]?.bool ?? true
        profiles = v["profiles"]?.bool ?? true
        if locked.contains("profiles") && !profiles && profile != nil {
            notes.append("--profile is not used: profiles is locked by \(config.lockedBy["profiles"] ?? "a system file")")
            profile = nil
        }
        relaxed = v["relaxed"]?.bool ?? false
        grow = v["grow"]?.bool ?? true
        reducedMotion = v["reduced-motion"]?.bool ?? false
        games = v["games"]?.list
        levels = v["levels"]?.list?.compactMap(Level.init(rawValue:))
        sessionMinutes = v["session-minutes"]?.int.flatMap { $0 == 0 ? nil : $0 }
        gatePIN = v["gate-pin"]?.text.flatMap { $0.isEmpty ? nil : $0 }
        switchSeconds = v["switch"]?.number.flatMap { $0 > 0 ? $0 : nil }
        self.locked = locked
        // A locked language is fixed like --language: the remembered choice does not change it.
        languageFixed = cli.language != nil || locked.contains("language")
        return notes
    }
}

extension AppOptions {
    /// Takes what the corner remembered (settings.json), each where SettingsTable puts it:
    /// over the config files, under the command line, never over a lock. The language the
    /// game remembered is taken by `Language.atStart` (in a window only: a script replays
    /// the same everywhere).
    public mutating func applyRemembered(_ remembered: [String: SettingValue]) {
        for spec in SettingsTable.all where spec.remembered && spec.key != "language" {
            guard let value = remembered[spec.key], !locked.contains(spec.key), commandLineLayer.values[spec.key] == nil else { continue }
            switch spec.key {
            case "voice": voice = value.bool ?? voice
            case "effects": effects = value.bool ?? effects
            case "relaxed": relaxed = value.bool ?? relaxed
            case "reduced-motion": reducedMotion = value.bool ?? reducedMotion
            case "grow": grow = value.bool ?? grow
            case "games": games = value.list ?? games
            case "levels": levels = value.list?.compactMap(Level.init(rawValue:)) ?? levels
            case "session-minutes": sessionMinutes = value.int.map { $0 == 0 ? nil : $0 } ?? sessionMinutes
            case "gate-pin": gatePIN = value.text.map { $0.isEmpty ? nil : $0 } ?? gatePIN
            default: break
            }
        }
    }

    /// A corner switch's value in these options.
    public func switchValue(_ key: String) -> Bool {
        switch key {
        case "voice": return voice
        case "effects": return effects
        case "relaxed": return relaxed
        case "reduced-motion": return reducedMotion
        case "grow": return grow
        default: return false
        }
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
