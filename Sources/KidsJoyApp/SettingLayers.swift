import GameCore
import Scenes

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
        sets = v["sets"]?.list
        sessionMinutes = v["session-minutes"]?.int.flatMap { $0 == 0 ? nil : $0 }
        gatePIN = v["gate-pin"]?.text.flatMap { $0.isEmpty ? nil : $0 }
        switchSeconds = v["switch"]?.number.flatMap { $0 > 0 ? $0 : nil }
        server = v["server"]?.text.flatMap { $0.isEmpty ? nil : $0 }
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
            case "sets": sets = value.list ?? sets
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
