import GameCore
import Settings

/// What the command line said about the settings (SettingsTable's flags): each key's value
/// and the flag that gave it.
public struct CommandLineChoices: Sendable {
    public var values: SettingLayer = [:]
    /// The flag (its name, without `--`) that gave each key.
    public var flags: [SettingKey: String] = [:]
    public init() {}

    /// Sets `key` as flag `--flag` said.
    public mutating func set(_ key: SettingKey, _ value: SettingValue, flag: String) {
        values[key] = value
        flags[key] = flag
    }

    /// Sets `key` as its own flag (`--KEY`) said, or takes it back (nil).
    public mutating func set(_ key: SettingKey, _ value: SettingValue?) {
        if let value { set(key, value, flag: key.name) } else { values[key] = nil; flags[key] = nil }
    }

    /// A flag that sets a fixed value (`--mute`, `--windowed`): given or not.
    public subscript(flag name: String) -> Bool {
        get { values.keys.contains { flags[$0] == name } }
        set {
            guard let (spec, flag) = SettingsTable.setting(ofFlag: name), let value = flag.sets else { return }
            if newValue { set(spec.key, value, flag: name) } else if flags[spec.key] == name { set(spec.key, nil) }
        }
    }
}

extension AppOptions {
    /// Every layer of every setting, lowest first: SettingsTable's defaults < the config
    /// files (system, then the user's) < what the corner remembered (settings.json) < the
    /// command line. A locked key keeps the value its system file gave, whatever the later
    /// layers say; answers a message for each flag that was overruled that way.
    public static func resolve(config: ConfigValues, remembered: SettingLayer = [:],
                               commandLine cli: CommandLineChoices) -> (values: SettingLayer, notes: [String]) {
        var out: SettingLayer = [:]
        var notes: [String] = []
        for spec in SettingsTable.all {
            let key = spec.key
            if config.locked.contains(key) {
                out[key] = config[key] ?? spec.defaultValue
                if let given = cli.values[key], given != out[key] {
                    notes.append("--\(cli.flags[key] ?? key.name) is not used: \(key) is locked by \(config.lockedBy[key] ?? "a system file")")
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
    public mutating func apply(config: ConfigValues, remembered: SettingLayer = [:], commandLine cli: CommandLineChoices) -> [String] {
        configLayer = config
        commandLineLayer = cli
        let (v, said) = Self.resolve(config: config, remembered: remembered, commandLine: cli)
        var notes = said
        let locked = config.locked
        settings = Settings(v)
        let kiosk = settings.kiosk
        // Kiosk is fullscreen, unless --windowed (and kiosk is not locked on).
        let windowed = cli[flag: "windowed"], fullscreenFlag = cli[flag: "fullscreen"]
        if locked.contains(.fullscreen) {
            settings.fullscreen = settings.fullscreen || kiosk
        } else if windowed && !(locked.contains(.kiosk) && kiosk) {
            settings.fullscreen = false
        } else if windowed {
            settings.fullscreen = true
            notes.append("--windowed is not used: kiosk is locked by \(config.lockedBy[.kiosk] ?? "a system file")")
        } else if fullscreenFlag {
            settings.fullscreen = true
        } else {
            settings.fullscreen = settings.fullscreen || kiosk
        }
        if locked.contains(.profiles) && !settings.profiles && profile != nil {
            notes.append("--profile is not used: profiles is locked by \(config.lockedBy[.profiles] ?? "a system file")")
            profile = nil
        }
        self.locked = locked
        // A locked language is fixed like --language: the remembered choice does not change it.
        languageFixed = cli.values[.language] != nil || locked.contains(.language)
        return notes
    }
}

extension AppOptions {
    /// Takes what the corner remembered (settings.json), each where SettingsTable puts it:
    /// over the config files, under the command line, never over a lock. The language the
    /// game remembered is taken by `Language.atStart` (in a window only: a script replays
    /// the same everywhere).
    public mutating func applyRemembered(_ remembered: SettingLayer) {
        for spec in SettingsTable.all where spec.remembered && spec.key != .language {
            guard let value = remembered[spec.key], !locked.contains(spec.key), commandLineLayer.values[spec.key] == nil else { continue }
            settings[spec.key] = value
        }
    }

}
