/// Every setting of the game, by its key: the config file's key, settings.json's and
/// `[locked]`'s. The keys are spelled here once; everything else (the command line, the
/// config layers, the corner, the runtime) names a setting by its case, so a typo does not
/// compile. What each setting is, its kind, default, flags and place in the corner, is its row
/// in the Settings target's `SettingsTable`.
public enum SettingKey: String, CaseIterable, Hashable, Sendable, Comparable {
    case fullscreen, kiosk, mute, volume
    case dataDir = "data-dir"
    case language, voice, effects, profiles, games, levels, relaxed
    case reducedMotion = "reduced-motion"
    case grow
    case switchScan = "switch"
    case sessionMinutes = "session-minutes"
    case gatePIN = "gate-pin"
    case server, sets

    /// The key as written in files and messages.
    public var name: String { rawValue }

    /// In declaration order (the manual's and the corner's order).
    public static func < (a: SettingKey, b: SettingKey) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// Some settings' values, by key: one layer of the settings (a config file, the command line,
/// what the corner remembered). The whole, resolved settings are the Settings target's
/// `Settings` value.
public typealias SettingLayer = [SettingKey: SettingValue]

extension SettingKey: CustomStringConvertible {
    /// Messages name a setting by its key as written in files.
    public var description: String { rawValue }
}
