import GameCore
import TextCatalogs

/// What a setting holds, and so how every layer reads and checks it.
public enum SettingKind: Equatable, Sendable {
    /// `true` or `false`.
    case bool
    /// A volume: a whole percentage 0-100, or a fraction 0.0-1.0 written with a point.
    case volume
    /// A quoted path (`~/` is the home folder).
    case path
    /// A language code (en, es, fr, de, pt-BR, ar, qps) or `auto`.
    case language
    /// A list of game ids, each once.
    case games
    /// A list of levels (easy, medium, hard), each once, at least one.
    case levels
    /// A list of content set ids (issue 44), each once, at least one.
    case sets
    /// Whole minutes in the range, or 0 for none.
    case minutes(ClosedRange<Int>)
    /// A PIN of so many digits, or "" for none.
    case pin(ClosedRange<Int>)
    /// `true` (the default step), `false`, or seconds of a step in the range.
    case seconds(ClosedRange<Double>, whenTrue: Double)
    /// A libpq connection string (`host=... dbname=... user=...`), or "" for none.
    case connection
}

/// A command-line flag of a setting: `--mute` (sets a fixed value) or `--data-dir DIR` (the
/// value as typed, read like the config key's).
public struct SettingFlag: Sendable {
    public enum Completion: Sendable, Equatable { case none, file, directory, words([String]) }
    /// The flag's name without `--` ("": the setting's key, filled in by its row).
    public internal(set) var name: String
    /// The value's name in the help (`DIR`); nil for a flag that sets `sets`.
    public let valueName: String?
    /// The value a plain flag sets.
    public let sets: SettingValue?
    public let help: String
    public var completion: Completion = .none
    /// The flag may stand alone (`--switch`), meaning this value.
    public var alone: String?

    public static func flag(_ name: String, sets: SettingValue = .bool(true), _ help: String) -> SettingFlag {
        SettingFlag(name: name, valueName: nil, sets: sets, help: help)
    }
    public static func option(_ name: String, _ valueName: String, _ help: String, completion: Completion = .none, alone: String? = nil) -> SettingFlag {
        SettingFlag(name: name, valueName: valueName, sets: nil, help: help, completion: completion, alone: alone)
    }
    /// `--KEY`, the setting's own key as the flag's name, setting `sets`.
    public static func keyFlag(sets: SettingValue = .bool(true), _ help: String) -> SettingFlag { flag("", sets: sets, help) }
    /// `--KEY VALUE`, the setting's own key as the option's name.
    public static func keyOption(_ valueName: String, _ help: String, completion: Completion = .none, alone: String? = nil) -> SettingFlag {
        option("", valueName, help, completion: completion, alone: alone)
    }
}

/// One setting, declared once: the command line, the config files, settings.json, the
/// corner and the app's layering all read it from here (docs/developers.md, "Architecture", "Adding a setting"). Its keys are
/// `SettingKey`'s cases; the resolved values of a run are a `Settings` value.
public struct SettingSpec: Sendable {
    /// The config key (also the key in settings.json and in `[locked]`).
    public let key: SettingKey
    public let kind: SettingKind
    /// The built-in default (nil: none, e.g. the data folder's own rule, every game).
    public let defaultValue: SettingValue?
    /// The command-line flags that set it.
    public let flags: [SettingFlag]
    /// Kept in settings.json when changed inside the game (the corner).
    public let remembered: Bool
    /// A system file's `[locked]` table may lock it.
    public let lockable: Bool
    /// The grown-ups' corner shows it as a switch (booleans only); its label and its one-line
    /// explanation are the catalogs' words of its key (`Messages.cornerSwitch`).
    public let corner: Bool
    /// One line for the config file and the manual.
    public let about: String

    init(key: SettingKey, kind: SettingKind, defaultValue: SettingValue?, flags: [SettingFlag], remembered: Bool, lockable: Bool,
         corner: Bool, about: String) {
        self.key = key; self.kind = kind; self.defaultValue = defaultValue; self.remembered = remembered
        self.lockable = lockable; self.corner = corner; self.about = about
        self.flags = flags.map { f in
            var f = f
            if f.name.isEmpty { f.name = key.rawValue }
            return f
        }
    }
}

/// Every setting of the game, in the order the manual and the corner list them.
///
/// Precedence, lowest first: the defaults here < the system config (/etc, then /etc/xdg,
/// then `$XDG_CONFIG_DIRS`) < the user's config (or `--config`) < what the corner
/// remembered (settings.json) < the command line. A key a trusted system file locked
/// (`[locked]`, in a root-owned file not writable by others) wins over all of them, the
/// corner's switches and the top bar's speaker included.
public enum SettingsTable {
    public static let all: [SettingSpec] = [
        SettingSpec(key: .fullscreen, kind: .bool, defaultValue: .bool(false),
                    flags: [.keyFlag("Start fullscreen (F11 toggles)."),
                            .flag("windowed", sets: .bool(false), "Start in a window (overrides a fullscreen setting).")],
                    remembered: false, lockable: true, corner: false, about: "Start full screen (F11 switches at any time)."),
        SettingSpec(key: .kiosk, kind: .bool, defaultValue: .bool(false),
                    flags: [.keyFlag("Kiosk mode: fullscreen, no cursor, quitting only through the adult gate (hold the logo 3 s).")],
                    remembered: false, lockable: true, corner: false,
                    about: "Kiosk mode: full screen, no mouse cursor, quitting only through the adult gate."),
        SettingSpec(key: .mute, kind: .bool, defaultValue: .bool(false),
                    flags: [.keyFlag("Start muted (this run only).")],
                    remembered: false, lockable: true, corner: false,
                    about: "Start muted (the top bar's speaker unmutes, unless locked)."),
        SettingSpec(key: .volume, kind: .volume, defaultValue: .number(1), flags: [],
                    remembered: false, lockable: true, corner: false, about: "Volume, from 0 to 100."),
        SettingSpec(key: .dataDir, kind: .path, defaultValue: nil,
                    flags: [.keyOption("DIR", "Keep high scores and settings in DIR.", completion: .directory)],
                    remembered: false, lockable: true, corner: false, about: "Where high scores, children and settings are kept."),
        SettingSpec(key: .language, kind: .language, defaultValue: nil,
                    flags: [.keyOption("CODE", "Language: \(Languages.codes.joined(separator: ", ")), \(Languages.pseudo) (pseudo) or auto (LANGUAGE, LC_ALL, LC_MESSAGES, LANG). Default: en headless, auto in a window.",
                                    completion: .words(Languages.codes + [Languages.pseudo, "auto"]))],
                    remembered: true, lockable: true, corner: false, about: "Language, or \"auto\"."),
        SettingSpec(key: .voice, kind: .bool, defaultValue: .bool(true), flags: [],
                    remembered: true, lockable: true,
                    corner: true,
                    about: "Spoken words: game names, praise and instructions."),
        SettingSpec(key: .effects, kind: .bool, defaultValue: .bool(true), flags: [],
                    remembered: true, lockable: true,
                    corner: true,
                    about: "Sound effects."),
        SettingSpec(key: .profiles, kind: .bool, defaultValue: .bool(true), flags: [],
                    remembered: false, lockable: true, corner: false, about: "Children's profiles and the \"who's playing\" picker."),
        SettingSpec(key: .games, kind: .games, defaultValue: nil, flags: [],
                    remembered: true, lockable: true, corner: false, about: "The games shown on Home, in this order."),
        SettingSpec(key: .levels, kind: .levels, defaultValue: nil, flags: [],
                    remembered: true, lockable: true, corner: false, about: "The levels offered."),
        SettingSpec(key: .relaxed, kind: .bool, defaultValue: .bool(false), flags: [],
                    remembered: true, lockable: true,
                    corner: true,
                    about: "Relaxed mode: no countdown shown, no losing by waiting, no skull balloon."),
        SettingSpec(key: .reducedMotion, kind: .bool, defaultValue: .bool(false),
                    flags: [.keyFlag("Reduced motion: no confetti or shaking, shorter flips and glides (also a config key).")],
                    remembered: true, lockable: true,
                    corner: true,
                    about: "Reduced motion: no confetti or shaking, shorter flips and glides."),
        SettingSpec(key: .grow, kind: .bool, defaultValue: .bool(true), flags: [],
                    remembered: true, lockable: true,
                    corner: true,
                    about: "Grow with the child: first games relaxed, the next level suggested after three stars."),
        SettingSpec(key: .switchScan, kind: .seconds(0.8...4, whenTrue: 1.5), defaultValue: .number(0),
                    flags: [.keyOption("SECONDS", "One-switch scanning: the focus ring steps by itself every SECONDS (0.8 to 4; '--switch' alone: 1.5) and any key, mouse button or pad button taps what it shows (M, F11 and Escape keep their meaning).",
                                    alone: "1.5")],
                    remembered: false, lockable: true, corner: false,
                    about: "One-switch scanning: true (1.5 s a step), false, or the seconds of a step from 0.8 to 4."),
        SettingSpec(key: .sessionMinutes, kind: .minutes(5...120), defaultValue: .int(0), flags: [],
                    remembered: true, lockable: true, corner: false, about: "Suggest a rest after this many minutes of play; 0 means no limit."),
        SettingSpec(key: .gatePIN, kind: .pin(4...GateRules.maximumDigits), defaultValue: .text(""), flags: [],
                    remembered: true, lockable: true, corner: false, about: "A PIN the adult gate asks for instead of its question; \"\" means none."),
        SettingSpec(key: .server, kind: .connection, defaultValue: .text(""), flags: [],
                    remembered: false, lockable: true, corner: false,
                    about: "The school's PostgreSQL server, as a libpq connection string (\"host=school-server dbname=kidsjoy user=kiosk\"); \"\" means none: the game opens no socket."),
        SettingSpec(key: .sets, kind: .sets, defaultValue: nil, flags: [],
                    remembered: true, lockable: true, corner: false,
                    about: "The content sets Memory and Sorting play (ids, see --describe-sets); none: each game's sets in turn."),
    ]

    /// Every config key, in table order.
    public static let keys: [SettingKey] = all.map(\.key)

    /// A key's row. Every key has one (`SettingsTableTests`).
    public static func spec(_ key: SettingKey) -> SettingSpec { all.first { $0.key == key }! }

    /// The row of a key as written in a file (nil: not a setting).
    public static func spec(named name: String) -> SettingSpec? { SettingKey(rawValue: name).map(spec) }

    /// The corner's switches, in table order.
    public static var cornerSwitches: [SettingSpec] { all.filter(\.corner) }

    /// The keys kept in settings.json.
    public static var rememberedKeys: [SettingKey] { all.filter(\.remembered).map(\.key) }

    /// The setting a command-line flag belongs to.
    public static func setting(ofFlag name: String) -> (SettingSpec, SettingFlag)? {
        for spec in all { if let f = spec.flags.first(where: { $0.name == name }) { return (spec, f) } }
        return nil
    }
}
