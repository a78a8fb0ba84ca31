import GameCore
import Settings
import Scenes
import Storage
import SystemIO

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
        case .games, .levels, .sets:
            let example = spec.kind == .games ? "[\"memory\", \"balloons\"]" : spec.kind == .sets ? "[\"animals\", \"fruit\"]" : "[\"easy\", \"medium\"]"
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
        case .connection:
            guard case .string(let s) = scalar else {
                return .failure("\(key) must be a quoted libpq connection string such as \"host=school-server dbname=kidsjoy user=kiosk\", got '\(TextEscaping.escaped(raw))'")
            }
            return check(spec, .text(s))
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

    /// A `postgresql://user:secret@host/db` URI carries a password.
    static func uriHasPassword(_ s: String) -> Bool {
        guard let colon = s.firstIndex(of: ":"), s[colon...].hasPrefix("://") else { return false }
        let rest = s[s.index(colon, offsetBy: 3)...]
        guard let at = rest.firstIndex(of: "@") else { return false }
        return rest[..<at].contains(":")
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
        case (.sets, .list(let list)):
            // Ids are checked against the sets found when the game starts.
            let bad = list.filter { !SetManifest.isValidID($0) }
            guard bad.isEmpty else {
                return .failure("\(key): \(bad.map { "'\(TextEscaping.escaped($0))'" }.joined(separator: ", ")) is not a set id (a-z, 0-9, '-' and '_')")
            }
            return noRepeats(key, list).map { _ in value }
        case (.games, .list(let list)):
            // Ids are checked against the registry when the game starts (a fourth game may be known).
            return noRepeats(key, list).map { _ in value }
        case (.connection, .text(let s)):
            // A password in the file would be readable by whoever reads the config: libpq's
            // ~/.pgpass, passfile= or PGPASSWORD keep it (docs/schools.md, "The school's server").
            if s.containsText("password=") || Self.uriHasPassword(s) {
                return .failure("\(key): keep the password out of the config file (use ~/.pgpass, passfile= or PGPASSWORD)")
            }
            return s.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) ? .success(value) : .failure("\(key) must be one line of printable text")
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

    static func noRepeats(_ key: SettingKey, _ list: [String]) -> Result<Void, SettingProblem> {
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
